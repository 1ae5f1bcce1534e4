//! Generic credential words ("credentials", "API key", "privilege"), and what a second reader found around credentials: a named passing failure wins over a credential word, a word inside a URL or a name is no word, and a refusal reported with "failed to connect" stays sure.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn a_credential_word_alone_is_a_weak_refusal() {
    assert_all(
        (false, Confidence::Weak),
        &[
            "Error: could not load credentials from any providers",
            "The API key you supplied has been revoked.",
            "ERROR: user maxroach does not have INSERT privilege on relation kv",
            // Advice names no passing failure.
            "The API key in this request was rotated yesterday; generate a new one and try again.",
            // Spellings real software uses.
            "Invalid API-Key. Please try again.",
            "Insufficient priviledges. Please try again later.",
            "Authentification failed, please try again",
            "EXPIRED_AUTHENTICATION: the token used to make this call expired",
        ],
    );
}

#[test]
fn a_named_passing_failure_wins_over_a_credential_word() {
    for text in [
        // NAStool/nas-tools#515: the key is a query parameter.
        "HTTPSConnectionPool(host='api.themoviedb.org', port=443): Max retries exceeded with url: /3/search/movie?api_key=e4be&query=x (Caused by ConnectTimeoutError(<urllib3.connection.HTTPSConnection object at 0x7f>, 'Connection to api.themoviedb.org timed out. (connect timeout=None)'))",
        // certbot/certbot#10610: the word is in the metadata path.
        r#"Caught retryable HTTP exception while making metadata service request to http://169.254.169.254/latest/meta-data/iam/security-credentials/: Connect timeout on endpoint URL: "http://169.254.169.254/latest/meta-data/iam/security-credentials/""#,
        "Timed out while refreshing credentials for profile default",
        "docker: Error response from daemon: failed to create task for container (--privileged): context deadline exceeded",
        r#"Error from server (InternalError): Internal error occurred: failed calling webhook "validate.client.authentication.k8s.io": context deadline exceeded"#,
    ] {
        assert!(verdict(text).0, "{text}");
    }
    // Beside a credential word even advice leaves a retry unsure.
    assert_eq!(
        verdict(
            "The API key you supplied has been revoked. The server is overloaded, please try again."
        ),
        (true, Confidence::Weak)
    );
}

#[test]
fn a_refusal_reported_beside_a_generic_passing_word_stays_sure() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // xlang-ai/Spider2#107
            "250001 (08001): Failed to connect to DB: xy.snowflakecomputing.com:443. Incorrect username or password specified.",
            // GitHub sends its rate-limit headers on every answer.
            "HTTP/2 401\nx-ratelimit-limit: 60\nx-ratelimit-remaining: 59\n\n{\"message\":\"Bad credentials\",\"status\":\"401\"}",
            "HTTP/2 401\nx-ratelimit-limit: 60\nx-ratelimit-remaining: 59\n\n{\"message\":\"Requires authentication\",\"status\":\"401\"}",
            // Getdeck/beiboot#18: client-go's credential plugin is missing.
            "Unable to connect to the server: getting credentials: exec: executable aws not found",
            "Maximum number of login attempts exceeded. Please try again later.",
            "Your session expired. Please log in again.",
            "401 Unauthorized: invalid api key",
            "botocore.exceptions.NoCredentialsError: Unable to locate credentials",
            // A bare status code is a refusal, not a vague word.
            "HTTP 401",
        ],
    );
}

#[test]
fn a_specific_passing_pattern_unsettles_a_refusal() {
    // A strong passing pattern beside a refusal hands it on; rules alone
    // still never retry it.
    assert_eq!(
        verdict("ThrottlingException: Rate exceeded for access key AKIAEXAMPLE"),
        (true, Confidence::Weak)
    );
    // A bare 403 beside a named passing failure is no sure refusal (wget's
    // byte counts look like one).
    assert_eq!(
        verdict("Read error at byte 403/2048 (Connection timed out). Retrying."),
        (false, Confidence::Weak)
    );
    // Docker Hub's lockout comes as `toomanyrequests`: still a refusal,
    // and a sure one since the calibration made `toomanyrequests` weak
    // (right 3 of 4 times it decided once `final41` counted).
    assert_eq!(
        verdict("toomanyrequests: too many failed login attempts for username or IP address"),
        (false, Confidence::Strong)
    );
}

#[test]
fn a_credential_word_inside_a_url_or_a_name_is_no_word() {
    let rules = loopctl_reflect_rules::RuleReflector::new();
    for text in [
        "404 Not Found: GET https://api.example.com/v1/items?api_key=abc123",
        "[Pipeline] withCredentials\nERROR: script returned exit code 2: file not found",
        "error: exec plugin: invalid apiVersion \"client.authentication.k8s.io/v1alpha1\"",
    ] {
        let judged = rules.judge(text, "tool", &serde_json::json!({}), None);
        let analysis = judged.result.expect(text);
        assert!(
            !analysis.root_cause.starts_with("credentials"),
            "{text}: {}",
            analysis.root_cause
        );
    }
}
