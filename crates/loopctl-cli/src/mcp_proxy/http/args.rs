//! The HTTP proxy's flags: where it listens, who may call it, and the bound on every wait and count.

use std::path::PathBuf;
use std::time::Duration;

use super::listen::{ListenAddr, parse_listen};
use crate::args::parse_duration;

/// How the proxy serves HTTP, and to whom.
#[derive(Debug, Clone, clap::Args)]
pub struct HttpArgs {
    /// Serve streamable HTTP at `http://ADDR/mcp` instead of stdio: a port
    /// (`8080`, on 127.0.0.1), `HOST:PORT` or `[IPv6]:PORT`.
    #[arg(long, value_name = "ADDR", value_parser = parse_listen)]
    pub http: Option<ListenAddr>,
    /// Listen on an address other machines reach (`0.0.0.0:8080`). Needs a
    /// bearer token (`--auth-token-file` or `--auth-token-env`).
    #[arg(long, requires = "http")]
    pub allow_remote: bool,
    /// Require `Authorization: Bearer TOKEN`, the token read from this file;
    /// repeat to accept several.
    #[arg(
        long,
        value_name = "FILE",
        requires = "http",
        conflicts_with = "auth_issuer"
    )]
    pub auth_token_file: Vec<PathBuf>,
    /// Require `Authorization: Bearer TOKEN`, the token read from this
    /// environment variable; repeat to accept several.
    #[arg(
        long,
        value_name = "VAR",
        requires = "http",
        conflicts_with = "auth_issuer"
    )]
    pub auth_token_env: Vec<String>,
    /// Require a JWT access token from this issuer (its `iss`), checked
    /// against the keys at `--auth-jwks-url`, naming the proxy in its `aud`.
    #[arg(long, value_name = "ISSUER", requires_all = ["http", "auth_jwks_url"])]
    pub auth_issuer: Option<String>,
    /// The issuer's signing keys (a JWKS document).
    #[arg(long, value_name = "URL", requires = "auth_issuer")]
    pub auth_jwks_url: Option<String>,
    /// The audience a JWT must name; by default the resource URL.
    #[arg(long, value_name = "AUD", requires = "auth_issuer")]
    pub auth_audience: Option<String>,
    /// The proxy's URL as clients reach it (`https://proxy.example.com/mcp`),
    /// for the protected-resource metadata; by default `http://ADDR/mcp`.
    #[arg(long, value_name = "URL", requires = "auth_issuer")]
    pub resource_url: Option<String>,
    /// An authorization server to name in the metadata (repeatable); by
    /// default the issuer.
    #[arg(long, value_name = "URL", requires = "auth_issuer")]
    pub authorization_server: Vec<String>,
    /// A `Host` the proxy answers to besides the loopback names and the
    /// `--http` host (repeatable); `*` answers to any.
    #[arg(long, value_name = "HOST", requires = "http")]
    pub allowed_host: Vec<String>,
    /// An `Origin` whose browser pages may call the proxy, such as
    /// `http://localhost:6274` (repeatable). A request with any other
    /// `Origin` header gets 403; one without the header passes.
    #[arg(long, value_name = "ORIGIN", requires = "http")]
    pub allowed_origin: Vec<String>,
    /// Open connections served at once; one more is answered 503 and closed.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_connections: u32,
    /// Live MCP sessions; a new one past this gets 503 with `Retry-After`.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_sessions: u32,
    /// A session that exchanges no message for this long is closed.
    #[arg(long, default_value = "10m", value_parser = |text: &str| bounded(text, "--session-idle", Duration::from_secs(1), Duration::from_secs(86_400)))]
    pub session_idle: Duration,
    /// The longest wait for a request's headers, and for the next request
    /// on an idle connection.
    #[arg(long, default_value = "10s", value_parser = |text: &str| bounded(text, "--header-timeout", Duration::from_millis(100), Duration::from_secs(300)))]
    pub header_timeout: Duration,
    /// The longest wait for the next piece of a request body.
    #[arg(long, default_value = "30s", value_parser = |text: &str| bounded(text, "--body-timeout", Duration::from_millis(100), Duration::from_secs(300)))]
    pub body_timeout: Duration,
    /// Whether each client session gets an upstream connection of its own
    /// (a child process of its own for a command upstream), or all share
    /// the first one.
    #[arg(long, value_enum, default_value = "per-client", requires = "http")]
    pub upstream_sessions: UpstreamSessions,
    /// The largest request body, in bytes.
    #[arg(long, default_value_t = 4 * 1024 * 1024, value_parser = clap::value_parser!(u64).range(1024..=256 * 1024 * 1024))]
    pub max_body_bytes: u64,
}

/// Who an upstream connection serves over HTTP.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum UpstreamSessions {
    /// Each client session its own: no client sees another's state; costs a
    /// connection (for a command, a process) per session.
    PerClient,
    /// One for all: cheapest, for stateless upstreams only, since a
    /// stateful one shows each client what the others did.
    Shared,
}

/// A duration flag within its sane range.
pub(crate) fn bounded(
    text: &str,
    flag: &str,
    min: Duration,
    max: Duration,
) -> Result<Duration, String> {
    let value = parse_duration(text)?;
    if value < min || value > max {
        return Err(format!(
            "{flag} takes {} to {}; got {}",
            humantime::format_duration(min),
            humantime::format_duration(max),
            humantime::format_duration(value)
        ));
    }
    Ok(value)
}
