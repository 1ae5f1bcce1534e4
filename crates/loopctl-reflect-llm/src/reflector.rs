//! [`LlmReflector`]: one structured model request per failed call.

use std::borrow::Cow;
use std::fmt;
use std::sync::Arc;

use loopctl_llm::{StructuredClient, StructuredRequest};
use loopctl_redact::Redactor;
use loopctl_reflect_core::{
    AnalysisFuture, FailureAnalysis, ReflectionContext, ReflectionError, Reflector, ToolSchema,
};
use serde_json::Value;

use crate::parse::parse_analysis;
use crate::prompt::DEFAULT_SYSTEM_PROMPT;
use crate::schema::{FAILURE_ANALYSIS_SCHEMA_NAME, InputCarrier, failure_analysis_schema};

/// Asks a model for a [`FailureAnalysis`](loopctl_reflect_core::FailureAnalysis).
///
/// Each failed attempt costs one model round trip, which is why this is not
/// the default reflector. Every failure of the request (HTTP, time-out,
/// refusal, malformed or mismatched answer) becomes
/// [`ReflectionError::Internal`], which the driver answers with `Fail`.
///
/// What it sends goes to a third party, so secrets in the input, the error
/// text and the task are hidden first ([`Redactor::standard`] by default;
/// see [`with_redactor`](Self::with_redactor)), and values the model's fix
/// keeps as `[redacted]` are put back before the fix is returned.
#[derive(Clone)]
pub struct LlmReflector {
    client: Arc<dyn StructuredClient>,
    system_prompt: String,
    max_text_bytes: usize,
    redactor: Redactor,
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
            redactor: Redactor::standard(),
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

    /// Hides secrets with `redactor` (your own names and shapes added to the
    /// built-in ones, say) before anything is sent.
    #[must_use]
    pub fn with_redactor(mut self, redactor: Redactor) -> Self {
        self.redactor = redactor;
        self
    }

    /// Sends inputs, error texts and tasks as they are, secrets included: for
    /// a model you host yourself, where nothing leaves your network.
    #[must_use]
    pub fn without_redaction(self) -> Self {
        self.with_redactor(Redactor::disabled())
    }

    /// The user message this reflector sends for a failure, byte for byte:
    /// secrets hidden, then long texts cut (see
    /// [`render_user_message`](crate::render_user_message)).
    pub fn user_message(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
        ctx: &ReflectionContext,
    ) -> String {
        crate::prompt::render_redacted(
            &self.redactor,
            tool,
            input,
            schema,
            error,
            ctx,
            self.max_text_bytes,
        )
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
        let user = self.user_message(error, tool, input, schema, ctx);
        let original = matches!(self.redactor.value(input), Cow::Owned(_)).then(|| input.clone());
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
            let mut analysis =
                parse_analysis(answer, &carrier).map_err(ReflectionError::Internal)?;
            if let Some(original) = &original {
                self.put_back_secrets(&tool, original, &mut analysis);
            }
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

impl LlmReflector {
    /// The fix was written against the redacted input: its hidden values
    /// take the original ones, or the fix is dropped when one cannot.
    fn put_back_secrets(&self, tool: &str, original: &Value, analysis: &mut FailureAnalysis) {
        let Some(correction) = &mut analysis.correction else {
            return;
        };
        let Some(proposed) = &correction.modified_input else {
            return;
        };
        match self.redactor.restore(original, proposed) {
            Ok(restored) => correction.modified_input = Some(restored),
            Err(unrestored) => {
                tracing::warn!(%tool, %unrestored, "the analyst's fix was dropped");
                correction.modified_input = None;
                if !analysis.context.is_empty() {
                    analysis.context.push(' ');
                }
                analysis.context.push_str(&format!(
                    "[loopctl: the proposed input was dropped: {unrestored}]"
                ));
            }
        }
    }
}

impl fmt::Debug for LlmReflector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("LlmReflector")
            .field("client", &self.client)
            .field("system_prompt_bytes", &self.system_prompt.len())
            .field("max_text_bytes", &self.max_text_bytes)
            .field("redactor", &self.redactor)
            .finish_non_exhaustive()
    }
}
