//! The per-attempt pipeline re-fires on every attempt: observers, hooks, loop detection, health and the breaker.

mod support;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl_driver::{
    Admission, Admit, AllowListHook, AttemptFinished, AttemptObserver, AttemptStarted, AttemptView,
    BreakerConfig, CircuitBreaker, CircuitState, CorrectionPolicy, DefaultToolSignature,
    Dispatcher, HealthMonitor, HookVerdict, LoopDetector, LoopError, PostToolHook, Recorded,
    RecoveryDecided, ToolCall, ToolOutput, ToolRegistry, ToolSignature,
};
use loopctl_reflect_core::{Correction, FailureAnalysis, FailureSeverity, RecoveryAction};
use serde_json::{Value, json};
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
    .with_correction_policy(CorrectionPolicy::new().allow_tool_change("cleanup", "delete_all"))
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
    .with_correction_policy(CorrectionPolicy::permissive())
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

fn looping_driver(tool: ScriptedTool, detector: LoopDetector) -> Dispatcher {
    Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
        .with_loop_detector(Arc::new(detector))
}

#[tokio::test(start_paused = true)]
async fn identical_failing_attempts_stack_up_to_a_stop() {
    let driver = looping_driver(
        ScriptedTool::failing("edit", "patch does not apply"),
        LoopDetector::with_thresholds(20, 2, 4),
    );
    let error = driver
        .dispatch(ToolCall::new("c", "edit", json!({"path": "src/main.rs"})))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        LoopError::LoopDetected {
            tool: "edit".into(),
            repetitions: 4
        }
    );
    assert!(error.to_string().contains("looping"));
}

#[tokio::test(start_paused = true)]
async fn recoverable_errors_do_not_stack_up() {
    let driver = looping_driver(
        ScriptedTool::failing("fetch", "HTTP 503 Service Unavailable"),
        LoopDetector::with_thresholds(20, 2, 3),
    );
    let error = driver
        .dispatch(ToolCall::new("c", "fetch", json!({"url": "http://x"})))
        .await
        .unwrap_err();
    assert!(
        matches!(error, LoopError::ToolRecoveryExhausted { attempts: 6, .. }),
        "the ceiling, not the detector: {error:?}"
    );
}

struct MarksPatchErrorsRecoverable;

impl ToolSignature for MarksPatchErrorsRecoverable {
    fn primary_parameter<'a>(&self, _tool: &str, input: &'a Value) -> &'a Value {
        &input["path"]
    }
    fn is_recoverable_error(&self, _tool: &str, error: &str) -> bool {
        error.contains("does not apply")
    }
}

#[tokio::test(start_paused = true)]
async fn a_custom_signature_marks_errors_recoverable() {
    let detector = LoopDetector::with_thresholds(20, 2, 3)
        .with_signature(Arc::new(MarksPatchErrorsRecoverable));
    let driver = looping_driver(
        ScriptedTool::failing("edit", "patch does not apply"),
        detector,
    );
    let error = driver
        .dispatch(ToolCall::new("c", "edit", json!({"path": "a"})))
        .await
        .unwrap_err();
    assert!(
        matches!(error, LoopError::ToolRecoveryExhausted { .. }),
        "{error:?}"
    );
}

#[test]
fn different_inputs_or_results_are_not_repetition() {
    let detector = LoopDetector::with_thresholds(20, 2, 3);
    for index in 0..10 {
        let verdict = detector.record(
            "read",
            &json!({"path": format!("file{index}")}),
            "same text",
            false,
        );
        assert_eq!(verdict, loopctl_driver::LoopVerdict::Fine);
    }
    for index in 0..10 {
        let verdict = detector.record(
            "read",
            &json!({"path": "same"}),
            &format!("content {index}"),
            false,
        );
        assert_eq!(verdict, loopctl_driver::LoopVerdict::Fine);
    }
    // Other keys of the input are not the primary parameter.
    assert_eq!(
        detector.record("grep", &json!({"query": "x", "page": 1}), "r", false),
        loopctl_driver::LoopVerdict::Fine
    );
    assert_eq!(
        detector.record("grep", &json!({"page": 2, "query": "x"}), "r", false),
        loopctl_driver::LoopVerdict::Warning(2)
    );
    assert_eq!(
        detector.record("grep", &json!({"query": "x"}), "r", false),
        loopctl_driver::LoopVerdict::Stop(3)
    );
}

