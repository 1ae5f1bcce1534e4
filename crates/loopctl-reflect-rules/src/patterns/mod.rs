//! The built-in error patterns, gathered from the tables real clients retry by, compiled once into one automaton.
//!
//! Each table file cites the source its entries come from. A pattern is
//! *strong* when it names one failure unambiguously (an error code, an
//! exception class, a server's fixed message) and *weak* when it is a
//! generic word ("timeout", "not found", a bare 401), and *faint* when it
//! is an everyday word that only leans one way ("must be", "retrying") or a
//! bare status code other than a credential one. Strong patterns decide;
//! weak ones decide only when no strong pattern is present, so
//! "ValueError: invalid timeout" is an input error, not a time-out; faint
//! ones only when nothing else matched. A credential or permission phrase
//! always wins, whatever else the text says; a bare 401 or 403 is weak, so
//! GitHub's 403 "rate limit exceeded" is a rate limit.
//!
//! The automaton matches leftmost-longest: a long phrase such as
//! "retry quota exceeded" hides the shorter "quota exceeded" inside it.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickKind, MatchKind};

use crate::http_status;

pub(crate) use fold::fold;
pub(crate) use found::Found;

mod advice;
mod browsers;
#[cfg(test)]
mod calibrated;
mod clients;
mod clusters;
mod drivers;
mod faint;
mod fold;
mod found;
mod generic;
mod libraries;
mod names;
mod permanent;
mod persistence;
mod programs;
mod providers;
mod queues;
mod references;
mod resilience;
mod sandboxes;
mod search;
mod services;
mod states;
mod storage;
mod stores;
mod tooling;
mod txn;
mod vague;

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
    const COUNT: usize = 10;

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
    const PRIORITY: [Category; Category::COUNT] = [
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

/// Every table, in one list; the automaton's pattern ids index it.
fn table() -> &'static [Pattern] {
    static TABLE: OnceLock<Vec<Pattern>> = OnceLock::new();
    TABLE.get_or_init(|| {
        [
            generic::PATTERNS,
            vague::PATTERNS,
            clients::PATTERNS,
            services::PATTERNS,
            stores::PATTERNS,
            queues::PATTERNS,
            permanent::PATTERNS,
            txn::PATTERNS,
            search::PATTERNS,
            browsers::PATTERNS,
            sandboxes::PATTERNS,
            storage::PATTERNS,
            providers::PATTERNS,
            tooling::PATTERNS,
            resilience::PATTERNS,
            clusters::PATTERNS,
            programs::PATTERNS,
            references::PATTERNS,
            states::PATTERNS,
            drivers::PATTERNS,
            libraries::PATTERNS,
            persistence::PATTERNS,
            faint::PATTERNS,
        ]
        .concat()
    })
}

/// HTTP status codes, found in the same pass and then confirmed by the words
/// around them (see [`http_status::confirm`]). A bare code ranks below any
/// word: a phrase that names the failure outranks it (GitHub's rate limit
/// comes as a 403, AWS's SlowDown as a 503, Azure's "being deleted, try
/// operation later" as a 409). The credential codes are weak rather than
/// faint, so that a weak "try again" never outranks a 401.
const STATUS_CODES: &[Pattern] = &[
    ("400", Category::Input, Tier::Faint),
    ("401", Category::Auth, Tier::Weak),
    // Payment Required: a plan or credits, never a moment; faint, since
    // "error" confirms ids and line numbers too. The providers' table
    // holds its unambiguous forms.
    ("402", Category::Quota, Tier::Faint),
    ("403", Category::Auth, Tier::Weak),
    ("404", Category::NotFound, Tier::Faint),
    ("405", Category::Permanent, Tier::Faint),
    ("407", Category::Auth, Tier::Weak),
    ("408", Category::Transient, Tier::Faint),
    ("409", Category::Permanent, Tier::Faint),
    ("410", Category::NotFound, Tier::Faint),
    ("413", Category::TooLarge, Tier::Faint),
    ("422", Category::Input, Tier::Faint),
    ("423", Category::Transient, Tier::Faint),
    ("425", Category::Transient, Tier::Faint),
    ("429", Category::Transient, Tier::Faint),
    ("500", Category::ServerDown, Tier::Faint),
    ("501", Category::Permanent, Tier::Faint),
    ("502", Category::ServerDown, Tier::Faint),
    ("503", Category::ServerDown, Tier::Faint),
    ("504", Category::ServerDown, Tier::Faint),
    ("507", Category::Permanent, Tier::Faint),
    // Cloudflare's origin errors: 520 unknown, 521 down, 522 connect
    // time-out, 523 unreachable, 524 response time-out.
    ("520", Category::ServerDown, Tier::Faint),
    ("521", Category::ServerDown, Tier::Faint),
    ("522", Category::ServerDown, Tier::Faint),
    ("523", Category::ServerDown, Tier::Faint),
    ("524", Category::ServerDown, Tier::Faint),
    // 525: the TLS handshake with the origin failed, most often while the
    // origin's certificate is being replaced; 526: the origin's certificate
    // is invalid, which stays.
    ("525", Category::ServerDown, Tier::Faint),
    ("526", Category::Permanent, Tier::Faint),
    ("529", Category::ServerDown, Tier::Faint),
];

