//! `loopctl mcp-proxy`: an MCP server in front of one upstream server or several, with recovery on every call.

mod answer;
mod assemble;
mod circuits;
mod clients;
mod drain;
mod explain;
mod handler;
pub mod http;
pub mod inject;
mod keeper;
pub mod policy;
mod reload;
mod served;
mod servers;
mod session;
mod status;
mod transparent;
mod unified;
mod upstream;
mod upstreams;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use std::net::SocketAddr;

use loopctl_driver::HealthMonitor;
use loopctl_mcp::{McpToolSet, McpToolSetBuilder};
use loopctl_record::JsonlRecorder;
use rmcp::ServiceExt;

use crate::args::PolicyArgs;
use crate::error::CliError;
use circuits::Circuits;
use clients::Clients;
use drain::Drain;
use explain::{breaker_of, explain_all, unmatched_sections};
use handler::{Assemble, Proxy, ProxyHandler};
use http::{HttpArgs, bounded};
use inject::InjectRule;
use policy::ProxyPolicy;
use servers::Planned;
use transparent::Lifting;
pub use upstream::UpstreamArgs;
use upstreams::{Upstream, Upstreams};

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
    /// Serve Prometheus metrics at http://ADDR/metrics and which upstreams
    /// are up at http://ADDR/health (such as `127.0.0.1:9464`). Anyone who
    /// can reach ADDR can read them: keep it on a private address.
    #[arg(long, value_name = "ADDR")]
    pub metrics: Option<SocketAddr>,
    /// Inject faults in front of the upstreams, for testing how an agent
    /// copes: `[SERVER[/TOOL]:]FAULT=RATE[@DELAY]`, FAULT one of latency
    /// (with @DELAY), error, rpc-error, drop; repeat for more rules.
    #[arg(long, value_name = "RULE", value_parser = inject::parse_rule)]
    pub inject: Vec<InjectRule>,
    /// The seed that decides which calls get the injected faults: the same
    /// seed and the same calls give the same faults (default: a new seed
    /// each start, printed).
    #[arg(long, value_name = "N", requires = "inject")]
    pub inject_seed: Option<u64>,
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
    let policy = match &args.policy {
        Some(path) => ProxyPolicy::from_file(path, args.recovery.clone(), args.call_timeout)?,
        None => ProxyPolicy::from_flags(args.recovery.clone(), args.call_timeout),
    };
    let planned = servers::planned(args, &policy)?;
    let several = !policy.servers().is_empty();
    let names: Vec<String> = planned.iter().map(|plan| plan.name.clone()).collect();
    inject::check_servers(&args.inject, &names)?;
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
    // The recorder goes in before any dispatcher binds its handles.
    let metrics = match args.metrics {
        Some(address) if !args.explain => {
            let listener = status::bind(address).await?;
            Some((status::install()?, listener))
        }
        _ => None,
    };
    let seed = args.inject_seed.unwrap_or_else(|| {
        use loopctl_backoff::RandomSource;
        loopctl_backoff::SeededRandom::from_entropy().next_u64()
    });
    if !args.inject.is_empty() {
        eprintln!(
            "loopctl mcp-proxy: injecting faults with seed {seed} (--inject-seed {seed} gives the same faults again)"
        );
    }
    let builders: Vec<McpToolSetBuilder> = planned
        .iter()
        .map(|plan| builder_of(plan, inject::plan_for(&plan.name, &args.inject, seed)))
        .collect();
    let connected =
        futures::future::join_all(builders.iter().map(|builder| builder.clone().connect())).await;
    let mut sets = Vec::with_capacity(connected.len());
    for (plan, connected) in planned.iter().zip(connected) {
        match connected {
            Ok(set) => {
                tracing::info!(upstream = %plan.name, server = %set.server(), tools = set.listed().len(), "upstream connected");
                sets.push(Some(set));
            }
            // One server of several may come later; the one server must be there.
            Err(error) if several => {
                let shown = loopctl_redact::Redactor::standard()
                    .text(&error.to_string())
                    .into_owned();
                eprintln!(
                    "loopctl mcp-proxy: [servers.{}] did not start: {shown}; the other servers are served, and it is tried again in the background",
                    plan.name
                );
                sets.push(None);
            }
            Err(error) => return Err(CliError::Input(format!("upstream: {error}"))),
        }
    }
    for (plan, set) in planned.iter().zip(&sets) {
        if let Some(set) = set {
            let names = tool_names(set);
            unmatched_sections(&plan.policy, &names);
            inject::unmatched_tools(&args.inject, &plan.name, &plan.prefix, &names);
            servers::refused_names(&plan.prefix, &names);
        }
    }
    if args.explain {
        let text = explain_all(&planned, &sets, args);
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
    let mut list = Vec::with_capacity(planned.len());
    for ((plan, builder), set) in planned.iter().zip(builders).zip(&sets) {
        let health = Arc::new(match breaker_of(&plan.policy, args) {
            Some(config) => HealthMonitor::with_breaker(config),
            None => HealthMonitor::new(),
        });
        let circuits = Arc::new(Circuits::new(Arc::clone(&health), &plan.name));
        let names = set.as_ref().map(tool_names).unwrap_or_default();
        let assemble = Arc::new(Assemble::new(
            &plan.policy,
            &names,
            health,
            recorder.clone(),
            &plan.name,
        )?);
        list.push(Arc::new(Upstream::new(
            plan.name.clone(),
            plan.prefix.clone(),
            builder,
            assemble,
            circuits,
        )));
    }
    let upstreams = Upstreams::new(list);
    let clients = Arc::new(Clients::default());
    for (index, set) in sets.into_iter().enumerate() {
        if let Some(set) = set {
            upstreams.serve(index, set, Arc::clone(&clients));
        }
    }
    if let Some(path) = &args.policy {
        reload::Reloader::new(
            path.clone(),
            &policy,
            (args.recovery.clone(), args.call_timeout),
            Arc::clone(&upstreams),
            several,
            args.reload_interval,
        )
        .spawn();
    }
    if several || metrics.is_some() {
        keeper::spawn(&upstreams, &clients);
    }
    if let Some((handle, listener)) = metrics {
        status::spawn(listener, handle, Arc::clone(&upstreams));
    }
    let drain = Arc::new(Drain::default());
    let per_client = args.serve.upstream_sessions == http::UpstreamSessions::PerClient;
    let proxy = Proxy::new(
        upstreams,
        clients,
        per_client,
        args.serve.http.is_none(),
        Arc::clone(&drain),
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

/// How to connect to the upstream `plan` describes, with `faults` injected.
fn builder_of(plan: &Planned, faults: Option<Arc<loopctl_mcp::FaultPlan>>) -> McpToolSetBuilder {
    let policy = &plan.policy;
    let mut builder = McpToolSet::builder(plan.server.clone())
        .call_timeout(policy.call_timeout)
        .connect_timeout(
            policy
                .call_timeout
                .min(McpToolSetBuilder::DEFAULT_CONNECT_TIMEOUT),
        )
        .trust_annotations(policy.trust_annotations);
    if let Some(faults) = faults {
        builder = builder.faults(faults);
    }
    builder
}

fn tool_names(set: &McpToolSet) -> Vec<String> {
    set.listed()
        .iter()
        .map(|tool| tool.name.to_string())
        .collect()
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
