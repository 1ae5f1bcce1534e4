//! What the driver adds to a successful call, and what one failed attempt costs (sleep excluded).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use divan::{AllocProfiler, Bencher, black_box};
use loopctl_backoff::ExponentialBackoffRecovery;
use loopctl_driver::{
    Bulkhead, Dispatcher, RateLimit, Tool, ToolCall, ToolFuture, ToolOutput, ToolOverrides,
    ToolRegistry,
};
use loopctl_reflect_core::ToolSchema;
use loopctl_reflect_rules::RuleReflector;
use serde_json::{Value, json};

#[global_allocator]
static ALLOCATIONS: AllocProfiler = AllocProfiler::system();

fn main() {
    divan::main();
}

#[path = "../tests/support/noop.rs"]
mod noop;
use noop::Noop;

/// Fails every other call with a typed-input error the rules can repair.
struct FailsEveryOther {
    schema: ToolSchema,
    fail_next: AtomicBool,
}

impl Tool for FailsEveryOther {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    fn call<'a>(&'a self, _input: &'a Value) -> ToolFuture<'a> {
        let fail = self.fail_next.fetch_xor(true, Ordering::Relaxed);
        Box::pin(std::future::ready(if fail {
            ToolOutput::error("invalid type: string \"20\", expected u32 at line 1 column 13")
        } else {
            ToolOutput::success(String::new())
        }))
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime")
}

#[divan::bench]
fn direct_call(bencher: Bencher<'_, '_>) {
    let runtime = runtime();
    let tool = Noop::new();
    let input = json!({});
    bencher.bench_local(|| runtime.block_on(black_box(&tool).call(&input)));
}

#[divan::bench]
fn dispatch_success(bencher: Bencher<'_, '_>) {
    let runtime = runtime();
    let driver = Dispatcher::new(ToolRegistry::new().with(Noop::new()));
    bencher
        .with_inputs(|| ToolCall {
            id: String::new(),
            name: "noop".to_owned(),
            input: Value::Null,
            idempotency_key: None,
        })
        .bench_local_values(|call| runtime.block_on(black_box(&driver).dispatch(call)));
}

/// The same call with a rate limit and a concurrency cap that both have
/// room: what the limits cost when they do not hold a call back.
#[divan::bench]
fn dispatch_under_free_limits(bencher: Bencher<'_, '_>) {
    let runtime = runtime();
    let limits = ToolOverrides::new()
        .with_rate_limit(Arc::new(
            RateLimit::new(1_000_000_000, Duration::from_secs(1), Duration::ZERO).expect("a rate"),
        ))
        .with_concurrency(Arc::new(Bulkhead::new(64, 0).expect("a cap")));
    let driver =
        Dispatcher::new(ToolRegistry::new().with(Noop::new())).with_tool_overrides("noop", limits);
    bencher
        .with_inputs(|| ToolCall {
            id: String::new(),
            name: "noop".to_owned(),
            input: Value::Null,
            idempotency_key: None,
        })
        .bench_local_values(|call| {
            let result = runtime.block_on(black_box(&driver).dispatch(call));
            assert!(result.as_ref().is_ok_and(|result| !result.is_error));
            result
        });
}

/// One failed attempt (rule reflector, default strategy without its sleep,
/// the input fix applied), then the successful retry.
#[divan::bench]
fn dispatch_one_failure(bencher: Bencher<'_, '_>) {
    let runtime = runtime();
    let tool = FailsEveryOther {
        schema: ToolSchema::new(
            "count",
            "",
            json!({
                "type": "object", "properties": {"limit": {"type": "integer"}}, "required": ["limit"]
            }),
        ),
        fail_next: AtomicBool::new(true),
    };
    let driver = Dispatcher::new(ToolRegistry::new().with(tool))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::ZERO),
        ));
    bencher
        .with_inputs(|| ToolCall {
            id: String::new(),
            name: "count".to_owned(),
            input: json!({"limit": "20"}),
            idempotency_key: None,
        })
        .bench_local_values(|call| {
            let result = runtime.block_on(black_box(&driver).dispatch(call));
            // A real check, kept in the bench profile: a path that changed would
            // otherwise be measured silently. One compare is noise next to a call.
            assert!(result.as_ref().is_ok_and(|result| result.attempts == 2));
            result
        });
}
