//! The driver's invariants over thousands of random scenarios of tool outcomes, analyses, decisions and cancels.

use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::FutureExt;
use loopctl_driver::{
    AttemptFinished, AttemptObserver, AttemptStarted, Dispatcher, LoopError, Tool, ToolCall,
    ToolFuture, ToolOutput, ToolRegistry,
};
use loopctl_reflect_core::{
    AnalysisFuture, Correction, DecisionFuture, FailureAnalysis, FailureSeverity, RecoveryAction,
    RecoveryStrategy, ReflectionContext, ReflectionError, Reflector, ToolSchema,
};
use proptest::prelude::*;
use serde_json::{Value, json};

#[derive(Debug, Clone)]
enum Outcome {
    Success,
    Error(u8),
    Panic,
    Hang,
}

#[derive(Debug, Clone)]
enum Answer {
    Analysis {
        recoverable: bool,
        severity: u8,
        correction: u8,
    },
    Error,
    Skip,
    Panic,
    Hang,
}

#[derive(Debug, Clone)]
enum Decision {
    Retry(u64),
    RetryForever,
    Skip,
    AskUser,
    Fail,
    Panic,
}

#[derive(Debug, Clone)]
struct Scenario {
    outcomes: Vec<Outcome>,
    answers: Vec<Answer>,
    decisions: Vec<Decision>,
    cancel_after_ms: Option<u64>,
    tool_timeout: bool,
}

fn scenario() -> impl Strategy<Value = Scenario> {
    let outcome = prop_oneof![
        3 => Just(Outcome::Success),
        6 => (0u8..4).prop_map(Outcome::Error),
        1 => Just(Outcome::Panic),
        1 => Just(Outcome::Hang),
    ];
    let answer = prop_oneof![
        8 => (any::<bool>(), 0u8..4, 0u8..6).prop_map(|(recoverable, severity, correction)| Answer::Analysis { recoverable, severity, correction }),
        1 => Just(Answer::Error),
        1 => Just(Answer::Skip),
        1 => Just(Answer::Panic),
        1 => Just(Answer::Hang),
    ];
    let decision = prop_oneof![
        6 => (0u64..40).prop_map(Decision::Retry),
        2 => Just(Decision::RetryForever),
        1 => Just(Decision::Skip),
        1 => Just(Decision::AskUser),
        1 => Just(Decision::Fail),
        1 => Just(Decision::Panic),
    ];
    (
        prop::collection::vec(outcome, 1..8),
        prop::collection::vec(answer, 1..8),
        prop::collection::vec(decision, 1..8),
        prop::option::of(0u64..400),
        any::<bool>(),
    )
        .prop_map(
            |(outcomes, answers, decisions, cancel_after_ms, tool_timeout)| {
                // A hang with neither a time-out nor a cancel would wait forever, which is correct and untestable.
                let tool_timeout = tool_timeout || cancel_after_ms.is_none();
                Scenario {
                    outcomes,
                    answers,
                    decisions,
                    cancel_after_ms,
                    tool_timeout,
                }
            },
        )
}

fn pick<T: Clone>(list: &[T], index: usize) -> T {
    list[index.min(list.len() - 1)].clone()
}

/// Plays the scenario's outcomes and records every execution's error text.
struct Scripted {
    schema: ToolSchema,
    outcomes: Vec<Outcome>,
    executions: Mutex<Vec<Option<String>>>,
}

impl Tool for Scripted {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, _input: &'a Value) -> ToolFuture<'a> {
        let mut executions = self.executions.lock().unwrap();
        let outcome = pick(&self.outcomes, executions.len());
        let text = match &outcome {
            Outcome::Error(kind) => Some(format!(
                "error kind {kind} on execution {}",
                executions.len()
            )),
            _ => None,
        };
        executions.push(text.clone());
        drop(executions);
        Box::pin(async move {
            match outcome {
                Outcome::Success => ToolOutput::success("fine"),
                Outcome::Error(_) => ToolOutput::error(text.unwrap_or_default()),
                Outcome::Panic => panic!("tool blew up"),
                Outcome::Hang => std::future::pending().await,
            }
        })
    }
}

struct ScriptedReflector(Vec<Answer>, Mutex<usize>);

impl Reflector for ScriptedReflector {
    fn analyze(
        &self,
        _: &str,
        _: &str,
        _: &Value,
        _: Option<&ToolSchema>,
        _: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        let mut count = self.1.lock().unwrap();
        let answer = pick(&self.0, *count);
        *count += 1;
        Box::pin(async move {
            match answer {
                Answer::Analysis {
                    recoverable,
                    severity,
                    correction,
                } => {
                    let mut analysis = FailureAnalysis::recoverable(
                        "scripted",
                        FailureSeverity::ALL[usize::from(severity)],
                    );
                    analysis.is_recoverable = recoverable;
                    analysis.correction = match correction {
                        0 => None,
                        1 => Some(Correction::input_fix("fix", json!({"fixed": true}))),
                        2 => Some(Correction::input_fix("not an object", json!([1]))),
                        3 => Some(Correction::tool_change("other", "other")),
                        4 => Some(Correction::tool_change("ghost", "ghost")),
                        _ => Some(Correction::tool_change("empty", "")),
                    };
                    Ok(analysis)
                }
                Answer::Error => Err(ReflectionError::Internal("broken".into())),
                Answer::Skip => Err(ReflectionError::Skipped("nothing to say".into())),
                Answer::Panic => panic!("reflector blew up"),
                Answer::Hang => std::future::pending().await,
            }
        })
    }
}

struct ScriptedStrategy(Vec<Decision>, Mutex<Vec<bool>>);

