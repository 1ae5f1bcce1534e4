//! [`FallbackReflector`]: try reflectors in turn until one does not skip.

use std::fmt;
use std::sync::Arc;

use loopctl_reflect_core::{
    AnalysisFuture, ReflectionContext, ReflectionError, Reflector, ToolSchema,
};
use serde_json::Value;

/// Asks each reflector in order; a [`ReflectionError::Skipped`] passes the
/// failure on to the next. The first analysis or internal error is the answer;
/// when all skip, the last skip is.
///
/// ```
/// use std::sync::Arc;
/// use loopctl_reflect_core::NoopReflector;
/// use loopctl_reflect_rules::{FallbackReflector, RuleReflector};
///
/// // Rules first; whatever they cannot classify goes to the next reflector
/// // (an LLM reflector in practice).
/// let reflector = FallbackReflector::new(Arc::new(RuleReflector::new()))
///     .or_else(Arc::new(NoopReflector));
/// # let _ = reflector;
/// ```
#[derive(Clone)]
pub struct FallbackReflector {
    reflectors: Vec<Arc<dyn Reflector>>,
}

impl FallbackReflector {
    /// A chain starting with `first`.
    pub fn new(first: Arc<dyn Reflector>) -> Self {
        Self {
            reflectors: vec![first],
        }
    }

    /// Adds `next`, asked when everything before it skipped.
    #[must_use]
    pub fn or_else(mut self, next: Arc<dyn Reflector>) -> Self {
        self.reflectors.push(next);
        self
    }
}

impl Reflector for FallbackReflector {
    fn analyze(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
        ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        // The fallbacks run after this call returns, so they need their own copies.
        let (error, tool, input, schema, ctx) = (
            error.to_owned(),
            tool.to_owned(),
            input.clone(),
            schema.cloned(),
            ctx.clone(),
        );
        Box::pin(async move {
            let mut last_skip = ReflectionError::Skipped("the chain is empty".to_owned());
            for reflector in &self.reflectors {
                match reflector
                    .analyze(&error, &tool, &input, schema.as_ref(), &ctx)
                    .await
                {
                    Err(skip @ ReflectionError::Skipped(_)) => last_skip = skip,
                    answer => return answer,
                }
            }
            Err(last_skip)
        })
    }
}

/// The rules first, deciding alone only when they are at least `least`
/// sure; what they are less sure of goes to `next` (a model). When `next`
/// skips or fails, the rules' own weak verdict is the answer, so a model
/// that is down costs nothing that the rules alone would have retried.
///
/// ```
/// use std::sync::Arc;
/// use loopctl_reflect_core::NoopReflector;
/// use loopctl_reflect_rules::{Confidence, RuleReflector, SureRules};
///
/// let reflector = SureRules::new(RuleReflector::new(), Confidence::Strong, Arc::new(NoopReflector));
/// # let _ = reflector;
/// ```
#[derive(Clone)]
pub struct SureRules {
    rules: crate::RuleReflector,
    least: crate::Confidence,
    next: Arc<dyn Reflector>,
}

impl SureRules {
    /// `rules`, sure to at least `least` (weak keeps every verdict), then `next`.
    pub fn new(
        rules: crate::RuleReflector,
        least: crate::Confidence,
        next: Arc<dyn Reflector>,
    ) -> Self {
        Self { rules, least, next }
    }
}

impl Reflector for SureRules {
    fn analyze(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
        ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        let judged = self.rules.judge(error, tool, input, schema);
        let weak = match judged.result {
            Ok(mut analysis) => {
                if judged.confidence == crate::Confidence::Weak {
                    crate::reflector::mark_weak(&mut analysis);
                }
                if judged.confidence >= self.least {
                    return Box::pin(std::future::ready(Ok(analysis)));
                }
                Some(analysis)
            }
            Err(_) => None,
        };
        let (error, tool, input, schema, ctx) = (
            error.to_owned(),
            tool.to_owned(),
            input.clone(),
            schema.cloned(),
            ctx.clone(),
        );
        Box::pin(async move {
            let asked = self
                .next
                .analyze(&error, &tool, &input, schema.as_ref(), &ctx)
                .await;
            match (asked, weak) {
                (Ok(analysis), _) => Ok(analysis),
                (Err(_), Some(weak)) => Ok(weak),
                (Err(failed), None) => Err(failed),
            }
        })
    }
}

impl fmt::Debug for SureRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SureRules")
            .field("least", &self.least)
            .finish_non_exhaustive()
    }
}

impl fmt::Debug for FallbackReflector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FallbackReflector")
            .field("reflectors", &self.reflectors.len())
            .finish()
    }
}
