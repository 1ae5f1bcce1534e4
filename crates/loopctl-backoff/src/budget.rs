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
//!
//! A floor ([`RetryBudget::with_floor`]) lets a few retries a second through
//! even from an empty bucket, as tower's `min_per_sec` does, so a quiet agent
//! whose only calls fail can still recover. The [`Budget`] trait lets
//! [`BudgetedRecovery`] draw on another kind of budget, such as one shared by a
//! fleet of processes.

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::time::Instant;

use loopctl_reflect_core::{
    AttemptOutcome, DecisionFuture, FailureAnalysis, RecoveryAction, RecoveryStrategy,
};

/// Fixed-point scale: a token is a thousand units, so fractional refills stay exact.
const UNITS_PER_TOKEN: u64 = 1000;

/// The message of the `Fail` a drained budget gives.
pub const BUDGET_EXHAUSTED: &str = "retry budget exhausted";

/// What [`Budget::withdraw`] hands back: whether a retry may run.
pub type WithdrawFuture<'a> = Pin<Box<dyn Future<Output = bool> + Send + 'a>>;

/// A source of retries that [`BudgetedRecovery`] draws on.
///
/// [`RetryBudget`] is the one in this process; other crates hold the same
/// bucket elsewhere (`loopctl-redis` keeps it in Redis for a fleet).
/// `withdraw` is asked only when a strategy wants to retry; `deposit` is told
/// of every successful attempt, so it must stay cheap.
pub trait Budget: fmt::Debug + Send + Sync {
    /// Takes one retry; resolves to `false` when none is left.
    fn withdraw(&self) -> WithdrawFuture<'_>;

    /// Earns back the refill of one successful attempt.
    fn deposit(&self);

    /// Gives back one whole retry that was withdrawn but never ran (the
    /// circuit refused it). The default does nothing; a budget that can
    /// take the retry back should.
    fn refund(&self) {}
}

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
    floor: Option<Floor>,
}

/// Retries granted past an empty bucket within the current second.
#[derive(Debug)]
struct Floor {
    per_second: u32,
    origin: Instant,
    /// The second since `origin` in the high half, the retries granted in it
    /// in the low half: one word, so one compare-and-swap updates both.
    window: AtomicU64,
}

impl Floor {
    fn try_take(&self) -> bool {
        let second = self.origin.elapsed().as_secs().min(u64::from(u32::MAX));
        self.window
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |word| {
                let (window, used) = (word >> 32, word & u64::from(u32::MAX));
                if window != second {
                    Some((second << 32) | 1)
                } else if used < u64::from(self.per_second) {
                    Some(word + 1)
                } else {
                    None
                }
            })
            .is_ok()
    }
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
                floor: None,
            }),
        }
    }

    /// Lets `per_second` retries a second through even when the bucket is
    /// empty. Set it before cloning: clones made earlier keep no floor.
    #[must_use]
    pub fn with_floor(self, per_second: u32) -> Self {
        let state = &*self.inner;
        let floor = (per_second > 0).then(|| Floor {
            per_second,
            origin: Instant::now(),
            window: AtomicU64::new(0),
        });
        Self {
            inner: Arc::new(BudgetState {
                units: AtomicU64::new(state.units.load(Ordering::Acquire)),
                capacity_units: state.capacity_units,
                refill_units: state.refill_units,
                floor,
            }),
        }
    }

    /// The capacity, in retries.
    pub fn capacity(&self) -> u32 {
        u32::try_from(self.inner.capacity_units / UNITS_PER_TOKEN).unwrap_or(u32::MAX)
    }

    /// The refill of one success, in thousandths of a retry.
    pub fn refill_millis(&self) -> u64 {
        self.inner.refill_units
    }

    /// The floor in retries a second; 0 when there is none.
    pub fn floor(&self) -> u32 {
        self.inner
            .floor
            .as_ref()
            .map_or(0, |floor| floor.per_second)
    }

    /// Takes one retry from the bucket, or from the floor when the bucket
    /// is empty; `false` when neither has one.
    pub fn try_withdraw(&self) -> bool {
        self.inner
            .units
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |units| {
                units.checked_sub(UNITS_PER_TOKEN)
            })
            .is_ok()
            || self.inner.floor.as_ref().is_some_and(Floor::try_take)
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

    /// Earns back the refill of `successes` successful attempts at once, up
    /// to the capacity (a batch counted elsewhere, such as a fleet's).
    pub fn deposit_many(&self, successes: u64) {
        let state = &*self.inner;
        let units = state.refill_units.saturating_mul(successes);
        if units == 0 {
            return;
        }
        let _ = state
            .units
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                Some(held.saturating_add(units).min(state.capacity_units))
            });
    }

    /// Gives back one whole retry, up to the capacity: one that was
    /// withdrawn and then refused before it ran.
    pub fn refund(&self) {
        let state = &*self.inner;
        let _ = state
            .units
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |held| {
                Some(
                    held.saturating_add(UNITS_PER_TOKEN)
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

impl Budget for RetryBudget {
    fn withdraw(&self) -> WithdrawFuture<'_> {
        let granted = self.try_withdraw();
        Box::pin(std::future::ready(granted))
    }

    fn deposit(&self) {
        Self::deposit(self);
    }

    fn refund(&self) {
        Self::refund(self);
    }
}

impl<B: Budget + ?Sized> Budget for Arc<B> {
    fn withdraw(&self) -> WithdrawFuture<'_> {
        (**self).withdraw()
    }

    fn deposit(&self) {
        (**self).deposit();
    }

    fn refund(&self) {
        (**self).refund();
    }
}

/// Wraps a strategy so its retries draw on a shared [`Budget`], a
/// [`RetryBudget`] unless another is named.
#[derive(Debug, Clone)]
pub struct BudgetedRecovery<S, B = RetryBudget> {
    inner: S,
    budget: B,
}

impl<S: RecoveryStrategy, B: Budget> BudgetedRecovery<S, B> {
    /// `inner` decides; `budget` may veto its retries.
    pub const fn new(inner: S, budget: B) -> Self {
        Self { inner, budget }
    }

    /// The shared budget.
    pub const fn budget(&self) -> &B {
        &self.budget
    }
}

impl<S: RecoveryStrategy, B: Budget> RecoveryStrategy for BudgetedRecovery<S, B> {
    fn decide(
        &self,
        analysis: &FailureAnalysis,
        attempt: u32,
        max_attempts: u32,
    ) -> DecisionFuture<'_> {
        let decision = self.inner.decide(analysis, attempt, max_attempts);
        Box::pin(async move {
            let action = decision.await;
            if action.is_retry() && !self.budget.withdraw().await {
                return RecoveryAction::Fail(BUDGET_EXHAUSTED.to_owned());
            }
            action
        })
    }

    fn record_attempt(&self, tool: &str, outcome: AttemptOutcome) {
        match outcome {
            AttemptOutcome::Success => self.budget.deposit(),
            AttemptOutcome::RetryRefused => self.budget.refund(),
            _ => {}
        }
        self.inner.record_attempt(tool, outcome);
    }
}