#[test]
fn the_window_slides() {
    let detector = LoopDetector::with_thresholds(3, 2, 3);
    assert_eq!(
        detector.record("a", &json!({}), "x", false),
        loopctl_driver::LoopVerdict::Fine
    );
    detector.record("b", &json!({}), "x", false);
    detector.record("c", &json!({}), "x", false);
    assert_eq!(
        detector.record("a", &json!({}), "x", false),
        loopctl_driver::LoopVerdict::Fine,
        "the first `a` has left the window"
    );
}

#[tokio::test(start_paused = true)]
async fn health_counts_every_attempt() {
    let monitor = Arc::new(HealthMonitor::new());
    let driver = Dispatcher::new(ToolRegistry::new().with(SlowFlaky::new("fetch", 2)))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_millis(
            50,
        ))))
        .with_health_monitor(monitor.clone());
    driver
        .dispatch(ToolCall::new("c", "fetch", json!({})))
        .await
        .unwrap();
    let health = monitor.health("fetch").unwrap();
    assert_eq!(
        (
            health.calls,
            health.successes,
            health.failures,
            health.consecutive_failures
        ),
        (3, 1, 2, 0)
    );
    assert_eq!(health.average_latency, Duration::from_millis(7));
    assert_eq!(health.max_latency, Duration::from_millis(7));
    assert!(monitor.health("other").is_none());
}

#[tokio::test(start_paused = true)]
async fn the_breaker_opens_refuses_and_lets_a_half_open_probe_through() {
    let tool = ScriptedTool::new(
        "api",
        vec![
            ToolOutput::error("500"),
            ToolOutput::error("500"),
            ToolOutput::error("500"),
            ToolOutput::success("back"),
        ],
    );
    let calls = tool.calls_handle();
    let monitor = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 2,
        cool_down: Duration::from_secs(10),
    }));
    let driver =
        Dispatcher::new(ToolRegistry::new().with(tool)).with_health_monitor(monitor.clone());
    let call = || ToolCall::new("c", "api", json!({}));

    driver.dispatch(call()).await.unwrap();
    assert_eq!(monitor.circuit_state("api"), CircuitState::Closed);
    driver.dispatch(call()).await.unwrap();
    assert_eq!(monitor.circuit_state("api"), CircuitState::Open);

    let refused = driver.dispatch(call()).await.unwrap();
    assert!(
        refused.is_error && refused.content.contains("circuit open for tool `api`"),
        "{}",
        refused.content
    );
    assert_eq!(
        calls.lock().unwrap().len(),
        2,
        "an open circuit does not execute"
    );

    tokio::time::advance(Duration::from_secs(10)).await;
    assert_eq!(monitor.circuit_state("api"), CircuitState::HalfOpen);
    let probe = driver.dispatch(call()).await.unwrap();
    assert!(probe.is_error, "the probe failed");
    assert_eq!(
        monitor.circuit_state("api"),
        CircuitState::Open,
        "a failed probe opens it again"
    );

    tokio::time::advance(Duration::from_secs(10)).await;
    let recovered = driver.dispatch(call()).await.unwrap();
    assert_eq!(recovered.content, "back");
    assert_eq!(monitor.circuit_state("api"), CircuitState::Closed);
    assert_eq!(calls.lock().unwrap().len(), 4);
}

