//! [`Bulkhead`]: at most N calls of a tool in flight at once, the rest waiting in a bounded queue in order of arrival.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::AtomicUsize;
use std::time::Duration;

use tokio::sync::{OwnedSemaphorePermit, Semaphore, TryAcquireError};
use tokio::time::Instant;

use super::limits::Queued;

/// A concurrency cap: `cap` attempts run at once; up to `queue` more wait
/// for a slot (tokio's semaphore serves them in order); past that a call is
/// refused at once. A slot is held while the tool runs, not while a retry
/// backs off. How long a queued call waits is bounded by how long the calls
/// ahead run, which the tool's time-out bounds.
///
/// One `Bulkhead` is one cap: every tool given the same one shares it.
pub struct Bulkhead {
    slots: Arc<Semaphore>,
    cap: usize,
    queue: usize,
    waiting: AtomicUsize,
}

/// A slot in a [`Bulkhead`], given back when dropped.
#[derive(Debug)]
pub(crate) struct Slot(#[expect(dead_code, reason = "held for its drop")] OwnedSemaphorePermit);

impl Bulkhead {
    /// `cap` calls at once, `queue` waiting. `None` when `cap` is 0, which
    /// would refuse every call.
    pub fn new(cap: usize, queue: usize) -> Option<Self> {
        (cap > 0).then(|| Self {
            slots: Arc::new(Semaphore::new(cap.min(Semaphore::MAX_PERMITS))),
            cap,
            queue,
            waiting: AtomicUsize::new(0),
        })
    }

    /// How many calls may run at once.
    pub fn cap(&self) -> usize {
        self.cap
    }

    /// How many calls may wait for a slot.
    pub fn queue(&self) -> usize {
        self.queue
    }

    /// How many attempts hold a slot now.
    pub fn in_flight(&self) -> usize {
        self.cap
            .min(Semaphore::MAX_PERMITS)
            .saturating_sub(self.slots.available_permits())
    }

    /// A slot now, if one is free.
    pub(crate) fn try_now(&self) -> Option<Slot> {
        match Arc::clone(&self.slots).try_acquire_owned() {
            Ok(permit) => Some(Slot(permit)),
            Err(TryAcquireError::NoPermits | TryAcquireError::Closed) => None,
        }
    }

    /// Waits in the queue for a slot, with how long it waited; `Err` with
    /// the reason when the queue is full.
    pub(crate) async fn take(&self) -> Result<(Slot, Duration), String> {
        let since = Instant::now();
        let (ahead, _queued) = Queued::join(&self.waiting);
        if ahead >= self.queue {
            return Err(format!(
                "refused by the concurrency cap: {} calls are running and {} waiting, the most the queue holds; try again later",
                self.cap, self.queue
            ));
        }
        match Arc::clone(&self.slots).acquire_owned().await {
            Ok(permit) => Ok((Slot(permit), since.elapsed())),
            Err(_closed) => Err("the concurrency cap was closed".to_owned()),
        }
    }
}

impl fmt::Debug for Bulkhead {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Bulkhead")
            .field("cap", &self.cap)
            .field("queue", &self.queue)
            .field("in_flight", &self.in_flight())
            .finish_non_exhaustive()
    }
}
