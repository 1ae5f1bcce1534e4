//! A rig agent whose tool calls recover through loopctl, with a scripted model: no key, no network.
//!
//! `cargo run --example rig`
//!
//! The model misspells a tool, sends arguments that are not JSON, and calls
//! a rig tool that times out twice. loopctl repairs the name, answers the
//! arguments with feedback, and retries the timeouts inside one rig call.
#![allow(clippy::print_stdout, reason = "an example shows its run on stdout")]

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{AttemptFinished, AttemptObserver, Dispatcher, Effect, ToolRegistry};
use loopctl_reflect_rules::RuleReflector;
use loopctl_rig::{Recovery, RigTool};
use rig_agent::AgentBuilder;
use rig_core::message::{AssistantContent, Message, UserContent};
use rig_core::test_utils::{MockCompletionModel, MockTurn};
use rig_core::tool::{Tool, ToolContext, ToolExecutionError};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Deserialize)]
struct Args {
    query: String,
}

#[derive(Debug)]
struct Timeout;

impl std::fmt::Display for Timeout {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("search index did not answer within 5 s")
    }
}

impl std::error::Error for Timeout {}

/// A plain rig tool, written for rig: it knows nothing of loopctl.
struct DocsSearch {
    calls: AtomicU32,
}

impl Tool for DocsSearch {
    const NAME: &'static str = "docs_search";
    type Args = Args;
    type Output = String;
    type Error = Timeout;

    fn description(&self) -> String {
        "Searches the documentation.".to_owned()
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {"query": {"type": "string"}},
            "required": ["query"]
        })
    }

    fn map_error(&self, error: Timeout) -> ToolExecutionError {
        ToolExecutionError::timeout(error.to_string())
    }

    async fn call(&self, _context: &mut ToolContext, args: Args) -> Result<String, Timeout> {
        if self.calls.fetch_add(1, Ordering::SeqCst) < 2 {
            return Err(Timeout);
        }
        Ok(format!("3 pages match \"{}\"", args.query))
    }
}

/// Prints each loopctl attempt as it ends.
struct Timeline;

impl AttemptObserver for Timeline {
    fn attempt_finished(&self, event: &AttemptFinished<'_>) {
        println!(
            "  loopctl  {} attempt {} of call {}: {}",
            event.tool,
            event.attempt + 1,
            event.call_id,
            if event.is_error {
                "failed"
            } else {
                "succeeded"
            }
        );
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    let registry = ToolRegistry::new().with(
        RigTool::new(DocsSearch {
            calls: AtomicU32::new(0),
        })
        .with_effect(Effect::ReadOnly),
    );
    let dispatcher = Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::from_millis(50)),
        ))
        .with_observer(Arc::new(Timeline));
    let recovery = Recovery::new(Arc::new(dispatcher));

    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call_1", "doc_search", json!({"query": "retry budget"})),
        MockTurn::tool_call("call_2", "docs_search", json!("{query: 'retry budget'}")),
        MockTurn::text("The retry budget is described on 3 pages."),
    ]);
    let agent = AgentBuilder::new(model)
        .preamble("Answer from the documentation.")
        .dynamic_tools(recovery.tools())
        .add_hook(recovery.hook())
        .build();

    println!("rig agent, scripted model, tools recovering through loopctl\n");
    let response = agent.prompt("What is a retry budget?").max_turns(5).await?;
    // The model's own words, before the hook repaired anything.
    let asked: Vec<String> = response
        .completion_calls
        .iter()
        .flat_map(|call| call.raw["choice"].as_array().cloned().unwrap_or_default())
        .filter(|choice| choice["type"] == "toolcall")
        .map(|choice| choice["function"]["name"].as_str().unwrap_or("").to_owned())
        .collect();
    println!("\nthe model called: {}", asked.join(", "));
    println!("\ntranscript:");
    for message in &response.messages {
        match message {
            Message::User { content } => {
                for content in content.iter() {
                    match content {
                        UserContent::Text(text) => println!("  user       {}", text.text),
                        UserContent::ToolResult(result) => println!(
                            "  tool       {} is_error={} {}",
                            result.call.wire(),
                            result.is_error,
                            serde_json::to_string(&result.content)?
                        ),
                        _ => {}
                    }
                }
            }
            Message::Assistant(assistant) => {
                for content in &assistant.content {
                    match content {
                        AssistantContent::ToolCall(call) => println!(
                            "  assistant  calls {} ({}) with {}",
                            call.function.name.as_str(),
                            call.id.wire(),
                            call.function.invalid_arguments.clone().unwrap_or_else(|| {
                                Value::Object(call.function.arguments.clone()).to_string()
                            })
                        ),
                        AssistantContent::Text(text) => println!("  assistant  {}", text.text),
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
    println!("\nanswer: {}", response.output());
    Ok(())
}
