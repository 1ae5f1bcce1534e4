//! The hundred-and-sixth round, read after `final98.jsonl` and `final99.jsonl` were measured: Minecraft proxies, SMS gateways, Git-based editors, passkey libraries and private messengers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_refused_beside, assert_refused_surely};

/// The round's passing texts, each unsure.
const PASSING: &[&str] = &[
    // final98, SpigotMC/BungeeCord
    "The proxy server is restarting",
    // final98, playsms/playsms
    "no delivery status retrieved and SMS still in queue",
    // final98, pages-cms/pages-cms
    "This action run cannot be cancelled yet.",
    // The review: the American spelling
    "This action run cannot be canceled yet.",
    // final98, capcom6/android-sms-gateway
    "RESULT_RIL_SMS_SEND_FAIL_RETRY (The radio failed to send the SMS and needs to retry)",
];

#[test]
fn a_restarting_proxy_a_queued_message_and_a_radio_asking_to_retry_pass() {
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(PASSING);
}

#[test]
fn a_change_asked_for_before_the_retry_lasts() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final98: TinaCMS, Pages CMS, FreeTube, Gammu
            "This file no longer exists. Refresh the media library and try again.",
            "File has changed since you last loaded it. Please refresh the page and try again.",
            "Live Chat is unavailable for this stream. It may have been disabled by the uploader.",
            "You're inside the phone menu (maybe editing?). Exit it and try again.",
            // final99: FormatJS, Session, Briar
            "Native @formatjs/cli-lib binding is unavailable",
            "This Account ID is invalid. Please check and try again.",
            "You've entered too few words, please try again",
            "You've entered too many words, please try again",
            "Some of the words in your Recovery Password are incorrect. Please check and try again.",
            "Unlink the Mailbox on your other device and try again.",
            "Update Briar to the latest version of the app and try again.",
        ],
    );
}

#[test]
fn a_security_key_blocked_after_wrong_pins_is_refused_surely() {
    assert_refused_surely(&[
        // final98, kanidm/webauthn-rs
        "Too many failed attempts in one row. Your device has been temporarily blocked. Please unplug it and plug in again.",
    ]);
}

#[test]
fn failed_attempts_beside_a_wait_of_seconds_are_not_refused() {
    // The review: only webauthn-rs' whole sentence is refused; the same
    // words beside a wait of seconds name a limit that passes.
    crate::verdicts::assert_passing(&["Too many failed attempts in one row, retry in 30 seconds"]);
}
