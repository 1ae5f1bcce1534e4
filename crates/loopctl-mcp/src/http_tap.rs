//! rmcp's reqwest client for streamable HTTP, with the raw `tools/list` answers shown to the tap before rmcp types them.

use std::collections::HashMap;
use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use futures::StreamExt;
use futures::stream::BoxStream;
use http::{HeaderName, HeaderValue};
use rmcp::model::{ClientJsonRpcMessage, ClientRequest, JsonRpcMessage};
use rmcp::transport::streamable_http_client::{
    SseError, StreamableHttpClient, StreamableHttpError, StreamableHttpPostResponse,
    StreamableHttpResponseLimits,
};
use sse_stream::{Sse, SseStream};

use crate::extras::ToolTap;

/// The most redirects one request follows.
const MAX_REDIRECTS: usize = 10;

/// The longest the second, raw `tools/list` may take (see [`TapClient`]).
const RAW_LIST_TIMEOUT: Duration = Duration::from_secs(10);

/// A reqwest client that shows each `tools/list` answer to the tap.
///
/// An answer sent as an event stream is read as it passes. One sent as a
/// single JSON body has already been typed by the time it comes back, so
/// the same list is asked for once more, raw, in the same session (lists
/// are read rarely, and reading one changes nothing on the server).
#[derive(Clone)]
pub(crate) struct TapClient {
    inner: reqwest::Client,
    tap: Arc<ToolTap>,
}

impl TapClient {
    /// Built as rmcp builds its own client in what matters for safety: only
    /// same-origin 307 and 308 redirects are followed, so that neither the
    /// message nor the session id and headers go to another host. Unlike
    /// rmcp's, it keeps idle connections: a new TCP connection per call cost
    /// the proxy a fifth of its throughput to an HTTP upstream (2,279
    /// against 2,903 calls a second from 20 clients, `cargo bench -p
    /// loopctl-cli --bench proxy`), and with `TCP_NODELAY` no
    /// delayed-acknowledgement stall showed at p99.
    pub(crate) fn new(tap: Arc<ToolTap>) -> Result<Self, reqwest::Error> {
        let redirects = reqwest::redirect::Policy::custom(|attempt| {
            let same_origin = attempt
                .previous()
                .first()
                .is_some_and(|first| first.origin() == attempt.url().origin());
            let keeps_body = matches!(attempt.status().as_u16(), 307 | 308);
            if same_origin && keeps_body && attempt.previous().len() <= MAX_REDIRECTS {
                attempt.follow()
            } else {
                attempt.stop()
            }
        });
        let inner = reqwest::Client::builder()
            .tcp_nodelay(true)
            .redirect(redirects)
            .build()?;
        Ok(Self { inner, tap })
    }

    /// Asks for `message` (a `tools/list`) again under a fresh id, and shows
    /// the raw answer to the tap; a failure only means no extra fields.
    async fn list_raw(
        &self,
        uri: &str,
        message: &ClientJsonRpcMessage,
        session_id: Option<&str>,
        auth: Option<&str>,
        headers: &HashMap<HeaderName, HeaderValue>,
        max_bytes: usize,
    ) {
        let Ok(mut body) = serde_json::to_value(message) else {
            return;
        };
        body["id"] = serde_json::Value::from("loopctl-raw-tools-list");
        let mut request = self
            .inner
            .post(uri)
            .header(http::header::ACCEPT, "application/json, text/event-stream")
            .json(&body);
        for (name, value) in headers {
            request = request.header(name, value);
        }
        if let Some(token) = auth {
            request = request.bearer_auth(token);
        }
        if let Some(session) = session_id {
            request = request.header("mcp-session-id", session);
        }
        let read = async {
            let response = request.send().await.ok()?;
            if !response.status().is_success() {
                return None;
            }
            let mut bytes = Vec::new();
            let mut stream = response.bytes_stream();
            while let Some(chunk) = stream.next().await {
                let chunk = chunk.ok()?;
                if bytes.len() + chunk.len() > max_bytes {
                    return None;
                }
                bytes.extend_from_slice(&chunk);
            }
            Some(bytes)
        };
        let Ok(Some(bytes)) = tokio::time::timeout(RAW_LIST_TIMEOUT, read).await else {
            tracing::debug!("the raw tools/list was not answered; extra tool fields are not kept");
            return;
        };
        if serde_json::from_slice::<serde_json::Value>(&bytes).is_ok() {
            self.tap.observe(&bytes);
            return;
        }
        let events =
            SseStream::from_bytes_stream(futures::stream::iter([Ok::<_, std::io::Error>(
                bytes::Bytes::from(bytes),
            )]));
        let events: Vec<_> = events.collect().await;
        for event in events.into_iter().flatten() {
            if let Some(data) = event.data {
                self.tap.observe(data.as_bytes());
            }
        }
    }
}

