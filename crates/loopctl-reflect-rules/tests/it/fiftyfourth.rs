//! The fifty-fourth round, read after `final45.jsonl` was measured: hosted back ends' and test platforms' states that settle by themselves, and the settings and people others wait on.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, verdict};

#[test]
fn states_that_settle_by_themselves_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // astropy/astroquery: astroquery/vizier/tests/data/no_server_error.xml
            r#"<INFO ID="Error" name="Error" value="The database is not currently reachable."/>"#,
            // appium/appium#7828
            r#"Connection peer refused channel request for "dtxproxy:XCTestManager_IDEInterface:XCTestManager_DaemonConnectionInterface"; channel canceled <DTXChannel: 0x7fcade50c720>"#,
            // readthedocs/readthedocs.org: readthedocs/projects/notifications.py
            "We can't perform the versions/branches synchronize at the moment.\nThere is another sync already running.",
            // get-convex/convex-backend: crates/search/src/text_index_manager.rs,
            // crates/application/src/deploy_config.rs
            "Search indexes bootstrapping and not yet available for use",
            "Environment variables have changed during push",
            // firebase/firebase-js-sdk: packages/firestore/src/core/transaction.ts
            "Document version changed between two reads.",
        ],
    );
}

#[test]
fn limits_settings_and_people_last() {
    assert_lasting(&[
        // cvat-ai/cvat#7712
        "rq.timeouts.JobTimeoutException: Task exceeded maximum timeout value (14400 seconds)",
        // rq/rq#349: the same limit in rq's older words
        "JobTimeoutException: Job exceeded maximum timeout value (1200 seconds)",
        // HumanSignal/label-studio#3817
        "Successfully connected to http://localhost:9090 but it doesn't look like a valid ML backend. Reason: 500 Server Error: INTERNAL SERVER ERROR for url: http://localhost:9090/setup.",
        // Jumio/mobile-sdk-ios: docs/integration_guide.md
        "Scanning not available at this time, please contact the app vendor",
        // mobile-dev-inc/Maestro: maestro-cli/.../PickDeviceInteractor.kt
        "No running emulator found. Start an emulator manually and try again.\nFor setup info checkout: https://maestro.mobile.dev/getting-started/installing-maestro/windows",
        // pocketbase/js-sdk: src/ClientResponseError.ts
        "Failed to connect to the PocketBase server. Try changing the SDK URL from localhost to 127.0.0.1 (https://github.com/pocketbase/js-sdk/issues/21).",
        // overleaf/overleaf: services/git-bridge/.../WLGitBridgeIntegrationTest.java
        "remote: hint: Your Git repository contains a reference we cannot resolve.\nremote: hint: If your project contains a Git submodule,\nremote: hint: please remove it and try again.",
        // idnow/de.idnow.ios: eid .../en.lproj/Localizable.strings
        "Your Ident-ID is not correct. Please check and try again.",
        // kili-technology/kili-python-sdk: tests/unit/test_graphql_client.py
        r#"{'message': 'Variable "$skip" of required type "Int!" was not provided.', 'locations': [{'line': 1, 'column': 58}], 'extensions': {'code': 'INTERNAL_SERVER_ERROR'}}"#,
    ]);
}

#[test]
fn a_refusal_beside_them_stays_a_refusal() {
    assert_eq!(
        verdict(
            "Document version changed between two reads. 403 Forbidden: missing or insufficient permissions"
        ),
        (false, Confidence::Strong)
    );
}

#[test]
fn the_narrowed_phrases_leave_their_namesakes_alone() {
    assert_lasting(&[
        // An app's sentence before a setting (found in public code).
        "The database is not currently reachable. Confirm DATABASE_URL and the expected Mentis tables/views.",
        // A real device's channel, which lasted until the device was
        // replugged (facebookarchive/WebDriverAgent#829, macacajs/XCTestWD#29;
        // the channel as those threads print it).
        r#"Connection peer refused channel request for "dtxproxy:XCTestDriverInterface:XCTestManager_IDEInterface"; channel canceled <DTXChannel: 0x1702a7e60>"#,
    ]);
}
