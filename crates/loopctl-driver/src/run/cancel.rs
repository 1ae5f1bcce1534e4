//! [`CancelSignal`]: a clonable switch that stops a backoff wait, a reflection or a running tool.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::Notify;

/// A clonable cancel switch. Every clone sees the same state; once cancelled
/// it stays cancelled.
#[derive(Clone, Default)]
pub struct CancelSignal {
    inner: Arc<CancelState>,
}

/// Waiters spread over several queues: a hundred thousand calls waiting at
/// once would otherwise all take turns on one lock to register and leave.
const SHARDS: usize = 16;

#[derive(Default)]
struct CancelState {
    cancelled: AtomicBool,
    notify: [Notify; SHARDS],
}

impl CancelSignal {
    /// A signal that has not fired.
    pub fn new() -> Self {
        Self::default()
    }

    /// Fires the signal: every waiter wakes, and every later wait returns at once.
    pub fn cancel(&self) {
        self.inner.cancelled.store(true, Ordering::Release);
        for shard in &self.inner.notify {
            shard.notify_waiters();
        }
    }

    /// `true` once [`cancel`](Self::cancel) has been called.
    pub fn is_cancelled(&self) -> bool {
        self.inner.cancelled.load(Ordering::Acquire)
    }

    /// Completes when the signal fires (at once if it already has).
    pub async fn cancelled(&self) {
        // Each waiting task lives at its own heap address; that picks its queue.
        let anchor = 0_u8;
        let shard = (std::ptr::addr_of!(anchor) as usize >> 4) % SHARDS;
        loop {
            let notified = self.inner.notify[shard].notified();
            tokio::pin!(notified);
            // Register interest before checking the flag so a cancel between
            // the check and the await is not missed.
            notified.as_mut().enable();
            if self.is_cancelled() {
                return;
            }
            notified.await;
        }
    }
}

impl fmt::Debug for CancelSignal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CancelSignal")
            .field("cancelled", &self.is_cancelled())
            .finish()
    }
}
