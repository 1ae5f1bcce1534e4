//! The proxy over streamable HTTP: who may listen where, the checks every request passes, the bounds on connections and sessions, and a graceful stop.

mod args;
mod auth;
mod binding;
mod gate;
mod jwt;
mod listen;
mod sessions;

use std::sync::Arc;
use std::time::Duration;

use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use sessions::LiftingSessions;
use tokio::io::AsyncWriteExt;
use tokio_util::sync::CancellationToken;

use super::drain::Drain;
use super::handler::ProxyHandler;
use crate::error::CliError;
pub(crate) use args::bounded;
pub use args::{HttpArgs, UpstreamSessions};
use auth::Tokens;
use binding::Bindings;
use gate::{Auth, Gate, MCP_PATH};
use jwt::{JwtCheck, JwtSettings};
pub use listen::ListenAddr;

/// The names every local proxy answers to.
const LOOPBACK_HOSTS: [&str; 3] = ["localhost", "127.0.0.1", "::1"];

/// Checked settings and a bound socket: what is left can only be served.
pub(crate) struct Prepared {
    listener: tokio::net::TcpListener,
    auth: Auth,
    config: StreamableHttpServerConfig,
    args: HttpArgs,
}

impl HttpArgs {
    /// Checks the flags (who may listen where, with which credentials) and
    /// binds the socket, before the upstream is started.
    ///
    /// # Errors
    /// A remote address without `--allow-remote` and a token, a token that
    /// cannot be read or is too weak, an address that cannot be bound.
    pub(crate) async fn prepare(&self, listen: &ListenAddr) -> Result<Prepared, CliError> {
        let addresses = listen.resolve().await.map_err(CliError::Input)?;
        let mut tokens = Tokens::default();
        for path in &self.auth_token_file {
            // The source is named before the flag: after a flag whose name
            // says `token`, the redactor would take the source for the
            // secret itself.
            let origin = format!("`{}` (named by --auth-token-file)", path.display());
            let text = std::fs::read_to_string(path)
                .map_err(|error| CliError::Input(format!("{origin}: cannot read it: {error}")))?;
            tokens.accept(&text, &origin).map_err(CliError::Input)?;
        }
        for var in &self.auth_token_env {
            let origin = format!("the variable `{var}` (named by --auth-token-env)");
            let text = std::env::var(var)
                .map_err(|_| CliError::Input(format!("{origin}: it is not set or not UTF-8")))?;
            tokens.accept(&text, &origin).map_err(CliError::Input)?;
        }
        let authenticated = tokens.any() || self.auth_issuer.is_some();
        let local = listen::all_loopback(&addresses);
        if !local && !self.allow_remote {
            return Err(CliError::Input(format!(
                "--http {listen} listens where other machines reach it; add --allow-remote and a token (--auth-token-file, --auth-token-env) to mean it, or listen on 127.0.0.1"
            )));
        }
        if self.allow_remote && !authenticated {
            return Err(CliError::Input(
                "--allow-remote needs authentication: add a token (--auth-token-file, --auth-token-env) or JWT access tokens (--auth-issuer, --auth-jwks-url)".into(),
            ));
        }
        let any_host = self.allowed_host.iter().any(|host| host == "*");
        let unspecified = addresses
            .iter()
            .all(|address| address.ip().is_unspecified());
        if !local && unspecified && !any_host && self.allowed_host.is_empty() {
            return Err(CliError::Input(format!(
                "--http {listen} listens on every interface: name the host clients reach the proxy by with --allowed-host (for example --allowed-host proxy.internal), or --allowed-host '*' to answer any"
            )));
        }
        let mut hosts: Vec<String> = LOOPBACK_HOSTS
            .iter()
            .map(|host| (*host).to_owned())
            .collect();
        if !addresses
            .iter()
            .all(|address| address.ip().is_unspecified())
        {
            hosts.push(listen.host.clone());
        }
        hosts.extend(
            self.allowed_host
                .iter()
                .map(|host| host.to_ascii_lowercase()),
        );
        let mut config = StreamableHttpServerConfig::default()
            .with_allowed_origins(self.allowed_origin.iter().cloned())
            .enforce_origin_validation()
            .with_max_request_body_bytes(
                usize::try_from(self.max_body_bytes).unwrap_or(usize::MAX),
            );
        config = if any_host {
            config.disable_allowed_hosts()
        } else {
            config.with_allowed_hosts(hosts)
        };
        let listener = tokio::net::TcpListener::bind(addresses.as_slice())
            .await
            .map_err(|error| CliError::Input(format!("--http {listen}: {error}")))?;
        let auth = match (&self.auth_issuer, &self.auth_jwks_url) {
            (Some(issuer), Some(jwks_url)) => {
                let bound = listener.local_addr().map_err(|error| {
                    CliError::Input(format!("cannot read the bound address: {error}"))
                })?;
                let resource = self
                    .resource_url
                    .clone()
                    .unwrap_or_else(|| format!("http://{}{MCP_PATH}", shown(bound)));
                let settings = JwtSettings {
                    issuer: issuer.clone(),
                    jwks_url: jwks_url.clone(),
                    audience: self
                        .auth_audience
                        .clone()
                        .unwrap_or_else(|| resource.clone()),
                    authorization_servers: if self.authorization_server.is_empty() {
                        vec![issuer.clone()]
                    } else {
                        self.authorization_server.clone()
                    },
                    resource,
                };
                Auth::Jwt(
                    JwtCheck::start(settings)
                        .await
                        .map_err(|error| CliError::Input(format!("--auth-jwks-url: {error}")))?,
                )
            }
            _ if tokens.any() => Auth::Tokens(tokens),
            _ => Auth::Open,
        };
        Ok(Prepared {
            listener,
            auth,
            config,
            args: self.clone(),
        })
    }
}

