//! The tour's model: an OpenAI-compatible server from the environment, or a scripted one on 127.0.0.1.

use std::sync::Arc;

use loopctl::llm::OpenAiClient;
use loopctl::prelude::*;
use loopctl_testkit::{Reply, TestServer};
use serde_json::json;

/// What the scripted model answers about the pending export: recoverable,
/// wait a little. A real model reading the same text answers in its own words.
fn scripted_answer() -> serde_json::Value {
    let analysis = json!({
        "is_recoverable": true,
        "root_cause": "the export waits for an upstream batch window that has not closed yet",
        "severity": "low",
        "correction": {
            "correction_type": "prerequisite_fix",
            "description": "wait for the batch window to close, then export again",
            "modified_input": null,
            "alternative_tool": null,
            "guidance": "the job id (4411) shows the export is queued, not failed"
        },
        "context": "retry-after-ms: 300"
    });
    json!({"choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": analysis.to_string()}}]})
}

/// The LLM fallback for `--llm`: the server in `OPENAI_BASE_URL` /
/// `OPENAI_API_KEY` when set, else a scripted server, so the run shows a
/// model being consulted either way. The server is kept alive by the caller.
pub(crate) async fn llm_reflector(
    enabled: bool,
) -> Result<Option<(Arc<dyn Reflector>, Option<TestServer>)>, String> {
    if !enabled {
        return Ok(None);
    }
    let configured = ["OPENAI_BASE_URL", "OPENAI_API_KEY"]
        .iter()
        .any(|name| std::env::var(name).is_ok_and(|value| !value.is_empty()));
    let (client, server) = if configured {
        let client = OpenAiClient::from_env().map_err(|error| error.to_string())?;
        (client, None)
    } else {
        let server = TestServer::start(vec![Reply::json(&scripted_answer())]).await;
        println!(
            "No model configured (OPENAI_BASE_URL, OPENAI_API_KEY): using a scripted model server at {}.\n\
             For a real one, set OPENAI_BASE_URL (a local Ollama: http://localhost:11434/v1) and/or OPENAI_API_KEY, and optionally OPENAI_MODEL.",
            server.url()
        );
        let client = OpenAiClient::builder()
            .base_url(format!("{}/v1", server.url()))
            .model("scripted")
            .build()
            .map_err(|error| error.to_string())?;
        (client, Some(server))
    };
    println!(
        "LLM fallback: model `{}` analyses what the rules cannot classify",
        client.model()
    );
    Ok(Some((
        Arc::new(LlmReflector::new(Arc::new(client))),
        server,
    )))
}
