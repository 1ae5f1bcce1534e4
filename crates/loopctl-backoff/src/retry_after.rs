//! Finds a server's "retry after" hint in failure text, so a strategy can wait at least that long.
//!
//! [`FailureAnalysis`] has no field for a hint, and every reflector already
//! carries the server's own words in `root_cause` or `context`, so the hint is
//! read from that text. What is recognised, case-insensitively:
//!
//! | form | example | bare number means |
//! |---|---|---|
//! | HTTP header or JSON field, seconds or a date | `Retry-After: 120`, `"retry_after": 2.5`, `Retry-After: Wed, 21 Oct 2026 07:28:00 GMT` | seconds |
//! | millisecond header | `retry-after-ms: 250` | milliseconds |
//! | gRPC pushback metadata | `grpc-retry-pushback-ms: 500` | milliseconds |
//! | prose | `retry after 2s`, `retry in 3 seconds`, `Please try again in 1m30s`, `try again after 500ms`, `please wait 8 hours and try again`, `Wait an hour and try again`, `wait 30-60 minutes`, `try again an hour later`, `quota will reset after 8h44m7s` | seconds |
//! | Django REST framework's throttle | `Request was throttled. Expected available in 56 seconds.` | seconds |
//!
//! A value may carry units (`ns`, `µs`, `us`, `ms`, `s`, `sec`, `seconds`, `m`,
//! `min`, `minutes`, `h`, `hours`, `d`, `days`, `w`, `weeks`) and combine
//! them (`1m30.5s`, `5 days 22 hours`). "a" or "an" before a whole unit
//! word counts as one (`an hour`, `a minute`); "a few", "a moment" and "a
//! while" name no length and are no hint. A range counts as its upper
//! bound. A bare "wait" counts only as a word of a sentence with its unit
//! named, not in a setting (`&wait=60000ms`, `max_wait=3600`). A date in
//! the past means "now".
//! When several hints appear, the longest wins. A reflector that wants a wait
//! honoured writes [`format_hint`]'s output into `context`.

use std::time::{Duration, SystemTime};

use loopctl_reflect_core::FailureAnalysis;

use crate::hint_dates::{http_date, iso_date, starts_with_iso_date};

/// How a key's bare number is read, and whether an HTTP date may follow it.
#[derive(Clone, Copy)]
struct Key {
    text: &'static [u8],
    /// What a bare number means; zero when a unit is required.
    bare_unit_nanos: u128,
    accepts_date: bool,
    /// A word of a sentence: it counts only after a space or a sentence's
    /// punctuation and before a space, so that a setting echoed in a URL,
    /// a flag or a variable (`&wait=60000ms`, `max_wait=3600`,
    /// `MAX_SYNC_WAIT`) is no wait asked for.
    prose: bool,
    /// The wait stands between the key and "later" ("try again an hour
    /// later").
    later: bool,
}

const fn key(text: &'static str, bare_unit_nanos: u128, accepts_date: bool) -> Key {
    Key {
        text: text.as_bytes(),
        bare_unit_nanos,
        accepts_date,
        prose: false,
        later: false,
    }
}

/// A key written as a word of a sentence, whose value must name its unit.
const fn prose_key(text: &'static str) -> Key {
    Key {
        text: text.as_bytes(),
        bare_unit_nanos: 0,
        accepts_date: false,
        prose: true,
        later: false,
    }
}

/// A key whose wait is named before "later", with its unit.
const fn later_key(text: &'static str) -> Key {
    Key {
        text: text.as_bytes(),
        bare_unit_nanos: 0,
        accepts_date: false,
        prose: true,
        later: true,
    }
}

const MILLISECOND: u128 = 1_000_000;
const SECOND: u128 = 1_000_000_000;

