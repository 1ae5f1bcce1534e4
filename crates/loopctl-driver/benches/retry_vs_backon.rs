//! The plain retry path side by side with backon: the same failing closure, zero delay, three retries.

use std::sync::Arc;
use std::time::Duration;

use backon::{ConstantBuilder, Retryable};
use divan::{Bencher, black_box};
use loopctl_backoff::FixedDelayRecovery;
use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
use loopctl_reflect_core::ToolSchema;
use serde_json::{Value, json};

fn main() {
    divan::main();
}

/// The failing operation both libraries retry.
async fn always_busy() -> Result<String, &'static str> {
    Err("resource busy")
}

#[path = "../tests/support/transient.rs"]
mod transient;
use transient::AlwaysTransient;

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime")
}

#[divan::bench]
fn loopctl(bencher: Bencher<'_, '_>) {
    let runtime = runtime();
    let tool = FnTool::new(
        ToolSchema::new("busy", "", json!({"type": "object"})),
        |_| async { ToolOutput::from(always_busy().await) },
    );
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(AlwaysTransient))
        .with_recovery_strategy(Arc::new(FixedDelayRecovery::new(3, Duration::ZERO)));
    bencher
        .with_inputs(|| ToolCall {
            id: String::new(),
            name: "busy".to_owned(),
            input: Value::Null,
            idempotency_key: None,
        })
        .bench_local_values(|call| {
            let result = runtime.block_on(black_box(&driver).dispatch(call));
            // A real check, kept in the bench profile: a path that changed would
            // otherwise be measured silently. One compare is noise next to a call.
            assert!(result.as_ref().is_ok_and(|result| result.attempts == 4));
            result
        });
}

/// backon with its default tokio sleeper: a zero delay still waits for the timer's tick.
#[divan::bench]
fn backon(bencher: Bencher<'_, '_>) {
    let runtime = runtime();
    let policy = ConstantBuilder::default()
        .with_delay(Duration::ZERO)
        .with_max_times(3);
    bencher.bench_local(|| runtime.block_on(always_busy.retry(black_box(policy))));
}

/// backon with a sleeper that returns at once, to compare the bare retry loops.
#[divan::bench]
fn backon_without_timer(bencher: Bencher<'_, '_>) {
    let runtime = runtime();
    let policy = ConstantBuilder::default()
        .with_delay(Duration::ZERO)
        .with_max_times(3);
    bencher.bench_local(|| {
        runtime.block_on(
            always_busy
                .retry(black_box(policy))
                .sleep(|_| std::future::ready(())),
        )
    });
}