/// Matched only to note that a retry hint may follow; they name no failure.
const HINTS: &[&str] = &[
    "try",
    "retry-after",
    "retry after",
    "quota will reset after",
];

/// What is known of a pattern before any text is read.
#[derive(Debug, Clone, Copy)]
struct Mark {
    /// Its literal contains "try", so a retry hint may follow.
    hint: bool,
    /// It advises a retry (`advice.rs`).
    advised: bool,
    /// Where it counts (`names.rs`), which also says whether it is a
    /// generic credential word, kept out of the tiers.
    standing: names::Standing,
}

/// Each pattern's [`Mark`], by pattern id.
fn marks() -> &'static [Mark] {
    static MARKS: OnceLock<Vec<Mark>> = OnceLock::new();
    MARKS.get_or_init(|| {
        table()
            .iter()
            .map(|pattern| Mark {
                hint: pattern.0.contains("try"),
                advised: advice::advises(pattern),
                standing: names::standing_of(pattern),
            })
            .collect()
    })
}

/// The automaton over every table and the status codes, built on first use.
/// Building from constant tables of short literals cannot fail in practice;
/// if it ever did, every text would be skipped.
fn automaton() -> Option<&'static AhoCorasick> {
    static AUTOMATON: OnceLock<Option<AhoCorasick>> = OnceLock::new();
    AUTOMATON
        .get_or_init(|| {
            // A DFA costs memory once (about a MiB) and scans about a byte a
            // cycle, which is what keeps a 1 KB analysis near a microsecond.
            AhoCorasick::builder()
                .ascii_case_insensitive(true)
                .match_kind(MatchKind::LeftmostLongest)
                .kind(Some(AhoCorasickKind::DFA))
                .build(
                    table()
                        .iter()
                        .map(|(pattern, _, _)| *pattern)
                        .chain(STATUS_CODES.iter().map(|(code, _, _)| *code))
                        .chain(HINTS.iter().copied()),
                )
                .ok()
        })
        .as_ref()
}

/// Which categories `text` shows, in one pass.
pub(crate) fn categories(text: &str) -> Found {
    let mut found = Found::default();
    let Some(automaton) = automaton() else {
        return found;
    };
    let table = table();
    let marks = marks();
    for hit in automaton.find_iter(text) {
        let index = hit.pattern().as_usize();
        match table.get(index) {
            Some((_, category, tier)) => {
                let Some(mark) = marks.get(index) else {
                    continue;
                };
                if !names::counts(text, mark.standing, hit.start(), hit.end()) {
                    continue;
                }
                if mark.standing.is_credential_word() {
                    found.vague_credentials = true;
                    continue;
                }
                found.add(*category, *tier, mark.advised);
                found.hint |= mark.hint;
                found.advised |= mark.advised;
            }
            None => match STATUS_CODES.get(index - table.len()) {
                Some((code, category, tier)) => {
                    if http_status::confirm(text.as_bytes(), hit.start()) {
                        found.add_status(code, *category, *tier);
                    }
                }
                None => found.hint = true,
            },
        }
    }
    found
}

