//! The [`Reflector`] trait, which turns a failed call into a [`FailureAnalysis`], and the default [`NoopReflector`].

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

use serde_json::Value;

use crate::{FailureAnalysis, FailureSeverity, ReflectionContext, ReflectionError, ToolSchema};

/// The boxed future a [`Reflector`] returns.
pub type AnalysisFuture<'a> =
    Pin<Box<dyn Future<Output = Result<FailureAnalysis, ReflectionError>> + Send + 'a>>;

/// Works out what went wrong with a failed tool call.
///
/// The trait is object safe so a driver can hold an `Arc<dyn Reflector>`.
/// The returned future may borrow `self` but not the other arguments: copy
/// what the future needs (the error text, the attempt number) before the
/// `async move` block.
///
/// `schema` is `None` when the tool name is not registered; skip any
/// schema-based check then. Return [`ReflectionError::Skipped`] when you
/// have nothing to say, so that a fallback reflector can answer instead.
pub trait Reflector: Send + Sync {
    /// Analyzes one failed attempt.
    fn analyze(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
        ctx: &ReflectionContext,
    ) -> Pin<Box<dyn Future<Output = Result<FailureAnalysis, ReflectionError>> + Send + '_>>;
}

macro_rules! forward_reflector {
    ($($pointer:ty),*) => {$(
        impl<R: Reflector + ?Sized> Reflector for $pointer {
            fn analyze(
                &self,
                error: &str,
                tool: &str,
                input: &Value,
                schema: Option<&ToolSchema>,
                ctx: &ReflectionContext,
            ) -> AnalysisFuture<'_> {
                (**self).analyze(error, tool, input, schema, ctx)
            }
        }
    )*};
}

forward_reflector!(Arc<R>, Box<R>, &R);

/// The default reflector: every failure is unrecoverable.
///
/// It answers `is_recoverable: false`, severity `Medium`, no correction, with
/// the error text as the root cause. Paired with the default backoff strategy
/// this means a failed call is never retried: retrying is opt-in.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct NoopReflector;

impl NoopReflector {
    /// The analysis this reflector gives for `error`, without the future.
    pub fn analysis_for(error: &str) -> FailureAnalysis {
        FailureAnalysis::unrecoverable(error, FailureSeverity::Medium)
    }
}

impl Reflector for NoopReflector {
    fn analyze(
        &self,
        error: &str,
        _tool: &str,
        _input: &Value,
        _schema: Option<&ToolSchema>,
        _ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        let analysis = Self::analysis_for(error);
        Box::pin(std::future::ready(Ok(analysis)))
    }
}
