//! Negations that name something absent or not so ("No session with the name 'main' found!", "Not running from a git repository."): read only where nothing else in the text was, they lean lasting.
//!
//! The leaning words (`faint::LEANING`) are literals of the one automaton,
//! which matches leftmost-longest: a phrase such as "there is no" or "is
//! not" would hide the literals that start inside it ("no such file",
//! "not authorized"), so those phrases were left out of every take. Read
//! here instead, after the automaton, and only where it found nothing at
//! all (no literal, no leaning word, no status code, no credential word,
//! nothing that keeps the leaning words from deciding), they can hide
//! nothing.
//!
//! Taken in the hundred-and-eighth round by the leaning words' rule, over
//! the labelled files then counted (`final104` the last): in the texts no
//! literal read (85 % of them lasting), each form below was right at least
//! nine times in ten, in at least sixteen texts from at least fifteen
//! systems; together they decide 495 texts, 473 of them right (95.6 %;
//! "no ... found" the lowest, 145 of 156, where a search that found
//! nothing or an element not rendered yet passes; not where it names a
//! failover's role, "No master found"). A negated state that
//! passes is kept out of "is not": a thing not available, reachable,
//! connected, running, responding, ready, current, online, accessible,
//! active, up, started, initialised, healthy, alive, open, loaded, synced,
//! finished or complete comes back by itself as often as not. Like the
//! leaning words they decide weakly, so `rules+llm` hands their verdicts to
//! the model, and `calibrated.rs` keeps checking each at nine in ten.
//! A skipped text already fails when the rules are used alone, so these
//! change no decision there: they say what the failure is, and how sure
//! that is.

use std::sync::OnceLock;

use regex::Regex;

use super::Category;

/// One form: its name (for the calibration test), the category it leans
/// to, and its pattern, case-insensitive, on word boundaries.
pub(super) struct Form {
    pub(super) name: &'static str,
    pub(super) category: Category,
    pattern: &'static str,
}

/// The forms, in the order they are tried.
pub(super) const FORMS: &[Form] = &[
    // "No session with the name 'main' found!", "no lefthook config found"
    Form {
        name: "no ... found",
        category: Category::NotFound,
        pattern: r#"\bno((?:\s+[\w'"./-]+){0,6}?)\s+(?:were\s+|was\s+|could\s+be\s+|can\s+be\s+)?found\b"#,
    },
    // ".git can't be found", "could not be found"
    Form {
        name: "can't be found",
        category: Category::NotFound,
        pattern: r"\b(?:can'?t|cannot|could\s+not|couldn'?t)\s+be\s+found\b",
    },
    // "Can't find yarn in PATH", "Failed to find a suitable Bluetooth radio"
    Form {
        name: "can't find",
        category: Category::NotFound,
        pattern: r"\b(?:can'?t|could\s+not|couldn'?t|unable\s+to|failed\s+to)\s+find\b",
    },
    // "There is no .changeset directory in this project"
    Form {
        name: "there is no",
        category: Category::Permanent,
        pattern: r"\bthere\s+(?:is|are|was|were)\s+no\b",
    },
    // "Response has no content", "the remote has no branch"
    Form {
        name: "has no",
        category: Category::Permanent,
        pattern: r"\b(?:has|have)\s+no\b",
    },
    // "You are not in a git repository."
    Form {
        name: "not in",
        category: Category::Permanent,
        pattern: r"\bnot\s+in\b",
    },
    // "open terminal failed: not a terminal"
    Form {
        name: "not a",
        category: Category::Permanent,
        pattern: r"\bnot\s+an?\s",
    },
    // "This firmware is not bootable.", unless what is not so is a
    // passing state (`PASSING_STATES`)
    Form {
        name: "is not",
        category: Category::Permanent,
        pattern: r"\b(?:is|are|was|were)\s+not\b(?:\s+(\w+))?(?:\s+(\w+))?",
    },
];

/// States whose negation passes as often as not, so "is not" before them
/// leans nowhere ("Core service is not available", and past an adverb,
/// "The database is not currently reachable").
const PASSING_STATES: &[&str] = &[
    "available",
    "reachable",
    "connected",
    "running",
    "responding",
    "ready",
    "current",
    "online",
    "accessible",
    "active",
    "up",
    "started",
    "initialized",
    "initialised",
    "healthy",
    "alive",
    "open",
    "loaded",
    "synced",
    "synchronized",
    "synchronised",
    "finished",
    "complete",
    "completed",
    "done",
];

/// Roles a failover fills again ("No master found for 'mymaster'", a
/// Sentinel mid-failover, redis-py#3021), so "no ... found" naming one
/// leans nowhere.
const FAILOVER_ROLES: &[&str] = &["master", "leader", "primary"];

/// The forms compiled once. The patterns are constants; if one ever
/// failed to compile, the forms would read nothing.
fn compiled() -> &'static [(usize, Regex)] {
    static COMPILED: OnceLock<Vec<(usize, Regex)>> = OnceLock::new();
    COMPILED.get_or_init(|| {
        FORMS
            .iter()
            .enumerate()
            .filter_map(|(at, form)| {
                Regex::new(&format!("(?i){}", form.pattern))
                    .ok()
                    .map(|regex| (at, regex))
            })
            .collect()
    })
}

/// The first form `text` shows, if any: an absence or a state that is not
/// so, read only where nothing else in the text was.
pub(super) fn names_an_absence(text: &str) -> Option<&'static Form> {
    compiled().iter().find_map(|(at, regex)| {
        let form = FORMS.get(*at)?;
        let shown = if form.name == "is not" {
            regex.captures_iter(text).any(|found| {
                // The state is the word after "not", or after an adverb
                // there ("not currently reachable").
                let first = found.get(1).map(|word| word.as_str());
                let state = match (first, found.get(2)) {
                    (Some(adverb), Some(next)) if adverb.ends_with("ly") => Some(next.as_str()),
                    _ => first,
                };
                state.is_none_or(|state| {
                    !PASSING_STATES
                        .iter()
                        .any(|passing| passing.eq_ignore_ascii_case(state))
                })
            })
        } else if form.name == "no ... found" {
            regex.captures_iter(text).any(|found| {
                found.get(1).is_none_or(|words| {
                    !words.as_str().split_whitespace().any(|word| {
                        FAILOVER_ROLES
                            .iter()
                            .any(|role| role.eq_ignore_ascii_case(word))
                    })
                })
            })
        } else {
            regex.is_match(text)
        };
        shown.then_some(form)
    })
}

#[cfg(test)]
mod tests;
