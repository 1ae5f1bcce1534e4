//! Batches (order, bounded concurrency, hard errors) and the agent loop with a scripted chat model.

mod support;

use std::collections::VecDeque;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{
    Agent, AgentError, AgentStop, Dispatcher, LoopError, Tool, ToolCall, ToolFuture, ToolOutput,
    ToolRegistry,
};
use loopctl_llm::{
    ChatFuture, ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatToolCall, ToolArguments,
};
use loopctl_reflect_core::ToolSchema;
use serde_json::{Value, json};
use support::{FixedAction, ScriptedReflector, ScriptedTool, SlowFlaky};

/// Sleeps `input.ms` milliseconds and records how many calls overlap.
struct Sleeper {
    schema: ToolSchema,
    in_flight: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
}

fn sleeper(in_flight: Arc<AtomicUsize>, peak: Arc<AtomicUsize>) -> Sleeper {
    Sleeper {
        schema: ToolSchema::new("sleep", "", json!({"type": "object"})),
        in_flight,
        peak,
    }
}

impl Tool for Sleeper {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        let millis = input["ms"].as_u64().unwrap_or(0);
        Box::pin(async move {
            let now = self.in_flight.fetch_add(1, Ordering::SeqCst) + 1;
            self.peak.fetch_max(now, Ordering::SeqCst);
            tokio::time::sleep(Duration::from_millis(millis)).await;
            self.in_flight.fetch_sub(1, Ordering::SeqCst);
            ToolOutput::success(format!("slept {millis}"))
        })
    }
}

#[tokio::test(start_paused = true)]
async fn batches_keep_input_order_under_a_concurrency_bound() {
    let (in_flight, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let driver = Dispatcher::new(ToolRegistry::new().with(sleeper(in_flight, peak.clone())))
        .with_batch_concurrency(2);
    let delays = [50_u64, 10, 40, 5, 30, 20];
    let calls = delays
        .iter()
        .enumerate()
        .map(|(i, ms)| ToolCall::new(format!("c{i}"), "sleep", json!({"ms": ms})))
        .collect();
    let results = driver.dispatch_batch(calls).await.unwrap();
    let ids: Vec<&str> = results.iter().map(|r| r.tool_call_id.as_str()).collect();
    assert_eq!(ids, ["c0", "c1", "c2", "c3", "c4", "c5"]);
    assert_eq!(results[3].content, "slept 5");
    assert_eq!(peak.load(Ordering::SeqCst), 2);
    assert!(driver.dispatch_batch(Vec::new()).await.unwrap().is_empty());
}

#[tokio::test(start_paused = true)]
async fn a_hard_error_ends_the_batch() {
    let (in_flight, peak) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let driver = Dispatcher::new(
        ToolRegistry::new()
            .with(sleeper(in_flight, peak))
            .with(ScriptedTool::failing("doomed", "busy")),
    )
    .with_reflector(Arc::new(ScriptedReflector::recoverable()))
    .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_millis(1))));
    let calls = vec![
        ToolCall::new("a", "sleep", json!({"ms": 10_000})),
        ToolCall::new("b", "doomed", json!({})),
        ToolCall::new("c", "sleep", json!({"ms": 1})),
    ];
    let started = tokio::time::Instant::now();
    let error = driver.dispatch_batch(calls).await.unwrap_err();
    assert_eq!(
        error,
        LoopError::ToolRecoveryExhausted {
            tool: "doomed".into(),
            attempts: 6
        }
    );
    assert!(
        started.elapsed() < Duration::from_secs(1),
        "the slow call was dropped, not awaited"
    );
}

/// A chat model that plays back scripted turns and records every request it gets.
struct ScriptedModel {
    turns: Mutex<VecDeque<ChatResponse>>,
    seen: Mutex<Vec<Vec<ChatMessage>>>,
}

impl ScriptedModel {
    fn new(turns: Vec<ChatResponse>) -> Arc<Self> {
        Arc::new(Self {
            turns: Mutex::new(turns.into()),
            seen: Mutex::new(Vec::new()),
        })
    }
}

impl ChatModel for ScriptedModel {
    fn chat<'a>(&'a self, request: ChatRequest<'a>) -> ChatFuture<'a> {
        self.seen.lock().unwrap().push(request.messages.to_vec());
        let next = self
            .turns
            .lock()
            .unwrap()
            .pop_front()
            .unwrap_or_else(|| calls(&[("again", "flaky", json!({}))]));
        Box::pin(async move { Ok(next) })
    }
}

fn calls(list: &[(&str, &str, Value)]) -> ChatResponse {
    ChatResponse {
        text: None,
        tool_calls: list
            .iter()
            .map(|(id, name, input)| ChatToolCall {
                id: (*id).into(),
                name: (*name).into(),
                arguments: ToolArguments::Parsed(input.clone()),
            })
            .collect(),
        stop_reason: Some("tool_calls".into()),
    }
}

fn answer(text: &str) -> ChatResponse {
    ChatResponse {
        text: Some(text.into()),
        tool_calls: Vec::new(),
        stop_reason: Some("stop".into()),
    }
}

fn tool_results(messages: &[ChatMessage]) -> Vec<(String, String, bool)> {
    messages
        .iter()
        .filter_map(|message| match message {
            ChatMessage::ToolResult {
                tool_call_id,
                content,
                is_error,
            } => Some((tool_call_id.clone(), content.clone(), *is_error)),
            _ => None,
        })
        .collect()
}

