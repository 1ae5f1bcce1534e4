//! What a pattern points at (its category, and which categories pass) and how much it says on its own (its tier).

/// What kind of failure a pattern points at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) enum Category {
    /// Credentials or permissions: never worth retrying.
    Auth,
    /// A spending or usage quota is used up.
    Quota,
    /// The model called a tool that does not exist.
    UnknownTool,
    /// Data is corrupt or fails an integrity check.
    Corrupt,
    /// The input does not fit the tool.
    Input,
    /// A condition that another attempt will meet again: a conflict that
    /// stays, an unsupported operation, a full disk, a read-only target, a
    /// certificate that does not verify, a limit of the system.
    Permanent,
    /// The thing asked for does not exist.
    NotFound,
    /// The request is too big.
    TooLarge,
    /// The other side is down, starting, failing over or overloaded.
    ServerDown,
    /// A blip: time-outs, resets, throttling, locks, elections.
    Transient,
}

/// How much a match says on its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Tier {
    /// Names one failure unambiguously.
    Strong,
    /// A generic word, decisive only without a strong match.
    Weak,
    /// An everyday word that leans one way ("invalid", "retrying"),
    /// decisive only when nothing stronger matched, and then only weakly.
    Faint,
}

/// One table row: a lower-case literal, what it means and how much it says.
pub(crate) type Pattern = (&'static str, Category, Tier);

/// The categories of failures that pass.
pub(crate) const PASSING: u16 = Category::ServerDown.bit() | Category::Transient.bit();

impl Category {
    pub(super) const COUNT: usize = 10;

    pub(crate) const fn bit(self) -> u16 {
        1 << self as u16
    }

    /// Whether a failure of this category passes by itself (the server
    /// down, a blip): the one place that says which categories do.
    pub(crate) const fn passes(self) -> bool {
        PASSING & self.bit() != 0
    }

    /// Highest priority first: a credential error that says "try again" is
    /// still a credential error, and a conflict that says "timeout" stays.
    pub(super) const PRIORITY: [Category; Category::COUNT] = [
        Category::Auth,
        Category::Quota,
        Category::UnknownTool,
        Category::Corrupt,
        Category::Input,
        Category::Permanent,
        Category::NotFound,
        Category::TooLarge,
        Category::ServerDown,
        Category::Transient,
    ];
}
