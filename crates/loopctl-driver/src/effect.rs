//! What a tool does, on two separate axes: its [`Effect`] on the world, and its [`Repeatability`], whether running it twice does more than once.
//!
//! The two are independent: writing a whole file is idempotent *and*
//! destructive (it overwrites), appending a line is neither read-only nor
//! idempotent. The safety policy reads the effect when a correction would
//! move a call to another tool, and the repeatability when a call whose
//! outcome is unknown might run again.

use std::fmt;

/// What running a tool can do to the world. [`Unknown`](Self::Unknown) is
/// treated as [`Destructive`](Self::Destructive) wherever safety is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Effect {
    /// Changes nothing: reads, searches, lists.
    ReadOnly,
    /// Changes something, and what it changes can be put back (creates a
    /// record, edits a draft, writes a cache entry).
    Writes,
    /// Changes or destroys something that cannot simply be put back: a
    /// delete, an overwrite, a payment, a mail, a shell command.
    Destructive,
    /// Not declared.
    #[default]
    Unknown,
}

impl Effect {
    /// 0 read-only, 1 writes, 2 destructive or unknown.
    pub const fn rank(self) -> u8 {
        match self {
            Self::ReadOnly => 0,
            Self::Writes => 1,
            Self::Destructive | Self::Unknown => 2,
        }
    }

    /// The name used in messages and policy files: `read_only`, `writes`,
    /// `destructive`, `unknown`.
    pub const fn name(self) -> &'static str {
        match self {
            Self::ReadOnly => "read_only",
            Self::Writes => "writes",
            Self::Destructive => "destructive",
            Self::Unknown => "unknown",
        }
    }

    /// The effect called `name` ([`name`](Self::name)'s words, `-` or `_`).
    pub fn from_name(name: &str) -> Option<Self> {
        match name.replace('-', "_").to_ascii_lowercase().as_str() {
            "read_only" | "readonly" => Some(Self::ReadOnly),
            "writes" | "write" => Some(Self::Writes),
            "destructive" => Some(Self::Destructive),
            "unknown" => Some(Self::Unknown),
            _ => None,
        }
    }
}

impl fmt::Display for Effect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Whether running a tool twice with the same input does more than running
/// it once. [`Unknown`](Self::Unknown) is treated as not idempotent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Repeatability {
    /// A second run with the same input changes nothing more (a read, a
    /// PUT of a whole object, setting a value).
    Idempotent,
    /// Each run acts again (an append, a POST, a payment, a mail).
    NotIdempotent,
    /// Not declared.
    #[default]
    Unknown,
}

impl Repeatability {
    /// Whether a second run is known to do no more than the first.
    pub const fn is_idempotent(self) -> bool {
        matches!(self, Self::Idempotent)
    }

    /// The name used in messages and policy files.
    pub const fn name(self) -> &'static str {
        match self {
            Self::Idempotent => "idempotent",
            Self::NotIdempotent => "not_idempotent",
            Self::Unknown => "unknown",
        }
    }
}

impl fmt::Display for Repeatability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
