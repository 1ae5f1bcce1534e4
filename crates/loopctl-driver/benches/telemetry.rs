//! What the telemetry costs a successful call: with nothing attached (run it with and without the features), with a real OpenTelemetry pipeline, and with a metrics recorder.

use divan::{AllocProfiler, Bencher};
use loopctl_driver::{Dispatcher, ToolCall, ToolRegistry};
use serde_json::json;

#[global_allocator]
static ALLOCATIONS: AllocProfiler = AllocProfiler::system();

fn main() {
    divan::main();
}

#[path = "../tests/support/noop.rs"]
mod noop;
use noop::Noop;

/// Takes every span and keeps none, so a long run measures the pipeline, not a growing buffer.
#[cfg(feature = "otel-conventions")]
#[derive(Debug)]
struct Discard;

#[cfg(feature = "otel-conventions")]
impl opentelemetry_sdk::trace::SpanExporter for Discard {
    async fn export(
        &self,
        batch: Vec<opentelemetry_sdk::trace::SpanData>,
    ) -> opentelemetry_sdk::error::OTelSdkResult {
        drop(batch);
        Ok(())
    }
}

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .build()
        .expect("a runtime")
}

fn dispatch(bencher: Bencher<'_, '_>) {
    let runtime = runtime();
    let driver = Dispatcher::new(ToolRegistry::new().with(Noop::new()));
    let mut n = 0_u64;
    bencher.bench_local(|| {
        n += 1;
        runtime
            .block_on(driver.dispatch(ToolCall::new("c", "noop", json!(n))))
            .expect("no hard error")
    });
}

#[divan::bench]
fn nothing_attached(bencher: Bencher<'_, '_>) {
    dispatch(bencher);
}

#[cfg(feature = "otel-conventions")]
#[divan::bench]
fn opentelemetry_pipeline(bencher: Bencher<'_, '_>) {
    use opentelemetry::trace::TracerProvider as _;
    use tracing_subscriber::layer::SubscriberExt;
    let provider = opentelemetry_sdk::trace::SdkTracerProvider::builder()
        .with_simple_exporter(Discard)
        .build();
    let subscriber = tracing_subscriber::registry()
        .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("bench")));
    let _attached = tracing::subscriber::set_default(subscriber);
    dispatch(bencher);
}

#[cfg(feature = "metrics")]
#[divan::bench]
fn metrics_recorder(bencher: Bencher<'_, '_>) {
    let recorder = metrics_util::debugging::DebuggingRecorder::new();
    // The driver is built inside, so its handles are bound to this recorder.
    metrics::with_local_recorder(&recorder, || dispatch(bencher));
}
