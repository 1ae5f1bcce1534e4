//! A reflector that calls every failure a recoverable blip, shared by the benchmarks that measure the driver alone.

use loopctl_reflect_core::{
    AnalysisFuture, FailureAnalysis, FailureSeverity, ReflectionContext, Reflector, ToolSchema,
};
use serde_json::Value;

/// The least a reflector can do: every failure is a recoverable blip.
pub(crate) struct AlwaysTransient;

impl Reflector for AlwaysTransient {
    fn analyze(
        &self,
        _error: &str,
        _tool: &str,
        _input: &Value,
        _schema: Option<&ToolSchema>,
        _ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        Box::pin(std::future::ready(Ok(FailureAnalysis::recoverable(
            String::new(),
            FailureSeverity::Low,
        ))))
    }
}
