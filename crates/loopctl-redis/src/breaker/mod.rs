//! A circuit breaker per tool shared by the whole fleet: one replica's open circuit stops every replica, and one probe runs fleet-wide.
//!
//! Each replica keeps a view of the circuits, fed by a pub/sub channel on
//! which every open and close is published, so admitting a call is a map
//! lookup with no round trip. Only a failure (one round trip, which also
//! returns the circuit's state), a half-open probe's claim, and a probe's
//! success go to Redis; other successes are batched.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError, Weak};
use std::time::Duration;

use futures::StreamExt;
use loopctl_driver::{
    Admission, Admit, BreakerConfig, CircuitBreaker, CircuitState, HealthMonitor, Recorded,
};
use tokio::sync::Notify;
use tokio::time::Instant;

use crate::config::FailMode;
use crate::fleet::Fleet;
use crate::scripts;

/// The highest failure threshold: the circuit keeps the time of each failure
/// that counts, so the threshold bounds what each failure's script reads.
pub const MAX_THRESHOLD: u32 = 256;

/// The longest cool-down: a circuit's key must outlive it.
const MAX_COOL_DOWN: Duration = Duration::from_secs(86_400);

/// How many tools a replica's view tracks at most, as [`HealthMonitor`] does.
const MAX_TRACKED_TOOLS: usize = HealthMonitor::MAX_TRACKED_TOOLS;

/// The breaker of [`HealthMonitor`], with its state in Redis: closed, open
/// for the cool-down, then half-open with a single probe, per tool name,
/// for every replica of the namespace.
///
/// While Redis is away it answers from a [`HealthMonitor`] of its own, which
/// sees every attempt all along, so it is warm when needed (or, failing
/// closed, refuses every attempt).
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
    views: Mutex<HashMap<String, View>>,
    successes: AtomicU32,
    flush_now: Arc<Notify>,
}

#[derive(Debug, Default, Clone, Copy)]
struct View {
    open_until: Option<Instant>,
    /// The fleet's half-open probe this replica holds: when it claimed it,
    /// and the claim's token (the server's time of the claim). A claim
    /// lapses after a cool-down, as the server's does, so a probe whose call
    /// was dropped never leaves the replica thinking it still holds one.
    probing: Option<(Instant, i64)>,
    /// A success since this replica last told Redis.
    succeeded: bool,
    /// When this replica last saw the tool succeed.
    last_success: Option<Instant>,
}

