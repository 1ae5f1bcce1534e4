//! Scripted tools, reflectors and strategies that record what the driver did to them.

#![allow(
    dead_code,
    reason = "each test file uses a different part of the support kit"
)]
#![allow(
    unreachable_pub,
    reason = "test support is shared between test binaries, not exported"
)]

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl_driver::{Tool, ToolFuture, ToolOutput};
use loopctl_reflect_core::{
    AnalysisFuture, AttemptOutcome, DecisionFuture, FailureAnalysis, FailureSeverity,
    RecoveryAction, RecoveryStrategy, ReflectionContext, ReflectionError, Reflector, ToolSchema,
};
use serde_json::{Value, json};
use tokio::time::Instant;

/// A tool that plays back scripted outputs (the last one repeats) and records each call.
pub struct ScriptedTool {
    schema: ToolSchema,
    script: Mutex<VecDeque<ToolOutput>>,
    last: Mutex<Option<ToolOutput>>,
    pub calls: Arc<Mutex<Vec<(Instant, Value)>>>,
}

impl ScriptedTool {
    pub fn new(name: &str, script: Vec<ToolOutput>) -> Self {
        Self {
            schema: ToolSchema::new(name, "scripted", json!({"type": "object"})),
            script: Mutex::new(script.into()),
            last: Mutex::new(None),
            calls: Arc::default(),
        }
    }

    pub fn with_schema(mut self, schema: Value) -> Self {
        self.schema.input_schema = schema;
        self
    }

    pub fn failing(name: &str, error: &str) -> Self {
        Self::new(name, vec![ToolOutput::error(error)])
    }

    pub fn calls_handle(&self) -> Arc<Mutex<Vec<(Instant, Value)>>> {
        Arc::clone(&self.calls)
    }
}

impl Tool for ScriptedTool {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        self.calls
            .lock()
            .unwrap()
            .push((Instant::now(), input.clone()));
        let next = self.script.lock().unwrap().pop_front();
        let output = match next {
            Some(output) => {
                *self.last.lock().unwrap() = Some(output.clone());
                output
            }
            None => self
                .last
                .lock()
                .unwrap()
                .clone()
                .expect("script is not empty"),
        };
        Box::pin(async move { output })
    }
}

/// What a reflector was asked.
#[derive(Debug, Clone)]
pub struct Asked {
    pub error: String,
    pub tool: String,
    pub input: Value,
    pub schema: Option<ToolSchema>,
    pub context: ReflectionContext,
}

/// How a scripted reflector answers.
#[derive(Clone)]
pub enum Answer {
    Analysis(FailureAnalysis),
    Error(ReflectionError),
    Panic,
    Hang,
}

/// A reflector that gives the same answer every time and records each question.
pub struct ScriptedReflector {
    answer: Answer,
    pub asked: Arc<Mutex<Vec<Asked>>>,
}

impl ScriptedReflector {
    pub fn new(answer: Answer) -> Self {
        Self {
            answer,
            asked: Arc::default(),
        }
    }

    pub fn recoverable() -> Self {
        Self::new(Answer::Analysis(FailureAnalysis::recoverable(
            "transient",
            FailureSeverity::Low,
        )))
    }

    pub fn with_analysis(analysis: FailureAnalysis) -> Self {
        Self::new(Answer::Analysis(analysis))
    }
}

impl Reflector for ScriptedReflector {
    fn analyze(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
        ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        self.asked.lock().unwrap().push(Asked {
            error: error.to_owned(),
            tool: tool.to_owned(),
            input: input.clone(),
            schema: schema.cloned(),
            context: ctx.clone(),
        });
        let answer = self.answer.clone();
        Box::pin(async move {
            match answer {
                Answer::Analysis(analysis) => Ok(analysis),
                Answer::Error(error) => Err(error),
                Answer::Panic => panic!("reflector exploded"),
                Answer::Hang => std::future::pending().await,
            }
        })
    }
}

/// A strategy that always gives the same action and records what it was told.
pub struct FixedAction {
    action: RecoveryAction,
    pub told: Arc<Mutex<Vec<(u32, u32)>>>,
    pub outcomes: Arc<Mutex<Vec<AttemptOutcome>>>,
}

impl FixedAction {
    pub fn new(action: RecoveryAction) -> Self {
        Self {
            action,
            told: Arc::default(),
            outcomes: Arc::default(),
        }
    }

    pub fn retry_after(delay: Duration) -> Self {
        Self::new(RecoveryAction::retry(delay))
    }
}

impl RecoveryStrategy for FixedAction {
    fn decide(&self, _: &FailureAnalysis, attempt: u32, max_attempts: u32) -> DecisionFuture<'_> {
        self.told.lock().unwrap().push((attempt, max_attempts));
        let action = self.action.clone();
        Box::pin(async move { action })
    }

    fn record_attempt(&self, _tool: &str, outcome: AttemptOutcome) {
        self.outcomes.lock().unwrap().push(outcome);
    }
}

/// A strategy that panics.
pub struct PanickingStrategy;

impl RecoveryStrategy for PanickingStrategy {
    fn decide(&self, _: &FailureAnalysis, _: u32, _: u32) -> DecisionFuture<'_> {
        panic!("strategy exploded")
    }
}

/// A tool that takes 7 ms of (paused-clock) time and fails its first `failures` calls with "503 upstream".
pub struct SlowFlaky {
    schema: ToolSchema,
    failures: usize,
    calls: Mutex<usize>,
}

impl SlowFlaky {
    pub fn new(name: &str, failures: usize) -> Self {
        Self {
            schema: ToolSchema::new(name, "slow and flaky", json!({"type": "object"})),
            failures,
            calls: Mutex::new(0),
        }
    }
}

impl Tool for SlowFlaky {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, _input: &'a Value) -> ToolFuture<'a> {
        Box::pin(async move {
            tokio::time::sleep(Duration::from_millis(7)).await;
            let mut calls = self.calls.lock().unwrap();
            *calls += 1;
            if *calls <= self.failures {
                ToolOutput::error("503 upstream")
            } else {
                ToolOutput::success("ok")
            }
        })
    }
}
