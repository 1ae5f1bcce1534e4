//! The ninety-sixth round, read after `final84.jsonl` was measured: self-hosted AI chat front ends, browser IDEs, download managers, job schedulers, proxy managers, mail catchers and dotfile managers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

/// The round's passing texts.
const PASSING: &[&str] = &[
    // final84, enricoros/big-AGI
    "An unexpected issue occurred: **network error**.",
    "The AI provider interrupted mid-stream: **upstream dropped**.",
    // final84, SillyTavern/SillyTavern
    "Cannot run /continue command while the reply is being generated.",
    // final84, jdownloader_mirror (cloud downloaders)
    "Added URL to proleech.link Cloud-downloader: Cloud download pending",
    // final84, jhuckaby/Cronicle
    "No master server found",
    // final84, tobychui/zoraxy
    "Too many login attempts. Please try again later.",
    // final84, mailhog/smtp, inbucket/inbucket
    "Unable to store message",
    "451 Failed to store message",
    // final84, nix-community/home-manager
    "A link target changed while resolving symlinks; retry activation.",
];

#[test]
fn a_network_drop_a_reply_still_generated_and_a_message_not_stored_pass() {
    // Passing, unsure: none names a wait, and the words of each may
    // also follow a failure that lasts.
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused.
    for text in PASSING {
        let text = format!("{text}; invalid api key");
        assert!(!verdict(&text).0, "{text}");
    }
}

#[test]
fn a_format_a_workspace_a_licence_and_a_server_without_tls_last() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // final84, chatboxai/chatbox, eclipse-che's dashboard, each
            // though it ends "try again"
            "The license key you entered is invalid. Please check your license key and try again.",
            "The workspace is deprecated. Convert the workspace and try again.",
            // final84, axllent/mailpit (a 452 that needs fewer recipients),
            // inbucket/inbucket
            "452 4.5.3 Too many recipients",
            "454 TLS unavailable on the server",
        ],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            // final84, SillyTavern: lasting, unsure, since a prompt says the
            // same words (the review)
            "A HuggingFace repo ID must be formatted as Author/Name. Please try again.",
            // the review: the other forms of too many recipients
            "452-4.5.3 Too many recipients",
            "452 4.5.3 Error: too many recipients",
            "552 Too many recipients",
            // final84, lobehub/lobe-chat, eclipse-che/che#22208
            "Ollama service is unavailable. Please check if Ollama is running properly or if the cross-origin configuration of Ollama is set correctly.",
            "DevWorkspace failed to progress past step 'Waiting for workspace deployment' for longer than timeout (300s)",
        ],
    );
}

#[test]
fn a_credential_to_set_is_refused_and_a_login_limit_to_wait_out_is_unsure() {
    // final84, agalwood/Motrix (locales): refused, surely, by the
    // credential words of its second sentence; its first, beside a
    // passing word, is refused unsure, since motrix-admin says it too
    // before its token is written at start-up (the review).
    assert_all(
        (false, Confidence::Strong),
        &[
            "Operator credential is unavailable. Set MOTRIX_OPERATOR_TOKEN or ensure operator-token exists in the data directory.",
        ],
    );
    assert_all(
        (false, Confidence::Weak),
        &["Operator credential is unavailable; connection timed out"],
    );
    // Zoraxy's limit passes, unsure: Karakeep's in the same words lasts a
    // quarter of an hour (the review).
    assert_all(
        (true, Confidence::Weak),
        &["Too many login attempts. Please try again later."],
    );
    // The bare words of Lotus' and soju's lasting failures are no store
    // that passes.
    assert!(!verdict("failed to store message: block validation failed").0);
}
