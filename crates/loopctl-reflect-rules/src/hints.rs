//! Retry hints the rules read: the wait a text asks for, and the longest wait that is still a retry.

use std::time::{Duration, SystemTime};

use loopctl_backoff::parse_retry_after;

use crate::patterns::{Category, Found};
use crate::text::contains_any_ignore_case;

/// The longest wait a retry hint may ask for and still be a retry: 15
/// minutes, well past a per-minute limit's reset and well short of the
/// daily quotas that answer with a day. A server that asks to be left alone
/// longer (Azure's `retry after 86400 seconds` for a daily token quota) has
/// said the call will not succeed within an agent's turn, whatever words
/// came with it.
pub(crate) const LONGEST_WAIT: Duration = Duration::from_secs(15 * 60);

/// The wait `error` asks for, read once and only when the text may hold a
/// hint (a match contained "try" or "wait").
///
/// A retry date already past ("retry after 2022-09-26T01:29:08Z" in a text
/// read years later, or under a skewed clock) says nothing of how long the
/// failure lasts, so it is read as no wait rather than as a wait of zero;
/// the words then decide. A wait of zero given as a duration still counts.
pub(crate) fn retry_wait(error: &str, found: Found) -> Option<Duration> {
    if !found.hint {
        return None;
    }
    let now = SystemTime::now();
    let wait = parse_retry_after(error, now)?;
    if wait.is_zero() {
        // A date gives a longer wait when read from the epoch; a duration
        // gives the same.
        if parse_retry_after(error, SystemTime::UNIX_EPOCH).is_some_and(|then| then > wait) {
            return None;
        }
    }
    Some(wait)
}

/// The words in which a server asks its caller to wait: a program's own
/// retry loop says "retry in 60s" of itself (Celery's "Retry in 60s:
/// DoesNotExist(...)", a device's "network not found, retry in 60 sec"),
/// which is no advice to the caller.
const ASKED: [&[u8]; 4] = [
    b"retry after",
    b"retry-after",
    b"try again in",
    b"try again after",
];

/// Words of a text's own retryable flag, which decides instead.
const FLAGS: [&[u8]; 2] = [b"retryable", b"retriable"];

/// Whether a wait the server asks for outright outranks the generic words
/// that named a lasting condition: no strong pattern matched, the
/// condition is of the `Permanent` kind (a limit, a state; not an input,
/// a missing thing or corruption), the server asks in its own words to
/// retry within a retry's reach, and the text states no retryable flag of
/// its own. "limit exceeded, retry after: 1s" (FleetDM's SSO limit) names
/// a limit by generic words alone, and the wait says it passes; an AWS
/// error with `"retryable":false` beside its `"retryDelay":48.4` is left
/// to its flag (the review narrowed all of these).
pub(crate) fn outranks_generic_words(
    error: &str,
    category: Category,
    found: Found,
    wait: Option<Duration>,
) -> bool {
    category == Category::Permanent
        && found.strong == 0
        && wait.is_some_and(|wait| wait <= LONGEST_WAIT)
        && contains_any_ignore_case(error.as_bytes(), &ASKED)
        && !contains_any_ignore_case(error.as_bytes(), &FLAGS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::patterns::categories;

    fn wait(text: &str) -> Option<Duration> {
        retry_wait(text, categories(text))
    }

    #[test]
    fn a_retry_date_already_past_names_no_wait() {
        assert_eq!(
            wait("too many certificates already issued, retry after 2022-09-26T01:29:08Z"),
            None
        );
        assert_eq!(wait("Rate limited. Retry-After: 0"), Some(Duration::ZERO));
        assert_eq!(
            wait("Please try again in 20s"),
            Some(Duration::from_secs(20))
        );
        assert!(
            wait("quota exceeded, retry after 2999-01-01T00:00:00Z")
                .is_some_and(|w| w > LONGEST_WAIT)
        );
    }
}
