//! The rule order every built-in delay strategy shares: unrecoverable, out of retries, ask, retry.

use std::time::{Duration, SystemTime};

use loopctl_reflect_core::{FailureAnalysis, FailureSeverity, RecoveryAction};

use crate::retry_after;

/// The server-hint limit used when none is configured.
pub(crate) const DEFAULT_RETRY_AFTER_LIMIT: Duration = Duration::from_secs(60);

/// Applies the four rules, in order, calling `delay_for` only when the answer is a retry.
pub(crate) fn decide(
    analysis: &FailureAnalysis,
    attempt: u32,
    max_attempts: u32,
    max_retries: u32,
    retry_after_limit: Duration,
    delay_for: impl FnOnce(u32) -> Duration,
) -> RecoveryAction {
    if !analysis.is_recoverable {
        return RecoveryAction::Fail(analysis.root_cause.clone());
    }
    if attempt >= max_retries || attempt.saturating_add(1) >= max_attempts {
        let retries = attempt.min(max_retries);
        return RecoveryAction::Fail(format!(
            "gave up after {retries} {}: {}",
            if retries == 1 { "retry" } else { "retries" },
            analysis.root_cause
        ));
    }
    if analysis.severity >= FailureSeverity::High
        && let Some(correction) = &analysis.correction
    {
        return RecoveryAction::AskUser(format!(
            "A person should decide before this is retried. The failure: {}. The proposed fix ({}): {}",
            analysis.root_cause, correction.correction_type, correction.description
        ));
    }
    let delay = delay_for(attempt);
    match retry_after::hint_in_analysis(analysis, SystemTime::now()) {
        Some(hint) if hint > retry_after_limit => RecoveryAction::Fail(format!(
            "the server asked to wait {:.1}s before retrying, more than the {:.1}s limit: {}",
            hint.as_secs_f64(),
            retry_after_limit.as_secs_f64(),
            analysis.root_cause
        )),
        Some(hint) => RecoveryAction::retry(delay.max(hint)),
        None => RecoveryAction::retry(delay),
    }
}
