//! A circuit breaker per tool shared by the whole fleet: one replica's open circuit stops every replica, and one probe runs fleet-wide.
//!
//! Each replica keeps a view of the circuits, fed by a pub/sub channel on
//! which every open and close is published, so admitting a call is a map
//! lookup with no round trip. Only a failure (one round trip, which also
//! returns the circuit's state), a half-open probe's claim, and a probe's
//! success go to Redis; other successes are batched.

mod events;
mod view;

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use loopctl_driver::{
    Admission, Admit, BreakerConfig, CircuitBreaker, CircuitState, HealthMonitor, Recorded,
};
use loopctl_reflect_core::{lock, millis};
use tokio::sync::Notify;
use tokio::time::Instant;

use self::events::MAX_COOL_DOWN;
use self::view::{Heard, Verdict, View, Views};
use crate::config::FailMode;
use crate::fleet::Fleet;
use crate::scripts;

/// The highest failure threshold: the circuit keeps the time of each failure
/// that counts, so the threshold bounds what each failure's script reads.
pub const MAX_THRESHOLD: u32 = 256;

/// The breaker of [`HealthMonitor`], with its state in Redis: closed, open
/// for the cool-down, then half-open with a single probe, per tool name,
/// for every replica of the namespace.
///
/// While Redis is away it answers from a [`HealthMonitor`] of its own, which
/// sees every attempt all along, so it is warm when needed (or, failing
/// closed, refuses every attempt).
///
/// A replica learns of other replicas' opens and closes from a pub/sub
/// channel. Every change of a circuit carries a generation, so a replica
/// applies replies and events in the order Redis made them: a close is never
/// undone by an older reply. After a probe's success closes a circuit,
/// another replica may refuse calls for as long as the published close takes
/// to reach it (one pub/sub delivery); if its subscription is down, until
/// the probe's claim would have lapsed (one cool-down) at most.
#[derive(Debug, Clone)]
pub struct SharedBreaker {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    fleet: Fleet,
    config: BreakerConfig,
    local: HealthMonitor,
    channel: String,
    views: Mutex<Views>,
    successes: AtomicU32,
    flush_now: Arc<Notify>,
}

impl SharedBreaker {
    /// A breaker opening after `config.failure_threshold` consecutive
    /// failures across the fleet (at most [`MAX_THRESHOLD`]), for
    /// `config.cool_down`.
    pub fn new(fleet: &Fleet, config: BreakerConfig) -> Self {
        let clamped = BreakerConfig {
            failure_threshold: config.failure_threshold.clamp(1, MAX_THRESHOLD),
            cool_down: config.cool_down.min(MAX_COOL_DOWN),
        };
        if clamped != config {
            tracing::warn!(
                asked = ?config,
                using = ?clamped,
                "a shared breaker's threshold is between 1 and 256 and its cool-down at most a day"
            );
        }
        let config = clamped;
        let inner = Arc::new(Inner {
            fleet: fleet.clone(),
            config,
            local: HealthMonitor::with_breaker(config),
            channel: fleet.key("circuits", "events"),
            views: Mutex::new(Views::default()),
            successes: AtomicU32::new(0),
            flush_now: Arc::new(Notify::new()),
        });
        fleet.spawn(events::listen(Arc::downgrade(&inner), fleet.clone()));
        fleet.spawn_flusher(
            Arc::downgrade(&inner),
            Arc::clone(&inner.flush_now),
            |inner| async move { inner.flush().await },
        );
        Self { inner }
    }

    /// The local breaker used while Redis is away; its statistics cover
    /// every attempt this replica ran.
    pub fn local(&self) -> &HealthMonitor {
        &self.inner.local
    }

    /// Writes batched successes now.
    pub async fn flush(&self) {
        self.inner.flush().await;
    }
}

