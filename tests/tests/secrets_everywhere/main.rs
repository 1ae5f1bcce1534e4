//! A seeded run plants one instance of every secret shape (the 49 published sample lines) and every secret key name in
//! inputs, corrections, error texts, tasks, server URLs and command lines, drives them through every sink loopctl has,
//! and finds none of them in any output. The table of shapes and keys × sinks is printed, and `docs/reliability.md`
//! reports it.
//!
//! The seed is printed; `LOOPCTL_SECRETS_SEED=<n>` replays a run.

mod catalogue;
mod in_process;
mod processes;

use std::collections::BTreeMap;
use std::sync::Arc;

use loopctl::record::JsonlRecorder;
use loopctl::redact::{RedactingWriter, Redactor};
use loopctl_testkit::Captured;
use opentelemetry::trace::TracerProvider as _;
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider};
use tracing_subscriber::Layer as _;
use tracing_subscriber::filter::filter_fn;
use tracing_subscriber::layer::SubscriberExt;

use catalogue::{Item, Seeded, items};

/// One sink's outputs, by name.
type Sinks = BTreeMap<&'static str, Vec<String>>;

/// Where each item leaked, if anywhere: (sink, item id, the text around it).
fn leaks(items: &[Item], sinks: &Sinks) -> Vec<(String, String, String)> {
    let mut found = Vec::new();
    for (sink, outputs) in sinks {
        for item in items {
            for value in &item.values {
                let encoded = in_process::url_encoded(value);
                let leaked = outputs.iter().find_map(|output| {
                    output
                        .find(value.as_str())
                        .or_else(|| output.find(&encoded))
                        .map(|at| excerpt(output, at))
                });
                if let Some(around) = leaked {
                    found.push(((*sink).to_owned(), item.id.clone(), around));
                }
            }
        }
    }
    found
}

/// The text around a leak, for the failure message.
fn excerpt(output: &str, at: usize) -> String {
    let mut start = at.saturating_sub(100);
    while !output.is_char_boundary(start) {
        start -= 1;
    }
    let mut end = (at + 100).min(output.len());
    while !output.is_char_boundary(end) {
        end += 1;
    }
    output[start..end].to_owned()
}

#[test]
fn no_planted_secret_reaches_any_output() {
    let seed = std::env::var("LOOPCTL_SECRETS_SEED")
        .ok()
        .and_then(|seed| seed.parse().ok())
        .unwrap_or(0x5eed_2026_1201);
    eprintln!("secrets seed: {seed} (LOOPCTL_SECRETS_SEED={seed} replays this run)");
    let mut seeded = Seeded::new(seed);
    let items = items(&mut seeded);
    let dir = std::env::temp_dir().join(format!("loopctl-e2e-secrets-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let recorded = dir.join("attempts.jsonl");

    let logs = Captured::default();
    let own_logs = Captured::default();
    let exporter = InMemorySpanExporter::default();
    let provider = SdkTracerProvider::builder()
        .with_simple_exporter(exporter.clone())
        .build();
    let writer = logs.clone();
    let own_writer = own_logs.clone();
    let subscriber = tracing_subscriber::registry()
        .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("e2e-secrets")))
        // Every crate's events (the MCP SDK logs whole messages at TRACE),
        // through the writer the docs recommend.
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(move || RedactingWriter::new(writer.clone(), Redactor::standard()))
                .with_ansi(false),
        )
        // loopctl's own events, written raw: redacted where they are made.
        .with(
            tracing_subscriber::fmt::layer()
                .with_writer(move || own_writer.clone())
                .with_ansi(false)
                .with_filter(filter_fn(|meta| meta.target().starts_with("loopctl"))),
        )
        .with(tracing_subscriber::filter::LevelFilter::TRACE);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let mut sinks = Sinks::new();
    tracing::subscriber::with_default(subscriber, || {
        runtime.block_on(async {
            let recorder = Arc::new(JsonlRecorder::builder(&recorded).start().await.unwrap());
            let received = in_process::run_calls(&items, &mut seeded, recorder.clone()).await;
            let stats = recorder.shutdown().await.unwrap();
            assert_eq!(stats.dropped, 0);
            assert!(stats.written >= 2 * items.len() as u64, "{stats:?}");
            sinks.insert("LLM provider (127.0.0.1)", received);
            sinks.insert(
                "MCP errors and descriptions",
                in_process::mcp_servers(&items).await,
            );
            sinks.insert(
                "mcp-proxy (responses, logs, --log)",
                processes::proxy(&items, &dir).await,
            );
        });
    });
    provider.force_flush().unwrap();
    let spans: Vec<String> = exporter
        .get_finished_spans()
        .unwrap()
        .iter()
        .flat_map(|span| span.attributes.iter().map(|pair| pair.value.to_string()))
        .collect();
    assert!(
        spans.iter().any(|value| value.contains("[redacted]")),
        "payloads were recorded on spans"
    );
    sinks.insert("span payloads", spans);
    let own = own_logs.text();
    assert!(
        own.contains("the proposed correction") || own.contains("retrying"),
        "{own}"
    );
    sinks.insert("loopctl's log lines at TRACE", vec![own]);
    sinks.insert(
        "all crates' log lines, through RedactingWriter",
        vec![logs.text()],
    );
    sinks.insert(
        "recorder file",
        vec![std::fs::read_to_string(&recorded).unwrap()],
    );
    sinks.insert("command line", processes::command_line(&items, &recorded));

    let shapes = items.iter().filter(|item| item.key.is_none()).count();
    let keys = items.len() - shapes;
    let found = leaks(&items, &sinks);
    eprintln!("| sink | outputs | shapes ({shapes}) found | keys ({keys}) found |");
    eprintln!("|---|---|---|---|");
    for (sink, outputs) in &sinks {
        let in_sink = |keyed: bool| {
            found
                .iter()
                .filter(|(name, id, _)| name == sink && id.starts_with("K:") == keyed)
                .count()
        };
        eprintln!(
            "| {sink} | {} | {} | {} |",
            outputs.len(),
            in_sink(false),
            in_sink(true)
        );
    }
    assert_eq!(shapes, 49);
    assert_eq!(sinks.len(), 8);
    assert!(found.is_empty(), "{} leaks: {found:#?}", found.len());
    let _ = std::fs::remove_dir_all(&dir);
}
