//! Whether a text names a limit counted by the day or the month in one phrase, which no retry within minutes outlasts.
//!
//! "Daily API request limit exceeded", "Daily message quota exceeded",
//! "limit of 500 requests per day" and "try again tomorrow" beside a limit
//! name such a limit. A day named anywhere else does not: a workflow called
//! "Daily report" beside a rate limit, `/etc/cron.daily`, a `daily-etl`
//! job, Dailymotion, or a month's plan beside a per-second burst limit.

use crate::text::{SOON, contains_any_ignore_case, find_ignore_case};

/// Words of a day or a month. The one pass over the text notes whether any
/// matched (`Found::period`), so the phrases are read only then.
pub(crate) const WORDS: [&str; 9] = [
    "daily",
    "monthly",
    "per day",
    "per month",
    "per-day",
    "per_day",
    "tomorrow",
    "next day",
    "next month",
];

/// Words of a limit.
const LIMITS: [&[u8]; 4] = [b"limit", b"quota", b"allocation", b"allowance"];

/// How far a limit word may stand from the period it goes with.
const WINDOW: usize = 40;

/// Whether `error` names a limit counted by the day or the month.
pub(crate) fn counts_by_the_day(error: &str) -> bool {
    let bytes = error.as_bytes();
    if contains_any_ignore_case(bytes, &SOON) {
        return false;
    }
    // "Daily API request limit": the period comes before the limit.
    let before_limit = [&b"daily"[..], b"monthly"]
        .into_iter()
        .any(|period| words(bytes, period).any(|end| limit_in(clause_after(bytes, end))));
    // "500 requests per day": the limit comes first.
    let after_limit = [&b"per day"[..], b"per month", b"per-day", b"per_day"]
        .into_iter()
        .any(|period| {
            words(bytes, period).any(|end| limit_in(clause_before(bytes, end - period.len())))
        });
    // "Please try again tomorrow" beside a limit anywhere in the text.
    let advised = [&b"tomorrow"[..], b"next day", b"next month"]
        .into_iter()
        .any(|period| words(bytes, period).next().is_some())
        && limit_in(bytes);
    before_limit || after_limit || advised
}

/// The ends of each place `word` stands as a word of the message: not
/// inside a longer word, a name (`daily-etl`, `logs_daily`), a path
/// (`cron.daily`) or a host (`api.daily.co`).
fn words<'a>(bytes: &'a [u8], word: &'a [u8]) -> impl Iterator<Item = usize> + 'a {
    // A dot joins a name only between two characters of it: "cron.daily"
    // and "api.daily.co" are names, "per day." ends a sentence.
    let joins = |at: Option<usize>, beyond: Option<usize>| {
        at.and_then(|i| bytes.get(i)).is_some_and(|b| {
            b.is_ascii_alphanumeric()
                || b"-_/".contains(b)
                || (*b == b'.'
                    && beyond
                        .and_then(|j| bytes.get(j))
                        .is_some_and(u8::is_ascii_alphanumeric))
        })
    };
    let mut from = 0;
    std::iter::from_fn(move || {
        while let Some(at) = bytes
            .get(from..)
            .and_then(|rest| find_ignore_case(rest, word))
        {
            let start = from + at;
            let end = start + word.len();
            from = end;
            let before = joins(start.checked_sub(1), start.checked_sub(2));
            if !before && !joins(Some(end), Some(end + 1)) {
                return Some(end);
            }
        }
        None
    })
}

/// Whether a limit word stands in `part`.
fn limit_in(part: &[u8]) -> bool {
    contains_any_ignore_case(part, &LIMITS)
}

/// Up to [`WINDOW`] bytes after `at`, to the end of the clause.
fn clause_after(bytes: &[u8], at: usize) -> &[u8] {
    let rest = bytes.get(at..).unwrap_or_default();
    let rest = &rest[..rest.len().min(WINDOW)];
    let end = rest.iter().position(|b| is_break(*b)).unwrap_or(rest.len());
    &rest[..end]
}

/// Up to [`WINDOW`] bytes before `at`, from the start of the clause.
fn clause_before(bytes: &[u8], at: usize) -> &[u8] {
    let part = bytes.get(at.saturating_sub(WINDOW)..at).unwrap_or_default();
    let start = part.iter().rposition(|b| is_break(*b)).map_or(0, |i| i + 1);
    &part[start..]
}

/// Where a clause ends.
fn is_break(byte: u8) -> bool {
    b".;:\n\"{}[]".contains(&byte)
}

#[cfg(test)]
mod tests {
    use super::counts_by_the_day;

    #[test]
    fn a_limit_counted_by_the_day_in_one_phrase() {
        for text in [
            "Daily API request limit exceeded. Please try again tomorrow.",
            "454 Throttling failure: Daily message quota exceeded.",
            "UpstashError: ERR max daily request limit exceeded. Limit: 10000",
            "You have exceeded the limit of 500 requests per day.",
            // huggingface/huggingface_hub's tests.
            "You have exceeded the rate limit for repository creation (300 per day).",
            "Out of credits: your allowance resets tomorrow.",
        ] {
            assert!(counts_by_the_day(text), "{text}");
        }
    }

    #[test]
    fn a_day_named_for_another_reason() {
        for text in [
            "Workflow: Daily AIC Consumption Report\n429 rate limit response from the model",
            "run-parts: /etc/cron.daily/backup: FATAL: too many clients (connection limit reached)",
            "[daily-etl] 503 Service Unavailable: connection pool allocation exhausted",
            "Dailymotion API: 429 rate limit",
            "Burst limit of 10 per second exceeded; your monthly plan includes 100,000 requests",
            "daily export job failed: connection reset by peer",
        ] {
            assert!(!counts_by_the_day(text), "{text}");
        }
    }
}
