//! `--metrics ADDR`: Prometheus metrics at `/metrics` and which upstreams are up at `/health`, on a listener of their own.
//!
//! The driver records through the `metrics` facade; metrics-exporter-prometheus
//! (the facade's own exporter, maintained with it) keeps the values and
//! renders the text format. The proxy serves that text itself with the
//! hyper server it already has, so the exporter's own HTTP listener is not
//! built in.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{Method, Request, Response, StatusCode, header};
use http_body_util::Full;
use metrics_exporter_prometheus::{PrometheusBuilder, PrometheusHandle};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use super::upstreams::Upstreams;
use crate::error::CliError;

/// Connections served at once; one more is closed at once, so a client
/// that holds connections open cannot queue the scraper behind it.
const MAX_CONNECTIONS: usize = 64;
/// How long a request's headers may take to arrive.
const HEADER_TIMEOUT: Duration = Duration::from_secs(2);
/// How long one connection may stay open, answer included.
const CONNECTION_TIMEOUT: Duration = Duration::from_secs(5);
/// How often histograms are compacted.
const UPKEEP: Duration = Duration::from_secs(5);

/// Installs the Prometheus recorder for the whole process, before any
/// dispatcher is built: the driver binds its handles when it is built.
///
/// # Errors
/// Another recorder is installed already.
pub(crate) fn install() -> Result<PrometheusHandle, CliError> {
    let handle = PrometheusBuilder::new()
        .with_recommended_naming(true)
        .install_recorder()
        .map_err(|error| CliError::Input(format!("--metrics: {error}")))?;
    loopctl_driver::describe_metrics();
    metrics::describe_gauge!(
        "loopctl.proxy.upstream.up",
        metrics::Unit::Count,
        "1 when the upstream server's connection is live, 0 when it is down."
    );
    metrics::describe_gauge!(
        "loopctl.proxy.circuit.open",
        metrics::Unit::Count,
        "1 when the tool's circuit is open or half open (its calls are refused), by upstream and tool."
    );
    Ok(handle)
}

/// Binds `address` now, so a bad address stops the start.
///
/// # Errors
/// The address cannot be bound.
pub(crate) async fn bind(address: SocketAddr) -> Result<TcpListener, CliError> {
    TcpListener::bind(address)
        .await
        .map_err(|error| CliError::Input(format!("--metrics {address}: cannot listen: {error}")))
}

/// Serves `/metrics` and `/health` until the process ends.
pub(crate) fn spawn(listener: TcpListener, handle: PrometheusHandle, upstreams: Arc<Upstreams>) {
    if let Ok(address) = listener.local_addr() {
        eprintln!(
            "loopctl mcp-proxy: metrics on http://{address}/metrics, health on http://{address}/health"
        );
    }
    let upkeep = handle.clone();
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(UPKEEP);
        loop {
            ticks.tick().await;
            upkeep.run_upkeep();
        }
    });
    let state = Arc::new((handle, upstreams));
    let slots = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    tokio::spawn(async move {
        loop {
            let stream = match listener.accept().await {
                Ok((stream, _)) => stream,
                Err(error) => {
                    // Out of file descriptors, most often: wait rather than spin.
                    tracing::debug!(%error, "--metrics: accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            let Ok(slot) = Arc::clone(&slots).try_acquire_owned() else {
                drop(stream);
                continue;
            };
            let state = Arc::clone(&state);
            tokio::spawn(async move {
                let service = hyper::service::service_fn(move |request| {
                    let state = Arc::clone(&state);
                    async move { Ok::<_, Infallible>(answer(&request, &state.0, &state.1)) }
                });
                let connection = hyper::server::conn::http1::Builder::new()
                    .timer(hyper_util::rt::TokioTimer::new())
                    .header_read_timeout(HEADER_TIMEOUT)
                    .max_buf_size(16 * 1024)
                    .keep_alive(false)
                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service);
                let _ = tokio::time::timeout(CONNECTION_TIMEOUT, connection).await;
                drop(slot);
            });
        }
    });
}

fn answer<B>(
    request: &Request<B>,
    handle: &PrometheusHandle,
    upstreams: &Upstreams,
) -> Response<Full<Bytes>> {
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return reply(
            StatusCode::METHOD_NOT_ALLOWED,
            "text/plain",
            "GET only\n".into(),
        );
    }
    match request.uri().path() {
        "/metrics" => {
            gauges(upstreams);
            reply(
                StatusCode::OK,
                "text/plain; version=0.0.4; charset=utf-8",
                handle.render(),
            )
        }
        "/health" => {
            let (any_up, body) = health(upstreams);
            // Degraded is still serving: a liveness probe must not restart
            // the gateway because one of its servers is down.
            let status = if any_up {
                StatusCode::OK
            } else {
                StatusCode::SERVICE_UNAVAILABLE
            };
            reply(status, "application/json", body)
        }
        _ => reply(
            StatusCode::NOT_FOUND,
            "text/plain",
            "not found: the paths are /metrics and /health\n".into(),
        ),
    }
}

fn reply(status: StatusCode, kind: &'static str, body: String) -> Response<Full<Bytes>> {
    let mut response = Response::new(Full::new(Bytes::from(body)));
    *response.status_mut() = status;
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, header::HeaderValue::from_static(kind));
    response
}

/// Sets the gauges that are states rather than events, as they are now.
fn gauges(upstreams: &Upstreams) {
    for upstream in upstreams.list() {
        let name = upstream.name.clone();
        metrics::gauge!("loopctl.proxy.upstream.up", "upstream" => name.clone())
            .set(if upstream.is_up() { 1.0 } else { 0.0 });
        let Some(served) = upstream.shared() else {
            continue;
        };
        for tool in served.listed().iter() {
            let open = upstream.circuits.is_open(&tool.name);
            metrics::gauge!(
                "loopctl.proxy.circuit.open",
                "upstream" => name.clone(),
                "gen_ai.tool.name" => tool.name.to_string()
            )
            .set(if open { 1.0 } else { 0.0 });
        }
    }
}

/// Whether any upstream is up, and the JSON that says which are.
fn health(upstreams: &Upstreams) -> (bool, String) {
    let servers: Vec<serde_json::Value> = upstreams
        .list()
        .iter()
        .map(|upstream| {
            let tools = upstream.shared().map_or(0, |served| served.listed().len());
            serde_json::json!({
                "name": upstream.name,
                "prefix": upstream.prefix,
                "up": upstream.is_up(),
                "tools": tools,
            })
        })
        .collect();
    let up = upstreams
        .list()
        .iter()
        .filter(|upstream| upstream.is_up())
        .count();
    let status = match up {
        _ if up == upstreams.list().len() => "up",
        0 => "down",
        _ => "degraded",
    };
    let body = serde_json::json!({ "status": status, "upstreams": servers });
    (up > 0, format!("{body}\n"))
}
