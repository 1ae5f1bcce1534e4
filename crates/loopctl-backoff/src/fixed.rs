//! Simpler strategies: [`FixedDelayRecovery`] waits the same time before every retry, [`NeverRetry`] never retries.

use std::time::Duration;

use loopctl_reflect_core::{DecisionFuture, FailureAnalysis, RecoveryAction, RecoveryStrategy};

use crate::rules::{self, Limits};

/// Retries recoverable failures after the same delay each time.
///
/// It follows the same four rules as
/// [`ExponentialBackoffRecovery`](crate::ExponentialBackoffRecovery),
/// including server retry hints; only the delay differs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FixedDelayRecovery {
    delay: Duration,
    limits: Limits,
}

impl FixedDelayRecovery {
    /// Up to `max_retries` retries, each after `delay`.
    pub const fn new(max_retries: u32, delay: Duration) -> Self {
        Self {
            delay,
            limits: Limits::new(max_retries),
        }
    }

    /// The longest server retry hint that is honoured; longer ones fail.
    #[must_use]
    pub const fn with_retry_after_limit(mut self, limit: Duration) -> Self {
        self.limits.retry_after_limit = limit;
        self
    }

    /// Retries at once when the analysis carries a fix that changes the call;
    /// see [`ExponentialBackoffRecovery::with_fixes_retried_at_once`](crate::ExponentialBackoffRecovery::with_fixes_retried_at_once).
    #[must_use]
    pub const fn with_fixes_retried_at_once(mut self) -> Self {
        self.limits.fixes_at_once = true;
        self
    }
}

impl RecoveryStrategy for FixedDelayRecovery {
    fn decide(
        &self,
        analysis: &FailureAnalysis,
        attempt: u32,
        max_attempts: u32,
    ) -> DecisionFuture<'_> {
        let action = rules::decide(analysis, attempt, max_attempts, self.limits, |_| self.delay);
        Box::pin(std::future::ready(action))
    }
}

/// Never retries: every failure fails softly with its root cause.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NeverRetry;

impl RecoveryStrategy for NeverRetry {
    fn decide(&self, analysis: &FailureAnalysis, _: u32, _: u32) -> DecisionFuture<'_> {
        Box::pin(std::future::ready(RecoveryAction::Fail(
            analysis.root_cause.clone(),
        )))
    }
}