#[tokio::test(start_paused = true)]
async fn only_one_half_open_probe_runs_at_a_time() {
    let monitor = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 1,
        cool_down: Duration::from_secs(1),
    }));
    let tool = loopctl_driver::FnTool::new(
        loopctl_reflect_core::ToolSchema::new("slow", "", json!({})),
        |_| async {
            tokio::time::sleep(Duration::from_secs(5)).await;
            ToolOutput::error("still down")
        },
    );
    let driver =
        Dispatcher::new(ToolRegistry::new().with(tool)).with_health_monitor(monitor.clone());
    driver
        .dispatch(ToolCall::new("a", "slow", json!({})))
        .await
        .unwrap();
    tokio::time::advance(Duration::from_secs(1)).await;
    let (probe, second) = tokio::join!(
        driver.dispatch(ToolCall::new("p", "slow", json!({}))),
        driver.dispatch(ToolCall::new("q", "slow", json!({})))
    );
    assert_eq!(probe.unwrap().content, "still down");
    assert!(
        second
            .unwrap()
            .content
            .contains("a probe call is already testing it")
    );
}

#[tokio::test(start_paused = true)]
async fn a_cancelled_probe_does_not_hold_the_circuit_half_open_forever() {
    let monitor = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 1,
        cool_down: Duration::from_secs(1),
    }));
    let service = loopctl_driver::FnTool::new(
        loopctl_reflect_core::ToolSchema::new("svc", "", json!({})),
        |input: &Value| {
            let hang = input["mode"] == "hang";
            async move {
                if hang {
                    std::future::pending::<()>().await;
                }
                ToolOutput::error("500")
            }
        },
    );
    let registry = Arc::new(ToolRegistry::new().with(service));
    let driver = || {
        Dispatcher::with_shared_registry(Arc::clone(&registry)).with_health_monitor(monitor.clone())
    };
    let (steady, probing) = (driver(), driver());
    let fail = || ToolCall::new("f", "svc", json!({"mode": "fail"}));

    steady.dispatch(fail()).await.unwrap();
    assert_eq!(monitor.circuit_state("svc"), CircuitState::Open);
    tokio::time::advance(Duration::from_secs(1)).await;

    let cancel = probing.cancel_signal().clone();
    let probe = tokio::spawn(async move {
        probing
            .dispatch(ToolCall::new("p", "svc", json!({"mode": "hang"})))
            .await
    });
    tokio::task::yield_now().await;
    cancel.cancel();
    assert_eq!(probe.await.unwrap().unwrap_err(), LoopError::Cancelled);

    let refused = steady.dispatch(fail()).await.unwrap();
    assert!(
        refused
            .content
            .contains("a probe call is already testing it"),
        "{}",
        refused.content
    );
    tokio::time::advance(Duration::from_secs(1)).await;
    let retried = steady.dispatch(fail()).await.unwrap();
    assert_eq!(
        retried.content, "500",
        "a new probe ran once the lost one timed out"
    );
}

#[tokio::test(start_paused = true)]
async fn retry_forever_with_the_default_detector_ends_at_whichever_limit_comes_first() {
    // The detector counts every attempt, retries included; an error it reads
    // as transient does not count, so the ceiling ends the call.
    let transient = looping_driver(
        ScriptedTool::failing("sync", "transient failure, please retry"),
        LoopDetector::new(),
    );
    let error = transient
        .dispatch(ToolCall::new("c", "sync", json!({})))
        .await
        .unwrap_err();
    assert!(
        matches!(error, LoopError::ToolRecoveryExhausted { attempts: 6, .. }),
        "{error:?}"
    );
    // Any other identical error stacks up, and the detector's stop at five
    // comes before the ceiling's sixth run.
    let stuck = looping_driver(
        ScriptedTool::failing("edit", "patch does not apply"),
        LoopDetector::new(),
    );
    let error = stuck
        .dispatch(ToolCall::new("c", "edit", json!({"path": "a.rs"})))
        .await
        .unwrap_err();
    assert_eq!(
        error,
        LoopError::LoopDetected {
            tool: "edit".into(),
            repetitions: 5
        }
    );
}

