//! What every HTTP request passes before it reaches MCP: the one path, the credential (a bearer token or a JWT), the session's owner, the session cap and a time-out on a slow body; rmcp then checks `Host` and `Origin`.

use std::convert::Infallible;
use std::sync::Arc;
use std::time::Duration;

use super::sessions::LiftingSessions;
use bytes::Bytes;
use http::{HeaderValue, Method, Request, Response, StatusCode, header};
use http_body_util::combinators::BoxBody;
use http_body_util::{BodyExt, Full};
use rmcp::transport::streamable_http_server::StreamableHttpService;

use super::auth::{Refusal, Tokens, challenge};
use super::binding::Bindings;
use super::jwt::JwtCheck;
use crate::mcp_proxy::handler::ProxyHandler;

/// The path of the MCP endpoint.
pub(crate) const MCP_PATH: &str = "/mcp";
/// Where protected-resource metadata is found (RFC 9728), at the root and
/// for the endpoint's path.
const METADATA_PATHS: [&str; 2] = [
    "/.well-known/oauth-protected-resource",
    "/.well-known/oauth-protected-resource/mcp",
];
const SESSION_HEADER: &str = "mcp-session-id";

/// A response as rmcp builds them.
pub(crate) type Reply = Response<BoxBody<Bytes, Infallible>>;

/// Who may call.
pub(crate) enum Auth {
    /// Nobody is asked (loopback only).
    Open,
    /// Static bearer tokens.
    Tokens(Tokens),
    /// JWT access tokens from one issuer.
    Jwt(JwtCheck),
}

/// The checks in front of the MCP service, shared by every connection.
pub(crate) struct Gate {
    /// rmcp's streamable HTTP service (which checks `Host` and `Origin`).
    pub(crate) mcp: StreamableHttpService<ProxyHandler, LiftingSessions>,
    /// Its sessions, counted against `max_sessions`.
    pub(crate) sessions: Arc<LiftingSessions>,
    /// Who may call.
    pub(crate) auth: Auth,
    /// Which principal opened which session.
    pub(crate) bindings: Bindings,
    /// New sessions are refused past this many live ones.
    pub(crate) max_sessions: usize,
    /// The longest wait for the next piece of a request body.
    pub(crate) body_timeout: Duration,
}

impl Gate {
    /// Answers one request.
    pub(crate) async fn serve(self: Arc<Self>, request: Request<hyper::body::Incoming>) -> Reply {
        let path = request.uri().path();
        if let Auth::Jwt(jwt) = &self.auth
            && METADATA_PATHS.contains(&path)
            && request.method() == Method::GET
        {
            let mut reply =
                Response::new(Full::new(Bytes::from(jwt.metadata().to_string())).boxed());
            reply.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            );
            return reply;
        }
        if path != MCP_PATH {
            return plain(StatusCode::NOT_FOUND, "not found: the MCP endpoint is /mcp");
        }
        let (mut parts, body) = request.into_parts();
        let principal = match self
            .principal(parts.headers.get(header::AUTHORIZATION))
            .await
        {
            Ok(principal) => principal,
            Err(reply) => return reply,
        };
        // The client's credential is the proxy's business only: it never
        // reaches the handler, a log line or the upstream.
        parts.headers.remove(header::AUTHORIZATION);
        let session = parts
            .headers
            .get(SESSION_HEADER)
            .and_then(|value| value.to_str().ok())
            .map(str::to_owned);
        if let (Some(session), Some(principal)) = (&session, &principal)
            && !self.bindings.allows(session, principal)
        {
            tracing::info!("refused a session id its caller did not open");
            return plain(StatusCode::NOT_FOUND, "Not Found: Session not found");
        }
        let opening = parts.method == Method::POST && session.is_none();
        if opening && self.sessions.0.sessions.read().await.len() >= self.max_sessions {
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
        let reply = self.mcp.handle(Request::from_parts(parts, body)).await;
        if opening
            && let Some(principal) = &principal
            && let Some(opened) = reply
                .headers()
                .get(SESSION_HEADER)
                .and_then(|v| v.to_str().ok())
        {
            self.bindings.bind(opened, principal);
        }
        reply
    }

    /// The caller's principal (`None` when nobody is asked), or the `401`.
    async fn principal(&self, offered: Option<&HeaderValue>) -> Result<Option<String>, Reply> {
        let offered = offered.map(HeaderValue::as_bytes);
        let refusal = match &self.auth {
            Auth::Open => return Ok(None),
            Auth::Tokens(tokens) => match tokens.check(offered) {
                Ok(index) => return Ok(Some(format!("token {index}"))),
                Err(refusal) => (refusal, None),
            },
            Auth::Jwt(jwt) => {
                let token = offered.map(super::auth::bearer);
                match token {
                    None => (Refusal::Missing, Some(jwt)),
                    Some(None) => (Refusal::Invalid, Some(jwt)),
                    Some(Some(token)) => {
                        let token = String::from_utf8_lossy(token);
                        match jwt.check(&token).await {
                            Ok(principal) => return Ok(Some(principal)),
                            Err(why) => {
                                tracing::info!(%why, "refused a JWT");
                                (Refusal::Invalid, Some(jwt))
                            }
                        }
                    }
                }
            }
        };
        let (refusal, jwt) = refusal;
        tracing::info!(?refusal, "refused an unauthenticated request");
        let mut reply = plain(
            StatusCode::UNAUTHORIZED,
            "unauthorized: send Authorization: Bearer TOKEN",
        );
        let metadata = jwt.map(JwtCheck::metadata_url);
        if let Ok(value) = HeaderValue::from_str(&challenge(refusal, metadata.as_deref())) {
            reply.headers_mut().insert(header::WWW_AUTHENTICATE, value);
        }
        Err(reply)
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
