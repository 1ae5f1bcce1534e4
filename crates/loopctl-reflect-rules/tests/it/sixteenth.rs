//! The sixteenth round: what `final9.jsonl` measured wrong once, each text from the thread named beside it.

use crate::verdicts::{assert_passing, verdict};

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
    for text in [
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
    ] {
        assert!(!verdict(text).0, "{text}");
    }
}
