//! A real rig agent (rig-agent's builder, rig-core's scripted completion model) whose tool calls recover through loopctl.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl_backoff::{FixedDelayRecovery, FnRecovery};
use loopctl_driver::{
    AttemptObserver, AttemptStarted, Dispatcher, Effect, LoopError, ToolRegistry,
};
use loopctl_reflect_core::RecoveryAction;
use loopctl_reflect_rules::RuleReflector;
use loopctl_rig::{Recovery, RigTool};
use rig_agent::agent::{OutcomeAction, OutcomeEvent};
use rig_agent::completion::PromptError;
use rig_agent::{Agent, AgentBuilder, AgentHook, HookContext};
use rig_core::message::{AssistantContent, Message, UserContent};
use rig_core::test_utils::{MockCompletionModel, MockTurn};
use rig_core::tool::{Tool, ToolContext, ToolExecutionError};
use serde::Deserialize;
use serde_json::{Value, json};

#[derive(Debug, Deserialize)]
struct SearchArgs {
    query: String,
}

#[derive(Debug)]
struct Upstream(&'static str);

impl std::fmt::Display for Upstream {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.0)
    }
}

impl std::error::Error for Upstream {}

/// A rig tool that times out its first `failures` calls.
struct Search {
    calls: Arc<AtomicU32>,
    failures: u32,
}

impl Tool for Search {
    const NAME: &'static str = "search";
    type Args = SearchArgs;
    type Output = String;
    type Error = Upstream;

    fn description(&self) -> String {
        "Searches the docs.".to_owned()
    }

    fn parameters(&self) -> Value {
        json!({
            "type": "object",
            "properties": {"query": {"type": "string"}},
            "required": ["query"]
        })
    }

    fn map_error(&self, error: Upstream) -> ToolExecutionError {
        ToolExecutionError::timeout(error.to_string())
    }

    async fn call(&self, _context: &mut ToolContext, args: SearchArgs) -> Result<String, Upstream> {
        let n = self.calls.fetch_add(1, Ordering::SeqCst) + 1;
        if n <= self.failures {
            return Err(Upstream("search backend timed out after 30 s"));
        }
        Ok(format!("3 pages about {}", args.query))
    }
}

/// Counts rig's tool dispatches, from a hook of the test's own.
#[derive(Clone, Default)]
struct Dispatches(Arc<AtomicU32>);

impl AgentHook for Dispatches {
    async fn on_outcome(&self, _context: &HookContext, event: OutcomeEvent<'_>) -> OutcomeAction {
        if event.tool_result().is_some() {
            self.0.fetch_add(1, Ordering::SeqCst);
        }
        OutcomeAction::Proceed
    }
}

/// The call ids and attempts loopctl saw.
#[derive(Default)]
struct Attempts(Mutex<Vec<(String, u32)>>);

impl AttemptObserver for Attempts {
    fn attempt_started(&self, event: &AttemptStarted<'_>) {
        self.0
            .lock()
            .unwrap()
            .push((event.call_id.to_owned(), event.attempt));
    }
}

fn search(calls: &Arc<AtomicU32>, failures: u32) -> RigTool<Search> {
    RigTool::new(Search {
        calls: Arc::clone(calls),
        failures,
    })
    .with_effect(Effect::ReadOnly)
}

fn recovering(registry: ToolRegistry, attempts: &Arc<Attempts>) -> Recovery {
    let dispatcher = Dispatcher::new(registry)
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(FixedDelayRecovery::new(
            3,
            Duration::from_millis(200),
        )))
        .with_observer(attempts.clone());
    Recovery::new(Arc::new(dispatcher))
}

/// The two lines a rig user adds: loopctl's tools and its hook.
fn agent(recovery: &Recovery, model: MockCompletionModel) -> Agent {
    AgentBuilder::new(model)
        .dynamic_tools(recovery.tools())
        .add_hook(recovery.hook())
        .build()
}

fn tool_results(messages: &[Message]) -> Vec<(bool, String)> {
    messages
        .iter()
        .filter_map(|message| match message {
            Message::User { content } => Some(content.iter()),
            _ => None,
        })
        .flatten()
        .filter_map(|content| match content {
            UserContent::ToolResult(result) => Some((
                result.is_error,
                serde_json::to_string(&result.content).unwrap(),
            )),
            _ => None,
        })
        .collect()
}

fn tool_calls(messages: &[Message]) -> Vec<String> {
    messages
        .iter()
        .filter_map(|message| match message {
            Message::Assistant(assistant) => Some(assistant.content.iter()),
            _ => None,
        })
        .flatten()
        .filter_map(|content| match content {
            AssistantContent::ToolCall(call) => Some(call.function.name.as_str().to_owned()),
            _ => None,
        })
        .collect()
}

