//! How a fleet reaches Redis and behaves when it cannot: the URL, the namespace, time-outs, batching, and the fail mode.

use std::fmt;
use std::time::Duration;

use crate::error::FleetError;

/// What the budget and breaker do while Redis cannot be reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FailMode {
    /// Carry on with this process's own budget and breaker (the default):
    /// an outage of Redis is not an outage of the agent.
    #[default]
    Open,
    /// Grant no retries and refuse every attempt until Redis answers again,
    /// for fleets where unshared load is worse than stopping.
    Closed,
}

/// The connection and timing of a fleet's shared state. Its `Debug` shows
/// the URL with any password hidden.
#[derive(Clone, PartialEq, Eq)]
pub struct FleetConfig {
    /// `redis://host:port/db` or `rediss://…` for TLS.
    pub url: String,
    /// Prefixes every key and channel, one per application, so two
    /// applications on one Redis never share a budget by accident.
    pub namespace: String,
    /// The longest any one command may take before the call path gives up on
    /// it and uses local state.
    pub command_timeout: Duration,
    /// How long a connection attempt may take.
    pub connect_timeout: Duration,
    /// How often batched successes and refills are written.
    pub flush_interval: Duration,
    /// A batch is written early once it holds this many successes.
    pub flush_count: u32,
    /// After a failure, how long Redis is left alone before it is tried again.
    pub retry_interval: Duration,
    /// How long a key lives after its last write; an idle budget or circuit
    /// simply expires.
    pub key_ttl: Duration,
    /// What to do while Redis is away.
    pub fail_mode: FailMode,
    /// A PEM root certificate to trust for `rediss://` instead of the
    /// system's store (a private CA).
    pub root_certificate: Option<Vec<u8>>,
}

impl FleetConfig {
    /// The environment variable read for the URL.
    pub const URL_VAR: &str = "LOOPCTL_REDIS_URL";
    /// The environment variable read for the namespace.
    pub const NAMESPACE_VAR: &str = "LOOPCTL_REDIS_NAMESPACE";
    /// The environment variable read for the command time-out, in milliseconds.
    pub const TIMEOUT_VAR: &str = "LOOPCTL_REDIS_TIMEOUT_MS";
    /// The environment variable that, set to `closed`, makes the fleet fail closed.
    pub const FAIL_MODE_VAR: &str = "LOOPCTL_REDIS_FAIL_MODE";
    /// The environment variable naming a PEM file of the CA to trust for `rediss://`.
    pub const CA_FILE_VAR: &str = "LOOPCTL_REDIS_CA_FILE";

    /// The defaults for `url` and `namespace`: 50 ms per command, 1 s between
    /// flushes or 64 successes, 1 s before Redis is tried again, keys kept 10
    /// minutes, fail open.
    ///
    /// # Errors
    /// [`FleetError::Config`] when the URL's scheme is not `redis`, `rediss`
    /// or `redis+unix`, or the namespace is empty or holds a space.
    pub fn new(url: impl Into<String>, namespace: impl Into<String>) -> Result<Self, FleetError> {
        let config = Self {
            url: url.into(),
            namespace: namespace.into(),
            command_timeout: Duration::from_millis(50),
            connect_timeout: Duration::from_millis(500),
            flush_interval: Duration::from_secs(1),
            flush_count: 64,
            retry_interval: Duration::from_secs(1),
            key_ttl: Duration::from_secs(600),
            fail_mode: FailMode::Open,
            root_certificate: None,
        };
        config.validate()?;
        Ok(config)
    }

    /// Reads `LOOPCTL_REDIS_URL` (required), `LOOPCTL_REDIS_NAMESPACE`
    /// (default `loopctl`), `LOOPCTL_REDIS_TIMEOUT_MS` and
    /// `LOOPCTL_REDIS_FAIL_MODE` (`open` or `closed`) and
    /// `LOOPCTL_REDIS_CA_FILE` (a PEM file).
    ///
    /// # Errors
    /// [`FleetError::Config`] naming the variable that is missing or wrong.
    pub fn from_env() -> Result<Self, FleetError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    /// As [`from_env`](Self::from_env), reading variables through `lookup`.
    ///
    /// # Errors
    /// As [`from_env`](Self::from_env).
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, FleetError> {
        let url = lookup(Self::URL_VAR).ok_or_else(|| {
            FleetError::Config(format!(
                "{} is not set; set it to a redis:// or rediss:// URL",
                Self::URL_VAR
            ))
        })?;
        let namespace = lookup(Self::NAMESPACE_VAR).unwrap_or_else(|| "loopctl".to_owned());
        let mut config = Self::new(url, namespace)?;
        if let Some(ms) = lookup(Self::TIMEOUT_VAR) {
            let ms: u64 = ms.trim().parse().map_err(|_| {
                FleetError::Config(format!(
                    "{} must be a whole number of milliseconds, not `{ms}`",
                    Self::TIMEOUT_VAR
                ))
            })?;
            config.command_timeout = Duration::from_millis(ms.max(1));
        }
        if let Some(mode) = lookup(Self::FAIL_MODE_VAR) {
            config.fail_mode = match mode.trim().to_ascii_lowercase().as_str() {
                "open" => FailMode::Open,
                "closed" => FailMode::Closed,
                other => {
                    return Err(FleetError::Config(format!(
                        "{} must be `open` or `closed`, not `{other}`",
                        Self::FAIL_MODE_VAR
                    )));
                }
            };
        }
        if let Some(path) = lookup(Self::CA_FILE_VAR) {
            let pem = std::fs::read(&path).map_err(|error| {
                FleetError::Config(format!(
                    "{} names `{path}`, which cannot be read: {error}",
                    Self::CA_FILE_VAR
                ))
            })?;
            config.root_certificate = Some(pem);
        }
        Ok(config)
    }

