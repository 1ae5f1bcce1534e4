//! Passing failures that a retry within minutes will not outlast: a wait the server names beyond the longest retry, a limit counted by the day or the month, a request larger than the whole limit it is counted against.

use std::time::Duration;

use crate::confidence::Confidence;
use crate::hints::LONGEST_WAIT;
use crate::patterns::{Category, Found};
use crate::period::counts_by_the_day;
use crate::text::find_ignore_case;

/// Why a failure of `category`, which would otherwise pass or refill, will
/// not within a retry, and how sure that is; `None` when nothing says so.
pub(crate) fn outlasts_a_retry(
    category: Category,
    found: Found,
    wait: Option<Duration>,
    zero_quota: bool,
    text: &str,
) -> Option<(Confidence, String)> {
    let refills = category.passes() || category == Category::Quota;
    if !refills || zero_quota {
        return None;
    }
    // A wait the server names outright that is longer than a retry is as
    // sure as any pattern: the failure is not retried, whatever it is.
    if let Some(wait) = wait.filter(|wait| *wait > LONGEST_WAIT) {
        let cause = format!(
            "the server asks to wait {} s, longer than a retry should",
            wait.as_secs()
        );
        return Some((Confidence::Strong, cause));
    }
    // A request larger than the whole budget never fits, however long the
    // wait the same answer names: Groq's and OpenAI's "Limit 7000, Used 0,
    // Requested ~12903" is a per-minute limit this call can never meet.
    if found.requests
        && let Some((limit, requested)) = limit_and_request(text)
        && requested > limit
    {
        let cause = format!("the request ({requested}) is larger than the whole limit ({limit})");
        return Some((Confidence::Strong, cause));
    }
    // A limit counted by the day or the month, with no wait named, outlasts
    // a retry too, though words are less sure than a wait.
    if category.passes() && wait.is_none() && found.period && counts_by_the_day(text) {
        let cause = "a limit counted by the day or month is used up".to_owned();
        return Some((Confidence::Weak, cause));
    }
    None
}

/// The word the one pass notes (`Found::requests`), so that the limit and
/// the request are read only in texts that hold it.
pub(crate) const REQUEST_WORD: &str = "requested";

/// How far "Requested" may stand after the "Limit" it is counted against.
const WINDOW: usize = 64;

/// The numbers of "Limit N, Used U, Requested R", as the OpenAI-compatible
/// providers word a rate limit, when both stand in one phrase.
fn limit_and_request(text: &str) -> Option<(u64, u64)> {
    let bytes = text.as_bytes();
    let mut from = 0;
    // "Rate limit reached ... Limit 7000": the limit with a number after it.
    while let Some(at) = bytes
        .get(from..)
        .and_then(|rest| find_ignore_case(rest, b"limit"))
    {
        from += at + b"limit".len();
        let Some((limit, rest)) = number_after(&bytes[from..]) else {
            continue;
        };
        // The request counted against this limit stands before the next.
        let window = &rest[..rest.len().min(WINDOW)];
        let window = &window[..find_ignore_case(window, b"limit").unwrap_or(window.len())];
        let word = REQUEST_WORD.as_bytes();
        let Some(requested) =
            find_ignore_case(window, word).and_then(|at| number_after(&window[at + word.len()..]))
        else {
            continue;
        };
        return Some((limit, requested.0));
    }
    None
}

/// The number right after `bytes`' separators (":", spaces, "~"), with its
/// thousands commas, and what follows it.
fn number_after(bytes: &[u8]) -> Option<(u64, &[u8])> {
    let start = bytes
        .iter()
        .position(|b| !matches!(b, b':' | b' ' | b'~' | b'='))?;
    let digits = &bytes[start..];
    let end = digits
        .iter()
        .position(|b| !(b.is_ascii_digit() || *b == b','))
        .unwrap_or(digits.len());
    // A number too long for u64 is no count of tokens.
    let value = digits[..end]
        .iter()
        .filter(|b| b.is_ascii_digit())
        .try_fold(0_u64, |value, digit| {
            value.checked_mul(10)?.checked_add(u64::from(digit - b'0'))
        });
    // A separator with no digit after it ("Limit reached") names no number.
    let value = value.filter(|_| digits.first().is_some_and(u8::is_ascii_digit))?;
    Some((value, &digits[end..]))
}

#[cfg(test)]
mod tests {
    use super::limit_and_request;

    #[test]
    fn reads_the_limit_and_the_request() {
        for (text, expected) in [
            (
                "on tokens per minute (TPM): Limit 7000, Used 0, Requested ~12903. Please try again in 50.597s.",
                Some((7000, 12903)),
            ),
            (
                "on tokens per min (TPM): Limit 1000000, Used 976163, Requested 70716. Please try again in 2.812s.",
                Some((1_000_000, 70716)),
            ),
            ("Limit: 30,000, Requested: 30,601", Some((30000, 30601))),
            (
                "on tokens per min (TPM): Limit 2,000,000, Used 1,999,000, Requested 8,123.",
                Some((2_000_000, 8123)),
            ),
            // A number too long to be a count of tokens, and a limit with
            // no number.
            ("Limit 99999999999999999999999, Requested 1", None),
            ("Limit reached. Requested 12 tokens", None),
            // Two limits: the request is read against the one it follows.
            (
                "Limit 100 per second. Tokens per minute: Limit 7000, Used 0, Requested ~12903",
                Some((7000, 12903)),
            ),
            // A limit with no request beside it.
            ("rate limit reached, please try again in 20s", None),
            (
                "Limit 6000. Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod Requested 9000",
                None,
            ),
        ] {
            assert_eq!(limit_and_request(text), expected, "{text}");
        }
    }
}