impl RecoveryStrategy for ScriptedStrategy {
    fn decide(&self, _: &FailureAnalysis, attempt: u32, _: u32) -> DecisionFuture<'_> {
        let decision = pick(&self.0, attempt as usize);
        let retry = matches!(decision, Decision::Retry(_) | Decision::RetryForever);
        self.1.lock().unwrap().push(retry);
        let action = match decision {
            Decision::Retry(ms) => RecoveryAction::retry(Duration::from_millis(ms)),
            Decision::RetryForever => RecoveryAction::retry_now(),
            Decision::Skip => RecoveryAction::Skip("skip".into()),
            Decision::AskUser => RecoveryAction::AskUser(String::new()),
            Decision::Fail => RecoveryAction::Fail("fail".into()),
            Decision::Panic => panic!("strategy blew up"),
        };
        Box::pin(std::future::ready(action))
    }
}

#[derive(Default)]
struct Events(Mutex<Vec<(bool, u32)>>);

impl AttemptObserver for Events {
    fn attempt_started(&self, event: &AttemptStarted<'_>) {
        self.0.lock().unwrap().push((true, event.attempt));
    }
    fn attempt_finished(&self, event: &AttemptFinished<'_>) {
        self.0.lock().unwrap().push((false, event.attempt));
    }
}

fn check(scenario: Scenario) -> Result<(), TestCaseError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .start_paused(true)
        .build()
        .unwrap();
    let main = Arc::new(Scripted {
        schema: ToolSchema::new("main", "", json!({"type": "object"})),
        outcomes: scenario.outcomes.clone(),
        executions: Mutex::new(Vec::new()),
    });
    let other = Arc::new(Scripted {
        schema: ToolSchema::new("other", "", json!({"type": "object"})),
        outcomes: scenario.outcomes.clone(),
        executions: Mutex::new(Vec::new()),
    });
    let mut registry = ToolRegistry::new();
    registry
        .register_arc(main.clone())
        .register_arc(other.clone());
    let strategy = Arc::new(ScriptedStrategy(
        scenario.decisions.clone(),
        Mutex::new(Vec::new()),
    ));
    let events = Arc::new(Events::default());
    let mut driver = Dispatcher::new(registry)
        .with_reflector(Arc::new(ScriptedReflector(
            scenario.answers.clone(),
            Mutex::new(0),
        )))
        .with_recovery_strategy(strategy.clone())
        .with_reflection_timeout(Duration::from_secs(1))
        .with_observer(events.clone());
    if scenario.tool_timeout {
        driver = driver.with_tool_timeout(Duration::from_millis(100));
    }
    let cancel = driver.cancel_signal().clone();
    let (outcome, cancelled_at, finished_at) = runtime.block_on(async {
        let canceller = scenario.cancel_after_ms.map(|ms| {
            tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(ms)).await;
                cancel.cancel();
                tokio::time::Instant::now()
            })
        });
        let outcome = AssertUnwindSafe(driver.dispatch(ToolCall::new("c", "main", json!({}))))
            .catch_unwind()
            .await;
        let finished_at = tokio::time::Instant::now();
        let cancelled_at = match canceller {
            Some(task) if task.is_finished() => task.await.ok(),
            Some(task) => {
                task.abort();
                let _ = task.await;
                None
            }
            None => None,
        };
        (outcome, cancelled_at, finished_at)
    });
    prop_assert_eq!(
        runtime.metrics().num_alive_tasks(),
        0,
        "no task outlives the call"
    );
    let Ok(outcome) = outcome else {
        return Err(TestCaseError::fail("a panic escaped dispatch"));
    };
    let executions: Vec<Option<String>> = main
        .executions
        .lock()
        .unwrap()
        .iter()
        .chain(other.executions.lock().unwrap().iter())
        .cloned()
        .collect();
    prop_assert!(executions.len() <= 6, "{} executions", executions.len());

    let events = events.0.lock().unwrap().clone();
    let unpaired = events
        .chunks(2)
        .filter(|pair| !(pair.len() == 2 && pair[0].0 && !pair[1].0 && pair[0].1 == pair[1].1))
        .count();
    match &outcome {
        Err(LoopError::Cancelled) => {
            prop_assert!(
                unpaired <= 1,
                "only the interrupted attempt may lack its end: {events:?}"
            );
            let cancelled_at = cancelled_at.expect("a cancel happened");
            prop_assert_eq!(finished_at, cancelled_at, "a cancel returns at once");
        }
        Err(LoopError::ToolRecoveryExhausted { attempts, tool }) => {
            prop_assert_eq!(*attempts, 6);
            prop_assert_eq!(tool.as_str(), "main");
            prop_assert_eq!(executions.len(), 6);
            prop_assert_eq!(
                strategy.1.lock().unwrap().last().copied(),
                Some(true),
                "the strategy asked for a retry after the sixth"
            );
            prop_assert_eq!(unpaired, 0);
        }
        Err(other) => {
            return Err(TestCaseError::fail(format!(
                "unexpected hard error {other:?}"
            )));
        }
        Ok(result) => {
            prop_assert_eq!(unpaired, 0, "{:?}", events);
            prop_assert!(result.attempts as usize == executions.len());
            if result.is_error {
                let last = executions.last().cloned().flatten();
                match last {
                    Some(text) => prop_assert_eq!(
                        &result.content,
                        &text,
                        "the soft result carries the last error"
                    ),
                    None => prop_assert!(
                        result.content.contains("panicked") || result.content.contains("timed out"),
                        "{}",
                        result.content
                    ),
                }
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 10_000, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn every_scenario_keeps_the_invariants(scenario in scenario()) {
        check(scenario)?;
    }
}
