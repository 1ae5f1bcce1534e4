//! The success path allocates nothing beyond what the tool itself allocates, bare and with the whole pipeline on.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use loopctl_driver::{
    AttemptFinished, AttemptObserver, AttemptStarted, AttemptView, BreakerConfig, Dispatcher,
    HealthMonitor, HookVerdict, LoopDetector, PostToolHook, Tool, ToolCall, ToolOutput,
    ToolRegistry,
};
use loopctl_testkit::CountingAllocator;
use serde_json::{Value, json};

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

#[path = "support/noop.rs"]
mod noop;
use noop::Noop;

/// Counts what it sees, so the test can tell the pipeline really ran.
#[derive(Default)]
struct Counting {
    started: AtomicU64,
    finished: AtomicU64,
    after: AtomicU64,
}

impl AttemptObserver for Counting {
    fn attempt_started(&self, _event: &AttemptStarted<'_>) {
        self.started.fetch_add(1, Ordering::Relaxed);
    }

    fn attempt_finished(&self, _event: &AttemptFinished<'_>) {
        self.finished.fetch_add(1, Ordering::Relaxed);
    }
}

impl PostToolHook for Counting {
    fn after_attempt(&self, _attempt: &AttemptView<'_>, _output: &ToolOutput) {
        self.after.fetch_add(1, Ordering::Relaxed);
    }
}

fn call(n: u32) -> ToolCall {
    ToolCall {
        id: String::new(),
        name: "noop".to_owned(),
        input: Value::from(n),
        idempotency_key: None,
    }
}

/// Allocations of 100 dispatches beyond 100 direct tool calls.
fn added_allocations(driver: &Dispatcher) -> u64 {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .unwrap();
    let tool = Noop::new();
    let input = json!({});
    // Warm up lazily initialised runtime state first.
    for n in 0..3 {
        runtime.block_on(tool.call(&input));
        runtime.block_on(driver.dispatch(call(n))).unwrap();
    }
    let direct = CountingAllocator::allocations_during(|| {
        for _ in 0..100 {
            runtime.block_on(tool.call(&input));
        }
    });
    assert_eq!(direct, 100, "the tool allocates its boxed future");
    // Distinct inputs, so that the loop detector sees no repeat.
    let calls: Vec<ToolCall> = (0..100).map(call).collect();
    let mut results = Vec::with_capacity(100);
    let dispatched = CountingAllocator::allocations_during(|| {
        for call in calls {
            results.push(runtime.block_on(driver.dispatch(call)).unwrap());
        }
    });
    assert!(
        results
            .iter()
            .all(|result| !result.is_error && result.attempts == 1)
    );
    dispatched - direct
}

#[test]
fn dispatch_adds_no_allocation_to_a_successful_call() {
    let driver = Dispatcher::new(ToolRegistry::new().with(Noop::new()));
    assert_eq!(added_allocations(&driver), 0);
}

#[test]
fn the_whole_pipeline_adds_no_allocation_to_a_successful_call() {
    let counting = Arc::new(Counting::default());
    let monitor = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
        failure_threshold: 5,
        cool_down: Duration::from_secs(30),
    }));
    let driver = Dispatcher::new(ToolRegistry::new().with(Noop::new()))
        .with_observer(counting.clone())
        .with_pre_hook(Arc::new(|_: &AttemptView<'_>| HookVerdict::Allow))
        .with_post_hook(counting.clone())
        .with_health_monitor(monitor.clone())
        .with_loop_detector(Arc::new(LoopDetector::new()))
        .with_tool_timeout(Duration::from_secs(30))
        .with_attempt_history()
        .with_guidance_for_model();
    // With the telemetry features on (as under `--all-features`) and no
    // subscriber or recorder, the spans are disabled and the metric
    // handles are no-ops: nothing is added.
    eprintln!(
        "telemetry features: otel-conventions {}, metrics {}",
        cfg!(feature = "otel-conventions"),
        cfg!(feature = "metrics")
    );
    assert_eq!(
        added_allocations(&driver),
        0,
        "no subscriber: nothing added"
    );
    // A subscriber that formats every event at INFO and above: a log line on
    // the success path would allocate and show here. (The `execute_tool`
    // spans, which the application chooses to export, are filtered out.)
    use tracing_subscriber::Layer as _;
    use tracing_subscriber::layer::SubscriberExt;
    let logs = tracing_subscriber::fmt::layer()
        .with_writer(std::io::sink)
        .with_filter(
            tracing_subscriber::filter::Targets::new()
                .with_default(tracing::Level::INFO)
                .with_target(
                    "loopctl::otel",
                    tracing_subscriber::filter::LevelFilter::OFF,
                ),
        );
    let subscriber = tracing_subscriber::registry().with(logs);
    let added = tracing::subscriber::with_default(subscriber, || added_allocations(&driver));
    assert_eq!(added, 0, "the pipeline adds nothing on the success path");
    assert_eq!(counting.started.load(Ordering::Relaxed), 206);
    assert_eq!(counting.finished.load(Ordering::Relaxed), 206);
    assert_eq!(counting.after.load(Ordering::Relaxed), 206);
    assert_eq!(monitor.health("noop").map(|health| health.calls), Some(206));
}

/// tokio boxes a future over 2 KiB that it blocks on or spawns in a debug
/// build (16 KiB in release): past that, every call would allocate once for
/// its own future. The rare paths (failures, unknown outcomes) are boxed
/// to keep the call's future under it.
#[test]
fn a_calls_future_stays_under_the_size_tokio_boxes() {
    let driver = Dispatcher::new(ToolRegistry::new().with(Noop::new()));
    let dispatching = driver.dispatch(call(0));
    let size = size_of_val(&dispatching);
    eprintln!("the dispatch future: {size} bytes");
    assert!(size <= 2048, "the dispatch future is {size} bytes");
}
