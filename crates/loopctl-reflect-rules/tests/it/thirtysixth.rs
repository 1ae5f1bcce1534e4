//! The thirty-sixth round, read after `final26.jsonl` was measured: what model providers, browser drivers, transactional and vector stores, sandboxes, storage, infrastructure tools and brokers retry or give up on, by their own words.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing};

#[test]
fn what_the_systems_own_clients_retry_passes() {
    assert_passing(&[
        // https://docs.wandb.ai/support/inference/articles/api-error-code-429-concurrency-limit-reached
        "Concurrency limit reached for requests",
        // tashfeenahmed/freellmapi#522
        "400 {\"status\":400,\"title\":\"Bad Request\",\"detail\":\"Function id '...': DEGRADED function cannot be invoked\"}",
        // go-rod/rod:element.go
        "element covered by: <div>",
        // apify/crawlee:packages/core/src/errors.ts
        "Request is being retried later because its domain is rate-limiting us",
        // scrapy-plugins/scrapy-playwright:scrapy_playwright/_utils.py
        "Unable to retrieve content because the page is navigating and changing the content.",
        // microlinkhq/browserless:packages/errors/index.js
        "Execution context is not available in detached frame or worker \"https://app.oviond.com/pdf/x\"",
        // microlinkhq/browserless:packages/errors/test/index.js
        "Requesting main frame too early!",
        // go-rod/rod:page.go
        "Not attached to an active page",
        // cypress-io/cypress#7981
        "WebSocket is already in CLOSING or CLOSED state.",
        // neo4j/neo4j-dotnet-driver#750
        "Neo4j.Driver.TransientException: ForsetiClient[transactionId=169062, clientId=2734] can't acquire ExclusiveLock{owner=ForsetiClient[transactionId=169064, clientId=2731]} on NODE(359109), because holders of that lock are waiting for ForsetiClient[transactionId=169062, clientId=2734].",
        // cockroachdb/cockroach#2861
        "query error: read at time 1445276533.949613094,0 encountered previous write with future timestamp 1445276533.951177120,0 within uncertainty interval",
        // tikv/client-go:config/retry/config.go
        "region is being online unsafe recovered",
        // neo4j/neo4j-python-driver:src/neo4j/_async/io/_pool.py
        "Unable to retrieve routing information",
        "No write service currently available",
        // yugabyte/yugabyte-db#1276
        "switch_colors_slave: Thread-2; Exception: Not found: Missing metadata for transaction: 94a2a059-05b3-467f-8106-fe098f71b991",
        // apple/foundationdb#11621
        "initial empty R/O tx, failed to get future: FoundationDB error code 1039 (The protocol version of the cluster has changed) (using multiversion client = true)",
        // milvus-io/milvus#22126
        "[2023-02-10T03:52:23.217Z] [2023-02-10 03:52:23 - ERROR - pymilvus.decorators]: RPC error: [batch_insert], <MilvusException: (code=1, message=syncTimeStamp Failed:StateCode=StandBy)>, <Time:{'RPC start': '2023-02-10 03:52:23.133743', 'RPC error': '2023-02-10 03:52:23.137115'}> (decorators.py:108)",
        // fluent/fluent-plugin-webhdfs#84
        "2021-09-02 13:06:57 +0000 [warn]: #11 [out_hdfs] webhdfs check request failed. (namenode: $hadoohost:port, error: {\"RemoteException\":{\"exception\":\"StandbyException\",\"javaClassName\":\"org.apache.hadoop.ipc.StandbyException\",\"message\":\"Operation category READ is not supported in state standby. Visit https://s.apache.org/sbnn-error\"}})",
        // rclone/rclone:backend/onedrive/onedrive.go
        "Unable to initialize RPS",
        // apache/opendal#1148
        "2023-01-08T06:42:32.568657Z ERROR opendal::services: service=s3 operation=read path=355227/538416/_b/361afc7a09d746e1a815101757c35042_v2.parquet has_read=2114896 -> failed: Custom { kind: UnexpectedEof, error: \"reader got too less data, expect: 4056267, actual: 2114896\" }",
        // hetznercloud/terraform-provider-hcloud#469 and #734
        "Error: hcclient/WaitForActions: action 273224989 failed: server is locked (unknown_error)",
        "│ Error: hcloud/inlineAttachServerToNetwork: attach server to network: cannot perform operation because server is locked (locked)",
        // MakazhanAlpamys/Soup#763
        "The job was not started because it repeatedly failed to be acquired (5 attempts).",
        // buildkite/agent:agent/agent_worker_test.go
        "{\"message\": \"Job waitinguuid is not yet eligible to be assigned\"}",
        // twmb/franz-go:pkg/kgo/errors.go
        "the broker connection has died and the request will be retried on a new connection",
        "broker replied that the controller broker is not available",
        // firebase/firebase-admin-node:src/messaging/error.ts
        "The rate of messages to a particular device is too high. Reduce the number of messages sent to this device and do not immediately retry sending to this device.",
    ]);
}

