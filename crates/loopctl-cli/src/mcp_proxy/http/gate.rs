//! What every HTTP request passes before it reaches MCP: the one path, the bearer token, the session cap and a time-out on a slow body; rmcp then checks `Host` and `Origin`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use bytes::Bytes;
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::StreamableHttpService;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;

use super::auth::{Tokens, challenge};
use crate::mcp_proxy::handler::ProxyHandler;

/// The path of the MCP endpoint.
pub(crate) const MCP_PATH: &str = "/mcp";

/// A response as rmcp builds them.
pub(crate) type Reply = Response<BoxBody<Bytes, Infallible>>;

/// The checks in front of the MCP service, shared by every connection.
pub(crate) struct Gate {
    /// rmcp's streamable HTTP service (which checks `Host` and `Origin`).
    pub(crate) mcp: StreamableHttpService<ProxyHandler, LocalSessionManager>,
    /// Its sessions, counted against `max_sessions`.
    pub(crate) sessions: Arc<LocalSessionManager>,
    /// Accepted bearer tokens; none means no authentication (loopback only).
    pub(crate) tokens: Tokens,
    /// New sessions are refused past this many live ones.
    pub(crate) max_sessions: usize,
    /// The longest wait for the next piece of a request body.
    pub(crate) body_timeout: Duration,
}

impl Gate {
    /// Answers one request.
    pub(crate) async fn serve(self: Arc<Self>, request: Request<hyper::body::Incoming>) -> Reply {
        if request.uri().path() != MCP_PATH {
            return plain(StatusCode::NOT_FOUND, "not found: the MCP endpoint is /mcp");
        }
        let (mut parts, body) = request.into_parts();
        if self.tokens.any() {
            let offered = parts
                .headers
                .get(header::AUTHORIZATION)
                .map(HeaderValue::as_bytes);
            if let Err(refusal) = self.tokens.check(offered) {
                tracing::info!(?refusal, "refused an unauthenticated request");
                let mut reply = plain(
                    StatusCode::UNAUTHORIZED,
                    "unauthorized: send Authorization: Bearer TOKEN",
                );
                if let Ok(value) = HeaderValue::from_str(&challenge(refusal, None)) {
                    reply.headers_mut().insert(header::WWW_AUTHENTICATE, value);
                }
                return reply;
            }
        }
        // The client's credential is the proxy's business only: it never
        // reaches the handler, a log line or the upstream.
        parts.headers.remove(header::AUTHORIZATION);
        if parts.method == Method::POST
            && !parts.headers.contains_key("mcp-session-id")
            && self.sessions.sessions.read().await.len() >= self.max_sessions
        {
            tracing::warn!(
                max = self.max_sessions,
                "refused a new session: the proxy is full"
            );
            let mut reply = plain(
                StatusCode::SERVICE_UNAVAILABLE,
                "the proxy serves as many sessions as it may (--max-sessions); try again later",
            );
            reply
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from_static("5"));
            return reply;
        }
        let body = tower_http::timeout::TimeoutBody::new(self.body_timeout, body);
        self.mcp.handle(Request::from_parts(parts, body)).await
    }
}

/// A short plain-text answer.
pub(crate) fn plain(status: StatusCode, text: &'static str) -> Reply {
    let mut reply = Response::new(Full::new(Bytes::from_static(text.as_bytes())).boxed());
    *reply.status_mut() = status;
    reply.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    reply
}
