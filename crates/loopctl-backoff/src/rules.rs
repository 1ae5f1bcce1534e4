//! The rule order every built-in delay strategy shares: unrecoverable, out of retries, ask, retry.

use std::time::{Duration, SystemTime};

use loopctl_reflect_core::{CorrectionType, FailureAnalysis, FailureSeverity, RecoveryAction};

use crate::retry_after;

/// The server-hint limit used when none is configured.
pub(crate) const DEFAULT_RETRY_AFTER_LIMIT: Duration = Duration::from_secs(60);

/// What every built-in delay strategy is configured with besides its delays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limits {
    pub(crate) max_retries: u32,
    pub(crate) retry_after_limit: Duration,
    /// Retry at once when the analysis carries a fix that changes the call.
    pub(crate) fixes_at_once: bool,
}

impl Limits {
    pub(crate) const fn new(max_retries: u32) -> Self {
        Self {
            max_retries,
            retry_after_limit: DEFAULT_RETRY_AFTER_LIMIT,
            fixes_at_once: false,
        }
    }
}

/// Whether `analysis` proposes a fix that changes the call itself: an
/// `InputFix` with a new input object, or a `ToolChange` naming a tool.
/// Such a retry waits out nothing transient.
pub(crate) fn changes_the_call(analysis: &FailureAnalysis) -> bool {
    analysis
        .correction
        .as_ref()
        .is_some_and(|correction| match correction.correction_type {
            CorrectionType::InputFix => correction
                .modified_input
                .as_ref()
                .is_some_and(|input| input.is_object()),
            CorrectionType::ToolChange => correction.alternative_tool.is_some(),
            _ => false,
        })
}

/// Applies the four rules, in order, calling `delay_for` only when the answer is a retry.
pub(crate) fn decide(
    analysis: &FailureAnalysis,
    attempt: u32,
    max_attempts: u32,
    limits: Limits,
    delay_for: impl FnOnce(u32) -> Duration,
) -> RecoveryAction {
    let Limits {
        max_retries,
        retry_after_limit,
        fixes_at_once,
    } = limits;
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
    let delay = if fixes_at_once && changes_the_call(analysis) {
        Duration::ZERO
    } else {
        delay_for(attempt)
    };
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