    /// Trusts the CA in `pem` (a PEM certificate) for `rediss://`, instead
    /// of the system's store.
    #[must_use]
    pub fn with_root_certificate(mut self, pem: impl Into<Vec<u8>>) -> Self {
        self.root_certificate = Some(pem.into());
        self
    }

    /// Sets the per-command time-out.
    #[must_use]
    pub const fn with_command_timeout(mut self, timeout: Duration) -> Self {
        self.command_timeout = timeout;
        self
    }

    /// Sets how often, and after how many successes, batches are written.
    #[must_use]
    pub const fn with_flush(mut self, interval: Duration, count: u32) -> Self {
        self.flush_interval = interval;
        self.flush_count = if count == 0 { 1 } else { count };
        self
    }

    /// Sets how long Redis is left alone after a failure.
    #[must_use]
    pub const fn with_retry_interval(mut self, interval: Duration) -> Self {
        self.retry_interval = interval;
        self
    }

    /// Sets how long keys live after their last write.
    #[must_use]
    pub const fn with_key_ttl(mut self, ttl: Duration) -> Self {
        self.key_ttl = ttl;
        self
    }

    /// Sets the fail mode.
    #[must_use]
    pub const fn with_fail_mode(mut self, mode: FailMode) -> Self {
        self.fail_mode = mode;
        self
    }

    /// Everything [`new`](Self::new) checks, and the timings, whose fields
    /// are public: [`Fleet::connect`](crate::Fleet::connect) refuses a
    /// configuration that could not work instead of misbehaving later.
    pub(crate) fn check(&self) -> Result<(), FleetError> {
        self.validate()?;
        let ms = Duration::from_millis;
        let within = |name: &str, value: Duration, low: Duration, high: Duration| {
            if value < low || value > high {
                Err(FleetError::Config(format!(
                    "{name} is {value:?}; it must be between {low:?} and {high:?}"
                )))
            } else {
                Ok(())
            }
        };
        within(
            "the command time-out",
            self.command_timeout,
            ms(1),
            ms(60_000),
        )?;
        within(
            "the connect time-out",
            self.connect_timeout,
            ms(1),
            ms(60_000),
        )?;
        within(
            "the flush interval",
            self.flush_interval,
            ms(1),
            ms(3_600_000),
        )?;
        within(
            "the retry interval",
            self.retry_interval,
            ms(0),
            ms(86_400_000),
        )?;
        within(
            "the key time-to-live",
            self.key_ttl,
            ms(1_000),
            ms(30 * 86_400_000),
        )?;
        Ok(())
    }

    fn validate(&self) -> Result<(), FleetError> {
        let scheme = self.url.split_once("://").map(|(scheme, _)| scheme);
        match scheme {
            Some("redis" | "redis+unix" | "unix") => {}
            Some("rediss") if cfg!(feature = "tls") => {}
            Some("rediss") => {
                return Err(FleetError::Config(
                    "a rediss:// URL needs loopctl-redis's `tls` feature".to_owned(),
                ));
            }
            _ => {
                return Err(FleetError::Config(format!(
                    "`{}` is not a Redis URL; write redis://host:port or rediss://host:port",
                    redacted(&self.url)
                )));
            }
        }
        if self.namespace.is_empty() || self.namespace.contains(char::is_whitespace) {
            return Err(FleetError::Config(format!(
                "the namespace `{}` must be non-empty and hold no spaces",
                self.namespace
            )));
        }
        Ok(())
    }

    /// The URL with any password replaced, for logs and errors.
    pub fn redacted_url(&self) -> String {
        redacted(&self.url)
    }
}