const KEYS: [Key; 16] = [
    key("retry-after-ms", MILLISECOND, false),
    key("retry_after_ms", MILLISECOND, false),
    key("retry-after", SECOND, true),
    key("retry_after", SECOND, true),
    key("retryafter", SECOND, true),
    key("retry after", SECOND, false),
    key("retry in", SECOND, false),
    key("try again in", SECOND, false),
    key("try again after", SECOND, false),
    key("grpc-retry-pushback-ms", MILLISECOND, false),
    key("retry-delay", SECOND, false),
    key("retrydelay", SECOND, false),
    // "Please wait 8 hours and try again", and without "please"
    // (Phorge's "Wait an hour and try again"), with its unit named: "Lock
    // wait timeout exceeded; try restarting transaction", `wait_seconds`
    // and a bare "wait 500", often of milliseconds, name no wait.
    prose_key("wait"),
    // "Please try again an hour later" (ColabFold's MMseqs2 server), "try
    // again 5 minutes later"; "try again a little later" names no length.
    later_key("try again"),
    // A quota that names when it comes back (Gemini CLI's "Your quota will
    // reset after 8h44m7s"); only a quota's, so that "the connection will
    // reset after 1800 seconds of inactivity" is no hint.
    key("quota will reset after", SECOND, false),
    // Django REST framework's `Throttled` detail, which every API built on
    // it sends with its 429 (Klaviyo, AMO, CourtListener, Plate Recognizer).
    key("expected available in", SECOND, false),
];

/// The hint in `root_cause` or `context`, whichever asks for longer.
pub fn hint_in_analysis(analysis: &FailureAnalysis, now: SystemTime) -> Option<Duration> {
    let from_cause = parse_retry_after(&analysis.root_cause, now);
    let from_context = parse_retry_after(&analysis.context, now);
    from_cause.max(from_context)
}

/// The longest retry hint anywhere in `text`, measured from `now` for dates.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use loopctl_backoff::parse_retry_after;
///
/// let now = SystemTime::now();
/// assert_eq!(parse_retry_after("HTTP 429, Retry-After: 2", now), Some(Duration::from_secs(2)));
/// assert_eq!(parse_retry_after("Please try again in 1m30s.", now), Some(Duration::from_secs(90)));
/// assert_eq!(parse_retry_after("no hint here", now), None);
/// ```
pub fn parse_retry_after(text: &str, now: SystemTime) -> Option<Duration> {
    let bytes = text.as_bytes();
    // Every key but "wait", a quota's reset and Django's "expected
    // available in" contains "try"; most failure texts hold none of "try",
    // "wai", "quo" and "vai", and this one tight pass spares them the
    // key-by-key scan. A wait asked for without a "try" ("please wait 20
    // minutes") is read too.
    if !bytes.windows(3).any(|window| {
        window.eq_ignore_ascii_case(b"try")
            || window.eq_ignore_ascii_case(b"wai")
            || window.eq_ignore_ascii_case(b"quo")
            || window.eq_ignore_ascii_case(b"vai")
    }) {
        return None;
    }
    let mut longest: Option<Duration> = None;
    for start in 0..bytes.len() {
        let first = bytes[start].to_ascii_lowercase();
        if !matches!(first, b'r' | b't' | b'g' | b'w' | b'q' | b'e') {
            continue;
        }
        // A key starts a word: `totalRetryDelay` is the time a client has
        // already spent, not a hint. "try again in" may follow "re".
        let word_start = start == 0 || !bytes[start - 1].is_ascii_alphanumeric();
        let sentence_start = start == 0
            || bytes[start - 1].is_ascii_whitespace()
            || b".,;!(\"'".contains(&bytes[start - 1]);
        for key in KEYS.iter().filter(|key| {
            key.text[0] == first
                && (word_start || first == b't')
                && (!key.prose || sentence_start || key.later)
        }) {
            let end = start + key.text.len();
            if end <= bytes.len()
                && bytes[start..end].eq_ignore_ascii_case(key.text)
                && let Some(found) = value_after(text, end, *key, now)
            {
                longest = Some(longest.map_or(found, |seen| seen.max(found)));
            }
        }
    }
    longest
}

/// The canonical way for a reflector to carry a hint: `retry-after-ms: N`.
///
/// ```
/// use std::time::{Duration, SystemTime};
/// use loopctl_backoff::{format_hint, parse_retry_after};
///
/// let hint = format_hint(Duration::from_millis(2500));
/// assert_eq!(hint, "retry-after-ms: 2500");
/// assert_eq!(parse_retry_after(&hint, SystemTime::now()), Some(Duration::from_millis(2500)));
/// ```
pub fn format_hint(delay: Duration) -> String {
    format!("retry-after-ms: {}", delay.as_millis())
}

