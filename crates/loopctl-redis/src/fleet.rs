//! The connection a replica keeps to the fleet's Redis, and whether state is shared right now or answered locally.
//!
//! Every command is bounded by the command time-out. A failure moves the
//! replica to local state and leaves Redis alone for the retry interval, so a
//! dead or slow Redis costs one time-out per interval, not one per call. The
//! move is logged once each way.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicI64, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};

use loopctl_reflect_core::{lock, millis};

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{FromRedisValue, Script, ToRedisArgs};
use tokio::sync::Notify;
use tokio::time::Instant;

use crate::config::{FailMode, FleetConfig};
use crate::error::FleetError;

/// A replica's handle on the fleet's Redis; clone it to share one connection
/// between a budget and a breaker.
#[derive(Debug, Clone)]
pub struct Fleet {
    inner: Arc<FleetInner>,
}

#[derive(Debug)]
struct FleetInner {
    config: FleetConfig,
    client: redis::Client,
    connection: Mutex<Option<ConnectionManager>>,
    /// A connection is being made in the background; callers do not wait.
    connecting: AtomicBool,
    runtime: tokio::runtime::Handle,
    origin: Instant,
    local: AtomicBool,
    /// Milliseconds since `origin` before which Redis is not tried again.
    resume_after_ms: AtomicU64,
    foreign_reported: Mutex<HashSet<String>>,
    /// The server's clock minus `origin`'s, in ms, from the last reply that
    /// carried the server's time; `i64::MIN` until one has.
    server_offset_ms: AtomicI64,
}

impl Fleet {
    /// Checks the configuration and connects. An unreachable Redis is not an
    /// error: the fleet starts on local state and keeps trying.
    ///
    /// # Errors
    /// [`FleetError::Config`] when the URL cannot be parsed, or TLS is asked
    /// for without the `tls` feature.
    pub async fn connect(config: FleetConfig) -> Result<Self, FleetError> {
        config.check()?;
        let runtime = tokio::runtime::Handle::try_current().map_err(|_| {
            FleetError::Config("Fleet::connect must be awaited inside a tokio runtime".to_owned())
        })?;
        #[cfg(feature = "tls")]
        if config.url.starts_with("rediss://") {
            // redis brings rustls without a crypto provider; an application
            // that installed its own keeps it.
            let _ = rustls::crypto::ring::default_provider().install_default();
        }
        if cfg!(not(feature = "tls")) && config.root_certificate.is_some() {
            return Err(FleetError::Config(
                "a root certificate needs loopctl-redis's `tls` feature".to_owned(),
            ));
        }
        let client = open_client(&config).map_err(|error| {
            FleetError::Config(format!(
                "cannot use `{}`: {}",
                config.redacted_url(),
                error.detail().unwrap_or("invalid URL or certificate")
            ))
        })?;
        let fleet = Self {
            inner: Arc::new(FleetInner {
                config,
                client,
                connection: Mutex::new(None),
                connecting: AtomicBool::new(true),
                runtime,
                origin: Instant::now(),
                local: AtomicBool::new(false),
                resume_after_ms: AtomicU64::new(0),
                foreign_reported: Mutex::new(HashSet::new()),
                server_offset_ms: AtomicI64::new(i64::MIN),
            }),
        };
        // Connect now so the first call pays nothing; a failure is logged and
        // the fleet answers locally until the retry interval has passed.
        fleet.establish().await;
        Ok(fleet)
    }

    /// The configuration.
    pub fn config(&self) -> &FleetConfig {
        &self.inner.config
    }

    /// Whether state is shared through Redis right now (`false` while the
    /// replica answers from local state).
    pub fn is_shared(&self) -> bool {
        !self.inner.local.load(Ordering::Acquire)
    }

    /// The key `namespace:kind:name`.
    pub(crate) fn key(&self, kind: &str, name: &str) -> String {
        format!("{}:{kind}:{name}", self.inner.config.namespace)
    }

    pub(crate) fn fail_mode(&self) -> FailMode {
        self.inner.config.fail_mode
    }

    pub(crate) fn client(&self) -> &redis::Client {
        &self.inner.client
    }

    pub(crate) fn spawn(&self, task: impl Future<Output = ()> + Send + 'static) {
        drop(self.inner.runtime.spawn(task));
    }