#[test]
fn the_default_signature_reads_both_ends_of_a_long_text_only() {
    let signature = DefaultToolSignature;
    assert!(signature.is_recoverable_error("t", "Request TIMED OUT after 30s"));
    assert!(signature.is_recoverable_error("t", "a Transient failure"));
    assert!(!signature.is_recoverable_error("t", "patch does not apply"));
    let filler = "x".repeat(5000);
    assert!(
        signature.is_recoverable_error("t", &format!("HTTP 503 {filler}")),
        "at the start"
    );
    assert!(
        signature.is_recoverable_error("t", &format!("Traceback {filler}\nReadTimeout: timed out")),
        "at the end"
    );
    assert!(
        !signature.is_recoverable_error("t", &format!("{filler} timed out {filler}")),
        "the middle of a long text is not read"
    );
    let multibyte = format!("{}é timed out", "é".repeat(300));
    assert!(
        signature.is_recoverable_error("t", &multibyte),
        "ends cut at character boundaries"
    );
}

#[tokio::test(start_paused = true)]
async fn a_poll_whose_long_output_changes_in_the_middle_is_not_a_loop() {
    // Same length, same ends, a different middle each time: a status poll.
    let polls = Arc::new(std::sync::atomic::AtomicU32::new(0));
    let counter = Arc::clone(&polls);
    let poll = loopctl_driver::FnTool::new(
        loopctl_reflect_core::ToolSchema::new("kubectl", "", json!({"type": "object"})),
        move |_: &Value| {
            let n = counter.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            // Same length each time: "ready 000/100", "ready 001/100", ...
            let state = format!("ready {n:03}/100");
            let padding = "-".repeat(600);
            async move { ToolOutput::success(format!("{padding} pod/web {state} {padding}")) }
        },
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(poll))
        .with_loop_detector(Arc::new(LoopDetector::with_thresholds(20, 2, 3)));
    for _ in 0..6 {
        let result = driver
            .dispatch(ToolCall::new(
                "c",
                "kubectl",
                json!({"command": "get pods"}),
            ))
            .await;
        assert!(result.is_ok(), "{result:?}");
    }
}

/// A breaker that keeps its state elsewhere: it answers after a round trip,
/// and refuses `api` once told of two failures.
#[derive(Debug, Default)]
struct RemoteBreaker {
    failures: Mutex<u32>,
    recorded: Mutex<Vec<bool>>,
}

impl CircuitBreaker for RemoteBreaker {
    fn admit<'a>(&'a self, tool: &'a str) -> Admit<'a> {
        Admit::Pending(Box::pin(async move {
            tokio::task::yield_now().await;
            if *self.failures.lock().unwrap() >= 2 {
                Admission::Refuse(format!("remote circuit open for `{tool}`"))
            } else {
                Admission::Run
            }
        }))
    }
    fn record<'a>(&'a self, _tool: &'a str, _latency: Duration, is_error: bool) -> Recorded<'a> {
        self.recorded.lock().unwrap().push(is_error);
        if !is_error {
            return Recorded::Done;
        }
        // The failure is written after a round trip; the next admission must see it.
        Recorded::Pending(Box::pin(async move {
            tokio::task::yield_now().await;
            *self.failures.lock().unwrap() += 1;
        }))
    }
    fn circuit_state(&self, _tool: &str) -> CircuitState {
        CircuitState::Closed
    }
}

#[tokio::test(start_paused = true)]
async fn a_pluggable_breaker_is_asked_before_every_attempt_and_told_of_each_that_ran() {
    let tool = ScriptedTool::new(
        "api",
        vec![
            ToolOutput::error("503"),
            ToolOutput::error("503"),
            ToolOutput::success("ok"),
        ],
    );
    let calls = tool.calls_handle();
    let breaker = Arc::new(RemoteBreaker::default());
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
        .with_circuit_breaker(breaker.clone());
    assert!(driver.circuit_breaker().is_some());
    let refused = driver
        .dispatch(ToolCall::new("c", "api", json!({})))
        .await
        .unwrap();
    assert!(
        refused.is_error && refused.content.contains("remote circuit open for `api`"),
        "{}",
        refused.content
    );
    assert_eq!(
        calls.lock().unwrap().len(),
        2,
        "the refused third attempt never ran"
    );
    assert_eq!(
        *breaker.recorded.lock().unwrap(),
        vec![true, true],
        "a refusal is not recorded"
    );
}
