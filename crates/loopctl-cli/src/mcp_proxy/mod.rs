//! `loopctl mcp-proxy`: an MCP server in front of one upstream server, with recovery on every call.

mod handler;
pub mod policy;
mod upstream;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{Dispatcher, HealthMonitor, ToolRegistry};
use loopctl_mcp::McpToolSet;
use loopctl_record::JsonlRecorder;
use rmcp::ServiceExt;

use crate::args::{PolicyArgs, parse_duration};
use crate::error::CliError;
use handler::{Assemble, Proxy, ProxyHandler};
use policy::ProxyPolicy;
pub use upstream::UpstreamArgs;

/// `loopctl mcp-proxy`.
#[derive(Debug, clap::Args)]
pub struct McpProxyArgs {
    /// Serve streamable HTTP on this address (`127.0.0.1:8080`) instead of stdio;
    /// the endpoint is `http://ADDR/mcp`.
    #[arg(long, value_name = "ADDR")]
    pub http: Option<SocketAddr>,
    /// A TOML policy file; what it sets wins over the policy flags (see `docs/mcp.md`).
    #[arg(long, value_name = "FILE")]
    pub policy: Option<PathBuf>,
    /// Record every failed attempt and every outcome to this JSON Lines file.
    #[arg(long, value_name = "FILE")]
    pub log: Option<PathBuf>,
    /// Print the policy in force for the upstream's tools (what each tool
    /// does, what a correction may change, whether a call whose outcome is
    /// unknown may run again) and exit, serving nothing.
    #[arg(long)]
    pub explain: bool,
    /// How long one upstream `tools/call` may take before it is cancelled.
    #[arg(long, default_value = "30s", value_parser = parse_duration)]
    pub call_timeout: Duration,
    /// The recovery policy.
    #[command(flatten)]
    pub recovery: PolicyArgs,
    /// The upstream server and its credentials.
    #[command(flatten)]
    pub upstream: UpstreamArgs,
}

/// Runs the proxy until its client goes away (stdio) or the process is stopped (HTTP).
///
/// # Errors
/// Bad flags or policy file, an upstream that cannot be started or does not
/// list its tools, or an address that cannot be bound: exit code 2.
pub async fn run(args: &McpProxyArgs) -> Result<(), CliError> {
    let upstream = args.upstream.server()?;
    let policy = match &args.policy {
        Some(path) => ProxyPolicy::from_file(path, args.recovery.clone(), args.call_timeout)?,
        None => ProxyPolicy::from_flags(args.recovery.clone(), args.call_timeout),
    };
    let builder = McpToolSet::builder(upstream)
        .call_timeout(policy.call_timeout)
        .trust_annotations(policy.trust_annotations);
    let set = builder
        .connect()
        .await
        .map_err(|error| CliError::Input(format!("upstream: {error}")))?;
    let names: Vec<String> = set
        .listed()
        .iter()
        .map(|tool| tool.name.to_string())
        .collect();
    tracing::info!(server = %set.server(), tools = names.len(), "upstream connected");
    if args.explain {
        let mut registry = ToolRegistry::new();
        set.register_into(&mut registry);
        let text = explain(&policy, &registry);
        let mut stdout = std::io::stdout().lock();
        return std::io::Write::write_all(&mut stdout, text.as_bytes())
            .map_err(|error| CliError::Input(format!("cannot print the policy: {error}")));
    }
    let recovery = policy.recovery.build(&names)?;
    let recorder = match &args.log {
        Some(path) => Some(Arc::new(
            JsonlRecorder::builder(path)
                .start()
                .await
                .map_err(|error| CliError::Input(format!("--log {}: {error}", path.display())))?,
        )),
        None => None,
    };
    let health = Arc::new(HealthMonitor::new());
    let reflector = recovery.reflector;
    let strategy = Arc::new(recovery.strategy);
    let observer = recorder.clone();
    let safety = policy.safety.clone();
    let assemble: Arc<Assemble> = Arc::new(move |registry: ToolRegistry| {
        let mut dispatcher = Dispatcher::new(registry)
            .with_reflector(Arc::clone(&reflector))
            .with_recovery_strategy(strategy.clone())
            .with_health_monitor(Arc::clone(&health))
            .with_safety_policy(safety.clone());
        if let Some(recorder) = &observer {
            dispatcher = dispatcher.with_observer(recorder.clone());
        }
        dispatcher
    });
    let proxy = Proxy::new(set, assemble, None, args.http.is_none());
    let served = match args.http {
        Some(address) => serve_http(proxy, address).await,
        None => serve_stdio(proxy).await,
    };
    if let Some(recorder) = recorder
        && let Err(error) = recorder.shutdown().await
    {
        eprintln!("loopctl: --log: {error}");
    }
    served
}

/// The proxy's whole policy as text: the recovery settings, then the
/// safety policy against the upstream's tools.
fn explain(policy: &ProxyPolicy, registry: &ToolRegistry) -> String {
    let recovery = &policy.recovery;
    format!(
        "recovery\n  reflector: {}\n  max retries: {}\n  base delay: {} ms\n  call time-out: {} ms\n  the upstream's hints count: {}\n{}",
        clap::ValueEnum::to_possible_value(&recovery.reflector)
            .map_or_else(String::new, |value| value.get_name().to_owned()),
        recovery.max_retries,
        recovery.base_delay.as_millis(),
        policy.call_timeout.as_millis(),
        if policy.trust_annotations {
            "yes"
        } else {
            "no"
        },
        policy.safety.explain(registry)
    )
}

async fn serve_stdio(proxy: Arc<Proxy>) -> Result<(), CliError> {
    let running = ProxyHandler(proxy)
        .serve(rmcp::transport::stdio())
        .await
        .map_err(|error| {
            CliError::Input(format!(
                "the MCP client on stdin did not complete the handshake: {error}"
            ))
        })?;
    let _ = running.waiting().await;
    Ok(())
}

/// Ctrl-C or SIGTERM: the HTTP proxy stops accepting and flushes its log.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut terminate) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = terminate.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

async fn serve_http(proxy: Arc<Proxy>, address: SocketAddr) -> Result<(), CliError> {
    use hyper_util::rt::TokioIo;
    use hyper_util::service::TowerToHyperService;
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::streamable_http_server::{
        StreamableHttpServerConfig, StreamableHttpService,
    };

    let listener = tokio::net::TcpListener::bind(address)
        .await
        .map_err(|error| CliError::Input(format!("--http {address}: {error}")))?;
    let bound = listener
        .local_addr()
        .map_err(|error| CliError::Input(format!("--http {address}: {error}")))?;
    let handler = ProxyHandler(proxy);
    let service = StreamableHttpService::new(
        move || Ok(handler.clone()),
        Arc::new(LocalSessionManager::default()),
        StreamableHttpServerConfig::default(),
    );
    // The one line a script waits for: where to connect.
    eprintln!("loopctl mcp-proxy: listening on http://{bound}/mcp");
    let stop = stop_signal();
    tokio::pin!(stop);
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = &mut stop => {
                eprintln!("loopctl mcp-proxy: stopping");
                return Ok(());
            }
        };
        let (stream, _) = match accepted {
            Ok(accepted) => accepted,
            Err(error) => {
                tracing::warn!(%error, "accepting a connection failed");
                continue;
            }
        };
        let service = TowerToHyperService::new(service.clone());
        tokio::spawn(async move {
            let connection = hyper::server::conn::http1::Builder::new()
                .serve_connection(TokioIo::new(stream), service);
            if let Err(error) = connection.await {
                tracing::debug!(%error, "an HTTP connection ended with an error");
            }
        });
    }
}