    /// Runs `flush` on the flush interval, or at once when `now` is
    /// notified, for as long as `owner` lives. No strong reference is held
    /// while waiting, so a dropped owner ends the task at its next tick.
    pub(crate) fn spawn_flusher<T, F, Fut>(&self, owner: Weak<T>, now: Arc<Notify>, flush: F)
    where
        T: Send + Sync + 'static,
        F: Fn(Arc<T>) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send,
    {
        let interval = self.inner.config.flush_interval;
        let fleet = self.clone();
        self.spawn(async move {
            let mut ticker = tokio::time::interval(interval);
            ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                tokio::select! {
                    _ = ticker.tick() => {}
                    () = now.notified() => {}
                }
                let Some(owner) = owner.upgrade() else {
                    return;
                };
                fleet.revive().await;
                flush(owner).await;
            }
        });
    }

    /// Whether Redis may be asked now: shared, or resting long enough.
    pub(crate) fn may_try(&self) -> bool {
        self.is_shared() || self.millis() >= self.inner.resume_after_ms.load(Ordering::Acquire)
    }

    /// Runs `script` within the command time-out. `Err` when the answer must
    /// come from local state: Redis is resting, failed, or the key holds
    /// something foreign. Each is logged once per change, never per call.
    pub(crate) async fn eval<T: FromRedisValue>(
        &self,
        script: &Script,
        key: &str,
        args: &[&dyn ToRedisArgsDyn],
    ) -> Result<T, Unanswered> {
        if !self.may_try() {
            return Err(Unanswered::NotRun);
        }
        let mut connection = self.connection().ok_or(Unanswered::NotRun)?;
        let mut invocation = script.prepare_invoke();
        invocation.key(key);
        for arg in args {
            arg.push_to(&mut invocation);
        }
        let timeout = self.inner.config.command_timeout;
        match tokio::time::timeout(timeout, invocation.invoke_async(&mut connection)).await {
            Ok(Ok(value)) => {
                self.mark_shared();
                Ok(value)
            }
            Ok(Err(error)) if error.code() == Some("LOOPCTL_FOREIGN") => {
                // Every script checks the key before it writes anything.
                self.mark_shared();
                self.report_foreign(key, error.detail().unwrap_or("unknown contents"));
                Err(Unanswered::NotRun)
            }
            Ok(Err(error))
                if matches!(
                    error.kind(),
                    redis::ErrorKind::UnexpectedReturnType | redis::ErrorKind::Parse
                ) =>
            {
                // Redis answered; the answer is not what the script returns
                // (a script of another version under the same name), which
                // may have written.
                self.mark_shared();
                self.report_foreign(key, &FleetError::Reply(error.to_string()).to_string());
                Err(Unanswered::MayHaveRun)
            }
            Ok(Err(error)) => {
                let refused = error.is_connection_refusal();
                self.mark_local(&FleetError::Redis(error));
                Err(if refused {
                    Unanswered::NotRun
                } else {
                    Unanswered::MayHaveRun
                })
            }
            Err(_) => {
                // The script may have run on the server before the reply was late.
                self.mark_local(&FleetError::Timeout(timeout.as_millis()));
                Err(Unanswered::MayHaveRun)
            }
        }
    }

    /// While local, and once the retry interval has passed, asks Redis
    /// whether it answers again (a PING), so the fleet shares again even
    /// when no call needs Redis. Called by the flushers on every tick.
    pub(crate) async fn revive(&self) {
        if self.is_shared() || !self.may_try() {
            return;
        }
        let Some(mut connection) = self.connection() else {
            return;
        };
        let timeout = self.inner.config.command_timeout;
        let command = redis::cmd("PING");
        match tokio::time::timeout(timeout, command.query_async::<String>(&mut connection)).await {
            Ok(Ok(_)) => self.mark_shared(),
            Ok(Err(error)) => self.mark_local(&FleetError::Redis(error)),
            Err(_) => self.mark_local(&FleetError::Timeout(timeout.as_millis())),
        }
    }

    /// The live connection. When there is none, one is made in the
    /// background (one at a time) and this call answers locally: no caller
    /// ever waits for a connect.
    fn connection(&self) -> Option<ConnectionManager> {
        if let Some(connection) = lock(&self.inner.connection).as_ref() {
            return Some(connection.clone());
        }
        if self.may_try() && !self.inner.connecting.swap(true, Ordering::AcqRel) {
            let fleet = self.clone();
            self.spawn(async move { fleet.establish().await });
        }
        None
    }

    /// Connects, and reads the server's clock so this replica's successes
    /// can be placed among the fleet's failures from the first one on. The
    /// fleet is shared only once that command has answered.
    async fn establish(&self) {
        let config = &self.inner.config;
        let manager = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(config.connect_timeout))
            .set_response_timeout(Some(config.command_timeout))
            // One quick reconnect inside the manager; longer outages are the
            // retry interval's to pace.
            .set_number_of_retries(1);
        let attempt = ConnectionManager::new_with_config(self.inner.client.clone(), manager);
        match tokio::time::timeout(config.connect_timeout, attempt).await {
            Ok(Ok(mut connection)) => {
                let command = redis::cmd("TIME");
                let time = command.query_async::<(i64, i64)>(&mut connection);
                match tokio::time::timeout(config.command_timeout, time).await {
                    Ok(Ok((seconds, micros))) => {
                        self.observe_server_ms(
                            seconds.saturating_mul(1000).saturating_add(micros / 1000),
                        );
                        *lock(&self.inner.connection) = Some(connection);
                        self.mark_shared();
                    }
                    Ok(Err(error)) => self.mark_local(&FleetError::Redis(error)),
                    Err(_) => {
                        self.mark_local(&FleetError::Timeout(config.command_timeout.as_millis()))
                    }
                }
            }
            Ok(Err(error)) => self.mark_local(&FleetError::Redis(error)),
            Err(_) => self.mark_local(&FleetError::Timeout(config.connect_timeout.as_millis())),
        }
        self.inner.connecting.store(false, Ordering::Release);
    }

    fn mark_shared(&self) {
        if self.inner.local.swap(false, Ordering::AcqRel) {
            tracing::info!(
                redis = %self.inner.config.redacted_url(),
                namespace = %self.inner.config.namespace,
                "Redis answers again; the fleet's retry budget and circuits are shared again"
            );
        }
    }

    fn mark_local(&self, error: &FleetError) {
        let resume = self
            .millis()
            .saturating_add(millis(self.inner.config.retry_interval));
        self.inner.resume_after_ms.store(resume, Ordering::Release);
        // A broken connection is dropped, so the next try starts clean
        // instead of queueing behind a dead socket; a slow one is kept,
        // since a burst on the server is no reason to reconnect.
        let broken = match error {
            FleetError::Redis(error) => {
                error.is_io_error()
                    || error.is_connection_dropped()
                    || error.is_connection_refusal()
            }
            _ => false,
        };
        if broken {
            *lock(&self.inner.connection) = None;
        }
        if !self.inner.local.swap(true, Ordering::AcqRel) {
            let mode = match self.inner.config.fail_mode {
                FailMode::Open => "falling back to this process's own budget and breaker",
                FailMode::Closed => "failing closed: no retries, no attempts",
            };
            tracing::warn!(
                redis = %self.inner.config.redacted_url(),
                namespace = %self.inner.config.namespace,
                %error,
                "Redis is unreachable; {mode} until it answers"
            );
        }
    }

    fn report_foreign(&self, key: &str, detail: &str) {
        let mut reported = lock(&self.inner.foreign_reported);
        if reported.len() < 1024 && reported.insert(key.to_owned()) {
            let error = FleetError::ForeignValue {
                key: key.to_owned(),
                detail: detail.to_owned(),
            };
            tracing::error!(%error, "answering from local state for this key");
        }
    }

    /// Notes the server's time from a reply, so local instants can be told
    /// in the server's clock (to within half a round trip).
    pub(crate) fn observe_server_ms(&self, server_ms: i64) {
        let local = i64::try_from(self.millis()).unwrap_or(i64::MAX);
        self.inner
            .server_offset_ms
            .store(server_ms.saturating_sub(local), Ordering::Release);
    }

    /// `at` in the server's clock, once a reply has told the offset.
    pub(crate) fn server_ms_of(&self, at: Instant) -> Option<i64> {
        let offset = self.inner.server_offset_ms.load(Ordering::Acquire);
        if offset == i64::MIN {
            return None;
        }
        let local = at.saturating_duration_since(self.inner.origin).as_millis();
        Some(
            i64::try_from(local)
                .unwrap_or(i64::MAX)
                .saturating_add(offset),
        )
    }

    pub(crate) fn millis(&self) -> u64 {
        millis(self.inner.origin.elapsed())
    }
}

fn open_client(config: &FleetConfig) -> redis::RedisResult<redis::Client> {
    #[cfg(feature = "tls")]
    if let Some(pem) = &config.root_certificate {
        return redis::Client::build_with_tls(
            config.url.as_str(),
            redis::TlsCertificates {
                client_tls: None,
                root_cert: Some(pem.clone()),
            },
        );
    }
    redis::Client::open(config.url.as_str())
}

/// Why a script has no answer, as far as what it did on the server goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Unanswered {
    /// It never ran: Redis was resting, unreachable, or refused it unchanged.
    NotRun,
    /// It may have run and written before its answer was lost (a time-out,
    /// a connection broken after the request went out).
    MayHaveRun,
}

/// An argument of a script, whatever its type.
pub(crate) trait ToRedisArgsDyn: Sync {
    fn push_to(&self, invocation: &mut redis::ScriptInvocation<'_>);
}

impl<T: ToRedisArgs + Sync> ToRedisArgsDyn for T {
    fn push_to(&self, invocation: &mut redis::ScriptInvocation<'_>) {
        invocation.arg(self);
    }
}
