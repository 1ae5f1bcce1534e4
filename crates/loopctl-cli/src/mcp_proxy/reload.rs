//! Reloading `--policy` without a restart: on SIGHUP, and when the file's content changes.
//!
//! The file is read again every `--reload-interval` and compared by
//! content, not by modification time: editors and Kubernetes ConfigMaps
//! replace a file by renaming another over it, which a watch on the file
//! itself misses and which can keep the time stamp. Reading one small file
//! a second costs nothing next to a tool call.

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use super::assemble::Assemble;
use super::policy::ProxyPolicy;
use super::upstreams::Upstreams;
use crate::args::PolicyArgs;

/// The largest policy file read again; past it the policy in force stays.
const MAX_POLICY_BYTES: u64 = 1 << 20;

/// What a reload cannot change, because the listener or the upstream
/// connection was set up with it: a change is pointed out, not applied.
#[derive(Debug, PartialEq, Eq)]
struct Fixed {
    allowed_hosts: Vec<String>,
    allowed_origins: Vec<String>,
    trust_annotations: bool,
    call_timeout: Duration,
    /// The breaker's threshold and cool-down: its state lives across reloads.
    breaker: Option<(Option<u32>, Option<Duration>)>,
    /// Each `[servers.NAME]`'s name and how it is reached: connections are
    /// made once.
    servers: Vec<String>,
}

impl Fixed {
    fn of(policy: &ProxyPolicy) -> Self {
        Self {
            allowed_hosts: policy.allowed_hosts.clone(),
            allowed_origins: policy.allowed_origins.clone(),
            trust_annotations: policy.trust_annotations,
            call_timeout: policy.call_timeout,
            breaker: (policy.file.as_ref())
                .and_then(|file| file.for_defaults().breaker)
                .map(|breaker| (breaker.threshold, breaker.cool_down.map(|span| span.0))),
            servers: policy
                .servers()
                .into_iter()
                .map(|(name, server)| {
                    let breaker =
                        server.defaults.breaker.as_ref().map(|breaker| {
                            (breaker.threshold, breaker.cool_down.map(|span| span.0))
                        });
                    format!(
                        "{name} {:?} {:?} {:?} {:?} {:?} {breaker:?}",
                        server.command,
                        server.url,
                        server.token_env,
                        server.prefix,
                        server.defaults.tool_timeout.map(|span| span.0),
                    )
                })
                .collect(),
        }
    }
}

/// Watches the policy file and puts each good new reading in force.
pub(crate) struct Reloader {
    path: PathBuf,
    defaults: PolicyArgs,
    call_timeout: Duration,
    upstreams: Arc<Upstreams>,
    /// Whether the upstreams are the file's `[servers]`, each with its own
    /// policy in it.
    several: bool,
    fixed: Fixed,
    interval: Duration,
}

impl Reloader {
    /// Reloads into each of `upstreams` the file at `path`, read at start
    /// as `started`, over the same flags; with `several`, each upstream
    /// takes its `[servers.NAME]` policy. `interval` zero watches for
    /// SIGHUP only.
    pub(crate) fn new(
        path: PathBuf,
        started: &ProxyPolicy,
        (defaults, call_timeout): (PolicyArgs, Duration),
        upstreams: Arc<Upstreams>,
        several: bool,
        interval: Duration,
    ) -> Self {
        Self {
            path,
            defaults,
            call_timeout,
            upstreams,
            several,
            fixed: Fixed::of(started),
            interval,
        }
    }

    /// Watches in the background for as long as the proxy runs.
    pub(crate) fn spawn(self) {
        tokio::spawn(self.run());
    }

    async fn run(self) {
        let mut last = digest(&self.read().await);
        let mut hangup = Hangup::new();
        let mut ticks = (!self.interval.is_zero()).then(|| {
            let mut ticks = tokio::time::interval(self.interval);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            ticks
        });
        loop {
            let why = tokio::select! {
                () = hangup.next() => "on SIGHUP",
                () = tick(ticks.as_mut()) => "the file changed",
            };
            let read = self.read().await;
            let now = digest(&read);
            // A SIGHUP reloads even an unchanged file; a tick only a change.
            if why != "on SIGHUP" && now == last {
                continue;
            }
            last = now;
            let outcome = match read {
                Ok(text) => self.apply(&text),
                Err(error) => Err(error),
            };
            let shown = self.path.display();
            match outcome {
                Ok(()) => {
                    tracing::debug!(file = %shown, why, "policy reloaded");
                    eprintln!(
                        "loopctl mcp-proxy: --policy {shown}: reloaded ({why}); new calls use it, calls in flight finish under the one they started with"
                    );
                }
                Err(error) => {
                    let error = one_line(&error);
                    tracing::debug!(file = %shown, why, %error, "policy not reloaded; the one in force stays");
                    eprintln!(
                        "loopctl mcp-proxy: --policy {shown}: not reloaded ({why}); the policy in force stays: {error}"
                    );
                }
            }
        }
    }

