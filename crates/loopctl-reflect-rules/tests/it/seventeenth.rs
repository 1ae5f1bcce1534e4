//! The seventeenth round: what `final10.jsonl` measured wrong once, each text from the source named beside it.

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn failures_their_systems_retry() {
    assert_passing(&[
        // googleapis/nodejs-bigquery#843
        "Error: Resources exceeded during query execution: Too many DML statements outstanding against table ABCD, limit is 20",
        // kwhitley/itty-durable#33
        "Cannot resolve Durable Object due to transient issue on remote node.",
        // ssc-sp/datahub-portal#362
        "Error: REQUEST_LIMIT_EXCEEDED: GetUserPermissionsRequest RPC token bucket limit has been exceeded.",
        // BerriAI/litellm#7210
        "Max parallel request limit reached Hit limit for LiteLLM Virtual Key user_api_key_hash: 375840de19b9b031b9d55a273xxxxxx",
        // openai/openai-python#1023
        "openai.BadRequestError: Error code: 400 - {'error': {'message': \"Can't add messages to thread_jD1dj44APTovq48PCBZACOGV while a run run_KfVG8fSJg882VHYeewFQ2BHk is active.\", 'type': 'invalid_request_error', 'param': None, 'code': None}}",
        // aws/amazon-redshift-jdbc-driver#147
        "com.amazon.redshift.util.RedshiftException: ERROR: could not complete because of conflict with concurrent transaction",
        // redis/go-redis:tx.go
        "redis: transaction failed",
        // mariadb-corporation/mariadb-connector-nodejs#323
        "SqlError: (conn:12, no: 45009, SQLState: 08S01) socket has unexpectedly been closed",
        // PowerJob/PowerJob#1118
        "nested exception is org.hibernate.PessimisticLockException: could not execute statement",
        // awsdocs/amazon-ecs-developer-guide:doc_source/service-event-messages.md
        "service (service-name) operations are being throttled. Will try again later.",
    ]);
}

#[test]
fn conditions_that_stay() {
    assert_lasting(&[
        // temporalio/tctl#353 and temporalio/temporal#7801: TLS the server
        // wants and the client does not offer.
        "FATAL   Failed to create SDK client     {\"error\": \"failed reaching server: last connection error: connection closed before server preface received\", \"logging-call-at\": \"factory.go:122\"}",
        "time=2025-05-24T03:16:30.360 level=ERROR msg=\"failed reaching server: last connection error: connection error: desc = \\\"error reading server preface: EOF\\\"\"",
        // conda/conda#9143
        "UnavailableInvalidChannel: The channel is not accessible or is invalid.\n  channel name: menpo/mempo\n  channel url: https://anaconda.org/menpo/mempo\n  error code: 404\n\nYou will need to adjust your conda configuration to proceed.\nUse `conda config --show channels` to view your configuration's current state,\nand use `conda config --show-sources` to view config file locations.",
        // deepset-ai/haystack#10024
        "haystack.core.errors.PipelineConnectError: Cannot connect 'prompt_builder' with 'llm': no matching connections available.\n'prompt_builder':\n - prompt: str\n'llm':\n - messages: list[ChatMessage] (available)",
        // RamVegiraju/SageMaker-Deployment#3
        "ModelError: An error occurred (ModelError) when calling the InvokeEndpoint operation: Received server error (0) from primary with message \"Your invocation timed out while waiting for a response from container primary. Review the latency metrics for each container in Amazon CloudWatch, resolve the issue, and try again.\". See https://us-east-1.console.aws.amazon.com/cloudwatch/home?region=us-east-1#logEventViewer:group=/aws/sagemaker/Endpoints/spacy-ner-endpoint2022-04-27-20-26-17 in account xx for more information.",
        // kubernetes/kubernetes#116133
        "Warning  FailedScheduling  61s (x2 over 6m23s)  default-scheduler  0/1 nodes are available: 1 node(s) had untolerated taint {node-role.kubernetes.io/control-plane: }. preemption: 0/1 nodes are available: 1 Preemption is not helpful for scheduling..",
        // farhadzm/EFCoreWithNoLock#5
        "InvalidOperationException: The configured execution strategy  'SqlServerRetryingExecutionStrategy' does not support user initiated  transactions. Use the execution strategy returned by  'DbContext.Database.CreateExecutionStrategy()' to execute all the  operations in the transaction as a retriable unit.",
        // coder/coder#29051: MCP servers send their tools' input errors as
        // JSON-RPC's -32603, which no longer decides.
        "{\n  \"jsonrpc\": \"2.0\",\n  \"id\": 1,\n  \"error\": {\n    \"code\": -32603,\n    \"message\": \"workspace name cannot be empty\"\n  }\n}",
        // awsdocs/amazon-ecs-developer-guide:doc_source/service-event-messages.md
        "service (service-name) was unable to stop or start tasks during a deployment because of the service deployment configuration. Update the minimumHealthyPercent or maximumPercent value and try again.",
    ]);
}
