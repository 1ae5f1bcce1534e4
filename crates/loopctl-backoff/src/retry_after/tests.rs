//! Tests of the hint reader: every form it reads, and texts that look like hints but are not.

use super::*;

/// The hint in `text`, the clock at 2023-11-14 22:13:20 UTC.
pub(crate) fn hint(text: &str) -> Option<Duration> {
    parse_retry_after(
        text,
        SystemTime::UNIX_EPOCH + Duration::from_secs(1_700_000_000),
    )
}

#[test]
fn header_forms() {
    assert_eq!(hint("Retry-After: 120"), Some(Duration::from_secs(120)));
    assert_eq!(hint("retry-after:3"), Some(Duration::from_secs(3)));
    assert_eq!(hint("RETRY-AFTER = 1.5"), Some(Duration::from_millis(1500)));
    assert_eq!(
        hint("retry-after-ms: 250"),
        Some(Duration::from_millis(250))
    );
    assert_eq!(
        hint(r#"{"error":{"retry_after": 7}}"#),
        Some(Duration::from_secs(7))
    );
    assert_eq!(hint(r#"{"retryAfter":"2s"}"#), Some(Duration::from_secs(2)));
    assert_eq!(
        hint("grpc-retry-pushback-ms: 500"),
        Some(Duration::from_millis(500))
    );
    assert_eq!(
        hint(r#""retryDelay": "30s""#),
        Some(Duration::from_secs(30))
    );
}

#[test]
fn go_durations_in_micro_and_nanoseconds() {
    // Docker Hub's registry, written in Go, prints `time.Duration`.
    assert_eq!(
        hint("toomanyrequests: retry-after: 985.86\u{b5}s, allowed: 44000/minute"),
        Some(Duration::from_nanos(985_860))
    );
    assert_eq!(
        hint("retry-after: 12\u{3bc}s"),
        Some(Duration::from_micros(12))
    );
    assert_eq!(hint("retry after 250ns"), Some(Duration::from_nanos(250)));
    assert_eq!(
        hint("retry after 1m2.5s"),
        Some(Duration::from_millis(62_500))
    );
}

#[test]
fn prose_forms() {
    assert_eq!(
        hint("Your quota will reset after 8h44m7s."),
        Some(Duration::from_secs(8 * 3600 + 44 * 60 + 7))
    );
    assert_eq!(
        hint("rate limited, retry after 2s"),
        Some(Duration::from_secs(2))
    );
    assert_eq!(
        hint("Please try again in 20s."),
        Some(Duration::from_secs(20))
    );
    assert_eq!(
        hint("Please try again in 6ms."),
        Some(Duration::from_millis(6))
    );
    assert_eq!(
        hint("try again in 1m30.5s"),
        Some(Duration::from_millis(90_500))
    );
    assert_eq!(hint("retry in 5 minutes"), Some(Duration::from_secs(300)));
    assert_eq!(
        hint("Try again after 2 hours"),
        Some(Duration::from_secs(7200))
    );
    // Django REST framework's throttle, with no "try" in it.
    assert_eq!(
        hint(r#"{"detail":"Request was throttled. Expected available in 56.0 seconds."}"#),
        Some(Duration::from_secs(56))
    );
    assert_eq!(
        hint("Request was throttled. Expected available in 1 second."),
        Some(Duration::from_secs(1))
    );
    // The same words before something other than a wait.
    assert_eq!(hint("Expected available in the EU region"), None);
}

#[test]
fn dates_are_measured_from_now() {
    // 1_700_000_000 is Tue, 14 Nov 2023 22:13:20 GMT.
    assert_eq!(
        hint("Retry-After: Tue, 14 Nov 2023 22:13:50 GMT"),
        Some(Duration::from_secs(30))
    );
    assert_eq!(
        hint("Retry-After: Tue, 14 Nov 2023 22:00:00 GMT"),
        Some(Duration::ZERO)
    );
    assert_eq!(
        hint("Retry-After: Tuesday, 14-Nov-23 22:14:20 GMT"),
        Some(Duration::from_secs(60))
    );
    assert_eq!(
        hint("Retry-After: Tue Nov 14 22:13:21 2023"),
        Some(Duration::from_secs(1))
    );
    assert_eq!(hint("Retry-After: soon"), None);
}

#[test]
fn not_hints() {
    assert_eq!(hint(""), None);
    assert_eq!(hint("retry after 3 attempts failed"), None);
    assert_eq!(hint("please retry"), None);
    assert_eq!(hint("retry-after"), None);
    assert_eq!(hint("retry after ."), None);
    // The AWS SDK's record of the time it already spent retrying.
    assert_eq!(
        hint(r#"$metadata: {"attempts":3,"totalRetryDelay":274}"#),
        None
    );
    // Still a hint at the start of a word, and after "re".
    assert_eq!(
        hint(r#"{"retryDelay": "30s"}"#),
        Some(Duration::from_secs(30))
    );
    assert_eq!(
        hint("please retry again in 5s"),
        Some(Duration::from_secs(5))
    );
    // Long waits, in days, and asked for with "please wait".
    assert_eq!(
        hint(
            "You've hit your usage limit. Upgrade to Pro or try again in 5 days 22 hours 11 minutes."
        ),
        Some(Duration::from_secs(5 * 86_400 + 22 * 3_600 + 11 * 60))
    );
    assert_eq!(
        hint("your request is rate-limited. Please wait 8 hours 24 minutes and try again"),
        Some(Duration::from_secs(8 * 3_600 + 24 * 60))
    );
    assert_eq!(hint("please wait while we try again"), None);
    // A wait asked for without "please", and one unit named in words.
    assert_eq!(
        hint(
            "Your account has too many outstanding, incomplete MFA synchronization attempts. Wait an hour and try again."
        ),
        Some(Duration::from_secs(3_600))
    );
    assert_eq!(
        hint("Too many attempts, please try again in a minute."),
        Some(Duration::from_secs(60))
    );
    assert_eq!(
        hint("Wait 10 seconds and try again."),
        Some(Duration::from_secs(10))
    );
    assert_eq!(
        hint("Please try again in a day"),
        Some(Duration::from_secs(86_400))
    );
    // A wait asked for with no "try" anywhere in the text.
    assert_eq!(
        hint("client is flooding (please wait 20 minutes)"),
        Some(Duration::from_secs(1_200))
    );
    assert_eq!(
        hint("Server busy. Please wait 30 seconds."),
        Some(Duration::from_secs(30))
    );
}

#[test]
fn wait_words_that_name_no_length() {
    assert_eq!(
        hint("Lock wait timeout exceeded; try restarting transaction"),
        None
    );
    assert_eq!(hint("waited 30s, will try again"), None);
    assert_eq!(hint(r#"{"wait_seconds": 24, "try": 1}"#), None);
    assert_eq!(hint("Please try again in a few minutes."), None);
    assert_eq!(hint("Please try again in a moment."), None);
    assert_eq!(hint("try again in a while"), None);
    assert_eq!(hint("try again in a m"), None);
    assert_eq!(hint("Wait for the lock and try again"), None);
    // A setting echoed in a URL, a flag or a variable is no wait asked for
    // (consul-template's query string, a tool's `max_wait`, Docling
    // Serve's variable), nor is a bare number, often of milliseconds.
    assert_eq!(
        hint(
            r#"Get "http://127.0.0.1:8500/v1/kv/app?index=12&stale=&wait=60000ms": dial tcp 127.0.0.1:8500: connect: connection refused (retry attempt 1 after "250ms")"#
        ),
        None
    );
    assert_eq!(hint("max_wait=3600 exceeded, will retry"), None);
    assert_eq!(
        hint("Set DOCLING_SERVE_MAX_SYNC_WAIT=120 or try again"),
        None
    );
    assert_eq!(hint("wait: 30 and try again"), None);
    assert_eq!(hint("Please wait 500, then try again"), None);
}

#[test]
fn ranges_and_waits_in_words() {
    // A range is read as its upper bound.
    assert_eq!(
        hint("Please wait 30-60 minutes and try again."),
        Some(Duration::from_secs(3_600))
    );
    assert_eq!(
        hint("Wait 1\u{2013}2 hours and try again."),
        Some(Duration::from_secs(7_200))
    );
    assert_eq!(
        hint("Please try again in 1 to 2 minutes."),
        Some(Duration::from_secs(120))
    );
    assert_eq!(
        hint("Please wait for 2 hours and try again."),
        Some(Duration::from_secs(7_200))
    );
    assert_eq!(
        hint("Wait one hour and try again."),
        Some(Duration::from_secs(3_600))
    );
    // A wait named before "later".
    assert_eq!(
        hint(
            "MMseqs2 API is giving errors. Please confirm your input is a valid protein sequence. If error persists, please try again an hour later."
        ),
        Some(Duration::from_secs(3_600))
    );
    assert_eq!(
        hint("Server busy, try again 5 minutes later"),
        Some(Duration::from_secs(300))
    );
    assert_eq!(
        hint("API resource is currently overloaded. Try again a little later"),
        None
    );
    assert_eq!(hint("Please try again at a later time."), None);
    assert_eq!(hint("try again 3 times, then later report it"), None);
    // The review: nothing but the wait before "later", not the system's
    // own schedule, a reach cut where a character ends, "retry again" and
    // a double space.
    assert_eq!(hint("try again 10 seconds or 1 hour later"), None);
    assert_eq!(
        hint("The job failed; it will try again 30 minutes later."),
        None
    );
    assert_eq!(
        hint("try again 错误错误错误错误错误错误错误错误错误错误错误 later 5 minutes"),
        None
    );
    assert_eq!(
        hint("Please retry again 1 hour later."),
        Some(Duration::from_secs(3_600))
    );
    assert_eq!(
        hint("Please try again  2 minutes later."),
        Some(Duration::from_secs(120))
    );
}

#[test]
fn longest_hint_wins_and_absurd_values_saturate() {
    assert_eq!(
        hint("retry-after: 1 ... try again in 5s"),
        Some(Duration::from_secs(5))
    );
    assert_eq!(hint("retry-after: 1e999"), None);
    let huge = format!("retry-after: {}", "9".repeat(400));
    assert_eq!(hint(&huge), Some(Duration::MAX));
}

#[test]
fn huge_whole_values_read_back_exactly() {
    // Found by fuzzing: f64 arithmetic turned this into 111111111111111.015625 s.
    let huge = Duration::from_millis(111_111_111_111_111_000);
    assert_eq!(hint(&format_hint(huge)), Some(huge));
    assert_eq!(
        hint("retry-after-ms: 18446744073709551615"),
        Some(Duration::from_millis(u64::MAX))
    );
    assert_eq!(hint("try again in 0.0000000001s"), Some(Duration::ZERO));
    assert_eq!(hint("retry in 1.5.5s"), None);
}

#[test]
fn multibyte_text_around_hints_is_safe() {
    assert_eq!(hint("é retry after 2s ü"), Some(Duration::from_secs(2)));
    assert_eq!(hint("retry after ü"), None);
    assert_eq!(hint("tryé"), None);
}
