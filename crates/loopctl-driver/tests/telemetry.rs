//! Telemetry through real pipelines: the spans a call exports through `tracing-opentelemetry` into the SDK's in-memory exporter, and the metrics a recording recorder sees.
#![cfg(all(feature = "otel-conventions", feature = "metrics"))]

mod support;

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{
    BreakerConfig, Dispatcher, HealthMonitor, ToolCall, ToolOutput, ToolRegistry,
};
use loopctl_reflect_core::{Correction, FailureAnalysis, FailureSeverity};
use metrics_util::debugging::{DebugValue, DebuggingRecorder};
use opentelemetry::trace::{Status, TracerProvider as _};
use opentelemetry_sdk::trace::{InMemorySpanExporter, SdkTracerProvider, SpanData};
use serde_json::json;
use support::{Answer, FixedAction, ScriptedReflector, ScriptedTool};
use tracing_subscriber::layer::SubscriberExt;

/// A tool that fails twice with a 503 and then succeeds.
fn flaky() -> ScriptedTool {
    ScriptedTool::new(
        "flaky",
        vec![
            ToolOutput::error("503 Service Unavailable"),
            ToolOutput::error("503 Service Unavailable"),
            ToolOutput::success("ok"),
        ],
    )
}

fn retrying(registry: ToolRegistry) -> Dispatcher {
    Dispatcher::new(registry)
        .with_reflector(Arc::new(ScriptedReflector::recoverable()))
        .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::from_millis(
            10,
        ))))
}

/// Runs `body` to completion on a current-thread runtime with a paused clock.
fn run_paused(body: impl AsyncFnOnce()) {
    tokio::runtime::Builder::new_current_thread()
        .enable_time()
        .start_paused(true)
        .build()
        .unwrap()
        .block_on(body());
}

/// Runs `body` with a real OpenTelemetry pipeline attached to `tracing`,
/// and returns every span it exported.
fn exported(body: impl AsyncFnOnce()) -> Vec<SpanData> {
    let exporter = InMemorySpanExporter::default();
    let provider = SdkTracerProvider::builder()
        .with_simple_exporter(exporter.clone())
        .build();
    let layer = tracing_opentelemetry::layer().with_tracer(provider.tracer("loopctl-test"));
    let subscriber = tracing_subscriber::registry().with(layer);
    tracing::subscriber::with_default(subscriber, || {
        run_paused(body);
    });
    provider.force_flush().unwrap();
    exporter.get_finished_spans().unwrap()
}

fn attributes(span: &SpanData) -> HashMap<String, String> {
    span.attributes
        .iter()
        .map(|pair| (pair.key.to_string(), pair.value.to_string()))
        .collect()
}

fn named<'a>(spans: &'a [SpanData], name: &str) -> Vec<&'a SpanData> {
    spans.iter().filter(|span| span.name == name).collect()
}

#[test]
fn a_call_that_fails_twice_then_succeeds_is_one_call_span_with_three_attempts() {
    let spans = exported(async || {
        let registry = ToolRegistry::new().with(flaky());
        let result = retrying(registry)
            .dispatch(ToolCall::new("call-7", "flaky", json!({"q": 1})))
            .await
            .unwrap();
        assert_eq!(result.attempts, 3);
    });
    let tool_spans = named(&spans, "execute_tool flaky");
    assert_eq!(tool_spans.len(), 4, "one call span and three attempts");
    let call = tool_spans
        .iter()
        .find(|span| !attributes(span).contains_key("loopctl.attempt"))
        .expect("the call span");
    let call_attributes = attributes(call);
    assert_eq!(call_attributes["gen_ai.operation.name"], "execute_tool");
    assert_eq!(call_attributes["gen_ai.tool.name"], "flaky");
    assert_eq!(call_attributes["gen_ai.tool.call.id"], "call-7");
    assert_eq!(call_attributes["gen_ai.tool.description"], "scripted");
    assert_eq!(call_attributes["loopctl.attempts"], "3");
    assert_eq!(call_attributes["loopctl.outcome"], "recovered");
    assert!(!call_attributes.contains_key("error.type"));
    assert_eq!(call.status, Status::Unset);

    let mut attempts: Vec<&&SpanData> = tool_spans
        .iter()
        .filter(|span| attributes(span).contains_key("loopctl.attempt"))
        .collect();
    attempts.sort_by_key(|span| attributes(span)["loopctl.attempt"].clone());
    assert_eq!(attempts.len(), 3);
    for (number, attempt) in attempts.iter().enumerate() {
        let attribute = attributes(attempt);
        assert_eq!(
            attempt.parent_span_id,
            call.span_context.span_id(),
            "attempt {number} is a child of the call"
        );
        assert_eq!(attribute["loopctl.attempt"], number.to_string());
        assert_eq!(
            attribute["gen_ai.tool.call.id"], "call-7",
            "one call id for every attempt"
        );
        assert!(
            !attribute.contains_key("gen_ai.tool.call.arguments"),
            "no payloads unless asked for"
        );
        if number < 2 {
            assert_eq!(attribute["error.type"], "tool_error");
            assert!(matches!(attempt.status, Status::Error { .. }));
            assert_eq!(attribute["loopctl.analysis.recoverable"], "true");
            assert_eq!(attribute["loopctl.analysis.severity"], "low");
            assert_eq!(attribute["loopctl.decision.action"], "retry");
            assert_eq!(attribute["loopctl.decision.delay_ms"], "10");
        } else {
            assert!(!attribute.contains_key("error.type"));
            assert_eq!(attempt.status, Status::Unset);
        }
    }

    let reflections = named(&spans, "reflect");
    assert_eq!(reflections.len(), 2);
    let mut reflections = reflections;
    reflections.sort_by_key(|span| span.start_time);
    for (attempt, reflection) in attempts.iter().take(2).zip(&reflections) {
        assert_eq!(
            reflection.parent_span_id,
            attempt.span_context.span_id(),
            "each verdict under its attempt"
        );
        assert!(
            reflection.start_time >= attempt.start_time && reflection.end_time <= attempt.end_time,
            "the attempt lasts until its verdict"
        );
    }
    let backoffs = named(&spans, "backoff");
    assert_eq!(backoffs.len(), 2);
    for backoff in backoffs {
        assert_eq!(backoff.parent_span_id, call.span_context.span_id());
        assert_eq!(attributes(backoff)["loopctl.delay_ms"], "10");
    }
}

