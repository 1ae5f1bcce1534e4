//! The thirteenth round: what `final7.jsonl` measured wrong once, each text from the thread named beside it.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_lasting, assert_passing, verdict};

#[test]
fn a_plan_or_a_payment_is_not_a_moment() {
    assert_lasting(&[
        // exa-labs/exa-mcp-server#150: 402 Payment Required.
        "Request failed with status code 402. Please check your query and try again.",
        // alexreisner/geocoder#1363
        "Geocoding API error: 429 Too Many Requests\nGeocoding API's response was not valid JSON: Rate limit exceeded. Upgrade to increase your usage limits at https://ipinfo.io/pricing, or contact us via https://ipinfo.io/contact",
    ]);
}

#[test]
fn a_plan_beside_a_rate_limit_is_left_to_the_model() {
    // vercel/vercel#1607. Since the calibration that counted `final45`
    // ("upgrade your plan" right 14 of 16 times it decided), the plan no
    // longer overrules the rate limit beside it surely, so `rules+llm`
    // hands the text to the model rather than deciding it.
    assert_ne!(
        verdict(
            "Logs from deployments of your account are rate limited. \nThe reason is \"writes from api-lgbdalnnyp.now.sh\". Please upgrade your plan."
        )
        .1,
        Confidence::Strong
    );
}

#[test]
fn a_402_that_is_a_line_or_an_id_is_no_payment() {
    for text in [
        "Error at line 402: request timed out",
        "error: job 402 timed out waiting for a runner",
    ] {
        assert!(verdict(text).0, "{text}");
    }
}

#[test]
fn failures_their_systems_retry() {
    assert_passing(&[
        // BerriAI/litellm#8020
        "ERROR:root:LiteLLM call failed: litellm.APIError: APIError: OpenAIException - Error code: 500 - {'error': {'message': 'The model produced invalid content. Consider modifying your prompt if you are seeing this error persistently.', 'type': 'model_error', 'param': None, 'code': None}}",
        // earendil-works/pi#4433 and vellum-ai/vellum-assistant#18275
        "Anthropic stream ended before message_stop",
        "Unexpected event order, got message_start before receiving \"message_stop\"",
        // Davidvandijcke/coarse#176
        "Runner interrupted due to worker preemption.\n          Your Function will be restarted with the same input.",
        // aws/aws-sdk-pandas#665: Redshift's error 1023.
        "{'S': 'ERROR', 'C': 'XX000', 'M': '1023', 'D': 'Serializable isolation violation on table - 119371, transactions forming the cycle are: 1745830, 1745762 (pid:15021)', 'F': '/home/ec2-user/padb/src/sys/xen_execute.cpp', 'L': '9797', 'R': 'pg_throw'}",
        // trinodb/trino#25685
        "CLUSTER_OUT_OF_MEMORY: Query killed because the cluster is out of memory. Please try again in a few minutes.",
        // ClickHouse/ClickHouse#50389
        "Code: 225. DB::Exception: Received from 10.224.132.249:9000. DB::Exception: ZooKeeper session has been expired..",
        // robinhood/faust#15
        "OffsetCommit failed for group referrals-device-check due to group error ([Error 27] RebalanceInProgressError: referrals-device-check), will rejoin",
        // pgbouncer/pgbouncer#714
        "Npgsql.PostgresException (0x80004005): 08P01: server conn crashed?",
        // PeerDB-io/peerdb#3966: MongoDB's InterruptedAtShutdown in words.
        "Emitting error/warning metric: '[qrep] failed to pull records: cursor error: (HostUnreachable) Error on remote shard <host>t:27017 :: caused by :: interrupted at shutdown'",
    ]);
}
