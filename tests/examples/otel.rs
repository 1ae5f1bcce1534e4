//! The spans of two tool calls as an OpenTelemetry pipeline exports them, printed as a tree: `cargo run --example otel`.
//!
//! `fetch` fails twice with a 503 and then succeeds; `read_secret` fails
//! for good. The pipeline is the SDK's in-memory exporter behind
//! `tracing-opentelemetry`, so no collector is needed.
#![allow(
    clippy::print_stdout,
    reason = "an example talks to its user on stdout"
)]

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use loopctl::prelude::*;
use opentelemetry::trace::{SpanId, TracerProvider as _};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use serde_json::json;
use tracing_subscriber::layer::SubscriberExt;

fn registry() -> ToolRegistry {
    let failures = AtomicU32::new(0);
    let fetch = FnTool::new(
        ToolSchema::new("fetch", "Fetches a URL", json!({"type": "object"})),
        move |_| {
            let failed = failures.fetch_add(1, Ordering::Relaxed);
            async move {
                if failed < 2 {
                    ToolOutput::error("HTTP 503 Service Unavailable")
                } else {
                    ToolOutput::success("<html>ok</html>")
                }
            }
        },
    );
    let secret = FnTool::new(
        ToolSchema::new("read_secret", "Reads a secret", json!({"type": "object"})),
        |_| async { ToolOutput::error("403 Forbidden: permission denied") },
    );
    ToolRegistry::new().with(fetch).with(secret)
}

fn print_tree(spans: &[SpanData], parent: SpanId, depth: usize) {
    let mut children: Vec<&SpanData> = spans
        .iter()
        .filter(|span| span.parent_span_id == parent)
        .collect();
    children.sort_by_key(|span| span.start_time);
    for span in children {
        let status = match &span.status {
            opentelemetry::trace::Status::Error { .. } => " [ERROR]",
            _ => "",
        };
        println!("{}{}{status}", "  ".repeat(depth), span.name);
        let mut attributes: Vec<(String, String)> = span
            .attributes
            .iter()
            .map(|pair| (pair.key.to_string(), pair.value.to_string()))
            .filter(|(key, _)| {
                !key.starts_with("code.")
                    && !key.starts_with("thread.")
                    && key != "target"
                    && key != "busy_ns"
                    && key != "idle_ns"
            })
            .collect();
        attributes.sort();
        for (key, value) in attributes {
            println!("{}  {key} = {value}", "  ".repeat(depth));
        }
        print_tree(spans, span.span_context.span_id(), depth + 1);
    }
}

fn main() {
    let exporter = InMemorySpanExporter::default();
    let provider = SdkTracerProvider::builder()
        .with_simple_exporter(exporter.clone())
        .build();
    let subscriber = tracing_subscriber::registry()
        .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("loopctl-example")));
    tracing::subscriber::with_default(subscriber, || {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        runtime.block_on(async {
            let driver = Dispatcher::new(registry())
                .with_reflector(Arc::new(RuleReflector::new()))
                .with_recovery_strategy(Arc::new(
                    ExponentialBackoffRecovery::new(3).with_base_delay(Duration::from_millis(20)),
                ));
            for (id, tool) in [("call-1", "fetch"), ("call-2", "read_secret")] {
                let result = driver
                    .dispatch(ToolCall::new(id, tool, json!({})))
                    .await
                    .unwrap();
                println!(
                    "{tool}: {} attempt(s), error: {}",
                    result.attempts, result.is_error
                );
            }
        });
    });
    provider.force_flush().unwrap();
    let spans: Vec<SpanData> = exporter.get_finished_spans().unwrap();
    let by_id: HashMap<SpanId, &SpanData> = spans
        .iter()
        .map(|span| (span.span_context.span_id(), span))
        .collect();
    println!("\n{} spans exported:\n", spans.len());
    for root in spans
        .iter()
        .filter(|span| !by_id.contains_key(&span.parent_span_id))
    {
        print_tree(std::slice::from_ref(root), root.parent_span_id, 0);
        print_tree(&spans, root.span_context.span_id(), 1);
    }
}
