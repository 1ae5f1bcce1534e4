//! The names most programs need, in one import: `use loopctl::prelude::*;`.

#[doc(no_inline)]
pub use loopctl_reflect_core::{
    Correction, CorrectionType, FailureAnalysis, FailureSeverity, MAX_RECOVERY_ATTEMPTS,
    NoopReflector, RecoveryAction, RecoveryStrategy, ReflectionContext, ReflectionError, Reflector,
    ToolSchema,
};

#[cfg(feature = "backoff")]
#[doc(no_inline)]
pub use loopctl_backoff::{
    ExponentialBackoffRecovery, FixedDelayRecovery, FnRecovery, Jitter, NeverRetry, RetryBudget,
};

#[cfg(feature = "driver")]
#[doc(no_inline)]
pub use loopctl_driver::{
    CancelSignal, Dispatcher, Effect, FnTool, LoopError, Repeatability, SafetyPolicy, Tool,
    ToolCall, ToolOutput, ToolRegistry, ToolResult,
};

#[cfg(feature = "agent")]
#[doc(no_inline)]
pub use loopctl_agent::Agent;

#[cfg(feature = "driver")]
#[doc(no_inline)]
pub use loopctl_driver::AttemptRecord;

#[cfg(feature = "typed")]
#[doc(no_inline)]
pub use loopctl_driver::TypedTool;

#[cfg(feature = "rules")]
#[doc(no_inline)]
pub use loopctl_reflect_rules::{CachingReflector, FallbackReflector, Rule, RuleReflector};

#[cfg(feature = "llm")]
#[doc(no_inline)]
pub use loopctl_reflect_llm::LlmReflector;
