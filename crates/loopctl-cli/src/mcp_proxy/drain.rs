//! A graceful stop: calls in flight are counted, new ones are refused once a stop began, and those still running at the deadline are answered with an error.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Notify;
use tokio_util::sync::CancellationToken;

/// What a call sees of the stop.
#[derive(Debug, Default)]
pub(crate) struct Drain {
    in_flight: AtomicUsize,
    stopping: AtomicBool,
    idle: Notify,
    cut: CancellationToken,
}

/// A call in flight; dropping it counts the call as finished.
#[derive(Debug)]
pub(crate) struct InFlight(Arc<Drain>);

impl Drop for InFlight {
    fn drop(&mut self) {
        if self.0.in_flight.fetch_sub(1, Ordering::AcqRel) == 1 {
            self.0.idle.notify_waiters();
        }
    }
}

/// How a stop ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Drained {
    /// Calls in flight when the stop began.
    pub(crate) waited_for: usize,
    /// Of those, how many were still running at the deadline and were
    /// answered with an error.
    pub(crate) cut: usize,
}

impl Drain {
    /// Counts a new call in, or `None` once a stop began.
    pub(crate) fn enter(self: &Arc<Self>) -> Option<InFlight> {
        self.in_flight.fetch_add(1, Ordering::AcqRel);
        // Checked after counting in, so a stop that begins in between
        // either sees this call or this call sees the stop.
        if self.stopping.load(Ordering::Acquire) {
            drop(InFlight(Arc::clone(self)));
            return None;
        }
        Some(InFlight(Arc::clone(self)))
    }

    /// Resolves when the stop's deadline passed for the calls still running.
    pub(crate) async fn cut(&self) {
        self.cut.cancelled().await;
    }

    /// Calls in flight now.
    pub(crate) fn in_flight(&self) -> usize {
        self.in_flight.load(Ordering::Acquire)
    }

    /// Refuses new calls, waits up to `deadline` for those in flight, then
    /// cuts the rest and waits (a short bound) for them to answer.
    pub(crate) async fn stop(&self, deadline: Duration) -> Drained {
        self.stopping.store(true, Ordering::Release);
        let waited_for = self.in_flight();
        if tokio::time::timeout(deadline, self.until_idle())
            .await
            .is_ok()
        {
            return Drained { waited_for, cut: 0 };
        }
        let cut = self.in_flight();
        self.cut.cancel();
        // A cut call answers at once; the bound only guards against a
        // future that ignores cancellation.
        let _ = tokio::time::timeout(Duration::from_secs(2), self.until_idle()).await;
        Drained { waited_for, cut }
    }

    async fn until_idle(&self) {
        loop {
            let notified = self.idle.notified();
            tokio::pin!(notified);
            notified.as_mut().enable();
            if self.in_flight() == 0 {
                return;
            }
            notified.await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_stop_waits_for_calls_in_flight_and_refuses_new_ones() {
        let drain = Arc::new(Drain::default());
        let call = drain.enter().unwrap();
        let finishing = tokio::spawn(async move {
            tokio::time::sleep(Duration::from_secs(3)).await;
            drop(call);
        });
        let stopped = drain.stop(Duration::from_secs(10)).await;
        assert_eq!(
            stopped,
            Drained {
                waited_for: 1,
                cut: 0
            }
        );
        assert!(drain.enter().is_none(), "a call after the stop began runs");
        finishing.await.unwrap();
    }

    #[tokio::test(start_paused = true)]
    async fn a_call_past_the_deadline_is_cut() {
        let drain = Arc::new(Drain::default());
        let call = drain.enter().unwrap();
        let waiting = Arc::clone(&drain);
        let running = tokio::spawn(async move {
            tokio::select! {
                () = tokio::time::sleep(Duration::from_secs(3600)) => "finished",
                () = waiting.cut() => { drop(call); "cut" }
            }
        });
        let stopped = drain.stop(Duration::from_secs(5)).await;
        assert_eq!(
            stopped,
            Drained {
                waited_for: 1,
                cut: 1
            }
        );
        assert_eq!(running.await.unwrap(), "cut");
        assert_eq!(drain.in_flight(), 0);
    }

    #[tokio::test(start_paused = true)]
    async fn a_stop_with_nothing_in_flight_is_immediate() {
        let drain = Arc::new(Drain::default());
        let before = tokio::time::Instant::now();
        assert_eq!(
            drain.stop(Duration::from_secs(30)).await,
            Drained {
                waited_for: 0,
                cut: 0
            }
        );
        assert_eq!(before.elapsed(), Duration::ZERO);
    }
}