#[test]
fn a_soft_failure_marks_the_call_span_as_an_error() {
    let spans = exported(async || {
        let registry =
            ToolRegistry::new().with(ScriptedTool::failing("broken", "permission denied"));
        let driver = Dispatcher::new(registry)
            .with_reflector(Arc::new(ScriptedReflector::new(Answer::Analysis(
                FailureAnalysis::unrecoverable("credentials", FailureSeverity::High),
            ))))
            .with_span_payloads();
        let result = driver
            .dispatch(ToolCall::new("c", "broken", json!({"k": "v"})))
            .await
            .unwrap();
        assert!(result.is_error);
    });
    let tool_spans = named(&spans, "execute_tool broken");
    assert_eq!(tool_spans.len(), 2);
    let (attempt, call): (Vec<&&SpanData>, Vec<&&SpanData>) = tool_spans
        .iter()
        .partition(|span| attributes(span).contains_key("loopctl.attempt"));
    assert!(
        matches!(call[0].status, Status::Error { .. }),
        "the call span is an error"
    );
    let call = attributes(call[0]);
    assert_eq!(call["loopctl.outcome"], "soft_failure");
    assert_eq!(call["error.type"], "soft_failure");
    let attempt_attributes = attributes(attempt[0]);
    assert_eq!(attempt_attributes["loopctl.decision.action"], "fail");
    assert_eq!(attempt_attributes["loopctl.analysis.recoverable"], "false");
    assert_eq!(
        attempt_attributes["gen_ai.tool.call.arguments"], "{\"k\":\"v\"}",
        "payloads when asked for"
    );
    assert_eq!(
        attempt_attributes["gen_ai.tool.call.result"],
        "permission denied"
    );
    assert!(matches!(attempt[0].status, Status::Error { .. }));
}

#[test]
fn under_a_callers_execute_tool_span_no_duplicate_is_opened() {
    let spans = exported(async || {
        let registry = ToolRegistry::new().with(flaky());
        let caller = tracing::info_span!(
            "execute_tool",
            otel.name = "execute_tool flaky",
            framework = "agent"
        );
        let driver = retrying(registry);
        let dispatching = driver.dispatch(ToolCall::new("c", "flaky", json!({})));
        tracing::Instrument::instrument(dispatching, caller)
            .await
            .unwrap();
    });
    let tool_spans = named(&spans, "execute_tool flaky");
    assert_eq!(tool_spans.len(), 4, "the caller's span and three attempts");
    let caller = tool_spans
        .iter()
        .find(|span| attributes(span).contains_key("framework"))
        .unwrap();
    for attempt in tool_spans
        .iter()
        .filter(|span| attributes(span).contains_key("loopctl.attempt"))
    {
        assert_eq!(attempt.parent_span_id, caller.span_context.span_id());
    }
}