fn value_after(text: &str, offset: usize, key: Key, now: SystemTime) -> Option<Duration> {
    let rest = text.get(offset..)?;
    if key.later {
        // "it will try again 30 minutes later" is the system's own
        // schedule, not a wait asked of the caller.
        let before = text.get(..offset - key.text.len()).unwrap_or_default();
        let own_schedule = ["will ", "'ll ", "will re", "'ll re"].iter().any(|words| {
            before.len() >= words.len()
                && before.as_bytes()[before.len() - words.len()..]
                    .eq_ignore_ascii_case(words.as_bytes())
        });
        return if own_schedule {
            None
        } else {
            wait_before_later(rest)
        };
    }
    let rest = if key.prose {
        // "wait 2 hours", "wait for 2 hours"; not "wait=2" or "wait: 2".
        let after_space = rest
            .strip_prefix([' ', '\t'])?
            .trim_start_matches([' ', '\t']);
        after_space
            .get(..4)
            .filter(|word| word.eq_ignore_ascii_case("for "))
            .map_or(after_space, |_| &after_space[4..])
    } else {
        rest.trim_start_matches([' ', '\t', '"', '\'', ':', '='])
    };
    let first = rest.bytes().next()?;
    if starts_with_iso_date(rest) {
        iso_date(rest, now)
    } else if first.is_ascii_digit() {
        parse_duration(rest, key.bare_unit_nanos)
    } else if let Some(unit) = one_unit(rest) {
        Some(Duration::from_nanos(
            u64::try_from(unit).unwrap_or(u64::MAX),
        ))
    } else if key.accepts_date && first.is_ascii_alphabetic() {
        http_date(rest, now)
    } else {
        None
    }
}

/// Reads `2`, `2.5s`, `500 ms`, `1m30s`, `3 minutes` from the start of `text`.
fn parse_duration(text: &str, bare_unit_nanos: u128) -> Option<Duration> {
    let mut rest = text;
    let mut total_nanos: u128 = 0;
    let mut components = 0;
    loop {
        let number_length = rest
            .bytes()
            .take_while(|byte| byte.is_ascii_digit() || *byte == b'.')
            .count();
        if number_length == 0 {
            break;
        }
        let (number, tail) = range_end(&rest[number_length..])
            .unwrap_or((&rest[..number_length], &rest[number_length..]));
        // "reset after 11:59 PM" names a clock time, not a duration.
        if tail.starts_with(':') {
            return None;
        }
        let after_number = tail.trim_start_matches([' ', '\t']);
        // Go prints microseconds as `µs`, so a unit is any letters, not
        // only ASCII ones: "985.86µs" must not read as 985.86 bare seconds.
        let unit_length = after_number
            .char_indices()
            .take_while(|(_, letter)| letter.is_alphabetic())
            .last()
            .map_or(0, |(at, letter)| at + letter.len_utf8());
        let unit = &after_number[..unit_length];
        let unit_nanos = match unit_nanos(unit) {
            Some(nanos) => nanos,
            None if unit.is_empty() && components == 0 && bare_unit_nanos > 0 => {
                total_nanos = component_nanos(number, bare_unit_nanos)?;
                components = 1;
                break;
            }
            // "retry after 3 attempts" is not a duration.
            None if components == 0 => return None,
            None => break,
        };
        let Some(nanos) = component_nanos(number, unit_nanos) else {
            break;
        };
        total_nanos = total_nanos.saturating_add(nanos);
        components += 1;
        rest = after_number[unit_length..].trim_start_matches([' ', '\t']);
    }
    if components == 0 {
        return None;
    }
    const NANOS_PER_SECOND: u128 = 1_000_000_000;
    Some(match u64::try_from(total_nanos / NANOS_PER_SECOND) {
        Ok(seconds) => Duration::new(seconds, (total_nanos % NANOS_PER_SECOND) as u32),
        Err(_) => Duration::MAX,
    })
}

/// `number` (digits with at most one decimal point) times `unit_nanos`,
/// computed in integers so that whole values read back exactly; values too
/// large to hold saturate.
fn component_nanos(number: &str, unit_nanos: u128) -> Option<u128> {
    let (whole, fraction) = number.split_once('.').unwrap_or((number, ""));
    if (whole.is_empty() && fraction.is_empty()) || fraction.contains('.') {
        return None;
    }
    // Only digits remain, so a failed parse means the value overflowed.
    let whole_value: u128 = if whole.is_empty() {
        0
    } else {
        whole.parse().unwrap_or(u128::MAX)
    };
    let mut nanos = whole_value.saturating_mul(unit_nanos);
    let fraction = &fraction[..fraction.len().min(18)];
    if !fraction.is_empty() {
        let digits: u128 = fraction.parse().ok()?;
        let scale = 10_u128.pow(u32::try_from(fraction.len()).unwrap_or(18));
        nanos = nanos.saturating_add(digits * unit_nanos / scale);
    }
    Some(nanos)
}

