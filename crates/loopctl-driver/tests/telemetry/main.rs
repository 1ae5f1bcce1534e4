//! Telemetry through real pipelines: the spans a call exports through `tracing-opentelemetry` into the SDK's in-memory exporter, and the metrics a recording recorder sees.
#![cfg(all(feature = "otel-conventions", feature = "metrics"))]

#[path = "../support/mod.rs"]
mod support;

mod recorded;
mod spans;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{
    BreakerConfig, Dispatcher, HealthMonitor, RateLimit, SafetyPolicy, ToolCall, ToolOutput,
    ToolOverrides, ToolRegistry,
};
use loopctl_reflect_core::{Correction, FailureAnalysis, FailureSeverity};
use metrics_util::debugging::{DebugValue, DebuggingRecorder};
use opentelemetry::trace::{Status, TracerProvider as _};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use serde_json::json;
use support::{Answer, FixedAction, ScriptedReflector, ScriptedTool};
use tracing_subscriber::layer::SubscriberExt;

/// A tool that fails twice with a 503 and then succeeds.
pub(crate) fn flaky() -> ScriptedTool {
    ScriptedTool::new(
        "flaky",
        vec![
            ToolOutput::error("503 Service Unavailable"),
            ToolOutput::error("503 Service Unavailable"),
            ToolOutput::success("ok"),
        ],
    )
}

pub(crate) fn retrying(registry: ToolRegistry) -> Dispatcher {
    Dispatcher::new(registry)
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_millis(
            10,
        ))))
}

/// Three calls at once against one call a second, each waiting at most
/// 1.5 s: the first runs at once, the second waits a second, the third is
/// refused when its turn turns out to be at 2 s.
pub(crate) async fn three_against_one_a_second() {
    let api = ScriptedTool::new("api", vec![ToolOutput::success("ok")]);
    let limit = RateLimit::new(1, Duration::from_secs(1), Duration::from_millis(1500)).unwrap();
    let driver = Dispatcher::new(ToolRegistry::new().with(api))
        .with_tool_overrides("api", ToolOverrides::new().with_rate_limit(Arc::new(limit)));
    let calls = ["a", "b", "c"].map(|id| driver.dispatch(ToolCall::new(id, "api", json!({}))));
    let results = futures::future::join_all(calls).await;
    let refused = results
        .iter()
        .filter(|result| result.as_ref().unwrap().is_error)
        .count();
    assert_eq!(refused, 1);
}

/// Runs `body` to completion on a current-thread runtime with a paused clock.
pub(crate) fn run_paused(body: impl AsyncFnOnce()) {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .start_paused(true)
        .build()
        .unwrap()
        .block_on(body());
}
