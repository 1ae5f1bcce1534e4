//! A rig agent whose tool fails twice and recovers inside one model turn, with rig's scripted model: no key, no network.
#![allow(
    clippy::print_stdout,
    reason = "a program for the docs prints its results"
)]
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl::prelude::*;
use loopctl::rig::Recovery;
use loopctl::rig::rig_agent::AgentBuilder;
use loopctl::rig::rig_core::test_utils::{MockCompletionModel, MockTurn};
use serde_json::json;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // A tool whose service is restarting: its first two calls fail.
    let runs = Arc::new(AtomicU32::new(0));
    let counted = Arc::clone(&runs);
    let weather = FnTool::new(
        ToolSchema::new(
            "weather",
            "Today's weather in a city",
            json!({"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}),
        ),
        move |input| {
            let run = counted.fetch_add(1, Ordering::SeqCst);
            let city = input["city"].as_str().unwrap_or("?").to_owned();
            async move {
                if run < 2 {
                    ToolOutput::error("HTTP 503 Service Unavailable")
                } else {
                    ToolOutput::success(format!("{city}: 18 °C, light rain"))
                }
            }
        },
    );
    let dispatcher = Dispatcher::new(ToolRegistry::new().with(weather))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::from_millis(10)),
        ));
    let recovery = Recovery::new(Arc::new(dispatcher));

    // rig's scripted model (rig-core's `test-utils` feature): it calls the
    // tool once, then answers from what the tool returned.
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call_1", "weather", json!({"city": "Oslo"})),
        MockTurn::text("It is 18 °C with light rain in Oslo."),
    ]);
    let agent = AgentBuilder::new(model)
        .dynamic_tools(recovery.tools())
        .add_hook(recovery.hook())
        .build();

    // rig stops after one model turn unless told otherwise; answering after
    // a tool call takes two.
    let response = agent
        .prompt("What is the weather in Oslo?")
        .max_turns(2)
        .await?;
    println!("answer: {}", response.output());
    println!(
        "the tool ran {} times; the model saw one result",
        runs.load(Ordering::SeqCst)
    );
    Ok(())
}
