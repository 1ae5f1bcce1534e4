//! The ninety-sixth round, read after `final84.jsonl` was measured: self-hosted AI chat front ends, browser IDEs, download managers, job schedulers, proxy managers, mail catchers and dotfile managers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_surely, verdict};

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
    for text in PASSING {
        assert!(verdict(text).0, "{text}");
    }
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
            // final84, SillyTavern, chatboxai/chatbox, eclipse-che's
            // dashboard, each though it ends "try again"
            "A HuggingFace repo ID must be formatted as Author/Name. Please try again.",
            "The license key you entered is invalid. Please check your license key and try again.",
            "The workspace is deprecated. Convert the workspace and try again.",
            // final84, axllent/mailpit (a 452 that needs fewer recipients),
            // inbucket/inbucket
            "452 4.5.3 Too many recipients",
            "454 TLS unavailable on the server",
        ],
    );
    assert_lasting(&[
        // final84, lobehub/lobe-chat, eclipse-che/che#22208
        "Ollama service is unavailable. Please check if Ollama is running properly or if the cross-origin configuration of Ollama is set correctly.",
        "DevWorkspace failed to progress past step 'Waiting for workspace deployment' for longer than timeout (300s)",
    ]);
}

#[test]
fn a_credential_to_set_is_refused() {
    // final84, agalwood/Motrix (locales)
    assert_refused_surely(&[
        "Operator credential is unavailable. Set MOTRIX_OPERATOR_TOKEN or ensure operator-token exists in the data directory.",
    ]);
}