#[tokio::test(start_paused = true)]
async fn a_failing_tool_is_recovered_within_one_model_turn() {
    let model = ScriptedModel::new(vec![
        calls(&[("t1", "flaky", json!({}))]),
        answer("Fetched it."),
    ]);
    let reflector = Arc::new(ScriptedReflector::recoverable());
    let mut agent = Agent::new(
        model.clone(),
        ToolRegistry::new().with(SlowFlaky::new("flaky", 2)),
    );
    agent.set_reflector(reflector.clone());
    agent.set_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(3)));

    let run = agent.run("fetch the report").await.unwrap();

    assert_eq!(
        (run.stop, run.turns, run.answer.as_deref()),
        (AgentStop::FinalAnswer, 2, Some("Fetched it."))
    );
    assert_eq!(
        model.seen.lock().unwrap().len(),
        2,
        "the retries cost no model turns"
    );
    assert_eq!(
        tool_results(&run.messages),
        [("t1".into(), "ok".into(), false)]
    );
    let asked = reflector.asked.lock().unwrap();
    assert_eq!(asked.len(), 2);
    assert!(
        asked
            .iter()
            .all(|asked| asked.context.task == "fetch the report"),
        "the task reaches the reflector"
    );
}

#[tokio::test(start_paused = true)]
async fn a_soft_failure_goes_back_to_the_model_which_changes_its_plan() {
    let model = ScriptedModel::new(vec![
        calls(&[("t1", "read_file", json!({"path": "/etc/shadow"}))]),
        calls(&[("t2", "read_cache", json!({"key": "report"}))]),
        answer("Used the cache instead."),
    ]);
    let registry = ToolRegistry::new()
        .with(ScriptedTool::failing(
            "read_file",
            "EACCES: permission denied",
        ))
        .with(ScriptedTool::new(
            "read_cache",
            vec![ToolOutput::success("cached report")],
        ));
    let agent = Agent::new(model.clone(), registry).with_system_prompt("You are careful.");

    let run = agent.run("get the report").await.unwrap();

    assert_eq!(run.turns, 3);
    assert_eq!(
        tool_results(&run.messages),
        [
            ("t1".into(), "EACCES: permission denied".into(), true),
            ("t2".into(), "cached report".into(), false)
        ]
    );
    let second_turn = &model.seen.lock().unwrap()[1];
    assert!(
        matches!(
            second_turn.last(),
            Some(ChatMessage::ToolResult { is_error: true, .. })
        ),
        "the model saw the failure"
    );
    assert_eq!(run.messages[0], ChatMessage::User("get the report".into()));
}

#[tokio::test(start_paused = true)]
async fn the_turn_limit_stops_the_run() {
    let model = ScriptedModel::new(Vec::new());
    let agent = Agent::new(
        model.clone(),
        ToolRegistry::new().with(ScriptedTool::new("flaky", vec![ToolOutput::success("x")])),
    )
    .with_max_turns(3);
    let run = agent.run("loop forever").await.unwrap();
    assert_eq!((run.stop, run.turns), (AgentStop::TurnLimit, 3));
    assert_eq!(model.seen.lock().unwrap().len(), 3);
}

#[tokio::test(start_paused = true)]
async fn garbled_arguments_go_back_to_the_model_in_order() {
    let garbled = ChatResponse {
        text: Some("Trying two things.".into()),
        tool_calls: vec![
            ChatToolCall {
                id: "bad".into(),
                name: "echo".into(),
                arguments: ToolArguments::Malformed {
                    raw: "{\"x\":".into(),
                    error: "EOF while parsing".into(),
                },
            },
            ChatToolCall {
                id: "good".into(),
                name: "echo".into(),
                arguments: ToolArguments::Parsed(json!({"x": 1})),
            },
        ],
        stop_reason: None,
    };
    let model = ScriptedModel::new(vec![garbled, answer("done")]);
    let echo = ScriptedTool::new("echo", vec![ToolOutput::success("echoed")]);
    let echo_calls = echo.calls_handle();
    let run = Agent::new(model, ToolRegistry::new().with(echo))
        .run("t")
        .await
        .unwrap();
    let results = tool_results(&run.messages);
    assert_eq!(results[0].0, "bad");
    assert!(
        results[0].2 && results[0].1.contains("EOF while parsing"),
        "{:?}",
        results[0]
    );
    assert_eq!(results[1], ("good".into(), "echoed".into(), false));
    assert_eq!(
        echo_calls.lock().unwrap().len(),
        1,
        "the garbled call never ran"
    );
}

#[tokio::test(start_paused = true)]
async fn hard_errors_end_the_run() {
    let model = ScriptedModel::new(vec![calls(&[("t1", "doomed", json!({}))])]);
    let mut agent = Agent::new(
        model,
        ToolRegistry::new().with(ScriptedTool::failing("doomed", "busy")),
    );
    agent.set_reflector(Arc::new(ScriptedReflector::recoverable()));
    agent.set_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)));
    let error = agent.run("t").await.unwrap_err();
    assert!(
        matches!(
            error,
            AgentError::Loop(LoopError::ToolRecoveryExhausted { attempts: 6, .. })
        ),
        "{error:?}"
    );
}
