//! The agent loop adds at most two allocations per tool call beyond what the tool and the model allocate.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use loopctl_agent::Agent;
use loopctl_driver::{Dispatcher, Tool, ToolRegistry};
use loopctl_llm::{ChatFuture, ChatModel, ChatRequest, ChatResponse, ChatToolCall, ToolArguments};
use loopctl_testkit::CountingAllocator;
use serde_json::json;

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[path = "../../loopctl-driver/tests/support/noop.rs"]
mod noop;
use noop::Noop;

/// Plays back turns built before the measurement starts.
struct Prebuilt(Mutex<VecDeque<ChatResponse>>);

impl ChatModel for Prebuilt {
    fn chat<'a>(&'a self, _request: ChatRequest<'a>) -> ChatFuture<'a> {
        let next = self.0.lock().unwrap().pop_front().unwrap_or_default();
        Box::pin(std::future::ready(Ok(next)))
    }
}

fn turn(calls: usize, turn: usize) -> ChatResponse {
    ChatResponse {
        text: None,
        tool_calls: (0..calls)
            .map(|n| ChatToolCall {
                id: format!("call-{turn}-{n}"),
                name: "noop".to_owned(),
                arguments: ToolArguments::Parsed(json!({"n": n})),
            })
            .collect(),
        stop_reason: Some("tool_calls".to_owned()),
    }
}

fn script(turns: usize, calls: usize) -> VecDeque<ChatResponse> {
    let mut script: VecDeque<ChatResponse> = (0..turns).map(|n| turn(calls, n)).collect();
    script.push_back(ChatResponse {
        text: Some("done".to_owned()),
        ..ChatResponse::default()
    });
    script
}

fn allocations_per_tool_call(turns: usize, calls: usize) -> f64 {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    let model = Arc::new(Prebuilt(Mutex::new(script(turns, calls))));
    let dispatcher = Dispatcher::new(ToolRegistry::new().with(Noop::new()));
    let agent = Agent::with_dispatcher(model.clone(), dispatcher.clone())
        .with_max_turns(u32::try_from(turns).unwrap() + 1);
    // Warm up lazily initialised state with a run of its own, on the same
    // dispatcher: its first call registers its metric handles (with the
    // `metrics` feature), once, not per call.
    let warm = Arc::new(Prebuilt(Mutex::new(script(1, 2))));
    let warm_agent = Agent::with_dispatcher(warm, dispatcher);
    runtime.block_on(warm_agent.run("warm up")).unwrap();

    let total = CountingAllocator::allocations_during(|| {
        let run = runtime.block_on(agent.run("summarise the report")).unwrap();
        assert_eq!(run.messages.len(), 1 + turns * (calls + 1) + 1);
    });
    // What the model and the tools allocate on their own: one boxed future
    // per model turn and per tool call.
    let model_turns = turns + 1;
    let tool = Noop::new();
    let tool_calls = CountingAllocator::allocations_during(|| {
        for _ in 0..turns * calls {
            runtime.block_on(tool.call(&json!(null)));
        }
    });
    let added = total as f64 - model_turns as f64 - tool_calls as f64;
    added / (turns * calls) as f64
}

#[test]
fn a_turn_of_a_hundred_calls_adds_at_most_two_allocations_per_call() {
    let added = allocations_per_tool_call(10, 100);
    eprintln!("the agent adds {added:.2} allocations per tool call (10 turns x 100 calls)");
    assert!(added <= 2.0, "{added:.2} allocations per tool call");
}

#[test]
fn a_small_turn_runs_without_a_task_per_call() {
    // Four calls fit the batch bound (8): one joined future for the batch.
    let added = allocations_per_tool_call(10, 4);
    eprintln!("the agent adds {added:.2} allocations per tool call (10 turns x 4 calls)");
    assert!(added <= 2.0, "{added:.2} allocations per tool call");
}
