//! The tenth round: what `final5.jsonl` measured wrong once, each text from the thread or source named beside it.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing, verdict};

#[test]
fn credential_failures_that_name_no_credential_word_stay() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // recallai/muesli-public#2: "temporary" is not a passing state.
            "Response data: {\n  transcript: 'Unable to get temporary credentials for deepgram_streaming. When using Deepgram, you must grant your API key the `keys:write` scope, and specify a Deepgram project ID in the Recall dashboard.'\n}",
        ],
    );
}

#[test]
fn concurrency_quotas_and_states_that_pass() {
    assert_passing(&[
        // m-lab/etl-gardener#410 and DataBiosphere/azul#3348: a 403 class
        // name is a bare status code, and a concurrency quota passes.
        "20221002:ndt/tcpinfo Dedup googleapi: Error 400: Job exceeded rate limits: Your project_and_region exceeded quota for concurrent queries. For more information, see https://cloud.google.com/bigquery/docs/troubleshoot-quotas, jobRateLimitExceeded",
        "google.api_core.exceptions.Forbidden: 403 Exceeded rate limits: too many concurrent queries for this project_and_region. For more information, see https://cloud.google.com/bigquery/docs/troubleshoot-quotas",
        // cocoindex-io/cocoindex#1151: a per-minute quota in a metric's name.
        "the service reports an error with code RESOURCE_EXHAUSTED described as: Quota exceeded for aiplatform.googleapis.com/embed_content_input_tokens_per_minute_per_base_model with base model: gemini-embedding. Please submit a quota increase request.",
        // expectedparrot/edsl#1907
        "400 The File 4d21d8wxg1pe is not in an ACTIVE state and usage is not allowed",
        // openshift/origin#1990: "forbidden" here is the quota check.
        "Build failed with error rjarvine/restify-base-1: &errors.errorString{s:\"failed to create pod for build rjarvine/restify-base-1: pods \\\"restify-base-1\\\" is forbidden: Unable to CREATE pods at this time because there was an error enforcing quota\"}",
        // ITISFoundation/osparc-simcore#3592
        "(sqlalchemy.dialects.postgresql.asyncpg.InvalidCachedStatementError) <class 'asyncpg.exceptions.InvalidCachedStatementError'>: cached statement plan is invalid due to a database schema or configuration change",
        // tulios/kafkajs:src/protocol/error.js
        "There are unstable offsets that need to be cleared",
    ]);
}

#[test]
fn conditions_that_stay() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // DimiMikadze/orca#91: "retryable" here is no advice.
            "This MongoDB deployment does not support retryable writes. Please add retryWrites=false to your connection string.",
            // Azure/azure-functions-dotnet-worker#1003
            "Azure.Messaging.ServiceBus: The lock supplied is invalid. Either the lock expired, or the message has already been removed from the queue.",
            // google-gemini/gemini-cli#13004: a reset hours away.
            "[API Error: [{ \"error\": { \"code\": 429, \"message\": \"You have exhausted your capacity on this model. Your quota will reset after 8h44m7s.\"",
        ],
    );
    // A quota that comes back within seconds is still a wait, decided by
    // the bare code and so only weakly.
    assert_eq!(
        verdict(
            r#"{ "error": { "code": 429, "message": "You have exhausted your capacity on this model. Your quota will reset after 40s." } }"#
        ),
        (true, Confidence::Weak)
    );
}

#[test]
fn a_generic_passing_word_beside_them_leaves_them_to_the_next_reader() {
    // The verdict stands, but "server error" and "timed out" name a passing
    // failure too, so it is no longer sure (see `beside.rs`).
    assert_all(
        (false, Confidence::Weak),
        &[
            // run-llama/llama_deploy#448
            "WorkflowTimeoutError: Operation timed out after 10.0 seconds",
            // microsoft/vscode-docker#1309
            "Error Message: (HTTP code 500) server error - driver failed programming external connectivity on endpoint db_bancoDeDados: Bind for 0.0.0.0:5436 failed: port is already allocated",
        ],
    );
}

#[test]
fn a_word_the_calibration_made_generic_leaves_them_sure() {
    // "Connection error" was right 0 of 1 times it decided as a strong
    // pattern, so it is a generic word now, and a generic passing word
    // beside a refusal is how the refusal is reported.
    assert_all(
        (false, Confidence::Strong),
        &[
            // Bajdzis/vscode-database#208
            "Connection error! ER_NOT_SUPPORTED_AUTH_MODE: Client does not support authentication protocol requested by server; consider upgrading MySQL client",
        ],
    );
}