/// The deciding category of `found`.
pub(crate) fn strongest(found: Found) -> Option<Category> {
    found.decide()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_is_lower_case_unique_and_the_automaton_builds() {
        let mut seen = std::collections::HashSet::new();
        for (pattern, _, _) in table() {
            assert_eq!(*pattern, pattern.to_ascii_lowercase());
            assert!(seen.insert(*pattern), "`{pattern}` is listed twice");
        }
        assert_eq!(
            automaton().map(AhoCorasick::patterns_len),
            Some(table().len() + STATUS_CODES.len() + HINTS.len())
        );
    }

    #[test]
    fn credentials_win_over_everything() {
        let found = categories("401 Unauthorized: please try again with a valid token");
        assert_eq!(strongest(found), Some(Category::Auth));
        let found = categories("permission denied; the server is overloaded, try again");
        assert_eq!(strongest(found), Some(Category::Auth));
    }

    #[test]
    fn strong_patterns_outrank_weak_ones() {
        // A rate limit that arrives as a 403 is a rate limit.
        let found = categories("403 {\"message\": \"API rate limit exceeded for 1.2.3.4\"}");
        assert_eq!(strongest(found), Some(Category::Transient));
        // An argument named timeout is an input error.
        let found = categories("ValueError: Invalid timeout (5, 10, 15)");
        assert_eq!(strongest(found), Some(Category::Input));
    }

    #[test]
    fn a_possible_retry_hint_is_noted() {
        assert!(categories("HTTP 429; Retry-After: 30").hint);
        assert!(categories("Please try again in 20s").hint);
        assert!(categories("rate limited, retry quota exceeded").hint);
        assert!(!categories("HTTP 503 Service Unavailable").hint);
    }

    #[test]
    fn longer_phrases_hide_the_shorter_ones_inside_them() {
        let found = categories("failed to get rate limit token, retry quota exceeded");
        assert_eq!(strongest(found), Some(Category::Transient));
        assert_eq!(
            strongest(categories("quota exceeded")),
            Some(Category::Quota)
        );
    }

    #[test]
    fn no_pattern_hides_a_stronger_one_inside_it() {
        // Matching is leftmost-longest, so a longer literal that contains a
        // stronger one hides it wherever both match: a weak "filenotfounderror"
        // would hide the strong "enotfound" inside it. A longer literal may hide a
        // shorter one of its own tier or a weaker one; that is how "retry
        // quota exceeded" overrules "quota exceeded".
        let rank = |tier: Tier| match tier {
            Tier::Strong => 2,
            Tier::Weak => 1,
            Tier::Faint => 0,
        };
        // Hidden on purpose: the longer literal was made weak because the
        // calibration found it wrong too often (`calibrated.rs`), or names a
        // case of the shorter one that is doubtful, or is a bare status code
        // by another name (google-api-core's `exceptions.Forbidden`), or is a
        // header sent on every answer (`x-ratelimit-remaining`).
        const DELIBERATE: [&str; 12] = [
            "no such host is known",
            "x-ratelimit-",
            "ratelimit-limit",
            "ratelimit-remaining",
            "ratelimit-reset",
            "ratelimit-policy",
            "exceptions.forbidden",
            "invalidparametervalue",
            "apiconnectionerror",
            "rate_limit_error",
            "14 unavailable:",
            "kernel died before replying to kernel_info",
        ];
        let mut hidden = Vec::new();
        for (outer, _, outer_tier) in table() {
            for (inner, _, inner_tier) in table() {
                if outer != inner
                    && outer.contains(inner)
                    && rank(*inner_tier) > rank(*outer_tier)
                    && !DELIBERATE.contains(outer)
                {
                    hidden.push(format!("`{outer}` hides `{inner}`"));
                }
            }
        }
        assert!(hidden.is_empty(), "{}", hidden.join("\n"));
    }
}
