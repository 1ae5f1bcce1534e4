//! [`LimitKind`]: which proactive limit acted, as metrics and spans name it.

/// Which proactive limit held or refused a call, as metrics and spans name it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LimitKind {
    /// The per-tool rate limit.
    Rate,
    /// The per-tool concurrency cap.
    Concurrency,
}

impl LimitKind {
    /// The label value.
    pub(crate) const fn name(self) -> &'static str {
        match self {
            Self::Rate => "rate",
            Self::Concurrency => "concurrency",
        }
    }
}
