//! [`LlmReflector`]: one structured model request per failed call.

use std::fmt;
use std::sync::Arc;

use loopctl_llm::{StructuredClient, StructuredRequest};
use loopctl_reflect_core::{
    AnalysisFuture, ReflectionContext, ReflectionError, Reflector, ToolSchema,
};
use serde_json::Value;

use crate::parse::parse_analysis;
use crate::prompt::{DEFAULT_SYSTEM_PROMPT, render_user_message};
use crate::schema::{FAILURE_ANALYSIS_SCHEMA_NAME, InputCarrier, failure_analysis_schema};

/// Asks a model for a [`FailureAnalysis`](loopctl_reflect_core::FailureAnalysis).
///
/// Each failed attempt costs one model round trip, which is why this is not
/// the default reflector. Every failure of the request (HTTP, time-out,
/// refusal, malformed or mismatched answer) becomes
/// [`ReflectionError::Internal`], which the driver answers with `Fail`.
#[derive(Clone)]
pub struct LlmReflector {
    client: Arc<dyn StructuredClient>,
    system_prompt: String,
    max_text_bytes: usize,
    #[cfg(feature = "schema_validation")]
    validators: loopctl_schema::ValidatorCache,
}

impl LlmReflector {
    /// The default cap on the error text, input, schema and task sent: 16 KiB each.
    pub const DEFAULT_MAX_TEXT_BYTES: usize = 16 * 1024;

    /// A reflector over `client` with the built-in analyst prompt.
    pub fn new(client: Arc<dyn StructuredClient>) -> Self {
        Self {
            client,
            system_prompt: DEFAULT_SYSTEM_PROMPT.to_owned(),
            max_text_bytes: Self::DEFAULT_MAX_TEXT_BYTES,
            #[cfg(feature = "schema_validation")]
            validators: loopctl_schema::ValidatorCache::new(),
        }
    }

    /// Replaces the system prompt.
    #[must_use]
    pub fn with_system_prompt(mut self, system_prompt: impl Into<String>) -> Self {
        self.system_prompt = system_prompt.into();
        self
    }

    /// Caps each text sent (error, input, schema, task); longer ones are cut
    /// in the middle with a visible marker.
    #[must_use]
    pub fn with_max_text_bytes(mut self, max_text_bytes: usize) -> Self {
        self.max_text_bytes = max_text_bytes.max(64);
        self
    }

    /// The system prompt in use.
    pub fn system_prompt(&self) -> &str {
        &self.system_prompt
    }
}

impl Reflector for LlmReflector {
    fn analyze(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
        ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        let user = render_user_message(tool, input, schema, error, ctx, self.max_text_bytes);
        let carrier = InputCarrier::for_schema(schema);
        let response_schema = failure_analysis_schema(&carrier);
        #[cfg(feature = "schema_validation")]
        let schema = schema.cloned();
        #[cfg(not(feature = "schema_validation"))]
        let _ = schema;
        let tool = tool.to_owned();
        Box::pin(async move {
            let request = StructuredRequest {
                system: &self.system_prompt,
                user: &user,
                schema_name: FAILURE_ANALYSIS_SCHEMA_NAME,
                schema: &response_schema,
            };
            let answer = self
                .client
                .complete_structured(request)
                .await
                .map_err(|error| {
                    tracing::warn!(%tool, %error, "LLM reflection request failed");
                    ReflectionError::Internal(format!("the analyst model request failed: {error}"))
                })?;
            let analysis = parse_analysis(answer, &carrier).map_err(ReflectionError::Internal)?;
            #[cfg(feature = "schema_validation")]
            loopctl_schema::check_correction_for_reflection(
                &analysis,
                schema.as_ref(),
                &self.validators,
            )?;
            Ok(analysis)
        })
    }
}

impl fmt::Debug for LlmReflector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LlmReflector")
            .field("client", &self.client)
            .field("system_prompt_bytes", &self.system_prompt.len())
            .field("max_text_bytes", &self.max_text_bytes)
            .finish_non_exhaustive()
    }
}
