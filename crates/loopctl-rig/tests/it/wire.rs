//! rig's own OpenAI provider, pointed at a scripted OpenAI-compatible server on 127.0.0.1, with every tool call recovering through loopctl.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl_backoff::FixedDelayRecovery;
use loopctl_driver::{Dispatcher, FnTool, ToolOutput, ToolRegistry};
use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use loopctl_rig::Recovery;
use loopctl_testkit::{Reply, TestServer};
use rig_agent::AgentBuilder;
use rig_core::providers::openai::OpenAIConfig;
use serde_json::json;

#[tokio::test]
async fn the_openai_provider_over_http_sees_one_tool_result_after_loopctl_recovered() {
    let server = TestServer::start(vec![
        Reply::json(&json!({
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "model": "gpt-4o",
            "choices": [{
                "index": 0,
                "finish_reason": "tool_calls",
                "message": {
                    "role": "assistant",
                    "content": null,
                    "tool_calls": [{
                        "id": "call_abc",
                        "type": "function",
                        "function": {"name": "lookup", "arguments": "{\"order\": \"A-17\"}"}
                    }]
                }
            }]
        })),
        Reply::json(&json!({
            "id": "chatcmpl-2",
            "object": "chat.completion",
            "model": "gpt-4o",
            "choices": [{
                "index": 0,
                "finish_reason": "stop",
                "message": {"role": "assistant", "content": "Order A-17 has shipped."}
            }]
        })),
    ])
    .await;

    let runs = Arc::new(AtomicU32::new(0));
    let counter = Arc::clone(&runs);
    let lookup = FnTool::new(
        ToolSchema::new(
            "lookup",
            "Looks up an order.",
            json!({"type": "object", "properties": {"order": {"type": "string"}}, "required": ["order"]}),
        ),
        move |input| {
            let n = counter.fetch_add(1, Ordering::SeqCst) + 1;
            let order = input["order"].as_str().unwrap_or("").to_owned();
            async move {
                if n == 1 {
                    ToolOutput::error("503 Service Unavailable: orders backend is restarting")
                } else {
                    ToolOutput::success(format!("{order}: shipped"))
                }
            }
        },
    )
    .read_only();
    let dispatcher = Dispatcher::new(ToolRegistry::new().with(lookup))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(FixedDelayRecovery::new(
            2,
            Duration::from_millis(10),
        )));
    let recovery = Recovery::new(Arc::new(dispatcher));

    let client = OpenAIConfig::new("sk-test")
        .with_base_url(format!("{}/v1", server.url()))
        .client();
    let agent = AgentBuilder::new(client.chat("gpt-4o"))
        .dynamic_tools(recovery.tools())
        .add_hook(recovery.hook())
        .build();
    let response = agent
        .prompt("where is order A-17?")
        .max_turns(4)
        .await
        .unwrap();

    assert_eq!(response.output(), "Order A-17 has shipped.");
    assert_eq!(
        runs.load(Ordering::SeqCst),
        2,
        "loopctl retried the 503 once"
    );
    let requests = server.requests();
    assert_eq!(
        requests.len(),
        2,
        "two model requests, one tool result between them"
    );
    let sent = requests[1].json();
    let messages = sent["messages"].as_array().unwrap();
    let tool_message = messages
        .iter()
        .find(|message| message["role"] == "tool")
        .expect("the tool result went back to the model");
    assert_eq!(tool_message["tool_call_id"], "call_abc");
    assert_eq!(tool_message["content"], "A-17: shipped");
    assert!(
        sent["tools"][0]["function"]["name"] == "lookup",
        "the loopctl tool was advertised: {sent}"
    );
}
