//! The hundred-and-first round, read after `final90.jsonl` was measured: solar and battery monitors, observatory control, weather stations, video recorders and CNC controllers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_beside, verdict};

/// The round's passing texts, each unsure.
const PASSING: &[&str] = &[
    // final90, weewx/weewx (Vantage driver)
    "LOOP buffer failed CRC check",
    "Unable to pass CRC16 check while getting data",
    // final90, wlcrs/huawei-solar-lib
    "Could not read register value, has another device interrupted the connection?",
    // final90, scottlamb/moonfire-nvr
    "stream closed before first frame",
    // final90, kerberos-io/agent
    "☄ Already reconfiguring",
];

#[test]
fn a_garbled_frame_a_shared_bus_and_a_stream_caught_midway_pass() {
    assert_all((true, Confidence::Weak), PASSING);
    // Beside a refusal named outright they are still refused, surely.
    assert_refused_beside(PASSING);
}

#[test]
fn tracking_to_disengage_lasts_and_a_login_limit_stays_refused() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final90, INDI's telescope driver: a change before the retry
            "Cannot reverse tracking while tracking is engaged. Disengage tracking then try again.",
        ],
    );
    // A login limit of seconds stays refused, as every login limit is.
    assert_eq!(
        verdict(
            "You have attempted to log in too many times. Please wait 30 seconds and try again."
        ),
        (false, Confidence::Strong)
    );
}

#[test]
fn a_write_the_console_rejected_and_retries_spent_last() {
    // The review: WeeWX's words of a rejected write, and its own lines
    // once its retries are spent, beside a CRC failure.
    assert_lasting(&[
        "Unable to pass CRC16 check while sending data to Vantage console",
        "LOOP buffer failed CRC check\nLOOP max batch errors (3) exceeded.",
        "Unable to pass CRC16 check while getting data\nDMPAFT max tries (4) exceeded.",
    ]);
}
