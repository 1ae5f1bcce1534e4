//! The ninety-ninth round, read after `final88.jsonl` was measured: IoT platforms, photogrammetry and transcoding pipelines, infrastructure-as-code scanners and device fleets, a wait of seconds named beside generic words, and "input" as a word that leans lasting.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing, verdict};

#[test]
fn a_gateway_shedding_load_a_step_to_rerun_and_a_short_wait_pass() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // final88, eclipse-hono/hono: the "limit exceeded" inside it is
            // hidden
            "HTTP/1.1 503 resource limit exceeded",
            // final88, Tdarr_Plugins
            "Failed to find loudnorm in report, please rerun",
        ],
    );
    // final88, fleetdm/fleet: a wait of a second named beside generic
    // words that lean lasting passes; unsure, as the words alone were.
    assert_all(
        (true, Confidence::Weak),
        &["limit exceeded, retry after: 1s"],
    );
    // A wait longer than a retry still lasts, and a text's own retryable
    // flag still decides (an AWS error beside its `retryDelay`); the
    // review: a program's own retry loop is no advice to the caller, and
    // only a condition, not a missing thing, an input or corruption,
    // yields to a wait.
    assert_lasting(&[
        "limit exceeded, retry after: 3600s",
        "Ticket is in PLACING status and cannot be canceled. \"retryable\":false,\"retryDelay\":48.43",
        "limit exceeded, retriable=false, retry after: 1s",
        "Retry in 60s: DoesNotExist('Decision matching query does not exist.')",
        "WiFi network not found, retry in 60 sec",
        "File is corrupted. Retry in 5s",
        // ten of eleven other systems' "please rerun" ask for a change
        "Please rerun with multiple predictors",
        "Once installed, please rerun the command",
    ]);
}

#[test]
fn a_setting_to_make_sure_of_and_a_wrong_input_last() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // the labelled files' "please ensure", where no retry is advised
            "Failed to start the agent. Please ensure the config file exists.",
            // the labelled files' "input" (a leaning word, where nothing
            // else matched)
            "Encoder rejected the input stream",
        ],
    );
    // Beside advice to retry or a passing word, "please ensure" decides
    // nothing, and a
    // restarted upload is the same call again; cdxgen's GitHub limit, named
    // by a strong pattern, still passes (not named by the round).
    assert_passing(&[
        "Service temporarily unavailable. Please ensure the server is up and try again later.",
        "The upload was interrupted; restart it and try again.",
        "Rate limit exceeded for REST API of github.com. Please ensure GITHUB_TOKEN is set as environment variable.",
        // the review: a passing word beside it decides
        "Failed to connect to the database server. Please ensure the server is running.",
    ]);
}

#[test]
fn a_json_body_cut_short_leans_lasting_only_weakly() {
    // The review: Go's "unexpected end of JSON input" (a body cut short)
    // passes as often as it lasts; "input" leans lasting on it, so it is
    // only ever unsure and goes to the model under `rules+llm`.
    assert_eq!(
        verdict("unexpected end of JSON input"),
        (false, Confidence::Weak)
    );
}
