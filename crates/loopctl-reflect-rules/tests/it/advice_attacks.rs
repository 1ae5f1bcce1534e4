//! Attacks on the retry-advice reading and the credential words of the ninth to eleventh rounds, written against the threat: advice negated, advice beside a day-long limit, a flag or option that spells a credential word, and credential failures in the SDKs' own words.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn negated_or_long_range_advice_leaves_a_passing_verdict_unsure() {
    for text in [
        // The Vercel AI SDK's and JSON bodies' retry flags, Temporal's.
        "AI_APICallError: Service Unavailable. url: https://api.example.com/v1/chat, statusCode: 503, isRetryable: false",
        r#"{"error":{"code":"ServiceUnavailable","message":"The requested region is being decommissioned.","retryable":false}}"#,
        "ApplicationError: service overloaded, non_retryable=True",
        // The code rather than the status words, which decide only weakly
        // since the calibration counted `final30`.
        "ServiceUnavailable: this service has been permanently shut down. Do not try again.",
        "ServiceUnavailable. There is no need to try again; the endpoint has moved.",
        // phpclassic/php-shopify#81: advice beside a daily limit.
        r#"{"errors":{"product":["Daily variant creation limit reached. Please try again later."]}}"#,
        "Too many requests in 1 hour. Try again later.",
        // A retry that is under way or a human step is no advice.
        "connect ECONNREFUSED 127.0.0.1:8080 (retry in progress, attempt 5 of 5, giving up)",
        "ServiceUnavailable: your account is pending review. Please wait for an administrator to approve it.",
    ] {
        assert_ne!(verdict(text).1, Confidence::Strong, "{text}");
    }
    // Plain advice still makes it sure.
    assert_eq!(
        verdict("ServiceUnavailable: Please try again later."),
        (true, Confidence::Strong)
    );
}

#[test]
fn a_period_that_is_not_a_quota_reset_is_no_wait() {
    for text in [
        "Request timed out. The connection will reset after 1800 seconds of inactivity.",
        "The operation timed out. Your free trial will reset after 30 days.",
    ] {
        assert_eq!(verdict(text), (true, Confidence::Weak), "{text}");
    }
}

#[test]
fn credential_words_inside_other_words_are_not_credentials() {
    for text in [
        "mount -t cifs //nas/share /mnt/share -o username=bob,noperm,vers=3.0 failed: mount error(112): Host is down",
        "UPDATE users SET nopermissionsflag = 1 failed: deadlock detected",
    ] {
        assert!(verdict(text).0, "{text}");
    }
}

#[test]
fn credential_failures_in_the_sdks_words_stay() {
    assert_all(
        (false, Confidence::Strong),
        &[
            r#"{"error": {"code": "api_key_expired", "message": "Expired API Key provided: sk_live_****"}}"#,
            "An error occurred (UnrecognizedClientException) when calling the ListTables operation: The security token included in the request is invalid.",
            "psycopg2.errors.InsufficientPrivilege: must be owner of table users",
            "SQLSTATE[42501]: Insufficient privilege: 7 ERROR:  permission denied for table users",
            "ERROR: permission denied for table users (SQLSTATE 42501)",
            "Could not resolve authentication method. Expected either apiKey or authToken to be set.",
            "Reauthentication is needed. Please run `gcloud auth application-default login` to reauthenticate.",
        ],
    );
}
