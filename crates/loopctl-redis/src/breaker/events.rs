//! The circuit channel: the published opens and closes, read into a replica's view, with the subscription kept up.

use std::sync::Weak;
use std::time::Duration;

use futures::StreamExt;
use tokio::time::Instant;

use super::Inner;
use super::view::Heard;
use crate::fleet::Fleet;

/// The longest cool-down an event may carry: a circuit's key must outlive it.
pub(super) const MAX_COOL_DOWN: Duration = Duration::from_secs(86_400);

/// One published event: `open GENERATION COOL_MS TOOL` or `close GENERATION
/// TOOL` (a tool name may hold spaces). `None` for anything else.
pub(super) fn parse(message: &str, now: Instant) -> Option<(&str, i64, Heard)> {
    let (kind, rest) = message.split_once(' ')?;
    let (generation, rest) = rest.split_once(' ')?;
    let generation = generation.parse::<i64>().ok()?;
    match kind {
        "open" => {
            let (ms, tool) = rest.split_once(' ')?;
            let ms = ms.parse::<u64>().ok()?;
            // The opener's cool-down, as the circuit stores it.
            let until = now + Duration::from_millis(ms).min(MAX_COOL_DOWN);
            Some((tool, generation, Heard::RefuseUntil(until)))
        }
        "close" => Some((rest, generation, Heard::Closed)),
        _ => None,
    }
}

/// Keeps a subscription to the circuit channel, reconnecting after the
/// retry interval whenever it drops. Events missed while it was down are
/// learned from the next failure's or probe's reply.
pub(super) async fn listen(inner: Weak<Inner>, fleet: Fleet) {
    let channel = fleet.key("circuits", "events");
    let retry = fleet.config().retry_interval;
    let connect_timeout = fleet.config().connect_timeout;
    loop {
        if inner.strong_count() == 0 {
            return;
        }
        let client = fleet.client().clone();
        if let Ok(Ok(mut pubsub)) =
            tokio::time::timeout(connect_timeout, client.get_async_pubsub()).await
            && let Ok(Ok(())) =
                tokio::time::timeout(connect_timeout, pubsub.subscribe(&channel)).await
        {
            let mut messages = pubsub.on_message();
            loop {
                match tokio::time::timeout(Duration::from_secs(1), messages.next()).await {
                    Ok(Some(message)) => {
                        let Some(strong) = inner.upgrade() else {
                            return;
                        };
                        if let Ok(text) = message.get_payload::<String>() {
                            strong.apply_event(&text);
                        }
                    }
                    Ok(None) => break,
                    Err(_) if inner.strong_count() == 0 => return,
                    Err(_) => {}
                }
            }
        }
        tokio::time::sleep(retry).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn events_carry_their_generation_and_tools_may_hold_spaces() {
        let now = Instant::now();
        assert_eq!(
            parse("open 17 1500 my tool", now),
            Some((
                "my tool",
                17,
                Heard::RefuseUntil(now + Duration::from_millis(1500))
            ))
        );
        assert_eq!(
            parse("close 18 my tool", now),
            Some(("my tool", 18, Heard::Closed))
        );
        assert_eq!(
            parse("open 1 999999999999 svc", now),
            Some(("svc", 1, Heard::RefuseUntil(now + MAX_COOL_DOWN))),
            "a foreign cool-down is capped"
        );
        for bad in [
            "open 1500 svc",
            "close svc",
            "open x 1 svc",
            "shut 1 svc",
            "",
            "open",
        ] {
            assert_eq!(parse(bad, now), None, "{bad}");
        }
    }
}
