//! The forty-first round, read after `final31.jsonl` was measured: texts that call a failure transient or lasting in so many words, limits on work running at once, and a slow answer that is not a long input.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn a_text_that_calls_itself_transient_is_retried_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // smart-on-fhir/bulk-data-client:src/lib/request.ts
            "The server replied with transient error(s)",
            // jodogne/OrthancMirror:OrthancFramework/Sources/Enumerations.cpp
            "The database is currently not available (probably a transient situation)",
            // A made-up pair in the words of Trino's and EF Core's messages.
            "Query failed: this is usually caused by a transient issue",
            "Upload failed; the failure is likely transient",
            // The words as a code and as a class name.
            "An unknown error occurred (transient_error).",
            "TransientError: upstream hiccup",
        ],
    );
    // A text that denies it is not retried on the word.
    assert_eq!(
        verdict("Non-transient error: schema mismatch in column 3"),
        (false, Confidence::Weak)
    );
    assert_eq!(
        verdict("NonTransient failure while writing the batch"),
        (false, Confidence::Weak)
    );
    for denied in [
        // Agent tools' own instructions to their model.
        "This is NOT a transient error - fix the root cause.",
        "It is not a transient error; stop and tell the operator.",
        "non_transient error: bad mapping",
        "non transient error: bad mapping",
    ] {
        assert!(!verdict(denied).0, "{denied}");
    }
}

#[test]
fn words_that_only_call_a_failure_passing_leave_a_credential_word_deciding() {
    // A generic credential word decides where nothing names a passing
    // failure; these words name none, so the refusal stays a refusal.
    for refused in [
        "API key not valid. This is a transient error.",
        "The access key provided is not valid (5xx error)",
        "credentials provider not yet initialized",
        "authentication took too long to respond; the session has expired",
        "API key concurrency limit: key revoked",
    ] {
        assert!(!verdict(refused).0, "{refused}");
    }
}

#[test]
fn a_limit_on_work_running_at_once_passes_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // jepcastelein/marketo-rest-python:marketorestpython/helper/http_lib.py
            "Concurrent access limit reached",
            // oracle/netsuite-suitecloud-sdk#908
            "Savon::SOAPFault: (soapenv:Server.userException) SuiteTalk concurrent request limit exceeded. Request blocked",
            "DatabricksError: Workspace X exceeded the concurrent limit of 20 requests.",
            "Concurrency limit hit for this key",
            "ConcurrencyLimitExceeded",
            "error_code=concurrency_limit",
        ],
    );
    // A cap on users or sessions is not a limit on requests at once.
    assert!(!verdict("Organization concurrent user limit exceeded").0);
}

#[test]
fn a_slow_answer_is_not_an_input_too_long() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // singer-io/tap-klaviyo:tests/unittests/test_exception_handling.py
            "HTTP-error-code: 524, Error: Server took too long to respond to the request.",
            // DevCycleHQ/go-server-sdk:client.go
            "5xx error on request",
            // open-feature/go-sdk:openfeature/resolution_error.go
            "provider not yet initialized",
        ],
    );
    // A set-up step the caller skipped, and a statement's own time limit,
    // are not a slow server.
    assert!(!verdict("Server not yet initialized. Call initialize first.").0);
    assert!(!verdict("The query took too long. Try a simpler question.").0);
    // The input that is too long stays an input error.
    assert!(!verdict("prompt is too long: 250000 tokens > 200000 maximum").0);
    // A digit-led literal does not count inside an id.
    assert_eq!(
        verdict("Error 1101 Ray ID: 875xxxxxxxxx 80"),
        verdict("Error 1101 Ray ID: 87aaaaaaaaaa 80")
    );
}

#[test]
fn a_text_that_says_it_lasts_is_refused_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // singer-io/tap-pipedrive:tests/unittests/test_exception_handling.py
            "HTTP-error-code: 410, Error: The old resource is permanently unavailable.",
            // duplicati/duplicati:Duplicati/Library/Backend/OAuthHelper/Strings.cs
            "The OAuth service is currently over quota. Try again in a few hours",
        ],
    );
    // SSH's note on a new host key says nothing of the failure beside it.
    assert!(
        verdict(
            "Warning: Permanently added 'backup.example.com' (ED25519) to the list of known hosts. Connection reset by peer"
        )
        .0
    );
}
