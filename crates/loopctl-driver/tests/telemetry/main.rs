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
    BreakerConfig, Dispatcher, HealthMonitor, SafetyPolicy, ToolCall, ToolOutput, ToolRegistry,
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

/// Runs `body` to completion on a current-thread runtime with a paused clock.
pub(crate) fn run_paused(body: impl AsyncFnOnce()) {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .start_paused(true)
        .build()
        .unwrap()
        .block_on(body());
}