/// The wait in " an hour later" or " 5 minutes later": between the key and
/// "later", within a few words, and nothing but the wait there ("10
/// seconds or 1 hour later" names no one wait).
fn wait_before_later(rest: &str) -> Option<Duration> {
    const REACH: usize = 32;
    let rest = rest
        .strip_prefix([' ', '\t'])?
        .trim_start_matches([' ', '\t']);
    // The reach ends on a character's boundary, so a text in another
    // script is cut where a character ends.
    let reach = (0..=rest.len().min(REACH))
        .rev()
        .find(|end| rest.is_char_boundary(*end))
        .unwrap_or(0);
    let at = rest.as_bytes()[..reach]
        .windows(5)
        .position(|word| word.eq_ignore_ascii_case(b"later"))?;
    let wait = rest[..at].trim_end();
    if let Some(unit) = one_unit(wait) {
        let words = wait.split_whitespace().count();
        return (words == 2).then(|| Duration::from_nanos(u64::try_from(unit).unwrap_or(u64::MAX)));
    }
    let only_a_duration = wait.split_whitespace().all(|word| {
        word.split(|letter: char| {
            letter.is_ascii_digit() || matches!(letter, '.' | '-' | '\u{2013}')
        })
        .filter(|unit| !unit.is_empty())
        .all(|unit| unit_nanos(unit).is_some())
    });
    if !only_a_duration || !wait.starts_with(|first: char| first.is_ascii_digit()) {
        return None;
    }
    parse_duration(wait, 0)
}

/// "30-60 minutes", "1 to 2 hours": after a range's first number, its
/// last one and what follows it. A range is read as its upper bound, the
/// wait that is sure to be enough.
fn range_end(text: &str) -> Option<(&str, &str)> {
    ["-", "\u{2013}", " - ", " \u{2013} ", " to ", " or "]
        .into_iter()
        .find_map(|joiner| {
            let after = text.strip_prefix(joiner)?;
            let length = after
                .bytes()
                .take_while(|byte| byte.is_ascii_digit() || *byte == b'.')
                .count();
            (length > 0).then(|| after.split_at(length))
        })
}

/// "an hour", "a minute", "one day": one whole unit named in words, as
/// people write a wait. Only whole unit words count, so "a m" or "a few
/// minutes" do not.
fn one_unit(text: &str) -> Option<u128> {
    let (article, rest) = text.split_once([' ', '\t'])?;
    if !["a", "an", "one"]
        .into_iter()
        .any(|word| article.eq_ignore_ascii_case(word))
    {
        return None;
    }
    let word_length = rest.bytes().take_while(u8::is_ascii_alphabetic).count();
    let word = &rest[..word_length];
    ["second", "minute", "hour", "day", "week"]
        .into_iter()
        .find(|unit| word.eq_ignore_ascii_case(unit))
        .and_then(unit_nanos)
}

fn unit_nanos(unit: &str) -> Option<u128> {
    let unit = unit.to_lowercase();
    Some(match unit.as_str() {
        "ns" | "nanosecond" | "nanoseconds" => 1,
        // The micro sign (U+00B5, Go's) and the Greek mu (U+03BC).
        "\u{b5}s" | "\u{3bc}s" | "us" | "usec" | "microsecond" | "microseconds" => 1_000,
        "ms" | "msec" | "msecs" | "millis" | "millisecond" | "milliseconds" => 1_000_000,
        "s" | "sec" | "secs" | "second" | "seconds" => 1_000_000_000,
        "m" | "min" | "mins" | "minute" | "minutes" => 60_000_000_000,
        "h" | "hr" | "hrs" | "hour" | "hours" => 3_600_000_000_000,
        "d" | "day" | "days" => 86_400_000_000_000,
        "w" | "week" | "weeks" => 604_800_000_000_000,
        _ => return None,
    })
}

#[cfg(test)]
pub(crate) mod tests;
