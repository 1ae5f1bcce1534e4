//! The sixty-second round, read after `final53.jsonl` was measured: game distribution back ends, log shippers, SMS gateways and labelling services.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_beside, verdict};

#[test]
fn updates_upstreams_and_per_second_throughput_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // wolveix/satisfactory-server#131
            "Error! App '1690800' state is 0x602 after update job.",
            // CubeCoders/AMP#437
            "Error! App '90' state is 0xE after update job.",
            // Epic Online Services' EOS_EResult reference
            "EOS_OperationWillRetry",
            // game-ci/unity-builder#229: a licence server's 503
            "Cancelling DisplayDialog: Information There was a problem communicating with the license server. Would you like to do a manual activation instead?",
            // fluent/fluent-bit: plugins/out_loki/loki.c
            "no upstream connections available",
            // jookies/jasmin: tests/protocols/http/test_server_credentials.py, and #648
            r#"Error "User throughput exceeded""#,
            "QoS: submit_sm_event is faster (0:00:00.002545) than fixed throughput",
            // Labelbox/labelbox-python: schema/project.py
            "Maximum wait time exceeded while waiting for data rows to be processed.\n                    Try creating a batch a bit later",
        ],
    );
}

#[test]
fn login_limits_failed_loads_and_changed_requests_last() {
    assert_eq!(
        // ValveSoftware/steam-for-linux#4341: blocked for half an hour
        verdict("Login Failure: Rate Limit Exceeded (84)"),
        (false, Confidence::Strong)
    );
    assert_lasting(&[
        // kserve/kserve: test_model_repository_extension.py
        "Model with name TestModel is not ready. Error type: <class 'Exception'> error msg: Could not load model TestModel.",
        // Netflix/metaflow: plugins/argo/argo_workflows_cli.py
        "Try again with the correct production token.",
        // Zoho Writer's sign API error codes
        "One or more mandatory parameters are missing. Please try again with all required parameters.",
    ]);
    // Another SteamCMD state is not named: 0x202 is a full disk
    // (WindowsGSM/WindowsGSM#59).
    assert!(!verdict("Error! App '740' state is 0x202 after update job.").0);
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    let words = [
        "state is 0x602 after update job",
        "no upstream connections available",
        "User throughput exceeded",
        "than fixed throughput",
    ];
    assert_refused_beside(&words);
}

#[test]
fn what_the_second_reader_narrowed_or_took_out_stays_so() {
    // Unity logs its "Error fetching" for every reply but a 200, and a
    // failed allocation lasts (fluent/fluent-bit#6934).
    for text in [
        "LICENSE SYSTEM [2021315 14:14:44] Error fetching https://license.unity3d.com/update/poll?(serial removed)",
        "could not allocate outgoing buffer",
        // Prose about throughput, not Jasmin's log line (constructed).
        "Requests are issued faster than fixed throughput allows",
    ] {
        assert_ne!(verdict(text), (true, Confidence::Weak), "{text}");
    }
    // Other programs' "could not load models" pass (a constructed UI line).
    assert!(verdict("Could not load models from GitHub. Try again.").0);
    // The same call again, advised.
    for text in [
        "Google sign-in did not complete. Please try again with the same browser window.",
        "Try again with exponential backoff",
    ] {
        assert!(verdict(text).0, "{text}");
    }
}

#[test]
fn disk_failures_and_refused_credentials_last() {
    assert_all(
        (false, Confidence::Weak),
        &["ERROR! Failed to install app '740' (Disk write failure)"],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            "EOS_InvalidAuth",
            "EOS_InvalidCredentials",
            "submit_sm_resp: ESME_RINVPASWD",
        ],
    );
}
