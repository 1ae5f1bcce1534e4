//! Scale: 100,000 concurrent tool calls, each failing twice then succeeding, with a 10 ms backoff on the real timer.
//!
//! Prints wall time against the ideal, peak RSS, and bytes per call in flight.
#![allow(
    clippy::print_stdout,
    reason = "a benchmark reports its figures on stdout"
)]

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use loopctl_backoff::FixedDelayRecovery;
use loopctl_driver::{Dispatcher, Tool, ToolCall, ToolFuture, ToolOutput, ToolRegistry};
use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use serde_json::{Value, json};

const CALLS: u64 = 100_000;
const BACKOFF: Duration = Duration::from_millis(10);

/// Fails the first two attempts of each call (told apart by the input's id), then succeeds.
struct TwiceFlaky {
    schema: ToolSchema,
    attempts: Arc<Vec<AtomicU64>>,
}

impl Tool for TwiceFlaky {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        let id = input.as_u64().unwrap_or(0) as usize;
        let seen = self.attempts[id].fetch_add(1, Ordering::Relaxed);
        Box::pin(std::future::ready(if seen < 2 {
            ToolOutput::error("connection reset by peer")
        } else {
            ToolOutput::success(String::new())
        }))
    }
}

fn resident_kib(field: &str) -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find(|line| line.starts_with(field))
                .and_then(|line| line.split_whitespace().nth(1))
                .and_then(|kib| kib.parse().ok())
        })
        .unwrap_or(0)
}

fn main() {
    let quick = std::env::var_os("LOOPCTL_BENCH_QUICK").is_some();
    let calls = if quick { CALLS / 10 } else { CALLS };
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_time()
        .build()
        .expect("a runtime");
    let counters: Arc<Vec<AtomicU64>> = Arc::new((0..=calls).map(|_| AtomicU64::new(0)).collect());
    let tool = TwiceFlaky {
        schema: ToolSchema::new("flaky", "", json!({"type": "object"})),
        attempts: Arc::clone(&counters),
    };
    let registry = Arc::new(ToolRegistry::new().with(tool));
    let driver_with = |backoff: Duration| {
        Arc::new(
            Dispatcher::with_shared_registry(Arc::clone(&registry))
                .with_reflector(Arc::new(RuleReflector::new()))
                .with_recovery_strategy(Arc::new(FixedDelayRecovery::new(3, backoff))),
        )
    };
    // Warm the runtime and the reflector's automaton on an id no round uses.
    let warm = driver_with(Duration::ZERO);
    let future_bytes = runtime.block_on(async {
        let dispatch = warm.dispatch(ToolCall::new("warm", "flaky", json!(calls)));
        let size = size_of_val(&dispatch);
        let _ = dispatch.await;
        size
    });

    let baseline_kib = resident_kib("VmRSS:");
    // The same calls with no backoff measure the work alone. It runs first so
    // that both rounds find the heap already grown: first-touch page faults
    // are the allocator's cost, not the backoff's.
    let (work, worked) = round(&runtime, &driver_with(Duration::ZERO), calls, &counters);
    let (wall, succeeded) = round(&runtime, &driver_with(BACKOFF), calls, &counters);
    // The peak over both rounds, so the figure is conservative.
    let peak_kib = resident_kib("VmHWM:");

    let ideal = BACKOFF * 2 + work;
    let bytes_per_call = peak_kib.saturating_sub(baseline_kib) * 1024 / calls;
    println!(
        "scale: {calls} concurrent calls, each failing twice then succeeding, {} ms backoff, real timer",
        BACKOFF.as_millis()
    );
    println!(
        "FIGURE scale_succeeded {succeeded} calls target={calls} (and {worked} without backoff)"
    );
    println!(
        "FIGURE scale_work {:.1} ms (the same calls with no backoff)",
        work.as_secs_f64() * 1e3
    );
    println!("FIGURE scale_wall {:.1} ms", wall.as_secs_f64() * 1e3);
    println!(
        "FIGURE scale_ideal {:.1} ms (two backoffs plus the work)",
        ideal.as_secs_f64() * 1e3
    );
    println!(
        "FIGURE scale_ratio {:.2} target<=1.5",
        wall.as_secs_f64() / ideal.as_secs_f64()
    );
    println!(
        "FIGURE scale_peak_rss {:.1} MiB (baseline {:.1} MiB)",
        peak_kib as f64 / 1024.0,
        baseline_kib as f64 / 1024.0
    );
    println!("FIGURE scale_bytes_per_call {bytes_per_call} bytes target<=2048");
    println!("FIGURE dispatch_future_bytes {future_bytes} bytes");
}

/// Runs `calls` concurrent calls and returns the wall time and how many took exactly three attempts.
fn round(
    runtime: &tokio::runtime::Runtime,
    driver: &Arc<Dispatcher>,
    calls: u64,
    counters: &[AtomicU64],
) -> (Duration, u64) {
    // Every call fails twice again.
    for counter in counters {
        counter.store(0, Ordering::Relaxed);
    }
    let started = Instant::now();
    let succeeded = runtime.block_on(async {
        let tasks: Vec<_> = (0..calls)
            .map(|id| {
                let driver = Arc::clone(driver);
                tokio::spawn(
                    async move { driver.dispatch(ToolCall::new("", "flaky", json!(id))).await },
                )
            })
            .collect();
        let mut succeeded = 0_u64;
        for task in tasks {
            if task.await.is_ok_and(|result| {
                result.is_ok_and(|result| !result.is_error && result.attempts == 3)
            }) {
                succeeded += 1;
            }
        }
        succeeded
    });
    (started.elapsed(), succeeded)
}
