//! A call that fails once and recovers, exported as OpenTelemetry spans into the SDK's in-memory exporter, and printed.
#![allow(
    clippy::print_stdout,
    reason = "a program for the docs prints its results"
)]
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl::prelude::*;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider};
use serde_json::json;
use tracing_subscriber::layer::SubscriberExt;

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // The SDK's in-memory exporter (its `testing` feature) keeps every
    // finished span; in production, put an OTLP exporter here instead.
    let exporter = InMemorySpanExporter::default();
    let provider = SdkTracerProvider::builder()
        .with_simple_exporter(exporter.clone())
        .build();
    let layer = tracing_opentelemetry::layer().with_tracer(provider.tracer("first-hour"));
    tracing::subscriber::set_global_default(tracing_subscriber::registry().with(layer))?;

    let runs = Arc::new(AtomicU32::new(0));
    let counted = Arc::clone(&runs);
    let search = FnTool::new(
        ToolSchema::new("search", "Searches the web", json!({"type": "object"})),
        move |_input| {
            let first = counted.fetch_add(1, Ordering::SeqCst) == 0;
            async move {
                if first {
                    ToolOutput::error("HTTP 503 Service Unavailable")
                } else {
                    ToolOutput::success("3 results")
                }
            }
        },
    );
    let dispatcher = Dispatcher::new(ToolRegistry::new().with(search))
        .with_reflector(Arc::new(RuleReflector::new()))
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(3).with_base_delay(Duration::from_millis(10)),
        ));
    let result = dispatcher
        .dispatch(ToolCall::new("call-1", "search", json!({"q": "rust"})))
        .await?;
    println!("{} after {} attempts\n", result.content, result.attempts);

    provider.force_flush()?;
    let mut spans = exporter.get_finished_spans()?;
    spans.sort_by_key(|span| span.start_time);
    for span in &spans {
        let wanted = [
            "loopctl.attempt",
            "error.type",
            "loopctl.decision.action",
            "loopctl.outcome",
        ];
        let attributes: Vec<String> = span
            .attributes
            .iter()
            .filter(|pair| wanted.contains(&pair.key.as_str()))
            .map(|pair| format!("{}={}", pair.key, pair.value))
            .collect();
        println!("{:<22} {}", span.name, attributes.join(" "));
    }
    Ok(())
}
