//! The stages around every attempt, retries included: observers see each attempt and decision, pre-hooks may block, post-hooks see every result.

use crate::support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl_driver::{
    AllowListHook, AttemptFinished, AttemptObserver, AttemptStarted, AttemptView, Dispatcher,
    HookVerdict, PostToolHook, RecoveryDecided, SafetyPolicy, ToolCall, ToolOutput, ToolRegistry,
};
use loopctl_reflect_core::{Correction, FailureAnalysis, FailureSeverity, RecoveryAction};
use serde_json::json;
use support::{FixedAction, ScriptedReflector, ScriptedTool, SlowFlaky};

#[derive(Default)]
struct Recorder {
    events: Mutex<Vec<String>>,
}

impl AttemptObserver for Recorder {
    fn attempt_started(&self, event: &AttemptStarted<'_>) {
        self.events.lock().unwrap().push(format!(
            "start {} {} #{}",
            event.tool, event.call_id, event.attempt
        ));
    }
    fn attempt_finished(&self, event: &AttemptFinished<'_>) {
        self.events.lock().unwrap().push(format!(
            "end {} #{} error={} ran={} {}ms",
            event.tool,
            event.attempt,
            event.is_error,
            event.executed,
            event.duration.as_millis()
        ));
    }
    fn recovery_decided(&self, event: &RecoveryDecided<'_>) {
        self.events.lock().unwrap().push(format!(
            "decide #{} {}",
            event.attempt,
            event.action.kind()
        ));
    }
}

#[tokio::test(start_paused = true)]
async fn observer_events_pair_per_attempt_with_decisions() {
    let recorder = Arc::new(Recorder::default());
    let driver = Dispatcher::new(ToolRegistry::new().with(SlowFlaky::new("fetch", 2)))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_millis(
            100,
        ))))
        .with_observer(recorder.clone());
    let result = driver
        .dispatch(ToolCall::new("c7", "fetch", json!({})))
        .await
        .unwrap();
    assert_eq!(result.attempts, 3);
    assert_eq!(
        *recorder.events.lock().unwrap(),
        [
            "start fetch c7 #0",
            "end fetch #0 error=true ran=true 7ms",
            "decide #0 retry",
            "start fetch c7 #1",
            "end fetch #1 error=true ran=true 7ms",
            "decide #1 retry",
            "start fetch c7 #2",
            "end fetch #2 error=false ran=true 7ms",
        ]
    );
}

#[tokio::test(start_paused = true)]
async fn a_pre_hook_blocks_a_tool_change_to_a_forbidden_tool() {
    let delete_all = ScriptedTool::new(
        "delete_all",
        vec![ToolOutput::success("everything is gone")],
    );
    let deleted = delete_all.calls_handle();
    let analysis = FailureAnalysis::recoverable("use the other tool", FailureSeverity::Low)
        .with_correction(Correction::tool_change("switch", "delete_all"));
    let recorder = Arc::new(Recorder::default());
    let driver = Dispatcher::new(
        ToolRegistry::new()
            .with(ScriptedTool::failing("cleanup", "disk full"))
            .with(delete_all),
    )
    .with_reflector(Arc::new(ScriptedReflector::with_analysis(analysis)))
    .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
    // The user widened the correction policy for this pair: the hook is what stops it.
    .with_safety_policy(SafetyPolicy::new().allow_tool_change("cleanup", "delete_all"))
    .with_pre_hook(Arc::new(|view: &AttemptView<'_>| {
        if view.tool == "delete_all" {
            HookVerdict::Block("deleting everything needs a person".into())
        } else {
            HookVerdict::Allow
        }
    }))
    .with_observer(recorder.clone());

    let result = driver
        .dispatch(ToolCall::new("c", "cleanup", json!({"path": "/"})))
        .await
        .unwrap();

    assert!(
        deleted.lock().unwrap().is_empty(),
        "the forbidden tool never ran"
    );
    assert!(result.is_error);
    assert_eq!(result.tool, "delete_all");
    assert!(
        result
            .content
            .contains("blocked by a pre-tool hook: deleting everything needs a person"),
        "{}",
        result.content
    );
    assert!(matches!(result.final_action, Some(RecoveryAction::Fail(_))));
    let events = recorder.events.lock().unwrap();
    assert!(
        events.contains(&"end delete_all #1 error=true ran=false 0ms".to_owned()),
        "{events:?}"
    );
}

#[tokio::test(start_paused = true)]
async fn an_allow_list_restricts_what_a_tool_change_may_reach() {
    let analysis = FailureAnalysis::recoverable("x", FailureSeverity::Low)
        .with_correction(Correction::tool_change("go", "shell"));
    let shell = ScriptedTool::new("shell", vec![ToolOutput::success("ran")]);
    let shell_calls = shell.calls_handle();
    let driver = Dispatcher::new(
        ToolRegistry::new()
            .with(ScriptedTool::failing("read", "EIO"))
            .with(shell),
    )
    .with_reflector(Arc::new(ScriptedReflector::with_analysis(analysis)))
    .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
    .with_safety_policy(SafetyPolicy::permissive())
    .with_pre_hook(Arc::new(AllowListHook::new(["read", "search"])));
    let result = driver
        .dispatch(ToolCall::new("c", "read", json!({})))
        .await
        .unwrap();
    assert!(shell_calls.lock().unwrap().is_empty());
    assert!(
        result.content.contains("`shell` is not allowed here"),
        "{}",
        result.content
    );
}

#[derive(Default)]
struct SeenResults(Mutex<Vec<(String, u32, bool)>>);

impl PostToolHook for SeenResults {
    fn after_attempt(&self, view: &AttemptView<'_>, output: &ToolOutput) {
        self.0
            .lock()
            .unwrap()
            .push((view.tool.to_owned(), view.attempt, output.is_error));
    }
}

#[tokio::test(start_paused = true)]
async fn post_hooks_see_every_result_and_pre_hooks_every_attempt() {
    let seen = Arc::new(SeenResults::default());
    let attempts = Arc::new(Mutex::new(Vec::new()));
    let attempts_in_hook = Arc::clone(&attempts);
    let tool = ScriptedTool::new(
        "t",
        vec![
            ToolOutput::error("a"),
            ToolOutput::error("b"),
            ToolOutput::success("c"),
        ],
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
        .with_pre_hook(Arc::new(move |view: &AttemptView<'_>| {
            attempts_in_hook.lock().unwrap().push(view.attempt);
            HookVerdict::Allow
        }))
        .with_post_hook(seen.clone());
    driver
        .dispatch(ToolCall::new("c", "t", json!({})))
        .await
        .unwrap();
    assert_eq!(*attempts.lock().unwrap(), [0, 1, 2]);
    assert_eq!(
        *seen.0.lock().unwrap(),
        [
            ("t".into(), 0, true),
            ("t".into(), 1, true),
            ("t".into(), 2, false)
        ]
    );
}