impl Inner {
    fn views(&self) -> MutexGuard<'_, Views> {
        lock(&self.views)
    }

    /// Takes a state a script or an event told, in generation order.
    fn hear(&self, tool: &str, generation: i64, state: Heard) {
        self.views().hear(tool, generation, state);
    }

    fn cool_ms(&self) -> u64 {
        millis(self.config.cool_down)
    }

    fn ttl_ms(&self) -> u64 {
        millis(
            self.fleet
                .config()
                .key_ttl
                .max(self.config.cool_down.saturating_mul(2)),
        )
    }

    /// The claim this replica holds, if it has not lapsed.
    fn claim(&self, view: &View) -> Option<i64> {
        view.probing
            .filter(|(claimed, _)| claimed.elapsed() < self.config.cool_down)
            .map(|(_, token)| token)
    }

    fn local_admit(&self, tool: &str) -> Admission {
        match self.fleet.fail_mode() {
            FailMode::Open => match CircuitBreaker::admit(&self.local, tool) {
                Admit::Ready(admission) => admission,
                // A HealthMonitor always answers at once.
                Admit::Pending(_) => Admission::Run,
            },
            FailMode::Closed => Admission::Refuse(format!(
                "the fleet's circuit for tool `{tool}` cannot be read (Redis is unreachable) and the fleet fails closed; retry once Redis answers"
            )),
        }
    }

    async fn probe(&self, tool: &str) -> Admission {
        let key = self.fleet.key("circuit", tool);
        let reply: Result<(i64, u64, i64, i64), _> = self
            .fleet
            .eval(
                &scripts::CIRCUIT_PROBE,
                &key,
                &[&self.cool_ms(), &self.ttl_ms()],
            )
            .await;
        let Ok((verdict, ms, server_ms, generation)) = reply else {
            return self.local_admit(tool);
        };
        self.fleet.observe_server_ms(server_ms);
        let now = Instant::now();
        let wait = Duration::from_millis(ms).min(self.config.cool_down);
        match verdict {
            0 => {
                self.hear(tool, generation, Heard::Closed);
                Admission::Run
            }
            1 => {
                self.hear(tool, generation, Heard::RefuseUntil(now + wait));
                open_refusal(tool, ms)
            }
            3 => {
                let claim = Heard::Claimed {
                    at: now,
                    token: server_ms,
                };
                self.hear(tool, generation, claim);
                Admission::Run
            }
            _ => {
                // Another replica probes: refuse from the view until its
                // claim would lapse (or its outcome is published), instead
                // of asking Redis on every call.
                self.hear(tool, generation, Heard::RefuseUntil(now + wait));
                Admission::Refuse(format!(
                    "circuit half-open for tool `{tool}` across the fleet; another replica's probe call is testing it"
                ))
            }
        }
    }

    async fn failed(&self, tool: &str) {
        let before = self.views().local(tool, |view| {
            view.succeeded = false;
            view.probing = None;
        });
        let claim = self.claim(&before);
        // An attempt admitted before the circuit opened and failing after it
        // adds nothing the fleet does not know; in an outage these are the
        // bulk of the failures, and writing them would load Redis for nothing.
        if claim.is_none()
            && before
                .open_until
                .is_some_and(|until| Instant::now() < until)
        {
            return;
        }
        let key = self.fleet.key("circuit", tool);
        let success_ms = self.success_ms(before);
        let reply: Result<(u64, u64, i64, i64), _> = self
            .fleet
            .eval(
                &scripts::CIRCUIT_FAILURE,
                &key,
                &[
                    &self.cool_ms(),
                    &self.config.failure_threshold,
                    &self.ttl_ms(),
                    &success_ms,
                    &claim.unwrap_or(0),
                    &self.channel,
                    &tool,
                ],
            )
            .await;
        if let Ok((_, remaining, server_ms, generation)) = reply {
            self.fleet.observe_server_ms(server_ms);
            // A failure that finds the circuit closed or half-open tells
            // nothing new; only an open one is taken.
            if remaining > 0 {
                let until =
                    Instant::now() + Duration::from_millis(remaining).min(self.config.cool_down);
                self.hear(tool, generation, Heard::RefuseUntil(until));
            }
        }
    }

    /// The server time of the replica's last success (0 when unknown: then
    /// the failures it reports are not offset by any success). A millisecond
    /// is added for the truncation of the server's clock to milliseconds.
    fn success_ms(&self, view: View) -> i64 {
        view.last_success
            .and_then(|at| self.fleet.server_ms_of(at))
            .map_or(0, |ms| ms.saturating_add(1))
    }

    async fn probe_succeeded(&self, tool: &str, claim: i64) {
        let key = self.fleet.key("circuit", tool);
        let reply: Result<(u8, i64, i64), _> = self
            .fleet
            .eval(
                &scripts::CIRCUIT_SUCCESS,
                &key,
                &[&self.cool_ms(), &claim, &self.channel, &tool, &0_i64],
            )
            .await;
        if let Ok((closed, server_ms, generation)) = reply {
            self.fleet.observe_server_ms(server_ms);
            if closed == 1 {
                self.hear(tool, generation, Heard::Closed);
            }
        }
    }

    async fn flush(&self) {
        self.successes.store(0, Ordering::Release);
        let tools = self.views().take_successes();
        for (tool, view) in tools {
            let key = self.fleet.key("circuit", &tool);
            let success_ms = self.success_ms(view);
            let reply: Result<(u8, i64, i64), _> = self
                .fleet
                .eval(
                    &scripts::CIRCUIT_SUCCESS,
                    &key,
                    &[&self.cool_ms(), &0_i64, &self.channel, &tool, &success_ms],
                )
                .await;
            if let Ok((_, server_ms, _)) = reply {
                self.fleet.observe_server_ms(server_ms);
            }
        }
    }

    /// One published open or close.
    fn apply_event(&self, message: &str) {
        match events::parse(message, Instant::now()) {
            Some((tool, generation, state)) => self.hear(tool, generation, state),
            None => tracing::debug!(message, "ignoring an unknown circuit event"),
        }
    }
}