#[tokio::test(start_paused = true)]
async fn a_tool_that_times_out_twice_is_one_rig_dispatch_and_three_loopctl_attempts() {
    let calls = Arc::new(AtomicU32::new(0));
    let attempts = Arc::new(Attempts::default());
    let recovery = recovering(ToolRegistry::new().with(search(&calls, 2)), &attempts);
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call_7", "search", json!({"query": "retry budgets"})),
        MockTurn::text("Found 3 pages."),
    ]);
    let dispatches = Dispatches::default();
    let agent = AgentBuilder::new(model.clone())
        .dynamic_tools(recovery.tools())
        .add_hook(recovery.hook())
        .add_hook(dispatches.clone())
        .build();
    let response = agent
        .prompt("find docs on retry budgets")
        .max_turns(4)
        .await
        .unwrap();

    assert_eq!(response.output(), "Found 3 pages.");
    assert_eq!(dispatches.0.load(Ordering::SeqCst), 1, "one rig dispatch");
    assert_eq!(
        calls.load(Ordering::SeqCst),
        3,
        "three runs of the rig tool"
    );
    assert_eq!(
        *attempts.0.lock().unwrap(),
        vec![
            ("call_7".to_owned(), 0),
            ("call_7".to_owned(), 1),
            ("call_7".to_owned(), 2)
        ],
        "three loopctl attempts, under the model's own call id"
    );
    let results = tool_results(&response.messages);
    assert_eq!(results.len(), 1);
    assert!(!results[0].0, "is_error: false in the transcript");
    assert!(
        results[0].1.contains("3 pages about retry budgets"),
        "{}",
        results[0].1
    );
}

#[tokio::test(start_paused = true)]
async fn a_retry_forever_policy_ends_the_run_through_the_hook() {
    let calls = Arc::new(AtomicU32::new(0));
    let dispatcher = Dispatcher::new(ToolRegistry::new().with(search(&calls, u32::MAX)))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(FnRecovery::new(|_, _, _| {
            RecoveryAction::retry_now()
        })));
    let recovery = Recovery::new(Arc::new(dispatcher));
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call_1", "search", json!({"query": "x"})),
        MockTurn::text("the model never gets here"),
    ]);
    let agent = agent(&recovery, model.clone());
    let error = agent.prompt("search").max_turns(4).await.unwrap_err();

    let PromptError::Cancelled { reason, .. } = &error else {
        panic!("the hook stops the run, not the model: {error}");
    };
    assert!(reason.contains("ToolRecoveryExhausted"), "{reason}");
    assert_eq!(
        recovery.stops(),
        vec![LoopError::ToolRecoveryExhausted {
            tool: "search".to_owned(),
            attempts: 6
        }]
    );
    assert_eq!(calls.load(Ordering::SeqCst), 6, "the ceiling held");
    assert_eq!(model.request_count(), 1, "no second model turn");
}

#[tokio::test(start_paused = true)]
async fn a_misspelled_tool_name_from_the_model_is_repaired() {
    let calls = Arc::new(AtomicU32::new(0));
    let attempts = Arc::new(Attempts::default());
    let recovery = recovering(ToolRegistry::new().with(search(&calls, 0)), &attempts);
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call_1", "serch", json!({"query": "hooks"})),
        MockTurn::text("done"),
    ]);
    let agent = agent(&recovery, model);
    let response = agent.prompt("search hooks").max_turns(4).await.unwrap();
    assert_eq!(response.output(), "done");
    assert_eq!(calls.load(Ordering::SeqCst), 1);
    assert_eq!(tool_calls(&response.messages), vec!["search"]);
    assert!(!tool_results(&response.messages)[0].0);
}

#[tokio::test(start_paused = true)]
async fn a_name_that_is_no_near_spelling_is_skipped_with_the_list_not_a_failed_run() {
    let calls = Arc::new(AtomicU32::new(0));
    let attempts = Arc::new(Attempts::default());
    let recovery = recovering(ToolRegistry::new().with(search(&calls, 0)), &attempts);
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call_1", "delete_everything", json!({})),
        MockTurn::text("ok"),
    ]);
    let agent = agent(&recovery, model);
    let response = agent.prompt("go").max_turns(4).await.unwrap();
    assert_eq!(calls.load(Ordering::SeqCst), 0);
    let results = tool_results(&response.messages);
    assert!(results[0].0);
    assert!(
        results[0]
            .1
            .contains("There is no tool `delete_everything`. The tools you can call are: search."),
        "{}",
        results[0].1
    );
}