    /// The file's text, if it can be read and is not too large.
    async fn read(&self) -> Result<String, String> {
        let size = tokio::fs::metadata(&self.path)
            .await
            .map_err(|error| error.to_string())?
            .len();
        if size > MAX_POLICY_BYTES {
            return Err(format!(
                "the file has {size} bytes; a policy file may have at most {MAX_POLICY_BYTES}"
            ));
        }
        tokio::fs::read_to_string(&self.path)
            .await
            .map_err(|error| error.to_string())
    }

    /// Puts `text` in force, or says why not.
    fn apply(&self, text: &str) -> Result<(), String> {
        let policy =
            ProxyPolicy::from_text(text, &self.path, self.defaults.clone(), self.call_timeout)
                .map_err(|error| error.to_string())?;
        if Fixed::of(&policy) != self.fixed {
            eprintln!(
                "loopctl mcp-proxy: --policy {}: allowed_hosts, allowed_origins, trust_annotations, call_timeout, breaker, and each of [servers]' way of being reached, prefix, tool_timeout and breaker keep their values until a restart",
                self.path.display()
            );
        }
        // Every server's new policy is read before any is put in force:
        // a file that is wrong for one server changes none.
        let mut readings = Vec::with_capacity(self.upstreams.list().len());
        for upstream in self.upstreams.list() {
            let own = if self.several {
                policy
                    .for_server(&upstream.name, self.defaults.clone(), self.call_timeout)
                    .ok_or_else(|| {
                        format!(
                            "[servers.{}] is no longer in the file; a server is added or removed by a restart",
                            upstream.name
                        )
                    })?
            } else {
                policy.clone()
            };
            let names: Vec<String> = upstream
                .shared()
                .map(|served| {
                    served
                        .listed()
                        .iter()
                        .map(|tool| tool.name.to_string())
                        .collect()
                })
                .unwrap_or_default();
            let prepared = Assemble::prepare(&own, &names)
                .map_err(|error| format!("[servers.{}]: {error}", upstream.name))?;
            readings.push((upstream, own, names, prepared));
        }
        for (upstream, own, names, prepared) in readings {
            super::explain::unmatched_sections(&own, &names);
            upstream.assemble.install(prepared);
        }
        Ok(())
    }
}

/// `text` on one line, so that each reload is one line of the log: the
/// problems of a broken file follow each other, separated by `;`.
fn one_line(text: &str) -> String {
    let text = text.strip_prefix("--policy: ").unwrap_or(text);
    let mut line = String::with_capacity(text.len());
    for part in text.lines().map(str::trim).filter(|part| !part.is_empty()) {
        if !line.is_empty() {
            line.push_str(if line.ends_with(':') { " " } else { "; " });
        }
        line.push_str(part);
    }
    line
}

/// A digest of what a reading found, error included: a file that stays
/// broken is reported once, not at every tick.
fn digest(read: &Result<String, String>) -> u64 {
    let mut hasher = DefaultHasher::new();
    read.hash(&mut hasher);
    hasher.finish()
}

/// The next tick, or never without an interval.
async fn tick(ticks: Option<&mut tokio::time::Interval>) {
    match ticks {
        Some(ticks) => {
            ticks.tick().await;
        }
        None => std::future::pending().await,
    }
}

/// SIGHUP, where there is one.
struct Hangup {
    #[cfg(unix)]
    signal: Option<tokio::signal::unix::Signal>,
}

impl Hangup {
    fn new() -> Self {
        Self {
            #[cfg(unix)]
            signal: tokio::signal::unix::signal(tokio::signal::unix::SignalKind::hangup()).ok(),
        }
    }

    async fn next(&mut self) {
        #[cfg(unix)]
        if let Some(signal) = &mut self.signal
            && signal.recv().await.is_some()
        {
            return;
        }
        std::future::pending::<()>().await;
    }
}
