//! `loopctl mcp-proxy`: an MCP server in front of one upstream server, with recovery on every call.

mod answer;
mod assemble;
mod circuits;
mod drain;
mod handler;
pub mod http;
pub mod policy;
mod reload;
mod served;
mod session;
mod transparent;
mod unified;
mod upstream;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{BreakerConfig, HealthMonitor, ToolRegistry};
use loopctl_mcp::{McpToolSet, McpToolSetBuilder};
use loopctl_record::JsonlRecorder;
use rmcp::ServiceExt;

use crate::args::PolicyArgs;
use crate::error::CliError;
use circuits::Circuits;
use drain::Drain;
use handler::{Assemble, Proxy, ProxyHandler};
use http::{HttpArgs, bounded};
use policy::ProxyPolicy;
use transparent::Lifting;
pub use upstream::UpstreamArgs;

/// `loopctl mcp-proxy`.
#[derive(Debug, clap::Args)]
pub struct McpProxyArgs {
    /// Streamable HTTP instead of stdio, and who may use it.
    #[command(flatten)]
    pub serve: HttpArgs,
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
    /// How often the --policy file is read again; a change of its content
    /// is put in force for new calls (0s: only on SIGHUP).
    #[arg(long, default_value = "1s", value_parser = |text: &str| bounded(text, "--reload-interval", Duration::ZERO, Duration::from_secs(3600)))]
    pub reload_interval: Duration,
    /// How long one upstream `tools/call` may take, reconnecting included,
    /// before it is cancelled (10ms to 1h).
    #[arg(long, default_value = "30s", value_parser = |text: &str| bounded(text, "--call-timeout", Duration::from_millis(10), Duration::from_secs(3600)))]
    pub call_timeout: Duration,
    /// Failures in a row that open a tool's circuit: its calls are then
    /// refused without running until the cool-down ends (0 turns the
    /// breaker off).
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(0..=10_000))]
    pub breaker_threshold: u32,
    /// How long an open circuit refuses calls before one probe may try.
    #[arg(long, default_value = "30s", value_parser = |text: &str| bounded(text, "--breaker-cool-down", Duration::from_millis(100), Duration::from_secs(3600)))]
    pub breaker_cool_down: Duration,
    /// On Ctrl-C or SIGTERM, how long calls in flight may still run before
    /// they are answered with an error (0s to 10m).
    #[arg(long, default_value = "10s", value_parser = |text: &str| bounded(text, "--drain-timeout", Duration::ZERO, Duration::from_secs(600)))]
    pub drain_timeout: Duration,
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
    // Who may listen where is settled before any upstream starts; the
    // file's names add to the flags'.
    let mut serve = args.serve.clone();
    serve
        .allowed_host
        .extend(policy.allowed_hosts.iter().cloned());
    serve
        .allowed_origin
        .extend(policy.allowed_origins.iter().cloned());
    let prepared = match &serve.http {
        Some(listen) if !args.explain => Some(serve.prepare(listen).await?),
        _ => None,
    };
    let builder = McpToolSet::builder(upstream)
        .call_timeout(policy.call_timeout)
        .connect_timeout(
            policy
                .call_timeout
                .min(McpToolSetBuilder::DEFAULT_CONNECT_TIMEOUT),
        )
        .trust_annotations(policy.trust_annotations);
    let set = builder
        .clone()
        .connect()
        .await
        .map_err(|error| CliError::Input(format!("upstream: {error}")))?;
    let names: Vec<String> = set
        .listed()
        .iter()
        .map(|tool| tool.name.to_string())
        .collect();
    tracing::info!(server = %set.server(), tools = names.len(), "upstream connected");
    unmatched_sections(&policy, &names);
    let breaker = breaker_of(&policy, args);
    if args.explain {
        let mut registry = ToolRegistry::new();
        set.register_into(&mut registry);
        let text = explain(&policy, &registry, breaker);
        let mut stdout = std::io::stdout().lock();
        return std::io::Write::write_all(&mut stdout, text.as_bytes())
            .map_err(|error| CliError::Input(format!("cannot print the policy: {error}")));
    }
    let recorder = match &args.log {
        Some(path) => Some(Arc::new(
            JsonlRecorder::builder(path)
                .start()
                .await
                .map_err(|error| CliError::Input(format!("--log {}: {error}", path.display())))?,
        )),
        None => None,
    };
    let health = Arc::new(match breaker {
        Some(config) => HealthMonitor::with_breaker(config),
        None => HealthMonitor::new(),
    });
    let circuits = Arc::new(Circuits::new(Arc::clone(&health)));
    let assemble = Arc::new(Assemble::new(&policy, &names, health, recorder.clone())?);
    if let Some(path) = &args.policy {
        reload::Reloader::new(
            path.clone(),
            &policy,
            (args.recovery.clone(), args.call_timeout),
            names,
            Arc::clone(&assemble),
            args.reload_interval,
        )
        .spawn();
    }
    let drain = Arc::new(Drain::default());
    let per_client =
        (args.serve.upstream_sessions == http::UpstreamSessions::PerClient).then_some(builder);
    let proxy = Proxy::new(
        set,
        per_client,
        assemble,
        args.serve.http.is_none(),
        Arc::clone(&drain),
        circuits,
    );
    let served = match prepared {
        Some(prepared) => {
            http::serve(
                prepared,
                ProxyHandler::new(proxy),
                drain,
                args.drain_timeout,
            )
            .await
        }
        None => Box::pin(serve_stdio(proxy, drain, args.drain_timeout)).await,
    };
    if let Some(recorder) = recorder
        && let Err(error) = recorder.shutdown().await
    {
        eprintln!("loopctl: --log: {error}");
    }
    served
}