/// Serves `handler` until Ctrl-C or SIGTERM, then drains.
pub(crate) async fn serve(
    prepared: Prepared,
    handler: ProxyHandler,
    drain: Arc<Drain>,
    drain_deadline: Duration,
) -> Result<(), CliError> {
    let Prepared {
        listener,
        auth,
        config,
        args,
    } = prepared;
    let bound = listener
        .local_addr()
        .map_err(|error| CliError::Input(format!("cannot read the bound address: {error}")))?;
    let stop_sessions = CancellationToken::new();
    let mut sessions = LocalSessionManager::default();
    sessions.session_config.keep_alive = Some(args.session_idle);
    let sessions = Arc::new(LiftingSessions(sessions));
    let mcp = StreamableHttpService::new(
        move || Ok(handler.for_session()),
        Arc::clone(&sessions),
        config.with_cancellation_token(stop_sessions.clone()),
    );
    let gate = Arc::new(Gate {
        mcp,
        sessions,
        auth,
        bindings: Bindings::new(args.max_sessions as usize * 4),
        max_sessions: args.max_sessions as usize,
        body_timeout: args.body_timeout,
    });
    // The one line a script waits for: where to connect.
    eprintln!(
        "loopctl mcp-proxy: listening on http://{}{MCP_PATH}",
        shown(bound)
    );
    let connections = Arc::new(tokio::sync::Semaphore::new(args.max_connections as usize));
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    let mut http1 = hyper::server::conn::http1::Builder::new();
    http1
        .timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(args.header_timeout)
        .keep_alive(true);
    let stop = super::stop_signal();
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => break,
        };
        let (mut stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                tracing::warn!(%error, "accepting a connection failed");
                continue;
            }
        };
        let Ok(permit) = Arc::clone(&connections).try_acquire_owned() else {
            tracing::warn!(%peer, max = args.max_connections, "refused a connection: the proxy is full");
            tokio::spawn(async move {
                let _ = stream.write_all(FULL).await;
                let _ = stream.shutdown().await;
            });
            continue;
        };
        // Small JSON answers and SSE events go out at once, not after the
        // peer's delayed acknowledgement.
        let _ = stream.set_nodelay(true);
        let gate = Arc::clone(&gate);
        let service = hyper::service::service_fn(move |request| {
            let gate = Arc::clone(&gate);
            async move { Ok::<_, std::convert::Infallible>(gate.serve(request).await) }
        });
        let connection =
            graceful.watch(http1.serve_connection(hyper_util::rt::TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, %peer, "an HTTP connection ended with an error");
            }
            drop(permit);
        });
    }
    drop(listener);
    eprintln!(
        "loopctl mcp-proxy: stopping; {} calls in flight get up to {}",
        drain.in_flight(),
        humantime::format_duration(drain_deadline)
    );
    let drained = drain.stop(drain_deadline).await;
    // Answers already made are written before the sessions end: idle
    // connections close now, answering ones when their answer is out.
    let shutdown = graceful.shutdown();
    tokio::pin!(shutdown);
    if tokio::time::timeout(Duration::from_secs(2), &mut shutdown)
        .await
        .is_err()
    {
        // What is left are open event streams: end the sessions.
        stop_sessions.cancel();
        let _ = tokio::time::timeout(Duration::from_secs(2), shutdown).await;
    }
    stop_sessions.cancel();
    eprintln!(
        "loopctl mcp-proxy: stopped; {} calls finished, {} cut at the deadline",
        drained.waited_for - drained.cut,
        drained.cut
    );
    Ok(())
}

/// An address as it goes in a URL (`[::1]:8080`).
fn shown(bound: std::net::SocketAddr) -> String {
    bound.to_string()
}

/// The answer to a connection past `--max-connections`.
const FULL: &[u8] = b"HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\nretry-after: 5\r\nconnection: close\r\ncontent-length: 64\r\n\r\nthe proxy serves as many connections as it may; try again later\n";
