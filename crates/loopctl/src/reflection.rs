//! Reflection and recovery: the core types and traits, and the reflectors and strategies.

#[doc(inline)]
pub use loopctl_reflect_core::*;

/// Recovery strategies: exponential backoff, jitter, Retry-After hints, retry budgets.
#[cfg(feature = "backoff")]
#[cfg_attr(docsrs, doc(cfg(feature = "backoff")))]
pub mod backoff {
    #[doc(inline)]
    pub use loopctl_backoff::*;
}

/// The LLM reflector: one structured model request per failed call.
#[cfg(feature = "llm")]
#[cfg_attr(docsrs, doc(cfg(feature = "llm")))]
pub mod llm {
    #[doc(inline)]
    pub use loopctl_reflect_llm::*;
}

/// The rule-based reflector, fallback chains and caching.
#[cfg(feature = "rules")]
#[cfg_attr(docsrs, doc(cfg(feature = "rules")))]
pub mod rules {
    #[doc(inline)]
    pub use loopctl_reflect_rules::*;
}
