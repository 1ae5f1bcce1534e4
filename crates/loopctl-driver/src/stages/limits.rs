//! What the proactive limits share: the count of calls waiting on one.

use std::sync::atomic::{AtomicUsize, Ordering};

/// One call counted among a limit's waiters until it is dropped, however its
/// wait ends (a turn, a refusal or a cancel).
pub(crate) struct Queued<'a>(&'a AtomicUsize);

impl<'a> Queued<'a> {
    /// Joins the waiters; also says how many were waiting before.
    pub(crate) fn join(waiting: &'a AtomicUsize) -> (usize, Self) {
        (waiting.fetch_add(1, Ordering::AcqRel), Self(waiting))
    }
}

impl Drop for Queued<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}
