//! A Python callable as a reflector, and the model reflector a policy's `llm` asks for.

use std::sync::Arc;

use loopctl_llm::{AnthropicClient, OpenAiClient, StructuredClient};
use loopctl_reflect_core::{
    AnalysisFuture, ReflectionContext, ReflectionError, Reflector, ToolSchema,
};
use loopctl_reflect_llm::LlmReflector;
use pyo3::prelude::*;
use serde_json::Value;

use crate::analysis::FailureAnalysis;
use crate::convert::{to_python, to_value};

/// `reflect(error, tool, input, attempt)` in Python: returns a
/// `FailureAnalysis` or the spec's dict, sync or as a coroutine (awaited on
/// the caller's loop, so only for calls made with `await`).
pub(crate) struct PyReflector {
    pub(crate) function: Py<PyAny>,
}

type Answer = std::pin::Pin<Box<dyn Future<Output = PyResult<Py<PyAny>>> + Send>>;

impl Reflector for PyReflector {
    fn analyze(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        _schema: Option<&ToolSchema>,
        ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        let started = Python::attach(|py| -> PyResult<Answer> {
            let input = to_python(py, input)?;
            let answer = self
                .function
                .bind(py)
                .call1((error, tool, input, ctx.attempt))?;
            if answer.hasattr("__await__").unwrap_or(false) {
                return Ok(Box::pin(pyo3_async_runtimes::tokio::into_future(answer)?));
            }
            Ok(Box::pin(std::future::ready(Ok(answer.unbind()))))
        });
        Box::pin(async move {
            let answer = match started {
                Ok(future) => future.await,
                Err(error) => Err(error),
            };
            Python::attach(|py| {
                let answer = answer.map_err(|error| {
                    ReflectionError::Internal(format!(
                        "the Python reflector raised {}",
                        error.value(py)
                    ))
                })?;
                read_answer(answer.bind(py))
            })
        })
    }
}

/// A Python reflector's answer as an analysis; `None` passes the failure
/// to the next reflector of a chain.
fn read_answer(
    answer: &Bound<'_, PyAny>,
) -> Result<loopctl_reflect_core::FailureAnalysis, ReflectionError> {
    if answer.is_none() {
        return Err(ReflectionError::Skipped(
            "the Python reflector returned None".to_owned(),
        ));
    }
    if let Ok(analysis) = answer.cast::<FailureAnalysis>() {
        return Ok(analysis.get().inner.clone());
    }
    let value = to_value(answer, "a reflector's answer")
        .map_err(|error| ReflectionError::Internal(error.to_string()))?;
    serde_json::from_value(value).map_err(|error| {
        ReflectionError::Internal(format!(
            "the Python reflector's answer is not a failure analysis: {error}"
        ))
    })
}

/// The model reflector for the policy's `provider`, configured from the
/// environment as the CLI's is (`OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, …).
pub(crate) fn model_from_env(
    provider: loopctl_policy::Provider,
) -> Result<Arc<dyn Reflector>, String> {
    let client: Arc<dyn StructuredClient> = match provider {
        loopctl_policy::Provider::Anthropic => {
            Arc::new(AnthropicClient::from_env().map_err(|error| error.to_string())?)
        }
        _ => Arc::new(OpenAiClient::from_env().map_err(|error| error.to_string())?),
    };
    Ok(Arc::new(LlmReflector::new(client)))
}