fn open_refusal(tool: &str, remaining_ms: u64) -> Admission {
    Admission::Refuse(format!(
        "circuit open for tool `{tool}` across the fleet; retry after {remaining_ms} ms"
    ))
}

impl CircuitBreaker for SharedBreaker {
    fn admit<'a>(&'a self, tool: &'a str) -> Admit<'a> {
        let inner = &*self.inner;
        // While local, the local breaker decides; a flush or a failure's
        // write tells when Redis answers again.
        if !inner.fleet.is_shared() {
            return Admit::Ready(inner.local_admit(tool));
        }
        let verdict = inner.views().verdict(tool, Instant::now());
        match verdict {
            Verdict::Run => Admit::Ready(Admission::Run),
            Verdict::Refuse(left) => Admit::Ready(open_refusal(tool, millis(left))),
            Verdict::Ask => Admit::Pending(Box::pin(inner.probe(tool))),
        }
    }

    fn record<'a>(&'a self, tool: &'a str, latency: Duration, is_error: bool) -> Recorded<'a> {
        let inner = &*self.inner;
        let _ = CircuitBreaker::record(&inner.local, tool, latency, is_error);
        let shared = inner.fleet.is_shared();
        if is_error {
            if shared || inner.fleet.may_try() {
                // The write also tells whether Redis is back.
                return Recorded::Pending(Box::pin(inner.failed(tool)));
            }
            inner.views().local(tool, |view| view.probing = None);
            return Recorded::Done;
        }
        let now = Instant::now();
        let mut claim = None;
        inner.views().local(tool, |view| {
            claim = inner.claim(view);
            view.probing = None;
            view.succeeded = shared && claim.is_none();
            view.last_success = Some(now);
        });
        if !shared {
            return Recorded::Done;
        }
        if let Some(claim) = claim {
            return Recorded::Pending(Box::pin(inner.probe_succeeded(tool, claim)));
        }
        let count = inner.successes.fetch_add(1, Ordering::AcqRel) + 1;
        // Only the success that fills the batch wakes the flusher; later
        // ones, until the flush takes the batch, ride along with it.
        if count == inner.fleet.config().flush_count {
            inner.flush_now.notify_one();
        }
        Recorded::Done
    }

    fn circuit_state(&self, tool: &str) -> CircuitState {
        let inner = &*self.inner;
        if !inner.fleet.is_shared() {
            return inner.local.circuit_state(tool);
        }
        match inner.views().verdict(tool, Instant::now()) {
            Verdict::Run => CircuitState::Closed,
            Verdict::Refuse(_) => CircuitState::Open,
            Verdict::Ask => CircuitState::HalfOpen,
        }
    }
}
