//! What a text shows: the categories its matches name, by tier, and what else the matches noted (a possible hint, advice, a passing failure named).

use super::{Category, PASSING, Tier};

/// The categories a text shows, by tier, as bit sets of [`Category::bit`].
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Found {
    pub(crate) strong: u16,
    pub(crate) weak: u16,
    pub(crate) faint: u16,
    /// The faint words that yield to a confirmed passing status code
    /// (`faint::YIELDING`): they count with the faint ones only where no
    /// 429, 502, 503 or 504 was confirmed.
    pub(crate) yielding: u16,
    /// The words that lean lasting (`faint::LEANING`): they count only
    /// where nothing else matched, no status code either.
    pub(crate) leaning: u16,
    /// A phrase matched that keeps the leaning words from deciding
    /// (`faint::UNLEANING`).
    pub(crate) unleaned: bool,
    /// The text may hold a retry hint: a match contained "try", the word
    /// nearly every hint form the backoff crate reads has (Retry-After,
    /// "try again in 20s", grpc-retry-pushback-ms), or was a quota's "quota
    /// will reset after".
    pub(crate) hint: bool,
    /// A passing pattern advised a retry in words ("please try again");
    /// see the `advice` module for why that matters.
    pub(crate) advised: bool,
    /// A passing failure was named in other words than advice: a strong or
    /// weak pattern ("rate limit", "connection refused") or a status code
    /// (a confirmed 429 or 503). "Fix the key and try again" advises but
    /// names nothing that passes.
    pub(crate) names_passing: bool,
    /// A generic credential word matched ("credentials", "API key"): it
    /// names what failed, not that it was refused. It is kept out of the
    /// tiers: it decides only when no strong pattern matched and nothing
    /// names a passing failure (see [`decide`](Self::decide)).
    pub(crate) vague_credentials: bool,
    /// A refusal of `refusals.rs` that stands beside passing failures too
    /// ("make sure you have permission", "not allowed to", "wait for
    /// approval") matched: a credential verdict it gives is unsure, like
    /// one a generic word gives.
    pub(crate) unsure_refusal: bool,
    /// A word of a day or a month matched ("daily", "per day",
    /// "tomorrow"), alone or inside a literal of the tables.
    pub(crate) period: bool,
    /// "requested" matched, alone or inside a literal of the tables: the
    /// text may name a request larger than its limit (`lasting.rs`).
    pub(crate) requests: bool,
}

impl Found {
    /// Notes a confirmed status `code` of `category` at `tier`. A 429 or a
    /// gateway's 502, 503 or 504 names a passing failure; a 500 names only
    /// an error, as often lasting as not.
    pub(super) fn add_status(&mut self, code: &str, category: Category, tier: Tier) {
        self.names_passing |= matches!(code, "429" | "502" | "503" | "504");
        self.insert(category, tier);
    }

    /// Notes a match of `category` at `tier`; `unnamed` says the match was
    /// a phrase advising a retry or only calling the failure passing
    /// ("transient error"), which names nothing that failed.
    pub(super) fn add(&mut self, category: Category, tier: Tier, unnamed: bool) {
        // Weak advice ("please try again") names no failure; a strong
        // literal that advises (MinIO's "server not initialized, please try
        // again") does.
        self.names_passing |=
            category.passes() && (tier == Tier::Strong || (tier == Tier::Weak && !unnamed));
        self.insert(category, tier);
    }

    /// Notes a match of a faint word that yields to a confirmed passing
    /// status code.
    pub(super) fn add_yielding(&mut self, category: Category) {
        self.yielding |= category.bit();
    }

    /// Notes a match of a word that leans lasting, read only where nothing
    /// else matched.
    pub(super) fn add_leaning(&mut self, category: Category) {
        self.leaning |= category.bit();
    }

    /// Whether nothing read the text: no literal of any tier, no status
    /// code, no leaning word, no credential word, and nothing that keeps
    /// the leaning words from deciding.
    pub(super) fn reads_nothing(&self) -> bool {
        self.strong | self.weak | self.faint | self.yielding | self.leaning == 0
            && !self.vague_credentials
            && !self.unleaned
    }

    fn insert(&mut self, category: Category, tier: Tier) {
        let set = match tier {
            Tier::Strong => &mut self.strong,
            Tier::Weak => &mut self.weak,
            Tier::Faint => &mut self.faint,
        };
        *set |= category.bit();
    }

    /// The deciding category: the strong matches by priority, or without
    /// any, the weak ones, or without those, the faint ones, or without
    /// any match at all but the words that lean lasting, those. Every
    /// credential phrase that names a refusal is strong and first in
    /// priority, so such credentials always win. A generic credential word
    /// decides only where no strong pattern does and nothing names a
    /// passing failure: it wins over advice ("the API key provided has
    /// expired ... try again") but not over "timed out" beside an
    /// `?api_key=` in a URL.
    pub(crate) fn decide(self) -> Option<Category> {
        if self.vague_credentials && self.strong == 0 && !self.names_passing {
            return Some(Category::Auth);
        }
        let faint = if self.names_passing {
            self.faint
        } else {
            self.faint | self.yielding
        };
        let leaning = if self.unleaned { 0 } else { self.leaning };
        let set = [self.strong, self.weak, faint, leaning]
            .into_iter()
            .find(|set| *set != 0)?;
        Category::PRIORITY
            .into_iter()
            .find(|category| set & category.bit() != 0)
    }

    /// Whether a credential verdict is unsure: only a generic word decided
    /// it, or only a bare status code beside a passing failure, or only a
    /// weak refusal of `refusals.rs`, or a strong
    /// pattern of a passing failure stands beside it
    /// (Microsoft Graph's `429 ... accessDenied ... Too Many Requests`). A
    /// generic passing word ("timed out", "failed to connect") beside a
    /// refusal is how a refusal is reported, and unsettles nothing.
    pub(crate) fn unsure_of_credentials(self) -> bool {
        let named = self.strong & Category::Auth.bit() != 0;
        let bare = self.weak & Category::Auth.bit() != 0;
        // Only a generic word, or only a bare 401 or 403 beside a passing
        // failure ("Read error at byte 403/2048 (Connection timed out)"),
        // or only a refusal that passing failures are said in too.
        !named && (!bare || self.names_passing || self.unsure_refusal) || self.strong & PASSING != 0
    }

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
