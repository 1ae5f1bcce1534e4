//! The hundred-and-third round, read after `final92.jsonl` and `final93.jsonl` were measured: routing daemons, dashboards, storage targets, search engines and pipelines, and a wait named before "later".

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing, assert_refused_beside, verdict};

/// The round's passing texts, each unsure.
const PASSING: &[&str] = &[
    // final92, FRRouting/frr (mgmtd)
    "% command failed, could not lock candidate DS",
    "Locking for DS 2 failed, Err: 'Lock already taken on DS by another session!' vty 0x564f69fedfc0",
    // final92, homarr-labs/homarr
    "The connection was unexpectedly closed by the server. This can happen if the server is unstable or restarted.",
    // final92, spl0k/supysonic
    "The daemon is currently scanning, can't start a scan now",
    // final92, zentyal/zentyal
    "Another process is updating the collection status. Please, wait and retry",
    // final93, sg3_utils (T10 sense texts)
    "Logical unit is in process of becoming ready",
    "Power on, reset, or bus device reset occurred",
    "Unit attention",
    // final93, MarginaliaSearch
    "QPM Limit Exceeded",
    // The review: the same in other systems' words
    "% command failed, could not lock running DS",
    "Logical unit is in the process of becoming ready",
    "sd 2:0:0:0: Power-on or device reset occurred",
    "QPM limit reached",
    // final53, Roboflow: advice to wait and retry
    "Logs are limited to 5 req/min/IP and telemetry to 60 req/min — wait and retry.",
];

#[test]
fn a_lock_another_session_holds_a_reset_reported_once_and_a_limit_per_minute_pass() {
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(PASSING);
}

#[test]
fn a_device_waiting_for_a_person_or_a_sanitize_and_a_wrong_captcha_last() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final93, sg3_utils
            "Logical unit not ready, manual intervention required",
            "Logical unit not ready, sanitize in progress",
            // final92, airsonic-advanced
            "Sorry, incorrect CAPTCHA entered, please try again.",
        ],
    );
}

#[test]
fn a_wait_named_before_later_is_read() {
    // final93, ColabFold's MMseqs2 server: an hour is past a retry's reach.
    assert_eq!(
        verdict(
            "MMseqs2 API is giving errors. Please confirm your input is a valid protein sequence. If error persists, please try again an hour later."
        ),
        (false, Confidence::Strong)
    );
    // A wait of minutes before "later" still passes, surely.
    assert_eq!(
        verdict("The server is busy. Please try again 2 minutes later."),
        (true, Confidence::Strong)
    );
}

#[test]
fn a_negated_phrase_does_not_decide() {
    // The review: "no manual intervention required" names nothing lasting,
    // and "will not wait and retry" advises nothing.
    assert_passing(&["Write stall; no manual intervention required"]);
    assert_lasting(&[
        "Key not found; the client will not wait and retry.",
        "Upload rejected; this client does not wait and retry.",
    ]);
}
