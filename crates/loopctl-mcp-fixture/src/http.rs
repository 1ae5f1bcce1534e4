//! Streamable HTTP mode: serves rmcp's tower `StreamableHttpService` at `/mcp` with plain hyper (no axum).

use std::{convert::Infallible, io::Write, net::SocketAddr, sync::Arc, time::Duration};

use hyper::{Request, Response, StatusCode, body::Incoming, server::conn::http1};
use hyper_util::{rt::TokioIo, service::TowerToHyperService};
use rmcp::transport::{
    StreamableHttpServerConfig, StreamableHttpService,
    streamable_http_server::session::local::LocalSessionManager,
};
use tokio::net::TcpListener;

use crate::server::Fixture;

/// The only path the MCP endpoint answers on.
const MCP_PATH: &str = "/mcp";

/// Sends `/mcp` to the MCP service and answers 404 (empty body) for every
/// other path, and 401 to a request without every required header.
async fn route<S, B>(
    mcp: S,
    req: Request<Incoming>,
    required: &[(String, String)],
) -> Result<Response<B>, Infallible>
where
    S: hyper::service::Service<Request<Incoming>, Response = Response<B>, Error = Infallible>,
    B: Default,
{
    let carries = |(name, value): &(String, String)| {
        req.headers()
            .get(name.as_str())
            .is_some_and(|sent| sent.as_bytes() == value.as_bytes())
    };
    if !required.iter().all(carries) {
        let mut response = Response::new(B::default());
        *response.status_mut() = StatusCode::UNAUTHORIZED;
        return Ok(response);
    }
    if req.uri().path() == MCP_PATH {
        return mcp.call(req).await;
    }
    let mut response = Response::new(B::default());
    *response.status_mut() = StatusCode::NOT_FOUND;
    Ok(response)
}

/// Binds `addr`, prints `listening on http://<bound addr>/mcp` as the first stdout line, then serves forever.
pub(crate) async fn serve(
    addr: SocketAddr,
    fixture: Fixture,
    required: Vec<(String, String)>,
) -> std::io::Result<()> {
    let required: Arc<[(String, String)]> = required.into();
    let listener = TcpListener::bind(addr).await?;
    let bound = listener.local_addr()?;

    let mut config = StreamableHttpServerConfig::default();
    if bound.ip().is_unspecified() {
        // Bound to every interface: clients may use any Host, so skip the DNS-rebinding guard.
        config = config.disable_allowed_hosts();
    } else {
        let mut hosts = config.allowed_hosts.clone();
        hosts.push(bound.ip().to_string());
        config = config.with_allowed_hosts(hosts);
    }
    let service = StreamableHttpService::new(
        move || Ok(fixture.clone()),
        Arc::new(LocalSessionManager::default()),
        config,
    );

    {
        let mut stdout = std::io::stdout().lock();
        writeln!(stdout, "listening on http://{bound}{MCP_PATH}")?;
        stdout.flush()?;
    }
    eprintln!("loopctl-mcp-fixture: serving streamable HTTP on http://{bound}{MCP_PATH}");

    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(accepted) => accepted,
            Err(e) => {
                eprintln!("loopctl-mcp-fixture: accept failed: {e}");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let service = service.clone();
        let required = Arc::clone(&required);
        tokio::spawn(async move {
            let handler = hyper::service::service_fn(move |req| {
                let service = service.clone();
                let required = Arc::clone(&required);
                async move { route(TowerToHyperService::new(service), req, &required).await }
            });
            if let Err(e) = http1::Builder::new()
                .serve_connection(TokioIo::new(stream), handler)
                .await
                && !e.is_incomplete_message()
            {
                eprintln!("loopctl-mcp-fixture: connection from {peer} failed: {e}");
            }
        });
    }
}
