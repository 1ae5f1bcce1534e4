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
        ToolErrorKind::Network => "connection error",
        _ => "tool failed",
    }
}

/// The text of `error` as loopctl and the model see it:
/// `<lead> (rig error kind <kind>[, HTTP <status>][, code <code>][, retryable]): <model text>`.
///
/// The model text is rig's model-visible presentation of the error (its
/// feedback, or the kind's default). rig keeps the operator message from
/// the model by design, so it is never in this text; see [`operator_note`].
pub(crate) fn error_text(error: &ToolExecutionError) -> String {
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
    // Only a positive hint is written: the rules read "retryable" as
    // transient, so "not retryable" would say the opposite of what it means.
    // A negative hint settles the call instead (see `final_by_the_tool`).
    if error.retryable() == Some(true) {
        text.push_str(", retryable");
    }
    text.push_str("): ");
    text.push_str(&error.model_output().render());
    text
}

/// The operator message, for the reflector only, when asked for.
pub(crate) fn operator_note(error: &ToolExecutionError) -> Option<String> {
    (!error.message().is_empty()).then(|| format!("operator message: {}", error.message()))
}

/// Whether the tool itself has said this failure is final: a refusal, a
/// denial, a cancel, or an explicit "not retryable". Arguments that did not
/// fit are left to the reflector, whose input repair may fix them.
pub(crate) fn final_by_the_tool(error: &ToolExecutionError) -> bool {
    match error.kind() {
        ToolErrorKind::InvalidArgs => false,
        ToolErrorKind::Cancelled | ToolErrorKind::PermissionDenied => true,
        _ => error.is_refusal() || error.retryable() == Some(false),
    }
}

/// Whether the tool may have done its work before the error: the outcome
/// of a timed-out or disconnected call is unknown.
pub(crate) const fn outcome_unknown(error: &ToolExecutionError) -> bool {
    matches!(
        error.kind(),
        ToolErrorKind::Timeout | ToolErrorKind::Network
    )
}

#[cfg(test)]
mod tests {
    use loopctl_reflect_core::{ReflectionContext, Reflector};
    use loopctl_reflect_rules::RuleReflector;
    use serde_json::json;

    use super::*;

    fn recoverable(error: &ToolExecutionError) -> bool {
        let text = error_text(error);
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
    fn the_operator_message_is_never_in_the_text() {
        let error = ToolExecutionError::from_error(std::io::Error::other("db password=hunter2"))
            .with_code("E_DB")
            .with_http_status(503);
        assert_eq!(
            error_text(&error),
            "tool failed (rig error kind other, HTTP 503, code E_DB): the tool failed"
        );
        assert_eq!(
            operator_note(&error).as_deref(),
            Some("operator message: db password=hunter2")
        );
    }
}
