//! The ninetieth round, read after `final79.jsonl` was measured: keyword-driven automation, bioimage servers, weather data, aircraft and ship tracking, image servers and digital collections, and subtitle tools.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_not_passing_unsure, assert_refused_beside, assert_refused_surely,
};

/// The round's passing texts: passing, weakly, and still refused beside a
/// credential word.
const WEAK_PASSING: &[&str] = &[
    // final79, ome/omero-server (SelfCorrectingDataSource.java,
    // ServiceHandler.java), ome/omero-blitz (SessionManagerI.java)
    "Cannot acquire connection",
    "cannot create transaction",
    "Server not fully initialized",
    // final79, collectiveaccess/providence (MediaUploaderHandler.php)
    "Server connection limit exceeded, please try again later",
    // final79, morpheus65535/bazarr (bsplayer.py)
    "Problems conecting to the server",
    // final32, Vitess' transaction pool
    "transaction pool connection limit exceeded",
];

#[test]
fn a_busy_database_and_a_server_still_starting_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn values_out_of_range_rejected_client_ids_and_unequal_passwords_last() {
    assert_all(
        (false, Confidence::Strong),
        // final79, collectiveaccess/providence (UsersController.php)
        &["Password does not match confirmation. Please try again."],
    );
    // Lasting, though unsure: the setting each names is a time-out.
    assert_all(
        (false, Confidence::Weak),
        &[
            // final79, M0r13n/pyais (util.py)
            "Slot timeout can only be an integer between 0 and 7",
            // final79, jvde-github/AIS-catcher (Config.cpp, Protocol.cpp)
            "Config file: timeout must be false or a number between 1 and 3600.",
            "MQTT: Connection Refused - Identifier Rejected. Client identifier is valid UTF-8 but not allowed by server.",
            // the review: fusesource/mqtt-client (CallbackConnection.java)
            // prints the code's name, underscores and all
            "Could not connect: CONNECTION_REFUSED_IDENTIFIER_REJECTED",
            // the review: the Universal Viewer's message follows any image
            // request that did not end in 200 or 302, a failed network or
            // CORS check among them (final79, UniversalViewer's en-GB.json)
            "Your log-in attempt did not appear to be successful. Please try again.",
        ],
    );
}

#[test]
fn a_failed_login_that_says_try_again_is_refused() {
    assert_refused_surely(&[
        // final79, omeka/Omeka (UsersController.php)
        "Login information incorrect. Please try again.",
    ]);
}

#[test]
fn a_plan_s_one_connection_is_no_server_busy_for_a_moment() {
    // The review: Alpaca's streaming API allows one connection per
    // account, held while the other session lives (alpaca-py).
    assert_not_passing_unsure(&[
        "{\"T\":\"error\",\"code\":406,\"msg\":\"connection limit exceeded\"}",
    ]);
}