/// Points out each tool the policy file names that is none of the
/// upstream's tools (a `[tools.NAME]`, or a name in one of the first
/// format's lists), with the nearest name.
fn unmatched_sections(policy: &ProxyPolicy, names: &[String]) {
    let known: Vec<&str> = names.iter().map(String::as_str).collect();
    let hint = |nearest: Option<&str>| {
        nearest.map_or_else(String::new, |tool| format!("; did you mean `{tool}`?"))
    };
    if let Some(file) = &policy.file {
        for (section, nearest) in file.sections_matching_nothing(&known) {
            eprintln!(
                "loopctl mcp-proxy: --policy: [tools.{section}] names none of the upstream's tools{}",
                hint(nearest)
            );
        }
    }
    for (key, name) in &policy.named_tools {
        if !known.contains(&name.as_str()) {
            let nearest = loopctl_reflect_core::closest_tool(name, known.iter().copied());
            eprintln!(
                "loopctl mcp-proxy: --policy: `{name}` in {key} is none of the upstream's tools{}",
                hint(nearest)
            );
        }
    }
}

/// The breaker: a loopctl.toml's wins over the flags, as its other keys
/// do; `None` when it is off.
fn breaker_of(policy: &ProxyPolicy, args: &McpProxyArgs) -> Option<BreakerConfig> {
    let from_file = (policy.file.as_ref()).and_then(|file| file.for_defaults().breaker);
    match from_file {
        Some(breaker) => Some(breaker.config()),
        None => (args.breaker_threshold > 0).then_some(BreakerConfig {
            failure_threshold: args.breaker_threshold,
            cool_down: args.breaker_cool_down,
        }),
    }
}

/// The proxy's whole policy as text: the recovery settings, then the
/// safety policy against the upstream's tools.
fn explain(
    policy: &ProxyPolicy,
    registry: &ToolRegistry,
    breaker: Option<BreakerConfig>,
) -> String {
    let recovery = &policy.recovery;
    let breaker = breaker.map_or_else(
        || "off".to_owned(),
        |breaker| {
            format!(
                "a tool's circuit opens after {} failures in a row, for {}",
                breaker.failure_threshold,
                humantime::format_duration(breaker.cool_down)
            )
        },
    );
    format!(
        "recovery\n  reflector: {}\n  max retries: {}\n  base delay: {} ms\n  call time-out: {} ms\n  breaker: {breaker}\n  the upstream's hints count: {}\n{}",
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

async fn serve_stdio(
    proxy: Arc<Proxy>,
    drain: Arc<Drain>,
    deadline: Duration,
) -> Result<(), CliError> {
    let (stdin, stdout) = rmcp::transport::stdio();
    let transport = Lifting(rmcp::transport::async_rw::AsyncRwTransport::new_server(
        stdin, stdout,
    ));
    // Boxed: the handshake's state is large, and lives only until it ends.
    let running = Box::pin(ProxyHandler::new(proxy).serve(transport))
        .await
        .map_err(|error| {
            CliError::Closed(format!(
                "the MCP client on stdin did not complete the handshake: {error}"
            ))
        })?;
    let stop = stop_signal();
    tokio::pin!(stop);
    let cancel = running.cancellation_token();
    let waiting = running.waiting();
    tokio::pin!(waiting);
    tokio::select! {
        _ = &mut waiting => return Ok(()),
        () = &mut stop => {}
    }
    let drained = drain.stop(deadline).await;
    // rmcp writes the answers already made before it closes stdout.
    cancel.cancel();
    let _ = waiting.await;
    tracing::info!(
        finished = drained.waited_for - drained.cut,
        cut = drained.cut,
        "stopped"
    );
    Ok(())
}

/// Ctrl-C or SIGTERM.
pub(crate) async fn stop_signal() {
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