fn redacted(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    // The last `@` ends the credentials: a password may hold one itself.
    let rest = match rest.rsplit_once('@') {
        Some((credentials, host)) => {
            let user = credentials.split_once(':').map_or("", |(user, _)| user);
            format!("{user}:***@{host}")
        }
        None => rest.to_owned(),
    };
    // redis-rs also reads a password from the query (`?pass=…`).
    let rest = match rest.split_once('?') {
        Some((path, query)) => {
            let query: Vec<String> = query
                .split('&')
                .map(|pair| match pair.split_once('=') {
                    Some((key, _))
                        if key.eq_ignore_ascii_case("pass")
                            || key.eq_ignore_ascii_case("password") =>
                    {
                        format!("{key}=***")
                    }
                    _ => pair.to_owned(),
                })
                .collect();
            format!("{path}?{}", query.join("&"))
        }
        None => rest,
    };
    format!("{scheme}://{rest}")
}

impl fmt::Debug for FleetConfig {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FleetConfig")
            .field("url", &self.redacted_url())
            .field("namespace", &self.namespace)
            .field("command_timeout", &self.command_timeout)
            .field("connect_timeout", &self.connect_timeout)
            .field("flush_interval", &self.flush_interval)
            .field("flush_count", &self.flush_count)
            .field("retry_interval", &self.retry_interval)
            .field("key_ttl", &self.key_ttl)
            .field("fail_mode", &self.fail_mode)
            .field(
                "root_certificate",
                &self.root_certificate.as_ref().map(Vec::len),
            )
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_environment_and_names_what_is_wrong() {
        let vars = |pairs: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                pairs
                    .iter()
                    .find(|(key, _)| *key == name)
                    .map(|(_, value)| (*value).to_owned())
            }
        };
        let config = FleetConfig::from_lookup(vars(&[
            ("LOOPCTL_REDIS_URL", "redis://10.0.0.5:6380/2"),
            ("LOOPCTL_REDIS_TIMEOUT_MS", "20"),
            ("LOOPCTL_REDIS_FAIL_MODE", "Closed"),
        ]))
        .unwrap();
        assert_eq!(config.namespace, "loopctl");
        assert_eq!(config.command_timeout, Duration::from_millis(20));
        assert_eq!(config.fail_mode, FailMode::Closed);
        let missing = FleetConfig::from_lookup(vars(&[])).unwrap_err().to_string();
        assert!(
            missing.contains("LOOPCTL_REDIS_URL is not set"),
            "{missing}"
        );
        let bad = FleetConfig::from_lookup(vars(&[("LOOPCTL_REDIS_URL", "http://x")]))
            .unwrap_err()
            .to_string();
        assert!(bad.contains("not a Redis URL"), "{bad}");
        let mode = FleetConfig::from_lookup(vars(&[
            ("LOOPCTL_REDIS_URL", "redis://x"),
            ("LOOPCTL_REDIS_FAIL_MODE", "maybe"),
        ]))
        .unwrap_err()
        .to_string();
        assert!(mode.contains("`open` or `closed`"), "{mode}");
    }

    #[test]
    fn timings_that_cannot_work_are_refused_by_name() {
        let base = FleetConfig::new("redis://x", "app").unwrap();
        assert!(base.check().is_ok());
        let zero_flush = base
            .clone()
            .with_flush(Duration::ZERO, 8)
            .check()
            .unwrap_err();
        assert!(
            zero_flush.to_string().contains("the flush interval is 0ns"),
            "{zero_flush}"
        );
        let ttl = base
            .clone()
            .with_key_ttl(Duration::ZERO)
            .check()
            .unwrap_err();
        assert!(ttl.to_string().contains("the key time-to-live"), "{ttl}");
        let retry = base.with_retry_interval(Duration::MAX).check().unwrap_err();
        assert!(retry.to_string().contains("the retry interval"), "{retry}");
    }

    #[test]
    fn passwords_never_reach_messages() {
        let config = FleetConfig::new("rediss://app:s3cret@cache:6380", "app").unwrap();
        assert_eq!(config.redacted_url(), "rediss://app:***@cache:6380");
        assert!(!format!("{config:?}").contains("s3cret"));
        let at = FleetConfig::new("redis://u:p@ss@host:6379", "app").unwrap();
        assert_eq!(at.redacted_url(), "redis://u:***@host:6379");
        let query =
            FleetConfig::new("redis+unix:///run/redis.sock?db=1&pass=s3cret", "app").unwrap();
        assert_eq!(
            query.redacted_url(),
            "redis+unix:///run/redis.sock?db=1&pass=***"
        );
        let error = FleetConfig::new("ftp://u:s3cret@h", "app")
            .unwrap_err()
            .to_string();
        assert!(!error.contains("s3cret"), "{error}");
    }
}
