//! The `execute_tool` spans, after the OpenTelemetry GenAI conventions, built through `tracing`.

use tracing::field::Empty;

use super::Telemetry;

/// Whether the current span is a caller's own `execute_tool` span (an agent
/// framework opens one per tool call): then loopctl opens none of its own.
fn inside_callers_execute_tool() -> bool {
    // loopctl's own spans do not count: a tool that dispatches a call
    // inside its attempt gets a call span of its own.
    tracing::Span::current().metadata().is_some_and(|metadata| {
        metadata.name().starts_with("execute_tool") && metadata.target() != "loopctl::otel"
    })
}

/// The call's span: `execute_tool {tool}`, one per call, parent of its attempts.
pub(crate) fn call_span(telemetry: &Telemetry, id: &str, name: &str) -> tracing::Span {
    if inside_callers_execute_tool() {
        return tracing::Span::current();
    }
    let span = tracing::info_span!(
        target: "loopctl::otel",
        "execute_tool",
        otel.name = %format_args!("execute_tool {name}"),
        otel.kind = "internal",
        gen_ai.operation.name = "execute_tool",
        gen_ai.tool.name = name,
        gen_ai.tool.call.id = id,
        gen_ai.tool.type = "function",
        gen_ai.tool.description = Empty,
        error.type = Empty,
        otel.status_code = Empty,
        loopctl.attempts = Empty,
        loopctl.outcome = Empty,
    );
    describe(telemetry, &span, name);
    span
}

/// One attempt's span: `execute_tool {tool}` again, a child of the call's,
/// numbered the way HTTP numbers resends.
pub(crate) fn attempt_span(
    telemetry: &Telemetry,
    call: &tracing::Span,
    id: &str,
    name: &str,
    attempt: u32,
) -> tracing::Span {
    let span = tracing::info_span!(
        target: "loopctl::otel",
        parent: call,
        "execute_tool",
        otel.name = %format_args!("execute_tool {name}"),
        otel.kind = "internal",
        gen_ai.operation.name = "execute_tool",
        gen_ai.tool.name = name,
        gen_ai.tool.call.id = id,
        gen_ai.tool.type = "function",
        gen_ai.tool.description = Empty,
        gen_ai.tool.call.arguments = Empty,
        gen_ai.tool.call.result = Empty,
        loopctl.attempt = attempt,
        error.type = Empty,
        otel.status_code = Empty,
        loopctl.analysis.recoverable = Empty,
        loopctl.analysis.severity = Empty,
        loopctl.correction.type = Empty,
        loopctl.correction.applied = Empty,
        loopctl.decision.action = Empty,
        loopctl.decision.delay_ms = Empty,
        loopctl.limit.refused = Empty,
    );
    describe(telemetry, &span, name);
    span
}

fn describe(telemetry: &Telemetry, span: &tracing::Span, name: &str) {
    if span.is_disabled() {
        return;
    }
    if let Some(schema) = telemetry.registry.schema(name)
        && !schema.description.is_empty()
    {
        span.record("gen_ai.tool.description", schema.description.as_str());
    }
}
