//! A retry budget shared by every call of an agent, so a failing dependency cannot set off a retry storm.
//!
//! The budget is a token bucket in the manner of gRPC retry throttling and
//! tower's retry budget: every retry spends one token, every successful
//! attempt earns back a fraction of one, and the bucket never holds more than
//! its capacity. While fewer than one token is left, [`BudgetedRecovery`]
//! turns a would-be `Retry` into `Fail("retry budget exhausted")`; first
//! attempts always run, so successes can refill the bucket once the
//! dependency recovers. The driver reports every attempt through
//! [`RecoveryStrategy::record_attempt`].

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use loopctl_reflect_core::{
    AttemptOutcome, DecisionFuture, FailureAnalysis, RecoveryAction, RecoveryStrategy,
};

/// Fixed-point scale: a token is a thousand units, so fractional refills stay exact.
const UNITS_PER_TOKEN: u64 = 1000;

/// The message of the `Fail` a drained budget gives.
pub const BUDGET_EXHAUSTED: &str = "retry budget exhausted";

/// A shared, lock-free token bucket of retries. Clone it to share.
#[derive(Debug, Clone)]
pub struct RetryBudget {
    inner: Arc<BudgetState>,
}

#[derive(Debug)]
struct BudgetState {
    units: AtomicU64,
    capacity_units: u64,
    refill_units: u64,
}

impl RetryBudget {
    /// A full bucket of `capacity` retries; each success earns back
    /// `refill_per_success` of a retry (0.1 means ten successes fund one retry).
    pub fn new(capacity: u32, refill_per_success: f64) -> Self {
        let capacity_units = u64::from(capacity) * UNITS_PER_TOKEN;
        let refill = if refill_per_success.is_finite() && refill_per_success > 0.0 {
            (refill_per_success * UNITS_PER_TOKEN as f64).round() as u64
        } else {
            0
        };
        Self {
            inner: Arc::new(BudgetState {
                units: AtomicU64::new(capacity_units),
                capacity_units,
                refill_units: refill.min(capacity_units),
            }),
        }
    }

    /// Takes one retry from the bucket; `false` when less than one is left.
    pub fn try_withdraw(&self) -> bool {
        self.inner
            .units
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |units| {
                units.checked_sub(UNITS_PER_TOKEN)
            })
            .is_ok()
    }

    /// Earns back the per-success refill, up to the capacity.
    pub fn deposit(&self) {
        let state = &*self.inner;
        if state.refill_units == 0 {
            return;
        }
        // Skip the read-modify-write when full: the success path stays a single load.
        if state.units.load(Ordering::Relaxed) >= state.capacity_units {
            return;
        }
        let _ = state
            .units
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |units| {
                Some(
                    units
                        .saturating_add(state.refill_units)
                        .min(state.capacity_units),
                )
            });
    }

    /// The retries left, with fractions.
    pub fn available(&self) -> f64 {
        self.inner.units.load(Ordering::Acquire) as f64 / UNITS_PER_TOKEN as f64
    }
}

impl Default for RetryBudget {
    /// 100 retries in the bucket, a tenth of a retry back per success.
    fn default() -> Self {
        Self::new(100, 0.1)
    }
}

/// Wraps a strategy so its retries draw on a shared [`RetryBudget`].
#[derive(Debug, Clone)]
pub struct BudgetedRecovery<S> {
    inner: S,
    budget: RetryBudget,
}

impl<S: RecoveryStrategy> BudgetedRecovery<S> {
    /// `inner` decides; `budget` may veto its retries.
    pub const fn new(inner: S, budget: RetryBudget) -> Self {
        Self { inner, budget }
    }

    /// The shared budget.
    pub const fn budget(&self) -> &RetryBudget {
        &self.budget
    }
}

impl<S: RecoveryStrategy> RecoveryStrategy for BudgetedRecovery<S> {
    fn decide(
        &self,
        analysis: &FailureAnalysis,
        attempt: u32,
        max_attempts: u32,
    ) -> DecisionFuture<'_> {
        let decision = self.inner.decide(analysis, attempt, max_attempts);
        Box::pin(async move {
            let action = decision.await;
            if action.is_retry() && !self.budget.try_withdraw() {
                return RecoveryAction::Fail(BUDGET_EXHAUSTED.to_owned());
            }
            action
        })
    }

    fn record_attempt(&self, tool: &str, outcome: AttemptOutcome) {
        if outcome == AttemptOutcome::Success {
            self.budget.deposit();
        }
        self.inner.record_attempt(tool, outcome);
    }
}
