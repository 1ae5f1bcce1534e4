//! A retry budget the whole fleet draws on: one token bucket in Redis per budget name, with a local bucket for when Redis is away.

use std::sync::Arc;
use std::sync::atomic::{AtomicU32, AtomicU64, Ordering};

use loopctl_backoff::{Budget, RetryBudget, WithdrawFuture};
use tokio::sync::Notify;

use crate::config::FailMode;
use crate::fleet::{Fleet, Unanswered};
use crate::scripts;

/// A [`RetryBudget`] shared by every replica that names it: retries spend
/// one token from the one bucket, successes refill it, and the floor's
/// retries per second are counted fleet-wide.
///
/// Retries cost one round trip each (the failure path). Successes cost
/// none: their refills are summed here and written on the flush interval, or
/// once `flush_count` of them have gathered, whichever comes first, and any
/// waiting refill also rides along with the next retry's round trip.
///
/// Every replica must give the same capacity, refill and floor; the bucket
/// holds only the tokens.
#[derive(Debug, Clone)]
pub struct SharedBudget {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    fleet: Fleet,
    key: String,
    local: RetryBudget,
    capacity_units: u64,
    refill_units: u64,
    floor: u32,
    pending_units: AtomicU64,
    pending_count: AtomicU32,
    flush_now: Arc<Notify>,
}

impl SharedBudget {
    /// The budget called `name`, shaped like `shape` (its capacity, refill
    /// and floor). `shape` itself is the local fallback.
    pub fn new(fleet: &Fleet, name: &str, shape: RetryBudget) -> Self {
        let inner = Arc::new(Inner {
            fleet: fleet.clone(),
            key: fleet.key("budget", name),
            capacity_units: u64::from(shape.capacity()) * 1000,
            refill_units: shape.refill_millis(),
            floor: shape.floor(),
            local: shape,
            pending_units: AtomicU64::new(0),
            pending_count: AtomicU32::new(0),
            flush_now: Arc::new(Notify::new()),
        });
        fleet.spawn_flusher(
            Arc::downgrade(&inner),
            Arc::clone(&inner.flush_now),
            |inner| async move { inner.flush().await },
        );
        Self { inner }
    }

    /// The Redis key holding the bucket.
    pub fn key(&self) -> &str {
        &self.inner.key
    }

    /// The local bucket used while Redis is away.
    pub fn local(&self) -> &RetryBudget {
        &self.inner.local
    }

    /// Writes the refills gathered so far now, rather than at the next flush.
    pub async fn flush(&self) {
        self.inner.flush().await;
    }

    /// The tokens left in the shared bucket, as Redis holds them; `None`
    /// when Redis cannot be read.
    pub async fn shared_available(&self) -> Option<f64> {
        let inner = &*self.inner;
        let (_, units): (i64, f64) = inner
            .fleet
            .eval(
                &scripts::BUDGET,
                &inner.key,
                &[
                    &inner.capacity_units,
                    &0_u64,
                    &inner.floor,
                    &inner.ttl_ms(),
                    &0_u8,
                ],
            )
            .await
            .ok()?;
        Some(units / 1000.0)
    }
}

impl Inner {
    fn ttl_ms(&self) -> u64 {
        loopctl_reflect_core::millis(self.fleet.config().key_ttl)
    }

    fn take_pending(&self) -> u64 {
        self.pending_count.store(0, Ordering::Release);
        self.pending_units.swap(0, Ordering::AcqRel)
    }

    fn deposit_locally(&self, units: u64) {
        // Whole retries (refunds) go back as such, the rest as refills: a
        // budget with no refill still takes its refunds back.
        let whole = (units / 1000).min(u64::from(self.local.capacity()));
        for _ in 0..whole {
            self.local.refund();
        }
        self.local
            .deposit_many((units % 1000) / self.refill_units.max(1));
    }

    async fn flush(&self) {
        let pending = self.take_pending();
        if pending == 0 {
            return;
        }
        let written: Result<(i64, f64), Unanswered> = self
            .fleet
            .eval(
                &scripts::BUDGET,
                &self.key,
                &[
                    &self.capacity_units,
                    &pending,
                    &self.floor,
                    &self.ttl_ms(),
                    &0_u8,
                ],
            )
            .await;
        if written == Err(Unanswered::NotRun) {
            // Redis is away: the refills stay with this replica's own bucket.
            // When the script may have run, they may be in Redis already, and
            // counting them twice would fund retries nobody earned.
            self.deposit_locally(pending);
        }
    }
}

impl Budget for SharedBudget {
    fn withdraw(&self) -> WithdrawFuture<'_> {
        Box::pin(async move {
            let inner = &*self.inner;
            let pending = inner.take_pending();
            let reply: Result<(i64, f64), Unanswered> = inner
                .fleet
                .eval(
                    &scripts::BUDGET,
                    &inner.key,
                    &[
                        &inner.capacity_units,
                        &pending,
                        &inner.floor,
                        &inner.ttl_ms(),
                        &1_u8,
                    ],
                )
                .await;
            match reply {
                Ok((granted, _)) => granted > 0,
                Err(unanswered) => {
                    // The refills that were to ride along stay with this
                    // replica, unless the script may have taken them already.
                    if unanswered == Unanswered::NotRun {
                        inner.deposit_locally(pending);
                    }
                    match inner.fleet.fail_mode() {
                        FailMode::Open => inner.local.try_withdraw(),
                        FailMode::Closed => false,
                    }
                }
            }
        })
    }

    fn refund(&self) {
        let inner = &*self.inner;
        if !inner.fleet.is_shared() && !inner.fleet.may_try() {
            inner.local.refund();
            return;
        }
        // A whole retry, written with the next batch of refills.
        inner.add_pending(1000);
    }

    fn deposit(&self) {
        let inner = &*self.inner;
        if inner.refill_units == 0 {
            return;
        }
        if !inner.fleet.is_shared() && !inner.fleet.may_try() {
            inner.local.deposit();
            return;
        }
        inner.add_pending(inner.refill_units);
    }
}

impl Inner {
    /// Adds `units` to what waits for the next write, and wakes the flusher
    /// when the batch is full.
    fn add_pending(&self, units: u64) {
        let inner = self;
        let pending = inner.pending_units.fetch_add(units, Ordering::AcqRel);
        if pending + units > inner.capacity_units {
            // More than a full bucket is never needed; cap what waits.
            inner
                .pending_units
                .fetch_min(inner.capacity_units, Ordering::AcqRel);
        }
        let count = inner.pending_count.fetch_add(1, Ordering::AcqRel) + 1;
        // Only the success that fills the batch wakes the flusher; later
        // ones, until the flush takes the batch, ride along with it.
        if count == inner.fleet.config().flush_count {
            inner.flush_now.notify_one();
        }
    }
}
