//! What a text shows: the categories its matches name, by tier, and what else the matches noted (a possible hint, advice, a passing failure named).

use super::{Category, PASSING, Tier};

/// The categories a text shows, by tier, as bit sets of [`Category::bit`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) strong: u16,
    pub(crate) weak: u16,
    pub(crate) faint: u16,
    /// The text may hold a retry hint: a match contained "try", the word
    /// nearly every hint form the backoff crate reads has (Retry-After,
    /// "try again in 20s", grpc-retry-pushback-ms), or was a quota's "quota
    /// will reset after".
    pub(crate) hint: bool,
    /// A passing pattern advised a retry in words ("please try again");
    /// see the `advice` module for why that matters.
    pub(crate) advised: bool,
    /// A pattern above the faint tier named a passing failure in other
    /// words than advice: a 429, "rate limit", "connection refused".
    /// "Fix the key and try again" advises but names nothing that passes.
    pub(crate) names_passing: bool,
    /// A generic credential word matched ("credentials", "API key"): it
    /// names what failed, not that it was refused.
    pub(crate) vague_credentials: bool,
}

impl Found {
    /// Notes a status code of `category` at `tier`: a bare 401 is no vague
    /// word but a refusal.
    pub(super) fn add_status(&mut self, category: Category, tier: Tier) {
        let vague = self.vague_credentials;
        self.add(category, tier, false);
        self.vague_credentials = vague;
    }

    /// Notes a match of `category` at `tier`; `advice` says the match was
    /// a phrase advising a retry.
    pub(super) fn add(&mut self, category: Category, tier: Tier, advice: bool) {
        // Weak advice ("please try again") names no failure; a strong
        // literal that advises (MinIO's "server not initialized, please try
        // again") does.
        self.names_passing |= PASSING & category.bit() != 0
            && (tier == Tier::Strong || (tier == Tier::Weak && !advice));
        self.vague_credentials |= category == Category::Auth && tier == Tier::Weak;
        let set = match tier {
            Tier::Strong => &mut self.strong,
            Tier::Weak => &mut self.weak,
            Tier::Faint => &mut self.faint,
        };
        *set |= category.bit();
    }

    /// The deciding category: the strong matches by priority, or without
    /// any, the weak ones, or without those, the faint ones. Every
    /// credential pattern is strong and first in priority, so credentials
    /// always win.
    pub(crate) fn decide(self) -> Option<Category> {
        let set = [self.strong, self.weak, self.faint]
            .into_iter()
            .find(|set| *set != 0)?;
        Category::PRIORITY
            .into_iter()
            .find(|category| set & category.bit() != 0)
    }
}

impl Found {
    /// Whether the matches disagree: a strong pattern names a lasting
    /// failure (input, a condition that stays, not found, too large,
    /// corruption) and another pattern, strong or weak, names a passing one
    /// (the server down, a blip) in the same text, as in a `ValueError`
    /// raised around a 429 or gRPC's `Aborted` around "already exists".
    /// Priority still picks the verdict, but such a text is no longer one
    /// failure named unambiguously. Quotas are read by their own rules.
    pub(crate) fn conflicted(self) -> bool {
        const LASTING: u16 = Category::Corrupt.bit()
            | Category::Input.bit()
            | Category::Permanent.bit()
            | Category::NotFound.bit()
            | Category::TooLarge.bit();
        self.strong & LASTING != 0 && (self.strong & PASSING != 0 || self.names_passing)
    }
}
