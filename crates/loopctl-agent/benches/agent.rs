//! The agent loop against `dispatch`, per tool call, and the loop detector's cost on long error texts.
#![allow(
    clippy::print_stdout,
    reason = "a benchmark program reports its figures on stdout"
)]

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use loopctl_agent::Agent;
use loopctl_backoff::FixedDelayRecovery;
use loopctl_driver::{
    Dispatcher, LoopDetector, Tool, ToolCall, ToolFuture, ToolOutput, ToolRegistry,
};
use loopctl_llm::{ChatFuture, ChatModel, ChatRequest, ChatResponse, ChatToolCall, ToolArguments};
use loopctl_reflect_core::{NoopReflector, RecoveryStrategy, ToolSchema};
use serde_json::{Value, json};

const TURNS: usize = 10;
const CALLS: usize = 100;

/// Fails `failures` times out of every `failures + 1` runs (runs are consecutive per call here).
struct Scripted {
    schema: ToolSchema,
    runs: AtomicU64,
    cycle: u64,
    error: String,
}

impl Tool for Scripted {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, _input: &'a Value) -> ToolFuture<'a> {
        let run = self.runs.fetch_add(1, Ordering::Relaxed);
        let output = if self.cycle == 0 || run % self.cycle == self.cycle - 1 {
            if self.cycle == 0 {
                ToolOutput::error(self.error.clone())
            } else {
                ToolOutput::success("ok")
            }
        } else {
            ToolOutput::error(self.error.clone())
        };
        Box::pin(std::future::ready(output))
    }
}

fn scripted(failures: u64, error: &str) -> Scripted {
    Scripted {
        schema: ToolSchema::new("work", "", json!({"type": "object"})),
        runs: AtomicU64::new(0),
        // 0: always fails.
        cycle: if failures == u64::MAX {
            0
        } else {
            failures + 1
        },
        error: error.to_owned(),
    }
}

#[path = "../../loopctl-driver/tests/support/transient.rs"]
mod transient;
use transient::AlwaysTransient;

/// Plays back turns built before the clock starts.
struct Prebuilt(Mutex<VecDeque<ChatResponse>>);

impl ChatModel for Prebuilt {
    fn chat<'a>(&'a self, _request: ChatRequest<'a>) -> ChatFuture<'a> {
        let next = self.0.lock().unwrap().pop_front().unwrap_or_default();
        Box::pin(std::future::ready(Ok(next)))
    }
}

fn script() -> VecDeque<ChatResponse> {
    let mut turns: VecDeque<ChatResponse> = (0..TURNS)
        .map(|turn| ChatResponse {
            text: None,
            tool_calls: (0..CALLS)
                .map(|n| ChatToolCall {
                    id: format!("call-{turn}-{n}"),
                    name: "work".to_owned(),
                    arguments: ToolArguments::Parsed(json!({"n": n})),
                })
                .collect(),
            stop_reason: None,
        })
        .collect();
    turns.push_back(ChatResponse {
        text: Some("done".to_owned()),
        ..ChatResponse::default()
    });
    turns
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime")
}

fn driver(tool: Scripted, strategy: Arc<dyn RecoveryStrategy>) -> Dispatcher {
    Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(AlwaysTransient))
        .with_recovery_strategy(strategy)
}

/// Best of `rounds`: nanoseconds per tool call through `Agent::run` and through `dispatch`.
fn agent_and_dispatch(failures: u64, rounds: usize) -> (f64, f64) {
    let runtime = runtime();
    let strategy: Arc<dyn RecoveryStrategy> = Arc::new(FixedDelayRecovery::new(5, Duration::ZERO));
    let calls = (TURNS * CALLS) as f64;
    let (mut agent_best, mut dispatch_best) = (f64::MAX, f64::MAX);
    for _ in 0..rounds {
        let model = Arc::new(Prebuilt(Mutex::new(script())));
        let agent =
            Agent::with_dispatcher(model, driver(scripted(failures, "busy"), strategy.clone()))
                .with_max_turns(u32::try_from(TURNS).unwrap_or(u32::MAX) + 1);
        let started = Instant::now();
        let run = runtime.block_on(agent.run("bench")).expect("the run ends");
        agent_best = agent_best.min(started.elapsed().as_nanos() as f64 / calls);
        assert_eq!(run.messages.len(), 1 + TURNS * (CALLS + 1) + 1);

        let dispatcher = driver(scripted(failures, "busy"), strategy.clone());
        let prepared: Vec<ToolCall> = (0..TURNS * CALLS)
            .map(|n| ToolCall::new(format!("call-{n}"), "work", json!({"n": n % CALLS})))
            .collect();
        let started = Instant::now();
        for call in prepared {
            let result = runtime.block_on(dispatcher.dispatch(call)).expect("soft");
            assert!(result.attempts >= 1);
        }
        dispatch_best = dispatch_best.min(started.elapsed().as_nanos() as f64 / calls);
    }
    (agent_best, dispatch_best)
}

/// Best of `rounds`: nanoseconds of one failed attempt with a `bytes`-long error, detector off and on.
fn detector_cost(bytes: usize, rounds: usize) -> (f64, f64) {
    let runtime = runtime();
    let error = "x".repeat(bytes.saturating_sub(24)) + " patch does not apply";
    const N: usize = 2_000;
    let mut best = [f64::MAX, f64::MAX];
    for _ in 0..rounds {
        for (slot, detector) in [None, Some(Arc::new(LoopDetector::new()))]
            .into_iter()
            .enumerate()
        {
            let mut dispatcher =
                Dispatcher::new(ToolRegistry::new().with(scripted(u64::MAX, &error)))
                    .with_reflector(Arc::new(NoopReflector));
            if let Some(detector) = detector {
                dispatcher = dispatcher.with_loop_detector(detector);
            }
            // A distinct path per call: the detector hashes everything but
            // never sees a loop.
            let prepared: Vec<ToolCall> = (0..N)
                .map(|n| ToolCall::new("c", "work", json!({"path": n})))
                .collect();
            let started = Instant::now();
            for call in prepared {
                let result = runtime.block_on(dispatcher.dispatch(call)).expect("soft");
                assert!(result.is_error && result.attempts == 1);
            }
            best[slot] = best[slot].min(started.elapsed().as_nanos() as f64 / N as f64);
        }
    }
    (best[0], best[1])
}

fn main() {
    let rounds = if std::env::var_os("LOOPCTL_BENCH_QUICK").is_some() {
        3
    } else {
        7
    };
    for (label, failures) in [("success", 0), ("fails_twice", 2), ("fails_six_times", 5)] {
        let (agent, dispatch) = agent_and_dispatch(failures, rounds);
        println!("agent {label}: {agent:.0} ns per tool call; dispatch: {dispatch:.0} ns");
        println!("FIGURE agent_{label}_ratio {:.3}", agent / dispatch);
    }
    for bytes in [400, 4096] {
        let (off, on) = detector_cost(bytes, rounds);
        println!(
            "failed attempt with a {bytes}-byte error: {off:.0} ns without the loop detector, {on:.0} ns with it"
        );
        println!("FIGURE detector_{bytes}_ratio {:.3}", on / off);
    }
}