impl View {
    /// Worth keeping when the map is full: it holds state Redis needs from us.
    const fn matters(&self) -> bool {
        self.open_until.is_some() || self.probing.is_some() || self.succeeded
    }
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
            views: Mutex::new(HashMap::new()),
            successes: AtomicU32::new(0),
            flush_now: Arc::new(Notify::new()),
        });
        fleet.spawn(listen(Arc::downgrade(&inner), fleet.clone()));
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
    fn views(&self) -> MutexGuard<'_, HashMap<String, View>> {
        self.views.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn update(&self, tool: &str, change: impl FnOnce(&mut View)) {
        let mut views = self.views();
        if let Some(view) = views.get_mut(tool) {
            change(view);
            return;
        }
        if views.len() >= MAX_TRACKED_TOOLS {
            // Other replicas' events fill the map with tools this one may
            // never call; closed, idle entries make room.
            views.retain(|_, view| view.matters());
        }
        if views.len() < MAX_TRACKED_TOOLS {
            change(views.entry(tool.to_owned()).or_default());
        }
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
        let reply: Option<(i64, u64, i64)> = self
            .fleet
            .eval(
                &scripts::CIRCUIT_PROBE,
                &key,
                &[&self.cool_ms(), &self.ttl_ms()],
            )
            .await;
        let Some((verdict, ms, server_ms)) = reply else {
            return self.local_admit(tool);
        };
        self.fleet.observe_server_ms(server_ms);
        let now = Instant::now();
        let wait = Duration::from_millis(ms).min(self.config.cool_down);
        match verdict {
            0 => {
                self.update(tool, |view| {
                    view.open_until = None;
                    view.probing = None;
                });
                Admission::Run
            }
            1 => {
                self.update(tool, |view| {
                    view.open_until = Some(now + wait);
                    view.probing = None;
                });
                open_refusal(tool, ms)
            }
            3 => {
                self.update(tool, |view| view.probing = Some((now, server_ms)));
                Admission::Run
            }
            _ => {
                // Another replica probes: refuse from the view until its
                // claim would lapse, instead of asking Redis on every call.
                self.update(tool, |view| view.open_until = Some(now + wait));
                Admission::Refuse(format!(
                    "circuit half-open for tool `{tool}` across the fleet; another replica's probe call is testing it"
                ))
            }
        }
    }

    async fn failed(&self, tool: &str) {
        let mut flags = View::default();
        self.update(tool, |view| {
            flags = *view;
            view.succeeded = false;
            view.probing = None;
        });
        let claim = self.claim(&flags);
        // An attempt admitted before the circuit opened and failing after it
        // adds nothing the fleet does not know; in an outage these are the
        // bulk of the failures, and writing them would load Redis for nothing.
        if claim.is_none() && flags.open_until.is_some_and(|until| Instant::now() < until) {
            return;
        }
        let key = self.fleet.key("circuit", tool);
        let success_ms = self.success_ms(flags);
        let reply: Option<(u64, u64, i64)> = self
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
        if let Some((_, remaining, server_ms)) = reply {
            self.fleet.observe_server_ms(server_ms);
            if remaining > 0 {
                let until =
                    Instant::now() + Duration::from_millis(remaining).min(self.config.cool_down);
                self.update(tool, |view| view.open_until = Some(until));
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
        let reply: Option<(u8, i64)> = self
            .fleet
            .eval(
                &scripts::CIRCUIT_SUCCESS,
                &key,
                &[&self.cool_ms(), &claim, &self.channel, &tool, &0_i64],
            )
            .await;
        if let Some((closed, server_ms)) = reply {
            self.fleet.observe_server_ms(server_ms);
            if closed == 1 {
                self.update(tool, |view| view.open_until = None);
            }
        }
    }

    async fn flush(&self) {
        self.successes.store(0, Ordering::Release);
        let tools: Vec<(String, View)> = {
            let mut views = self.views();
            views
                .iter_mut()
                .filter(|(_, view)| view.succeeded)
                .map(|(tool, view)| {
                    view.succeeded = false;
                    (tool.clone(), *view)
                })
                .collect()
        };
        for (tool, view) in tools {
            let key = self.fleet.key("circuit", &tool);
            let success_ms = self.success_ms(view);
            let reply: Option<(u8, i64)> = self
                .fleet
                .eval(
                    &scripts::CIRCUIT_SUCCESS,
                    &key,
                    &[&self.cool_ms(), &0_i64, &self.channel, &tool, &success_ms],
                )
                .await;
            if let Some((_, server_ms)) = reply {
                self.fleet.observe_server_ms(server_ms);
            }
        }
    }

    /// One published open or close.
    fn apply(&self, message: &str) {
        let mut words = message.splitn(3, ' ');
        match (words.next(), words.next(), words.next()) {
            (Some("open"), Some(ms), Some(tool)) => {
                if let Ok(ms) = ms.parse::<u64>() {
                    // The opener's cool-down, as the circuit stores it.
                    let until = Instant::now() + Duration::from_millis(ms).min(MAX_COOL_DOWN);
                    self.update(tool, |view| {
                        view.open_until = Some(until);
                        view.probing = None;
                    });
                }
            }
            (Some("close"), Some(first), rest) => {
                let tool = match rest {
                    Some(rest) => format!("{first} {rest}"),
                    None => first.to_owned(),
                };
                self.update(&tool, |view| {
                    view.open_until = None;
                    view.probing = None;
                });
            }
            _ => tracing::debug!(message, "ignoring an unknown circuit event"),
        }
    }
}

fn open_refusal(tool: &str, remaining_ms: u64) -> Admission {
    Admission::Refuse(format!(
        "circuit open for tool `{tool}` across the fleet; retry after {remaining_ms} ms"
    ))
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

impl CircuitBreaker for SharedBreaker {
    fn admit<'a>(&'a self, tool: &'a str) -> Admit<'a> {
        let inner = &*self.inner;
        // While local, the local breaker decides; a flush or a failure's
        // write tells when Redis answers again.
        if !inner.fleet.is_shared() {
            return Admit::Ready(inner.local_admit(tool));
        }
        let open_until = inner.views().get(tool).and_then(|view| view.open_until);
        match open_until {
            None => Admit::Ready(Admission::Run),
            Some(until) => {
                let now = Instant::now();
                if now < until {
                    Admit::Ready(open_refusal(tool, millis(until - now)))
                } else {
                    Admit::Pending(Box::pin(inner.probe(tool)))
                }
            }
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
            inner.update(tool, |view| view.probing = None);
            return Recorded::Done;
        }
        let now = Instant::now();
        let mut claim = None;
        inner.update(tool, |view| {
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
        match inner.views().get(tool).and_then(|view| view.open_until) {
            None => CircuitState::Closed,
            Some(until) if Instant::now() < until => CircuitState::Open,
            Some(_) => CircuitState::HalfOpen,
        }
    }
}

/// Keeps a subscription to the circuit channel, reconnecting after the
/// retry interval whenever it drops. Events missed while it was down are
/// learned from the next failure's reply.
async fn listen(inner: Weak<Inner>, fleet: Fleet) {
    let channel = fleet.key("circuits", "events");
    let retry = fleet.config().retry_interval;
    let connect_timeout = fleet.config().connect_timeout;
    loop {
        if inner.strong_count() == 0 {
            return;
        }
        let client = fleet.client().clone();
        if let Ok(Ok(mut pubsub)) =
            tokio::time::timeout(connect_timeout, client.get_async_pubsub()).await
            && let Ok(Ok(())) =
                tokio::time::timeout(connect_timeout, pubsub.subscribe(&channel)).await
        {
            let mut messages = pubsub.on_message();
            loop {
                match tokio::time::timeout(Duration::from_secs(1), messages.next()).await {
                    Ok(Some(message)) => {
                        let Some(strong) = inner.upgrade() else {
                            return;
                        };
                        if let Ok(text) = message.get_payload::<String>() {
                            strong.apply(&text);
                        }
                    }
                    Ok(None) => break,
                    Err(_) if inner.strong_count() == 0 => return,
                    Err(_) => {}
                }
            }
        }
        tokio::time::sleep(retry).await;
    }
}
