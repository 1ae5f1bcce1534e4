//! The stages that run around every attempt, retries included: observers, pre- and post-tool hooks, loop detection, health, the circuit breaker, and the proactive limits (rate limit, concurrency cap).
//!
//! The loop sees them only through [`Pipeline`], which holds what is
//! configured and costs a branch per stage when nothing is.

mod breaker;
mod bulkhead;
mod health;
mod hooks;
mod limits;
mod loop_detector;
mod observer;
mod pipeline;
mod rate_limit;

pub use breaker::{Admission, AdmissionFuture, Admit, CircuitBreaker, Recorded};
pub use bulkhead::Bulkhead;
pub(crate) use bulkhead::Slot;
pub use health::{BreakerConfig, CircuitState, HealthMonitor, ToolHealth};
pub use hooks::{AllowListHook, AttemptView, HookVerdict, PostToolHook, PreToolHook};
pub use loop_detector::{DefaultToolSignature, LoopDetector, LoopVerdict, ToolSignature};
pub use observer::{AttemptFinished, AttemptObserver, AttemptStarted, RecoveryDecided};
pub(crate) use pipeline::Pipeline;
pub use rate_limit::RateLimit;