#[test]
fn what_another_attempt_meets_again_is_refused_strongly() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // langgenius/dify#5850: Zhipu's 1113, the account in arrears.
            "Error code: 429, with error text {\"error\":{\"code\":\"1113\",\"message\":\"您的账户已欠费，请充值后重试。\"}}",
            // dirge-code/dirge#818: Zhipu's 1308, a five-hour usage cap.
            " HttpError: Invalid status code 429 Too Many Requests with message: {\"error\":{\"code\":\"1308\",\"message\":\"已达到 5\n小时的使用上限。您的限额将在 2026-08-25 07:41:44 重置。\"}}",
            // NVIDIA-AI-Blueprints/video-search-and-summarization#1470
            "HTTP status client error (451 Unavailable For Legal Reasons) for url (https://api.ngc.nvidia.com/v2/org/nim/team/nvidia/models/nvidia-nemotron-nano-9b-v2/v1.2.2-ga/files)",
            // OpenHands/OpenHands:openhands/runtime/utils/edit.py
            "Failed to get new file contents. Please try to reduce the number of edits and try again.",
            // e2b-dev/E2B:packages/js-sdk/src/envd/rpc.ts
            "The sandbox was killed or reached its end of life while the request was in flight.",
        ],
    );
}

#[test]
fn a_credential_failure_that_says_try_again_or_connect_is_still_one() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // kirodotdev/Kiro#6625
            "Unable to fetch account usage data: Your User ID (d4885488-a001-703a-a602-012e6aab6b16) temporarily is suspended. We've locked your account as a security precaution. To restore access, please contact our support team to verify your identity: https://support.aws.amazon.com/#/contacts/kiro",
            // modal-labs/modal-client:py/modal/_utils/auth_token_manager.py
            "Internal error: Cannot parse auth token. Please contact Modal support.",
            // MiraWaNeko/DiscordIntegration#64
            "Failed to connect to Discord: The provided token is invalid!",
            // koyeb/koyeb-cli:pkg/koyeb/errors/api.go
            "your authentication token is invalid or expired, or the selected organization (for user tokens) has been deleted.",
            // actions/toolkit:packages/artifact/src/internal/shared/util.ts
            "Failed to get backend IDs: The provided JWT token is invalid and/or missing claims",
            // MrSwitch/hello.js#548
            "The access token is invalid since the user hasn't engaged the app in longer than 90 days.",
        ],
    );
    // A closed connection beside it leaves it unsure, so it is handed on,
    // never retried.
    assert_all(
        (false, Confidence::Weak),
        &[
            // twmb/franz-go:pkg/kgo/errors.go
            "broker closed the connection immediately after a request was issued, which often happens when SASL is required but not provided: is SASL missing?",
        ],
    );
}

#[test]
fn what_the_rules_are_unsure_of_is_handed_on() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // e2b-dev/code-interpreter:python/e2b_code_interpreter/exceptions.py:
            // its own words on the sandbox's time-out stand beside it.
            "The sandbox was killed while the request was in progress. This can happen when the sandbox times out or is killed manually. You can modify the sandbox timeout by passing 'timeout' when starting the sandbox or calling '.set_timeout' on the sandbox with the desired timeout",
            // docker/docker-py#2892
            "docker.errors.APIError: 500 Server Error for http+docker://localhost/v1.41/containers/create?name=foobar: Internal Server Error (\"json: cannot unmarshal array into Go struct field ContainerConfigWrapper.Image of type string\")",
            // continuedev/continue#9942: spurious for one gateway's users
            // (TiaraBasori/OpenCode2API#5), so no longer sure.
            "402 Insufficient Balance",
            // supabase/supabase#32689 against cloudnative-pg/cloudnative-pg#1254,
            // where a stale connection after a promotion passed.
            "cannot execute nextval() in a read-only transaction",
        ],
    );
    assert_all(
        (true, Confidence::Weak),
        &[
            // googleapis/java-storage#2148 against seaweedfs/seaweedfs#1865,
            // where no volume was free.
            "We encountered an internal error. Please try again.",
        ],
    );
}

#[test]
fn an_oauth_login_that_timed_out_is_no_credential_failure() {
    // anthropics/claude-code#33374: "oauth login" holds the words of a
    // command-line tool's `auth login`, which are therefore named in full.
    assert_passing(&["OAuth login timeout after 15000ms"]);
    // Kaggle/kaggle-api:src/kaggle/api/kaggle_api_extended.py: the tool's
    // own command still reads as a credential failure, never retried.
    assert_all(
        (false, Confidence::Strong),
        &[
            "Unable to generate an access token. Please run \"kaggle auth login\" and try again.",
            // cli/cli:pkg/cmd/auth/refresh/refresh.go
            "not logged in to any hosts. Use 'gh auth login' to authenticate with a host",
        ],
    );
}
