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
    /// 10 s to connect, 50 s in all, 8 MiB of response.
    ///
    /// 50 s is under the driver's default reflection time-out (60 s), so a
    /// slow model fails with this client's own "timed out" error, which names
    /// the request, before the driver's outer bound cuts the reflection off.
    fn default() -> Self {
        Self {
            connect_timeout: Duration::from_secs(10),
            total_timeout: Duration::from_secs(50),
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

/// What every provider's builder collects.
#[derive(Debug, Clone, Default)]
pub(crate) struct ProviderSettings {
    pub(crate) base_url: Option<String>,
    /// Where `base_url` came from, for the start-up log line.
    pub(crate) base_url_from: Option<String>,
    pub(crate) model: Option<String>,
    pub(crate) key: Option<ApiKey>,
    pub(crate) limits: HttpLimits,
}

/// A provider's settings with the defaults filled in and the client built.
pub(crate) struct Resolved {
    pub(crate) base_url: String,
    pub(crate) model: String,
    pub(crate) key: ApiKey,
    pub(crate) limits: HttpLimits,
    pub(crate) client: reqwest::Client,
}

impl ProviderSettings {
    /// Fills what is unset from `{PREFIX}_BASE_URL`, `{PREFIX}_API_KEY` and `{PREFIX}_MODEL`.
    pub(crate) fn fill_from_env(&mut self, prefix: &str) {
        let read = |suffix: &str| env_var(&format!("{prefix}_{suffix}"));
        if self.base_url.is_none()
            && let Some(url) = read("BASE_URL")
        {
            self.base_url = Some(url);
            self.base_url_from = Some(format!("{prefix}_BASE_URL"));
        }
        self.key = self.key.take().or_else(|| read("API_KEY").map(ApiKey::new));
        self.model = self.model.take().or_else(|| read("MODEL"));
    }

    /// Applies the defaults, checks the base URL, and builds the pooled client.
    pub(crate) fn resolve(
        self,
        default_base_url: &str,
        default_model: &str,
    ) -> Result<Resolved, LlmError> {
        let from = match (&self.base_url, self.base_url_from) {
            (None, _) => "the default public endpoint".to_owned(),
            (Some(_), Some(variable)) => variable,
            (Some(_), None) => "the builder".to_owned(),
        };
        let base_url = self.base_url.unwrap_or_else(|| default_base_url.to_owned());
        if !(base_url.starts_with("http://") || base_url.starts_with("https://")) {
            return Err(LlmError::Configuration(format!(
                "the base URL `{base_url}` must start with http:// or https://"
            )));
        }
        let model = self.model.unwrap_or_else(|| default_model.to_owned());
        // Once per client, at construction: which server this process will
        // talk to, so an unset variable that falls back to the public
        // endpoint is visible.
        tracing::info!(endpoint = %base_url, from = %from, %model, "model client configured");
        Ok(Resolved {
            base_url: base_url.trim_end_matches('/').to_owned(),
            model,
            key: self.key.unwrap_or_default(),
            client: build_client(&self.limits)?,
            limits: self.limits,
        })
    }
}

/// The builder methods every provider shares; the builder keeps a `settings` field.
macro_rules! provider_builder_methods {
    () => {
        /// The API root.
        #[must_use]
        pub fn base_url(mut self, base_url: impl Into<String>) -> Self {
            self.settings.base_url = Some(base_url.into());
            self
        }

        /// The model name.
        #[must_use]
        pub fn model(mut self, model: impl Into<String>) -> Self {
            self.settings.model = Some(model.into());
            self
        }

        /// The API key. It never shows in `Debug` output, logs or errors.
        #[must_use]
        pub fn api_key(mut self, key: impl Into<String>) -> Self {
            self.settings.key = Some($crate::http::ApiKey::new(key));
            self
        }

        /// Time-outs and the response size limit.
        #[must_use]
        pub fn limits(mut self, limits: $crate::http::HttpLimits) -> Self {
            self.settings.limits = limits;
            self
        }
    };
}
pub(crate) use provider_builder_methods;

/// A pooled client with the limits applied.
pub(crate) fn build_client(limits: &HttpLimits) -> Result<reqwest::Client, LlmError> {
    reqwest::Client::builder()
        .connect_timeout(limits.connect_timeout)
        .timeout(limits.total_timeout)
        .pool_idle_timeout(Duration::from_secs(90))
        .build()
        .map_err(|error| LlmError::Configuration(format!("cannot build the HTTP client: {error}")))
}

/// Sends a prepared POST to `url` and returns the body of a successful
/// response; a 404 becomes [`LlmError::EndpointNotFound`] with `not_found_hint`.
pub(crate) async fn send(
    request: reqwest::RequestBuilder,
    url: &str,
    not_found_hint: &str,
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
    if status == reqwest::StatusCode::NOT_FOUND {
        return Err(LlmError::EndpointNotFound {
            url: url.to_owned(),
            hint: not_found_hint.to_owned(),
            body: excerpt(&key.redact(&String::from_utf8_lossy(&body))),
        });
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
