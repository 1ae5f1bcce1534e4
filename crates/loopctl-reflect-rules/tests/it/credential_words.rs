//! Generic credential words ("credentials", "API key", "privilege"): they decide against passing words of their tier, but only weakly, and a specific passing pattern wins over them.

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
            // A generic passing word does not turn it into a retry: rules
            // alone never retry what may be a refused credential.
            "Timed out while refreshing credentials for profile default",
            "The API key in this request was rotated yesterday; generate a new one and try again.",
        ],
    );
}

#[test]
fn a_specific_passing_pattern_wins_over_a_credential_word() {
    for text in [
        "ThrottlingException: Rate exceeded for access key AKIAEXAMPLE",
        "503 Service Unavailable: the credentials service is overloaded, please try again",
    ] {
        assert!(verdict(text).0, "{text}");
    }
}

#[test]
fn a_refusal_in_words_stays_strong_beside_a_credential_word() {
    assert_all(
        (false, Confidence::Strong),
        &[
            "401 Unauthorized: invalid api key",
            "botocore.exceptions.NoCredentialsError: Unable to locate credentials",
            // A bare status code is a refusal, not a vague word.
            "HTTP 401",
        ],
    );
}
