//! [`ToolRisk`]: what running a tool can do to the world, as its author or user declares it.

/// How much harm running a tool can do. The driver reads it when a
/// correction proposes a `ToolChange`: a call may only move to a tool that
/// is at least as safe (see [`CorrectionPolicy`](crate::CorrectionPolicy)).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum ToolRisk {
    /// Changes nothing: reads, searches, lists.
    ReadOnly,
    /// Changes something, but running it twice with the same input does
    /// no more than running it once (a write of a whole file, a PUT).
    Idempotent,
    /// Can change or destroy something each time it runs (a delete, a
    /// payment, a mail, a shell command).
    Destructive,
    /// Not declared. Treated as [`Destructive`](Self::Destructive) wherever
    /// safety is decided.
    #[default]
    Unknown,
}

impl ToolRisk {
    /// 0 for read-only, 1 for idempotent, 2 for destructive or unknown.
    const fn rank(self) -> u8 {
        match self {
            Self::ReadOnly => 0,
            Self::Idempotent => 1,
            Self::Destructive | Self::Unknown => 2,
        }
    }

    /// Whether a call of a tool of this risk may be moved to a tool of
    /// risk `target` without the user's say-so: to a read-only tool
    /// always, to an idempotent one from anything but a read-only one, and
    /// never to a destructive or undeclared one.
    pub const fn may_move_to(self, target: Self) -> bool {
        match target {
            Self::ReadOnly => true,
            Self::Idempotent => self.rank() >= Self::Idempotent.rank(),
            Self::Destructive | Self::Unknown => false,
        }
    }

    /// The lower-case name used in logs and messages.
    pub const fn name(self) -> &'static str {
        match self {
            Self::ReadOnly => "read-only",
            Self::Idempotent => "idempotent",
            Self::Destructive => "destructive",
            Self::Unknown => "undeclared",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::ToolRisk::{Destructive, Idempotent, ReadOnly, Unknown};

    #[test]
    fn moves_only_go_to_equally_safe_or_safer_tools() {
        for from in [ReadOnly, Idempotent, Destructive, Unknown] {
            assert!(from.may_move_to(ReadOnly), "anything may move to read-only");
            assert!(!from.may_move_to(Destructive));
            assert!(
                !from.may_move_to(Unknown),
                "undeclared counts as destructive"
            );
        }
        assert!(!ReadOnly.may_move_to(Idempotent));
        assert!(Idempotent.may_move_to(Idempotent));
        assert!(Destructive.may_move_to(Idempotent));
        assert!(Unknown.may_move_to(Idempotent));
    }
}
