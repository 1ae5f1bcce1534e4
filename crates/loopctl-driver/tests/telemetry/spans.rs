//! The spans a call exports through `tracing-opentelemetry` into the SDK's in-memory exporter.

use super::*;

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

#[test]
fn each_wait_under_a_limit_is_a_span_and_a_refused_attempt_says_which_limit() {
    let spans = exported(three_against_one_a_second);
    let waits = named(&spans, "limit");
    assert_eq!(waits.len(), 2, "the second and the third call waited");
    assert!(
        waits
            .iter()
            .all(|span| attributes(span)["loopctl.limit"] == "rate")
    );
    let refused: Vec<_> = named(&spans, "execute_tool api")
        .into_iter()
        .filter(|span| attributes(span).contains_key("loopctl.limit.refused"))
        .collect();
    assert_eq!(refused.len(), 1);
    let refused = attributes(refused[0]);
    assert_eq!(refused["loopctl.limit.refused"], "rate");
    assert_eq!(refused["error.type"], "limited");
}
