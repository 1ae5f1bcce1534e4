//! The dates a retry hint may name, read by maintained parsers: HTTP dates (`Retry-After: Wed, 21 Oct 2026 07:28:00 GMT`, with `httpdate`) and ISO 8601 ones (`retry after 2026-12-05 19:31:03 UTC`, with `humantime`).

use std::time::{Duration, SystemTime};

/// The wait until the HTTP date at the start of `text`.
pub(crate) fn http_date(text: &str, now: SystemTime) -> Option<Duration> {
    let line = text.split(['\r', '\n', '"']).next().unwrap_or(text);
    let candidate = match line.find("GMT") {
        Some(position) => &line[..position + 3],
        // asctime dates carry no zone and are 24 characters long.
        None => line.get(..24).unwrap_or(line),
    };
    let when = httpdate::parse_http_date(candidate.trim()).ok()?;
    Some(when.duration_since(now).unwrap_or(Duration::ZERO))
}

/// Whether `text` starts like an ISO 8601 date (`2026-12-05`), which must
/// never be read as a number of seconds.
pub(crate) fn starts_with_iso_date(text: &str) -> bool {
    let bytes = text.as_bytes();
    bytes.len() >= 10
        && bytes[..4].iter().all(u8::is_ascii_digit)
        && bytes[4] == b'-'
        && bytes[5..7].iter().all(u8::is_ascii_digit)
        && bytes[7] == b'-'
        && bytes[8..10].iter().all(u8::is_ascii_digit)
}

/// The wait until the ISO 8601 date or date and time (UTC) at the start of
/// `text`: `2026-12-05`, `2026-12-05 19:31:03`, `2026-12-05T19:31:03Z`.
pub(crate) fn iso_date(text: &str, now: SystemTime) -> Option<Duration> {
    if !starts_with_iso_date(text) {
        return None;
    }
    let when = text
        .get(..19)
        .and_then(|stamp| humantime::parse_rfc3339_weak(stamp).ok())
        .or_else(|| humantime::parse_rfc3339_weak(&format!("{} 00:00:00", &text[..10])).ok())?;
    Some(when.duration_since(now).unwrap_or(Duration::ZERO))
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use crate::retry_after::tests::hint;

    #[test]
    fn iso_dates_are_dates_and_clock_times_are_no_durations() {
        // Let's Encrypt's rate-limit answer names a date, not 2026 seconds.
        assert_eq!(
            hint("too many certificates already issued, retry after 2023-11-14 23:13:20 UTC"),
            Some(Duration::from_secs(3600))
        );
        assert_eq!(
            hint("Your quota will reset after 2023-11-15T22:13:20Z."),
            Some(Duration::from_secs(86400))
        );
        assert_eq!(
            hint("retry after 2023-11-16"),
            Some(Duration::from_secs(86400 + 6400))
        );
        assert_eq!(hint("Your quota will reset after 11:59 PM."), None);
        // Only a quota's reset is a hint.
        assert_eq!(
            hint("The connection will reset after 1800 seconds of inactivity."),
            None
        );
    }
}
