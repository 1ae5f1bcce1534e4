//! The twenty-fourth round, read after `final15.jsonl` was measured: an invalid access token beside a retry hint, webpki's unknown issuer and a client without TLS, gRPC's UNAVAILABLE in gRPC-core's and grpc-node's spellings, operations that name a concurrent one, a MongoDB failover and a hosted CI agent that went away.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_passing, verdict};

#[test]
fn a_refused_token_beside_a_retry_hint_is_still_refused() {
    // buildkite/agent#1097: the agent retried this forever.
    assert_eq!(
        verdict(
            "PUT https://agent.buildkite.com/v3/jobs/<job_id>/finish: 401 Invalid access token (Attempt 2484030/\u{221e} Retrying in 1s"
        ),
        (false, Confidence::Strong)
    );
}

#[test]
fn a_chain_no_root_trusts_and_a_client_without_tls() {
    // Both beside a passing word ("error trying to connect", "Failed to
    // connect"), so the refusal stands but is unsure. ducaale/xh#224:
    assert_eq!(
        verdict("error trying to connect: invalid certificate: UnknownIssuer"),
        (false, Confidence::Weak)
    );
    // rockdaboot/wget2#201:
    assert_eq!(
        verdict("Failed to connect: Wget has been built without TLS support"),
        (false, Confidence::Weak)
    );
}

#[test]
fn passing_failures_in_the_words_of_their_systems() {
    assert_passing(&[
        // grpc/grpc-node#440
        r#"{code: 14, details: "TCP Read failed", metadata { _internal_repr: {} }"#,
        // googleapis/google-cloud-python#2683
        r#"{ Error: {"created":"@1490271131.819044969","description":"Endpoint read failed","file":"../src/core/ext/transport/chttp2/transport/chttp2_transport.c","file_line":1851,"grpc_status":14,"occurred_during_write":0,"referenced_errors":[{"created":"@1490271131.819031343","description":"Socket closed","fd":16,"file":"../src/core/lib/iomgr/tcp_posix.c","file_line":249,"target_address":"ipv4:172.16.250.137:8980"}]}"#,
        // aws-samples/appmod-blueprints#909: Argo CD's operation lock.
        "FATA[0000] rpc error: code = FailedPrecondition desc = another operation is already in progress",
        // hashicorp/terraform#29976
        "Error: error rebooting DB Instance (sample-aurorapgsingle-test-cn-north-1-rds-1): InvalidDBInstanceState: Instance cannot currently reboot due to an in-progress management operation.\n status code: 400, request id: ece02bf0-0800-41f2-81bd-877b2d175004",
        // mongodb/mongo-ruby-driver#685
        "Mongo::Error::OperationFailure: can't connect to new replica set master [REDACTED], err: couldn't connect to server REDACTED (REDACTED), connection attempt failed (13639)",
        // ungoogled-software/ungoogled-chromium-macos#164
        "The hosted runner: GitHub Actions 5 lost communication with the server. Anything in your workflow that terminates the runner process, starves it for CPU/Memory, or blocks its network access can cause this error.",
        // Azure/azure-sdk-for-python#24143
        "[error]We stopped hearing from agent Azure Pipelines 3. Verify the agent machine is running and has a healthy network connection. Anything that terminates an agent process, starves it for CPU, or blocks its network access can cause this error. For more information, see: https://go.microsoft.com/fwlink/?linkid=846610",
    ]);
    // Helm's release lock is another matter: a release left pending keeps it.
    assert!(
        !verdict(
            "Error: UPGRADE FAILED: another operation (install/upgrade/rollback) is in progress"
        )
        .0
    );
}
