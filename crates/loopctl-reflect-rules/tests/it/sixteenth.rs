//! The sixteenth round: what `final9.jsonl` measured wrong once, each text from the thread named beside it.

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn failures_their_systems_retry() {
    assert_passing(&[
        // anomalyco/opencode#21336
        "Upstream error from Alibaba: Request rate increased too quickly. To ensure system stability, please adjust your client logic to scale requests more smoothly over time.",
        // mastra-ai/mastra#13686
        "SSE stream disconnected: TypeError: terminated",
        // databricks/databricks-sdk-py#283
        "INVALID_STATE: Cluster XXX is in unexpected state Pending.",
        // confluentinc/librdkafka#1389
        "%7|1503493624.404|REQERR|mqtt_reader.1#producer-1| [thrd:ec2-54-216-200-214.eu-west-1.compute.amazonaws.com:9092/2]: ec2-54-216-200-214.eu-west-1.compute.amazonaws.com:9092/2: ProduceRequest failed: Broker: Not leader for partition: explicit actions 0x0",
        // googleapis/google-cloud-java#4939
        "com.google.cloud.spanner.AbortedException: ABORTED: com.google.api.gax.rpc.AbortedException: io.grpc.StatusRuntimeException: ABORTED: Transaction aborted. Database schema probably changed during transaction, retry may succeed.",
    ]);
}

#[test]
fn conditions_that_stay() {
    assert_lasting(&[
        // firecrawl/firecrawl#1029
        "{\"success\":false,\"error\":\"(Internal server error) - All scraping engines failed! -- Double check the URL to make sure it's not broken. If the issue persists, contact us at help@firecrawl.com.\"}",
        // pinecone-io/python-sdk#211
        "PineconeProtocolError: Failed to connect; did you specify the correct index name?",
        // aws/amazon-ssm-agent#536
        "An error occurred (TargetNotConnectedException) when calling the ExecuteCommand operation: The execute command failed due to an internal error. Try again later.",
        // adrianhajdin/zoom-clone#29
        "500: INTERNAL_SERVER_ERROR\nCode: MIDDLEWARE_INVOCATION_FAILED\nID: bom1::r6554-1744715052693-4e7975f4fb7e",
        // RussTedrake/underactuated#236
        "IOPub data rate exceeded.\nThe notebook server will temporarily stop sending output\nto the client in order to avoid crashing it.\nTo change this limit, set the config variable\n`--NotebookApp.iopub_data_rate_limit`.\n\nCurrent values:\nNotebookApp.iopub_data_rate_limit=1000000.0 (bytes/sec)\nNotebookApp.rate_limit_window=3.0 (secs)",
        // MagicStack/asyncpg#706
        "asyncpg.exceptions._base.InterfaceError: cannot perform operation: another operation is in progress",
    ]);
}

/// Probes a second reader wrote against the round: each new row must not
/// reach past the message it was written for.
#[test]
fn the_rows_stay_with_the_messages_they_were_written_for() {
    // Pinecone says "did you specify the correct index name" around a
    // connection reset too, which a retry gets past.
    assert_passing(&[
        "urllib3.exceptions.ProtocolError: ('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))\nDuring handling of the above exception, another exception occurred:\npinecone.core.exceptions.PineconeProtocolError: Failed to connect; did you specify the correct index name?",
        "kafka.errors.NotLeaderForPartitionError: [Error 6] NotLeaderForPartitionError",
    ]);
    assert_lasting(&[
        // Other pending states, which wait on a person.
        "Certificate arn:aws:acm:us-east-1:123:certificate/abc is in unexpected state PENDING_VALIDATION",
        "Key arn:aws:kms:us-east-1:123:key/abc is in unexpected state PendingDeletion",
        // "retry may succeed" negated.
        "Upload rejected: the file is larger than the 10 MiB cap; no retry may succeed until it is split.",
        "Permanent failure: no retry may succeed for this request",
        // A refused key beside DashScope's throttle.
        "{\"code\":\"InvalidApiKey\",\"message\":\"Invalid API-key provided.\"} (previous attempt: Request rate increased too quickly)",
        "IOPub message rate exceeded.\nThe Jupyter server will temporarily stop sending output\nto the client in order to avoid crashing it.\nTo change this limit, set the config variable\n`--ServerApp.iopub_msg_rate_limit`.",
    ]);
}
