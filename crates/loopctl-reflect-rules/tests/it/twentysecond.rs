//! The twenty-second round: a stream refused or drained by the server in h2's and grpc-go's words, urllib3's empty pool, the GitHub Actions runner's action downloads, Slack's `fatal_error`, and a quota that clears "in a few minutes", read from their sources after `final14.jsonl` missed them.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn streams_the_server_refused_or_drained() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // hyperium/h2:src/frame/reason.rs (REFUSED_STREAM)
            "refused stream before processing any application logic",
            // grpc/grpc-go:internal/transport/transport.go (errStreamDrain)
            "the stream is rejected because server is draining the connection",
            // urllib3/urllib3:src/urllib3/connectionpool.py (EmptyPoolError)
            "Pool is empty and a new connection can't be opened due to blocking mode.",
        ],
    );
}

#[test]
fn an_action_the_runner_could_not_download() {
    // pytorch/pytorch#92602: the runner's own download failing in an outage.
    assert_eq!(
        verdict(
            "Warning: Failed to download action 'https://api.github.com/repos/pytorch/pytorch/tarball/28cb3141e8f77c4ff09ddb260aba75b1a43eac9c'. Error: Error while copying content to a stream."
        ),
        (true, Confidence::Weak)
    );
    // With a 403 the rules never retry, but are unsure: bridgecrewio/checkov-action#42
    // passed when GitHub's side recovered.
    assert_eq!(
        verdict(
            "Warning: Failed to download action 'https://api.github.com/repos/bridgecrewio/checkov-action/tarball/3aaa4552f91bedf8255f71770de869a0a8035205'. Error: Response status code does not indicate success: 403 (Forbidden).\nWarning: Back off 26.798 seconds before retry."
        ),
        (false, Confidence::Weak)
    );
}

#[test]
fn slacks_fatal_error_but_not_a_function_of_that_name() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // slackapi/python-slack-sdk:tests/slack_sdk/web/mock_web_api_handler.py
            r#"{"ok":false,"error":"fatal_error"}"#,
            // slackapi/node-slack-sdk#1680
            "Error: An API error occurred: fatal_error",
        ],
    );
    // pyodide/pyodide#3486: a frame of a stack trace, not Slack's answer.
    assert!(
        !verdict("Pyodide has suffered a fatal error.\n    fatal_error pyodide.asm.js:10\n    runPython pyodide.asm.js:10").0
    );
}

#[test]
fn a_quota_that_clears_within_minutes() {
    assert!(verdict("Quota exceeded. Please try again in a few minutes.").0);
    // A quota with no word of when it clears stays.
    assert!(!verdict("Quota exceeded. Please contact support.").0);
}
