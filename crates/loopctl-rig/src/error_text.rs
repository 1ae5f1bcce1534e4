//! How a rig tool error reads to loopctl's reflectors: its kind, HTTP status and code in words the rules classify, then what rig would show the model.

use rig_core::tool::{ToolErrorKind, ToolExecutionError};

/// The opening words for each kind, chosen so the rule reflector reads them
/// the way rig means them: a timeout, a rate limit or a network failure is
/// transient, a permission denial is not.
fn lead(kind: ToolErrorKind) -> &'static str {
    match kind {
        ToolErrorKind::InvalidArgs => "invalid arguments",
        ToolErrorKind::Timeout => "timed out",
        ToolErrorKind::Cancelled => "cancelled",
        ToolErrorKind::NotFound => "resource not found",
        ToolErrorKind::PermissionDenied => "permission denied",
        ToolErrorKind::RateLimited => "rate limited",
        ToolErrorKind::Provider => "provider error",
        ToolErrorKind::Network => "network error",
        _ => "tool failed",
    }
}

/// The text of `error` as loopctl sees it:
/// `<lead> (rig error kind <kind>[, HTTP <status>][, code <code>][, retryable | not retryable]): <model text>`,
/// and, when `with_message`, `; operator message: <message>`.
///
/// The model text is rig's model-visible presentation of the error (its
/// feedback, or the kind's default). rig keeps the operator message from
/// the model by design, so it is left out unless the user opts in.
pub(crate) fn error_text(error: &ToolExecutionError, with_message: bool) -> String {
    let kind = error.kind();
    let mut text = String::from(if error.is_refusal() {
        "refused"
    } else {
        lead(kind)
    });
    text.push_str(" (rig error kind ");
    text.push_str(kind.as_str());
    if let Some(status) = error.http_status() {
        text.push_str(&format!(", HTTP {status}"));
    }
    if let Some(code) = error.code() {
        text.push_str(", code ");
        text.push_str(code);
    }
    match error.retryable() {
        Some(true) => text.push_str(", retryable"),
        Some(false) => text.push_str(", not retryable"),
        None => {}
    }
    text.push_str("): ");
    text.push_str(&error.model_output().render());
    if with_message && !error.message().is_empty() {
        text.push_str("; operator message: ");
        text.push_str(error.message());
    }
    text
}

#[cfg(test)]
mod tests {
    use loopctl_reflect_core::{ReflectionContext, Reflector};
    use loopctl_reflect_rules::RuleReflector;
    use serde_json::json;

    use super::*;

    fn recoverable(error: &ToolExecutionError) -> bool {
        let text = error_text(error, false);
        let analysis = block_on(RuleReflector::new().analyze(
            &text,
            "search",
            &json!({}),
            None,
            &ReflectionContext::new("find it", 0, 5),
        ));
        analysis
            .map(|analysis| analysis.is_recoverable)
            .unwrap_or(false)
    }

    fn block_on<F: Future>(future: F) -> F::Output {
        tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime")
            .block_on(future)
    }

    #[test]
    fn the_rules_read_rig_kinds_as_rig_means_them() {
        assert!(recoverable(&ToolExecutionError::timeout("slow upstream")));
        assert!(recoverable(
            &ToolExecutionError::rate_limited("upstream 429").with_http_status(429)
        ));
        assert!(recoverable(&ToolExecutionError::network(
            "connection reset"
        )));
        assert!(!recoverable(&ToolExecutionError::permission_denied(
            "no access"
        )));
        assert!(!recoverable(&ToolExecutionError::refused("not allowed")));
    }

    #[test]
    fn the_operator_message_stays_hidden_unless_asked_for() {
        let error = ToolExecutionError::from_error(std::io::Error::other("db password=hunter2"))
            .with_code("E_DB")
            .with_http_status(503);
        let hidden = error_text(&error, false);
        assert_eq!(
            hidden,
            "tool failed (rig error kind other, HTTP 503, code E_DB): the tool failed"
        );
        assert!(error_text(&error, true).ends_with("; operator message: db password=hunter2"));
    }
}
