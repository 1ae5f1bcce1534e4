//! The agent loop with a scripted chat model: recovery within one model turn, soft failures back to the model, the turn limit, garbled arguments, hard errors.

#[path = "../../loopctl-driver/tests/support/mod.rs"]
mod support;

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl_agent::{Agent, AgentError, AgentStop};
use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{LoopError, ToolOutput, ToolRegistry};
use loopctl_llm::{
    ChatFuture, ChatMessage, ChatModel, ChatRequest, ChatResponse, ChatToolCall, ToolArguments,
};
use serde_json::{Value, json};
use support::{FixedAction, ScriptedReflector, ScriptedTool, SlowFlaky};

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
