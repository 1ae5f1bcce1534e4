//! What can go wrong talking to a model: [`LlmError`].

use std::time::Duration;

/// A failed model request. Messages never contain the API key: bodies the
/// server echoes are redacted before they are kept.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LlmError {
    /// The server answered with a non-success status.
    #[error("the model server answered HTTP {status}{}: {body}", retry_after.as_ref().map(|value| format!(" (Retry-After: {value})")).unwrap_or_default())]
    Status {
        /// The HTTP status code.
        status: u16,
        /// The start of the response body, redacted.
        body: String,
        /// The server's `Retry-After` header, when it sent one.
        retry_after: Option<String>,
    },
    /// The server has nothing at the request's address (HTTP 404): almost
    /// always a base URL that lacks a path segment such as `/v1`.
    #[error("the model server has no endpoint at {url} (HTTP 404); {hint}")]
    EndpointNotFound {
        /// The address that was requested.
        url: String,
        /// What to check, for the provider in use.
        hint: String,
        /// The start of the response body, redacted.
        body: String,
    },
    /// The request took longer than the configured time-out.
    #[error("the model request timed out after {} ms; raise the time-out or check the server", .0.as_millis())]
    Timeout(Duration),
    /// The connection failed, or broke before the response was complete.
    #[error("could not talk to the model server: {0}")]
    Transport(String),
    /// The model declined to answer.
    #[error("the model refused to answer: {0}")]
    Refusal(String),
    /// The response is not what the API promises (not JSON, missing fields, cut short).
    #[error("the model server's response is malformed: {0}")]
    MalformedResponse(String),
    /// The model's answer is JSON, but not of the requested schema.
    #[error("the model's answer does not match the `{schema}` schema: {reason}")]
    SchemaMismatch {
        /// The schema's name.
        schema: String,
        /// What is wrong.
        reason: String,
    },
    /// The response body was larger than allowed.
    #[error(
        "the model server's response exceeded {limit} bytes; raise the limit if this is expected"
    )]
    ResponseTooLarge {
        /// The limit in bytes.
        limit: usize,
    },
    /// The client is not configured well enough to send a request.
    #[error("the model client is not configured: {0}")]
    Configuration(String),
}
