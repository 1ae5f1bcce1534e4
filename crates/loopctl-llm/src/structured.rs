//! Structured output: ask a model for JSON of a named schema, [`StructuredClient`].

use std::fmt;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::Value;

use crate::error::LlmError;

/// The boxed future a [`StructuredClient`] returns.
pub type StructuredFuture<'a> = Pin<Box<dyn Future<Output = Result<Value, LlmError>> + Send + 'a>>;

/// One structured-output request: a system prompt, a user message, and the
/// named JSON Schema the answer must follow.
#[derive(Debug, Clone, Copy)]
pub struct StructuredRequest<'a> {
    /// Instructions for the model.
    pub system: &'a str,
    /// The question.
    pub user: &'a str,
    /// The schema's name, as providers label it (e.g. `failure_analysis`).
    pub schema_name: &'a str,
    /// The JSON Schema of the answer; for OpenAI's strict mode it must be in
    /// the strict subset.
    pub schema: &'a Value,
}

/// A model client that answers with JSON of a requested schema.
///
/// `Debug` is required so that a reflector can show which client it uses;
/// an implementation must keep its credentials out of that output (the
/// built-in clients print their key as `ApiKey([redacted])`).
pub trait StructuredClient: fmt::Debug + Send + Sync {
    /// Sends `request` and returns the model's JSON answer.
    fn complete_structured<'a>(&'a self, request: StructuredRequest<'a>) -> StructuredFuture<'a>;
}

impl<C: StructuredClient + ?Sized> StructuredClient for Arc<C> {
    fn complete_structured<'a>(&'a self, request: StructuredRequest<'a>) -> StructuredFuture<'a> {
        (**self).complete_structured(request)
    }
}

/// Checks the parts of a schema a provider can check cheaply: the answer is
/// an object and has every required top-level property.
pub fn check_answer_shape(
    schema_name: &str,
    schema: &Value,
    answer: &Value,
) -> Result<(), LlmError> {
    let mismatch = |reason: String| LlmError::SchemaMismatch {
        schema: schema_name.to_owned(),
        reason,
    };
    let Some(object) = answer.as_object() else {
        return Err(mismatch(format!(
            "expected a JSON object, got {}",
            loopctl_reflect_core::json_type_name(answer)
        )));
    };
    let required = schema.get("required").and_then(Value::as_array);
    for name in required.into_iter().flatten().filter_map(Value::as_str) {
        if !object.contains_key(name) {
            return Err(mismatch(format!("the required field `{name}` is missing")));
        }
    }
    Ok(())
}
