//! Retry hints the rules read: the hint written into an analysis's context, and the longest wait that is still a retry.

use std::time::{Duration, SystemTime};

use loopctl_backoff::{format_hint, parse_retry_after};
use loopctl_reflect_core::FailureAnalysis;

use crate::patterns::Found;

/// The longest wait a retry hint may ask for and still be a retry: 15
/// minutes, well past a per-minute limit's reset and well short of the
/// daily quotas that answer with a day.
pub(crate) const LONGEST_WAIT: Duration = Duration::from_secs(15 * 60);

/// The hint in `error`, as [`format_hint`] writes it, when the text may
/// hold one (a match contained "try").
pub(crate) fn retry_hint(error: &str, found: Found) -> Option<String> {
    if !found.hint {
        return None;
    }
    parse_retry_after(error, SystemTime::now()).map(format_hint)
}

/// The wait a recoverable `analysis` carries when it is longer than
/// [`LONGEST_WAIT`]: a server that asks to be left alone that long (Azure's
/// `retry after 86400 seconds` for a daily token quota) has said the call
/// will not succeed within an agent's turn, whatever words came with it.
pub(crate) fn longer_than_a_retry(analysis: &FailureAnalysis) -> Option<Duration> {
    let millis = analysis.context.strip_prefix("retry-after-ms: ")?;
    let wait = millis
        .split(';')
        .next()?
        .trim()
        .parse()
        .ok()
        .map(Duration::from_millis)?;
    (analysis.is_recoverable && wait > LONGEST_WAIT).then_some(wait)
}