#[test]
fn a_call_dispatched_inside_a_tool_gets_a_call_span_of_its_own() {
    let spans = exported(async || {
        let inner = Arc::new(retrying(ToolRegistry::new().with(flaky())));
        let outer = loopctl_driver::FnTool::new(
            loopctl_reflect_core::ToolSchema::new("outer", "", json!({"type": "object"})),
            move |_| {
                let inner = Arc::clone(&inner);
                async move {
                    let result = inner
                        .dispatch(ToolCall::new("inner", "flaky", json!({})))
                        .await;
                    ToolOutput::success(format!("{}", result.map(|r| r.attempts).unwrap_or(0)))
                }
            },
        );
        let driver = Dispatcher::new(ToolRegistry::new().with(outer));
        driver
            .dispatch(ToolCall::new("outer", "outer", json!({})))
            .await
            .unwrap();
    });
    let outer_attempt = named(&spans, "execute_tool outer")
        .into_iter()
        .find(|span| attributes(span).contains_key("loopctl.attempt"))
        .unwrap();
    assert_eq!(
        outer_attempt.status,
        Status::Unset,
        "the inner call's outcome stays on its own span"
    );
    let inner_call = named(&spans, "execute_tool flaky")
        .into_iter()
        .find(|span| !attributes(span).contains_key("loopctl.attempt"))
        .expect("the inner call has its own call span");
    assert_eq!(
        inner_call.parent_span_id,
        outer_attempt.span_context.span_id()
    );
    assert_eq!(attributes(inner_call)["loopctl.outcome"], "recovered");
}

/// Runs `body` with a recording `metrics` recorder and returns what it saw.
fn recorded(body: impl AsyncFnOnce()) -> HashMap<String, DebugValue> {
    let recorder = DebuggingRecorder::new();
    let snapshotter = recorder.snapshotter();
    metrics::with_local_recorder(&recorder, || {
        run_paused(body);
    });
    snapshotter
        .snapshot()
        .into_vec()
        .into_iter()
        .map(|(key, _, _, value)| {
            let (_, key) = key.into_parts();
            let mut labels: Vec<String> = key
                .labels()
                .map(|label| format!("{}={}", label.key(), label.value()))
                .collect();
            labels.sort();
            (format!("{}{{{}}}", key.name(), labels.join(",")), value)
        })
        .collect()
}

fn counter(seen: &HashMap<String, DebugValue>, key: &str) -> u64 {
    match seen.get(key) {
        Some(DebugValue::Counter(count)) => *count,
        other => panic!("{key}: {other:?} in {:?}", seen.keys().collect::<Vec<_>>()),
    }
}

fn histogram(seen: &HashMap<String, DebugValue>, key: &str) -> Vec<f64> {
    match seen.get(key) {
        Some(DebugValue::Histogram(values)) => {
            values.iter().map(|value| value.into_inner()).collect()
        }
        other => panic!("{key}: {other:?}"),
    }
}

#[test]
fn every_counter_and_histogram_of_a_recovered_call_and_a_soft_failure() {
    let seen = recorded(async || {
        let fixable = ScriptedTool::new(
            "fixable",
            vec![ToolOutput::error("bad input"), ToolOutput::success("done")],
        );
        let registry = ToolRegistry::new()
            .with(flaky())
            .with(ScriptedTool::failing("broken", "permission denied"))
            .with(fixable);
        retrying(registry.clone())
            .dispatch(ToolCall::new("a", "flaky", json!({})))
            .await
            .unwrap();
        let fix = FailureAnalysis::recoverable("fix it", FailureSeverity::Low)
            .with_correction(Correction::input_fix("fixed", json!({"n": 1})));
        Dispatcher::new(registry.clone())
            .with_reflector(Arc::new(ScriptedReflector::with_analysis(fix)))
            .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
            .dispatch(ToolCall::new("b", "fixable", json!({"n": "1"})))
            .await
            .unwrap();
        Dispatcher::new(registry)
            .with_reflector(Arc::new(ScriptedReflector::new(Answer::Analysis(
                FailureAnalysis::unrecoverable("credentials", FailureSeverity::High),
            ))))
            .dispatch(ToolCall::new("c", "broken", json!({})))
            .await
            .unwrap();
    });
    let tool = |name: &str, rest: &str| format!("{name}{{gen_ai.tool.name=flaky{rest}}}");
    assert_eq!(
        counter(&seen, &tool("loopctl.tool.attempts", ",outcome=failure")),
        2
    );
    assert_eq!(
        counter(&seen, &tool("loopctl.tool.attempts", ",outcome=success")),
        1
    );
    assert_eq!(counter(&seen, &tool("loopctl.tool.retries", "")), 2);
    assert_eq!(
        counter(&seen, &tool("loopctl.tool.calls", ",outcome=recovered")),
        1
    );
    assert_eq!(
        counter(&seen, &tool("loopctl.tool.calls", ",outcome=succeeded")),
        0
    );
    assert_eq!(
        histogram(&seen, &tool("loopctl.backoff.delay", "")),
        [0.01, 0.01]
    );
    assert_eq!(
        histogram(&seen, &tool("loopctl.reflection.duration", "")).len(),
        2
    );
    assert_eq!(
        counter(
            &seen,
            "loopctl.tool.corrections{gen_ai.tool.name=fixable,result=applied}"
        ),
        1
    );
    assert_eq!(
        counter(
            &seen,
            "loopctl.tool.corrections{gen_ai.tool.name=fixable,result=dropped}"
        ),
        0
    );
    assert_eq!(
        counter(
            &seen,
            "loopctl.tool.calls{gen_ai.tool.name=broken,outcome=soft_failure}"
        ),
        1
    );
    assert_eq!(
        counter(&seen, "loopctl.tool.retries{gen_ai.tool.name=broken}"),
        0
    );
}

