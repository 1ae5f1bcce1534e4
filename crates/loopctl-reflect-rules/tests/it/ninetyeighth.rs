//! The ninety-eighth round, read after `final86.jsonl` and `final87.jsonl` were measured: monitoring servers, bare-metal provisioners, CRMs, log platforms, web conferencing and game streaming, and advice to check or verify something before trying again.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing, assert_refused_beside};

#[test]
fn a_reload_an_activation_a_lock_and_busy_workers_pass() {
    let passing = [
        // final86, Icinga/icinga2 (503 while reloading)
        "Icinga is reloading",
        // final86, Checkmk's REST API (423 Locked)
        "There is already an activation running.",
        // final86, openstack/ironic (503 NoFreeConductorWorker)
        "Requested action cannot be performed due to lack of free conductor workers.",
        // final87, parseablehq/parseable
        "Server resources over-utilized",
        // final87, civicrm/civicrm-core (its deadlock retry list)
        "Database lock encountered",
        "SqlGroup: Failed to acquire lock on cache key.",
    ];
    assert_all((true, Confidence::Weak), &passing);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(&passing);
}

#[test]
fn something_to_check_or_change_before_the_retry_lasts() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final86: MAAS, Attendize, OJS, Bahmni; final87: Moonlight
            "Incorrect K_g key.  Check BMC configuration and try again.",
            "Database connection failed. Please check the details you have entered and try again.",
            "Unpublished items cannot be exported/deposited. Please deselect unpublished items and try again.",
            "Admitted patient's visit cannot be closed. Discharge the patient and try again",
            "Unable to initialize video decoder. Please check your streaming settings and try again.",
            "The connection was terminated by the host due to DRM-protected content. Close any DRM-protected content on the host and try again.",
            // final86, mailcow; final87, OpenObserve: an administrator to ask
            "The password recovery is currently unavailable. Please contact your administrator.",
            "Search is temporarily disabled due to exceeding allotted ingestion limit. Please contact your administrator.",
            // final87, Greenlight: a choice to change
            "The required server type is unavailable. Please select a different type in the room settings.",
            // final86, Attendize: a captcha a person must solve
            "Robot verification failed, please try again.",
        ],
    );
    // final86, NagiosEnterprises/nrpe: surely, unless a passing word
    // stands beside it, as "timeout" does in NRPE's own text.
    assert_all(
        (false, Confidence::Strong),
        &["Interval must be a positive integer"],
    );
    assert_all(
        (false, Confidence::Weak),
        &["Timeout value must be a positive integer"],
    );
    // The review: a referral or a choice beside advice to retry is no
    // lasting failure, and a connection, the other side's state or a
    // dialog to close is no change.
    assert_passing(&[
        "Cloud storage provider [s3] is temporarily unavailable. Please try again later or contact your administrator.",
        "The service is temporarily unavailable. If the problem persists, contact the administrator.",
        "Server overloaded. Please select a different server or try again later.",
        "Connection Failed. Please check the server status and try again.",
        "No internet connection. Check your WiFi and try again.",
        "The request could not be loaded. Close the dialog and try again.",
    ]);
    // The connection to check is still a blip, and a bare retry still one.
    assert_passing(&[
        "Could not reach host gem.repo4. Check your network connection and try again.",
        "Network error. Please check your internet connection and try again.",
        "Please verify your internet connection and try again",
        "Server busy, please try again.",
    ]);
}

#[test]
fn credentials_refused_in_their_own_words_are_refused() {
    // final86, netdata/netdata: refused though a passing errno follows,
    // unsure beside it.
    assert_all(
        (false, Confidence::Weak),
        &[
            "API key 'XXXXXXXX-XXXX-XXXX-XXXX-XXXXXXXXXXXX' is not allowed. Forbidding access. (errno 11, Resource temporarily unavailable)",
        ],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            // final86, canonical/maas; final87, Greenlight, Moonlight
            "Incorrect username.  Check BMC configuration and try again.",
            "Your registration is pending approval from the administrator. Please try again later.",
            "The PIN from the PC didn't match. Please try again.",
        ],
    );
}
