//! Waiting for an event with a generous bound, for tests with processes, sockets and real time: never a sleep that has to be long enough.

use std::time::Duration;

/// How long [`eventually`] waits at most: far longer than any event takes
/// on a loaded machine, so only a real failure reaches it.
pub const GENEROUS: Duration = Duration::from_secs(30);

/// Polls `check` every 10 ms until it holds.
///
/// # Panics
/// When it still does not hold after [`GENEROUS`], naming `what` was awaited.
pub async fn eventually<F, Fut>(what: &str, mut check: F)
where
    F: FnMut() -> Fut,
    Fut: Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + GENEROUS;
    loop {
        if check().await {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "waited {} s for {what}",
            GENEROUS.as_secs()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}
