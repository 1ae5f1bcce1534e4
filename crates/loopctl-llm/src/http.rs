//! HTTP plumbing the providers share: time-outs, bounded bodies, and keeping the key secret.

use std::fmt;
use std::time::Duration;

use crate::error::LlmError;

/// Connection and size limits of an HTTP provider.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpLimits {
    /// How long connecting may take.
    pub connect_timeout: Duration,
    /// How long a whole request may take, body included.
    pub total_timeout: Duration,
    /// The largest response body accepted.
    pub max_response_bytes: usize,
}

impl Default for HttpLimits {
    /// 10 s to connect, 120 s in all, 8 MiB of response.
    fn default() -> Self {
        Self {
            connect_timeout: Duration::from_secs(10),
            total_timeout: Duration::from_secs(120),
            max_response_bytes: 8 * 1024 * 1024,
        }
    }
}

/// An API key that never shows in `Debug` output, logs or errors.
#[derive(Clone, Default, PartialEq, Eq)]
pub struct ApiKey(String);

impl ApiKey {
    /// Wraps a key.
    pub fn new(key: impl Into<String>) -> Self {
        Self(key.into())
    }

    /// The key itself, for a request header.
    pub fn expose(&self) -> &str {
        &self.0
    }

    /// `true` when no key is set (a local server needs none).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// `text` with every occurrence of the key replaced, for server bodies
    /// that echo what they were sent.
    pub fn redact(&self, text: &str) -> String {
        if self.0.len() < 4 {
            return text.to_owned();
        }
        text.replace(&self.0, "[redacted]")
    }
}

impl fmt::Debug for ApiKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(if self.0.is_empty() {
            "ApiKey(none)"
        } else {
            "ApiKey([redacted])"
        })
    }
}

/// A pooled client with the limits applied.
pub(crate) fn build_client(limits: &HttpLimits) -> Result<reqwest::Client, LlmError> {
    reqwest::Client::builder()
        .connect_timeout(limits.connect_timeout)
        .timeout(limits.total_timeout)
        .pool_idle_timeout(Duration::from_secs(90))
        .build()
        .map_err(|error| LlmError::Configuration(format!("cannot build the HTTP client: {error}")))
}

/// Sends a prepared POST and returns the body of a successful response.
pub(crate) async fn send(
    request: reqwest::RequestBuilder,
    limits: &HttpLimits,
    key: &ApiKey,
) -> Result<Vec<u8>, LlmError> {
    let mut response = request
        .send()
        .await
        .map_err(|error| transport(&error, limits))?;
    let status = response.status();
    let retry_after = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|value| value.to_str().ok())
        .map(str::to_owned);
    if response
        .content_length()
        .is_some_and(|length| length > limits.max_response_bytes as u64)
    {
        return Err(LlmError::ResponseTooLarge {
            limit: limits.max_response_bytes,
        });
    }
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|error| transport(&error, limits))?
    {
        if body.len() + chunk.len() > limits.max_response_bytes {
            return Err(LlmError::ResponseTooLarge {
                limit: limits.max_response_bytes,
            });
        }
        body.extend_from_slice(&chunk);
    }
    if !status.is_success() {
        return Err(LlmError::Status {
            status: status.as_u16(),
            body: excerpt(&key.redact(&String::from_utf8_lossy(&body))),
            retry_after,
        });
    }
    Ok(body)
}

fn transport(error: &reqwest::Error, limits: &HttpLimits) -> LlmError {
    if error.is_timeout() {
        return LlmError::Timeout(limits.total_timeout);
    }
    // The chain says what happened ("connection reset", "unexpected EOF");
    // reqwest's own text names the URL, which carries no secret.
    let mut message = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(cause) = source {
        message.push_str(": ");
        message.push_str(&cause.to_string());
        source = cause.source();
    }
    LlmError::Transport(message)
}

/// The first 512 bytes of `text`, cut at a character boundary, with a marker.
pub(crate) fn excerpt(text: &str) -> String {
    const LIMIT: usize = 512;
    if text.len() <= LIMIT {
        return text.to_owned();
    }
    let mut end = LIMIT;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}… ({} bytes in all)", &text[..end], text.len())
}

/// Parses a response body as JSON, or says it is malformed.
pub(crate) fn parse_json(body: &[u8]) -> Result<serde_json::Value, LlmError> {
    serde_json::from_slice(body).map_err(|error| {
        LlmError::MalformedResponse(format!(
            "the body is not JSON ({error}): {}",
            excerpt(&String::from_utf8_lossy(body))
        ))
    })
}

/// Reads an environment variable, treating empty as unset.
pub(crate) fn env_var(name: &str) -> Option<String> {
    std::env::var(name)
        .ok()
        .filter(|value| !value.trim().is_empty())
}