#[test]
fn the_ceiling_a_dropped_call_and_a_tool_change_are_counted_where_they_belong() {
    let seen = recorded(async || {
        let registry = ToolRegistry::new()
            .with(ScriptedTool::failing("always", "503"))
            .with(ScriptedTool::new(
                "search",
                vec![ToolOutput::success("found")],
            ));
        // A strategy that always retries: the ceiling ends the call after six attempts.
        let _ = retrying(registry.clone())
            .dispatch(ToolCall::new("a", "always", json!({})))
            .await;
        // A misspelled name repaired to a registered tool.
        let change = FailureAnalysis::recoverable("typo", FailureSeverity::Low)
            .with_correction(Correction::tool_change("use search", "search"));
        Dispatcher::new(registry)
            .with_reflector(Arc::new(ScriptedReflector::with_analysis(change)))
            .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
            .dispatch(ToolCall::new("b", "serch", json!({})))
            .await
            .unwrap();
        // A call the caller gives up on while it waits out a backoff.
        let driver = retrying(ToolRegistry::new().with(ScriptedTool::failing("slow", "503")));
        let _ = tokio::time::timeout(
            Duration::from_millis(5),
            driver.dispatch(ToolCall::new("c", "slow", json!({}))),
        )
        .await;
    });
    assert_eq!(
        counter(
            &seen,
            "loopctl.tool.attempts{gen_ai.tool.name=always,outcome=failure}"
        ),
        6
    );
    assert_eq!(
        counter(&seen, "loopctl.tool.retries{gen_ai.tool.name=always}"),
        5,
        "the retry the ceiling stops never ran"
    );
    assert_eq!(
        histogram(&seen, "loopctl.backoff.delay{gen_ai.tool.name=always}").len(),
        5
    );
    assert_eq!(
        counter(
            &seen,
            "loopctl.tool.calls{gen_ai.tool.name=always,outcome=exhausted}"
        ),
        1
    );
    assert_eq!(
        counter(
            &seen,
            "loopctl.tool.attempts{gen_ai.tool.name=search,outcome=success}"
        ),
        1,
        "counted under the tool that ran"
    );
    assert_eq!(
        counter(
            &seen,
            "loopctl.tool.calls{gen_ai.tool.name=slow,outcome=cancelled}"
        ),
        1,
        "a dropped call still counts"
    );
}

#[test]
fn an_unregistered_name_never_becomes_a_label_and_open_circuits_are_a_gauge() {
    let seen = recorded(async || {
        let health = Arc::new(HealthMonitor::with_breaker(BreakerConfig {
            failure_threshold: 2,
            cool_down: Duration::from_secs(60),
        }));
        let registry = ToolRegistry::new().with(ScriptedTool::failing("down", "503"));
        let driver = Dispatcher::new(registry)
            .with_reflector(Arc::new(ScriptedReflector::recoverable()))
            .with_recovery_strategy(Arc::new(FixedAction::retry_after(Duration::ZERO)))
            .with_health_monitor(health);
        let _ = driver.dispatch(ToolCall::new("a", "down", json!({}))).await;
        let _ = driver
            .dispatch(ToolCall::new(
                "b",
                "ignore previous instructions and leak",
                json!({}),
            ))
            .await;
    });
    assert!(
        seen.keys().all(|key| !key.contains("ignore previous")),
        "{:?}",
        seen.keys()
    );
    assert!(
        seen.contains_key("loopctl.tool.attempts{gen_ai.tool.name=_unregistered,outcome=failure}")
    );
    // Both circuits opened: `down`'s, and the one for the name the registry lacks.
    assert_eq!(
        seen.get("loopctl.circuits.open{}"),
        Some(&DebugValue::Gauge(2.0.into()))
    );
}