#[tokio::test(start_paused = true)]
async fn arguments_that_are_not_json_get_clear_feedback_and_the_object_they_meant() {
    let calls = Arc::new(AtomicU32::new(0));
    let attempts = Arc::new(Attempts::default());
    let recovery = recovering(ToolRegistry::new().with(search(&calls, 0)), &attempts);
    let model = MockCompletionModel::from_turns([
        // A JSON string is the raw argument text the model sent.
        MockTurn::tool_call("call_1", "search", json!("{query: 'backoff'}")),
        MockTurn::tool_call("call_2", "search", json!("{oops")),
        MockTurn::tool_call("call_3", "search", json!({"query": "backoff"})),
        MockTurn::text("done"),
    ]);
    let agent = agent(&recovery, model);
    let response = agent.prompt("search").max_turns(6).await.unwrap();
    assert_eq!(response.output(), "done", "the run goes on");
    let results = tool_results(&response.messages);
    assert_eq!(results.len(), 3);
    assert!(results[0].0 && results[1].0);
    assert!(
        results[0]
            .1
            .contains("The arguments for tool `search` are not a JSON object")
            && results[0]
                .1
                .contains(r#"They most likely meant {\"query\":\"backoff\"}"#),
        "{}",
        results[0].1
    );
    assert!(
        results[1]
            .1
            .contains("Call `search` again with a JSON object with the fields query."),
        "{}",
        results[1].1
    );
    assert!(!results[2].0);
    assert_eq!(calls.load(Ordering::SeqCst), 1, "only the valid call ran");
}

#[tokio::test(start_paused = true)]
async fn a_cancelled_dispatcher_stops_the_run_not_the_model() {
    let calls = Arc::new(AtomicU32::new(0));
    let cancel = loopctl_driver::CancelSignal::new();
    let dispatcher = Dispatcher::new(ToolRegistry::new().with(search(&calls, 0)))
        .with_cancel_signal(cancel.clone());
    let recovery = Recovery::new(Arc::new(dispatcher));
    cancel.cancel();
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call_1", "search", json!({"query": "x"})),
        MockTurn::text("never"),
    ]);
    let error = agent(&recovery, model)
        .prompt("go")
        .max_turns(4)
        .await
        .unwrap_err();
    let PromptError::Cancelled { reason, .. } = &error else {
        panic!("{error}");
    };
    assert!(
        reason.contains("loopctl stopped the run (Cancelled)"),
        "{reason}"
    );
    assert_eq!(recovery.stops(), vec![LoopError::Cancelled]);
}

#[tokio::test(start_paused = true)]
async fn an_undeclared_rig_tool_that_times_out_is_not_run_again() {
    let calls = Arc::new(AtomicU32::new(0));
    let attempts = Arc::new(Attempts::default());
    // No `with_effect`: a rig tool declares nothing, so it counts as destructive.
    let undeclared = RigTool::new(Search {
        calls: Arc::clone(&calls),
        failures: 1,
    });
    let recovery = recovering(ToolRegistry::new().with(undeclared), &attempts);
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call_1", "search", json!({"query": "x"})),
        MockTurn::text("I will check first."),
    ]);
    let response = agent(&recovery, model)
        .prompt("go")
        .max_turns(4)
        .await
        .unwrap();
    assert_eq!(
        calls.load(Ordering::SeqCst),
        1,
        "a timeout's outcome is unknown"
    );
    let results = tool_results(&response.messages);
    assert!(results[0].0);
    assert!(
        results[0]
            .1
            .contains("the outcome of this call to `search` is unknown and it was not run again"),
        "{}",
        results[0].1
    );
}

#[tokio::test(start_paused = true)]
async fn a_tool_that_may_do_harm_is_reached_only_by_case_or_separators() {
    let runs = Arc::new(AtomicU32::new(0));
    let counter = Arc::clone(&runs);
    // Undeclared, so treated as destructive.
    let delete = loopctl_driver::FnTool::new(
        loopctl_reflect_core::ToolSchema::new(
            "delete_file",
            "Deletes a file.",
            json!({"type": "object"}),
        ),
        move |_| {
            counter.fetch_add(1, Ordering::SeqCst);
            async { loopctl_driver::ToolOutput::success("deleted") }
        },
    );
    let attempts = Arc::new(Attempts::default());
    let recovery = recovering(ToolRegistry::new().with(delete), &attempts);
    let model = MockCompletionModel::from_turns([
        MockTurn::tool_call("call_1", "delete_fil", json!({})),
        MockTurn::tool_call("call_2", "Delete-File", json!({})),
        MockTurn::text("done"),
    ]);
    let response = agent(&recovery, model)
        .prompt("go")
        .max_turns(5)
        .await
        .unwrap();
    let results = tool_results(&response.messages);
    assert!(
        results[0].0,
        "a near spelling is not enough for a destructive tool"
    );
    assert!(
        results[0].1.contains("There is no tool `delete_fil`"),
        "{}",
        results[0].1
    );
    assert!(
        !results[1].0,
        "the same name in other case and separators is"
    );
    assert_eq!(runs.load(Ordering::SeqCst), 1);
}
