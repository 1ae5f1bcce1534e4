//! Retry hints the rules read: the wait a text asks for, and the longest wait that is still a retry.

use std::time::{Duration, SystemTime};

use loopctl_backoff::parse_retry_after;

use crate::patterns::Found;

/// The longest wait a retry hint may ask for and still be a retry: 15
/// minutes, well past a per-minute limit's reset and well short of the
/// daily quotas that answer with a day. A server that asks to be left alone
/// longer (Azure's `retry after 86400 seconds` for a daily token quota) has
/// said the call will not succeed within an agent's turn, whatever words
/// came with it.
pub(crate) const LONGEST_WAIT: Duration = Duration::from_secs(15 * 60);

/// The wait `error` asks for, read once and only when the text may hold a
/// hint (a match contained "try").
pub(crate) fn retry_wait(error: &str, found: Found) -> Option<Duration> {
    if !found.hint {
        return None;
    }
    parse_retry_after(error, SystemTime::now())
}