fn is_list(message: &ClientJsonRpcMessage) -> bool {
    matches!(message, JsonRpcMessage::Request(request) if matches!(request.request, ClientRequest::ListToolsRequest(_)))
}

/// `stream`, with each event's data shown to the tap.
fn tapped(
    stream: BoxStream<'static, Result<Sse, SseError>>,
    tap: Arc<ToolTap>,
) -> BoxStream<'static, Result<Sse, SseError>> {
    stream
        .inspect(move |event| {
            if let Ok(Sse {
                data: Some(data), ..
            }) = event
            {
                tap.observe(data.as_bytes());
            }
        })
        .boxed()
}

impl StreamableHttpClient for TapClient {
    type Error = reqwest::Error;

    fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> impl Future<Output = Result<StreamableHttpPostResponse, StreamableHttpError<Self::Error>>>
    + Send
    + '_ {
        self.post_message_with_response_limits(
            uri,
            message,
            session_id,
            auth_header,
            custom_headers,
            StreamableHttpResponseLimits::default(),
        )
    }

    fn post_message_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        max_sse_event_size: usize,
    ) -> impl Future<Output = Result<StreamableHttpPostResponse, StreamableHttpError<Self::Error>>>
    + Send
    + '_ {
        let mut limits = StreamableHttpResponseLimits::default();
        limits.max_sse_event_size = max_sse_event_size;
        self.post_message_with_response_limits(
            uri,
            message,
            session_id,
            auth_header,
            custom_headers,
            limits,
        )
    }

    async fn post_message_with_response_limits(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        limits: StreamableHttpResponseLimits,
    ) -> Result<StreamableHttpPostResponse, StreamableHttpError<Self::Error>> {
        if !is_list(&message) {
            return self
                .inner
                .post_message_with_response_limits(
                    uri,
                    message,
                    session_id,
                    auth_header,
                    custom_headers,
                    limits,
                )
                .await;
        }
        let again = (
            message.clone(),
            session_id.clone(),
            auth_header.clone(),
            custom_headers.clone(),
        );
        let max_bytes = limits.max_json_response_size;
        let answer = self
            .inner
            .post_message_with_response_limits(
                Arc::clone(&uri),
                message,
                session_id,
                auth_header,
                custom_headers,
                limits,
            )
            .await?;
        Ok(match answer {
            StreamableHttpPostResponse::Sse(stream, session) => {
                StreamableHttpPostResponse::Sse(tapped(stream, Arc::clone(&self.tap)), session)
            }
            StreamableHttpPostResponse::Json(typed, session) => {
                let (message, old_session, auth, headers) = again;
                let session_id = session.as_deref().or(old_session.as_deref());
                self.list_raw(
                    &uri,
                    &message,
                    session_id,
                    auth.as_deref(),
                    &headers,
                    max_bytes,
                )
                .await;
                StreamableHttpPostResponse::Json(typed, session)
            }
            other => other,
        })
    }

    fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> impl Future<Output = Result<(), StreamableHttpError<Self::Error>>> + Send + '_ {
        self.inner
            .delete_session(uri, session_id, auth_header, custom_headers)
    }

    fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> impl Future<
        Output = Result<
            BoxStream<'static, Result<Sse, SseError>>,
            StreamableHttpError<Self::Error>,
        >,
    > + Send
    + '_ {
        self.inner
            .get_stream(uri, session_id, last_event_id, auth_header, custom_headers)
    }

    fn get_stream_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        max_sse_event_size: usize,
    ) -> impl Future<
        Output = Result<
            BoxStream<'static, Result<Sse, SseError>>,
            StreamableHttpError<Self::Error>,
        >,
    > + Send
    + '_ {
        self.inner.get_stream_with_max_sse_event_size(
            uri,
            session_id,
            last_event_id,
            auth_header,
            custom_headers,
            max_sse_event_size,
        )
    }
}
