//! Keeping each upstream connected: a background task per server that notices a lost connection, connects again with a growing pause, and brings a server that was down at start into service, without touching the others.

use std::sync::{Arc, Weak};
use std::time::Duration;

use super::clients::Clients;
use super::upstreams::{Upstream, Upstreams};

/// How often a live connection is looked at.
const INTERVAL: Duration = Duration::from_secs(1);
/// The longest pause between two attempts on a server that is down.
const MAX_PAUSE: Duration = Duration::from_secs(30);

/// Watches every upstream for as long as the proxy runs.
pub(crate) fn spawn(upstreams: &Arc<Upstreams>, clients: &Arc<Clients>) {
    for index in 0..upstreams.list().len() {
        tokio::spawn(keep(Arc::downgrade(upstreams), index, Arc::clone(clients)));
    }
}

async fn keep(upstreams: Weak<Upstreams>, index: usize, clients: Arc<Clients>) {
    let mut pause = INTERVAL;
    loop {
        tokio::time::sleep(pause).await;
        let Some(all) = upstreams.upgrade() else {
            return;
        };
        let Some(upstream) = all.list().get(index).map(Arc::clone) else {
            return;
        };
        let now = look(&all, index, &upstream, &clients).await;
        let was = upstream.set_up(now.is_ok());
        match (&now, was) {
            (Ok(()), false) => {
                tracing::info!(upstream = %upstream.name, "the upstream is up");
            }
            (Err(error), true) => {
                tracing::warn!(upstream = %upstream.name, %error, "the upstream is down; the other servers go on, and it is tried again in the background");
            }
            _ => {}
        }
        pause = match now {
            Ok(()) => INTERVAL,
            Err(_) => (pause * 2).min(MAX_PAUSE),
        };
    }
}

/// Whether `upstream` is up now, connecting it when it is not.
async fn look(
    all: &Arc<Upstreams>,
    index: usize,
    upstream: &Upstream,
    clients: &Arc<Clients>,
) -> Result<(), String> {
    match upstream.shared() {
        Some(served) => {
            if served.set().is_connected().await {
                return Ok(());
            }
            // Reconnects; a new tool list reaches the clients through the
            // connection's own change notice.
            served
                .set()
                .refresh()
                .await
                .map(|_| ())
                .map_err(|error| shown(&error.to_string()))
        }
        None => {
            let set = upstream
                .builder
                .clone()
                .connect()
                .await
                .map_err(|error| shown(&error.to_string()))?;
            tracing::info!(upstream = %upstream.name, tools = set.listed().len(), "upstream connected");
            all.serve(index, set, Arc::clone(clients));
            clients.tell().await;
            Ok(())
        }
    }
}

/// An error as the log may show it: without secrets.
fn shown(text: &str) -> String {
    loopctl_redact::Redactor::standard().text(text).into_owned()
}
