//! The eleventh round: what `final6.jsonl` measured wrong once, each text from the thread, page or source named beside it.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing, verdict};

#[test]
fn credentials_missing_or_spent_in_the_sdks_words_stay() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // stripe/stripe-cli#792: "try again" after a new key.
            "The API key provided has expired. Obtain a new key from the Dashboard or run `stripe login` and try again.",
            // mlfoundations/dclm#29
            "botocore.exceptions.NoCredentialsError: Unable to locate credentials",
            // redis/docs: security/acl.md
            "(error) NOPERM this user has no permissions to access one of the keys used as arguments",
        ],
    );
}

#[test]
fn a_credentials_plugin_fails_as_what_broke_it() {
    // gRPC wraps every failure of a call-credentials plugin as UNAVAILABLE
    // ("Getting metadata from plugin failed with error: ..."), so the words
    // after it decide. stanfordnlp/dspy#1021: a bug in the plugin's code.
    assert_eq!(
        verdict(
            "grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n        status = StatusCode.UNAVAILABLE\n        details = \"Getting metadata from plugin failed with error: 'str' object has no attribute 'before_request'\""
        ),
        (false, Confidence::Weak)
    );
    // The token endpoint out of reach passes (the plugin's format in
    // grpcio's plugin_credentials.cc, with urllib3's refused connection).
    assert!(
        verdict(
            "503 Getting metadata from plugin failed with error: ('Connection aborted.', RemoteDisconnected('Remote end closed connection without response'))"
        )
        .0
    );
}

#[test]
fn documented_passing_states_pass() {
    assert_passing(&[
        // awsdocs/amazon-dynamodb-developer-guide: Programming.Errors.md
        "Too many operations for a given subscriber.",
        // nats-io/nats.go: jserrors.go
        "nats: Leadership Changed",
        // spring-projects/spring-kafka#1445: a rebalance, not a lost commit.
        "Offset commit cannot be completed since the consumer is undergoing a rebalance for auto partition assignment. You can try completing the rebalance by calling poll() and then retry the operation.",
        // awsdocs/aws-lambda-developer-guide: troubleshooting-images.md
        "Error: We currently do not have sufficient capacity in the region you requested. Our system will be working on provisioning additional capacity.",
    ]);
}

#[test]
fn an_operation_in_flight_that_names_an_existing_key_is_left_to_the_model() {
    // GoogleCloudPlatform/gcs-fuse-csi-driver: docs/troubleshooting.md. The
    // CSI in-flight check passes, but "already exists" names a lasting
    // conflict in the same text: priority answers, only weakly.
    assert_eq!(
        verdict(
            "MountVolume.SetUp failed for volume \"xxx\" : rpc error: code = Aborted desc = An operation with the given volume key xxx already exists"
        ),
        (false, Confidence::Weak)
    );
}

#[test]
fn documented_lasting_conditions_stay() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // npm/cli: lib/utils/error-message.js; "try again" after a change.
            "Cannot publish over existing version.\nUpdate the 'version' field in package.json and try again.",
            // farion1231/cc-switch#240: tokens per day.
            "request reached organization TPD rate limit, current: 1508351, limit: 1500000",
        ],
    );
}
