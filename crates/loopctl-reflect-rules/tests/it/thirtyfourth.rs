//! The thirty-fourth round, read after `final24.jsonl` was measured: the model hosts', vector stores', stores', queues' and work APIs' own words for a failure.

use crate::verdicts::{assert_lasting, assert_passing};

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // FoundationAgents/OpenManus#220
        "API error: Error code: 400 - {'error': {'message': 'registry.ollama.ai/library/qwen:4b does not support tools', 'type': 'api_error', 'param': None, 'code': None}}",
        // langchain-ai/langchain-azure#228
        "azure.core.exceptions.HttpResponseError: (OperationNotSupported) The chatCompletion operation does not work with the specified model, gpt-5.1-codex. Please choose different model and try again. You can learn more about which models can be used with each operation here: https://go.microsoft.com/fwlink/?linkid=2197993.\nCode: OperationNotSupported",
        // anthropics/claude-code#29584
        "[{\"error\":\"Error: 429 {\\\"type\\\":\\\"error\\\",\\\"error\\\":{\\\"type\\\":\\\"rate_limit_error\\\",\\\"message\\\":\\\"Extra usage is required for long context requests.\\\"},\\\"request_id\\\":\\\"req_011CYZAjb9kGCRmAhG79ySi5\\\"}\\n    at generate (B:/~BUN/root/claude.exe:288:28525)\\n    at makeRequest (B:/~BUN/root/claude.exe:327:5435)\\n    at processTicksAndRejections (native:7:39)\",\"timestamp\":\"2026-02-27T20:00:52.788Z\"}",
        // docs.pinecone.io/troubleshooting/index-creation-error-max-serverless.md
        "This project already contains 20 serverless indexes, the maximum per project. \nDelete any unused indexes and try again, or create a new project for more serverless indexes. \nFor additional help, please contact support@pinecone.io.",
        // FoundationDB/fdb-kubernetes-operator#536
        "{\"level\":\"error\",\"ts\":1614851930.7412972,\"logger\":\"controller\",\"msg\":\"Error from FDB command\",\"namespace\":\"default\",\"cluster\":\"sample-cluster\",\"code\":1,\"stdout\":\"\\nWARNING: One or more of the processes in the cluster is incompatible with this version of fdbcli.\\n\\nThe database is unavailable; type `status' for more information.\\n\\n\",\"stderr\":\"\\nWARNING: Long delay (Ctrl-C to interrupt)\\nSpecified timeout reached -- exiting...\\n\",\"error\":\"exit status 1\",\"stacktrace\":\"...\"}",
        // yugabyte/yugabyte-db:docs/content/stable/troubleshoot/nodes/trouble-common.md
        "ServerError: Server Error. Unknown keyspace/cf pair (system.peers_v2)\nSELECT * FROM system.peers_v2;\n^^^^^^\n (ql error -2)",
        // temporalio/sdk-rust#1439
        "ResourceExhausted: reached maximum deployments in namespace (100)",
        // trapias/TrelloExport#81
        "error 429: {\"message\":\"Rate limit exceeded: missing x-trello-user-agent-extension header\",\"error\":\"UNKNOWN_EXTENSION_LIMIT_EXCEEDED\"}",
        // anthropics/claude-code#7575
        "[DEBUG] MCP server \"sleep\": Starting connection with timeout of 100000ms\n[DEBUG] MCP server \"sleep\": Connection failed after 60031ms: MCP error -32001: Request timed out",
        // ThinkInAIXYZ/deepchat#712
        "Error: Failed to execute tool 'nb_multi_step_execute': MCP error -32001: Request timed out",
    ]);
}

#[test]
fn what_passes() {
    assert_passing(&[
        // Azure/azure-cosmosdb-spark#196
        "java.lang.RuntimeException: com.microsoft.azure.documentdb.DocumentClientException: Message: {\"Errors\":[\"Conflicting request to resource has been attempted. Retry to avoid conflicts.\"]}\n RequestStats: , SDK: Microsoft.Azure.Documents.Common/2.0.0.0, StatusCode: Retrytherequest",
        // modal-labs/modal-client#1826
        "grpclib.exceptions.StreamTerminatedError: Stream reset by remote party, error_code: 0",
        // Sage-Bionetworks/synapsePythonClient#792
        "ERROR    paramiko.transport:transport.py:1817     raise SSHException(\nERROR    paramiko.transport:transport.py:1817 paramiko.ssh_exception.SSHException: Error reading SSH protocol banner",
        // aws/aws-sdk-java-v2#5949
        "< ERROR! java.util.concurrent.CompletionException: software.amazon.awssdk.services.kinesis.model.ResourceInUseException: \nStream subscribe-to-shard-integ-test-123456789 under account 123456789 \nnot ACTIVE or UPDATING, instead in state CREATING \n(Service: Kinesis, Status Code: 400, Request ID: ca299ffa-90c6-9006-aa63-1a1ca6eea3b3, Extended Request ID: ABC",
        // Azure/azure-search-vector-samples#234
        "503 Failed to execute query because not enough resources were available to cover 100% of the index",
        // octokit/plugin-retry.js#395
        "GraphqlResponseError: Request failed due to following response errors:\n - Something went wrong while executing your query. Please include `0401:6C25:28BCA72:539243A:638E5DA9` when reporting this issue.\n    at /home/runner/work/delivery-org/delivery-org/node_modules/@octokit/graphql/dist-node/index.js:70:13",
    ]);
}

#[test]
fn an_account_that_is_not_active_is_not_a_stream_still_starting() {
    // Kinesis' "not ACTIVE" consumer passes once it is created, but
    // accounts and plans use the same words, and those stay.
    assert_lasting(&["User account is not in active status"]);
}
