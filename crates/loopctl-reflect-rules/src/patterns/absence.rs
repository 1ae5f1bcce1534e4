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
//! systems; together they decide 492 texts, 471 of them right (95.7 %;
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

/// What keeps a form from reading a text it matched.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Guard {
    /// Nothing.
    None,
    /// The words before "found" name a failover's role, or run past the
    /// end of a sentence ("with no changes. Found 1 problem").
    Window,
    /// The state after the negation passes (`PASSING_STATES`), past an
    /// adverb, a quote or a bracket; with no state named, nothing is read.
    State,
    /// What is missing is a thing a retry may find again (`SCARCE`).
    Scarce,
    /// What something is not is a role a failover fills again (`ROLES`).
    Role,
}

/// One form: its name (for the calibration test), the category it leans
/// to, its pattern (case-insensitive) and its guard.
pub(super) struct Form {
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "the calibration test credits each form by name")
    )]
    pub(super) name: &'static str,
    pub(super) category: Category,
    pattern: &'static str,
    guard: Guard,
}

/// The words after a negation, up to two, past quotes and brackets.
const NEXT: &str = r#"(?:[\s-]+["'`(\[]*([\w]+))?(?:\s+["'`(\[]*([\w]+))?"#;

/// The forms, in the order they are tried.
pub(super) const FORMS: &[Form] = &[
    // "No session with the name 'main' found!", "no lefthook config found"
    Form {
        name: "no ... found",
        category: Category::NotFound,
        pattern: r#"\bno((?:\s+[\w'"./-]+){0,6}?)\s+(?:were\s+|was\s+|could\s+be\s+|can\s+be\s+)?found\b"#,
        guard: Guard::Window,
    },
    // ".git can't be found", "could not be found"
    Form {
        name: "can't be found",
        category: Category::NotFound,
        pattern: r"\b(?:can'?t|cannot|could\s+not|couldn'?t)\s+be\s+found\b",
        guard: Guard::None,
    },
    // "Can't find yarn in PATH", "Failed to find a suitable Bluetooth radio"
    Form {
        name: "can't find",
        category: Category::NotFound,
        pattern: r"\b(?:can'?t|could\s+not|couldn'?t|unable\s+to|failed\s+to)\s+find\b",
        guard: Guard::None,
    },
    // "There is no .changeset directory in this project"
    Form {
        name: "there is no",
        category: Category::Permanent,
        pattern: r"\bthere\s+(?:is|are|was|were)\s+no\b",
        guard: Guard::Scarce,
    },
    // "Response has no content", "the remote has no branch"
    Form {
        name: "has no",
        category: Category::Permanent,
        pattern: r"\b(?:has|have)\s+no\b",
        guard: Guard::Scarce,
    },
    // "You are not in a git repository."
    Form {
        name: "not in",
        category: Category::Permanent,
        pattern: r"\bnot\s+in\b",
        guard: Guard::State,
    },
    // "open terminal failed: not a terminal"
    Form {
        name: "not a",
        category: Category::Permanent,
        pattern: r"\bnot\s+an?\b",
        guard: Guard::Role,
    },
    // "This firmware is not bootable."
    Form {
        name: "is not",
        category: Category::Permanent,
        pattern: r"\b(?:is|are|was|were)\s+not\b",
        guard: Guard::State,
    },
];

/// States whose negation passes as often as not: "is not" or "not in"
/// before them leans nowhere ("Core service is not available", "The
/// database is not currently reachable", "Instance 'i-c9e2eef4' is not
/// 'running'", "Node is not in quorum", "Database instance is not in
/// available state").
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
    // The round's review: ZooKeeper "not currently serving requests",
    // Selenium's element "not currently visible", "not clickable",
    // "not attached", and a replica "not in sync", a node "not in
    // quorum", a host "not in service".
    "serving",
    "attached",
    "clickable",
    "visible",
    "working",
    "listening",
    "processed",
    "sync",
    "quorum",
    "service",
];

/// What "there is no" or "has no" may lack for now: "There is no more
/// capacity in the zone" (a TPU zone, passing), no free slot, no healthy
/// or idle worker, no leader yet.
const SCARCE: &[&str] = &[
    "capacity",
    "free",
    "available",
    "healthy",
    "idle",
    "leader",
    "primary",
    "master",
    "quorum",
];

/// Roles a failover fills again: "not a leader" (Raft's answer to a
/// client, which passes after an election), "No master found for
/// 'mymaster'" (a Sentinel mid-failover, redis-py#3021).
const ROLES: &[&str] = &["leader", "replica", "primary", "master", "member"];

/// The forms compiled once, each with the words after it where its guard
/// reads them. The patterns are constants; if one ever failed to compile,
/// the forms would read nothing.
fn compiled() -> &'static [(usize, Regex)] {
    static COMPILED: OnceLock<Vec<(usize, Regex)>> = OnceLock::new();
    COMPILED.get_or_init(|| {
        FORMS
            .iter()
            .enumerate()
            .filter_map(|(at, form)| {
                let next = if matches!(form.guard, Guard::None | Guard::Window) {
                    ""
                } else {
                    NEXT
                };
                Regex::new(&format!("(?i){}{next}", form.pattern))
                    .ok()
                    .map(|regex| (at, regex))
            })
            .collect()
    })
}

/// Whether `word` is one of `words`, ignoring ASCII case.
fn listed(words: &[&str], word: &str) -> bool {
    words.iter().any(|listed| listed.eq_ignore_ascii_case(word))
}

/// Whether one match of `form`, with its captured words, reads the text.
fn reads(form: &Form, found: &regex::Captures<'_>) -> bool {
    let word = |at| found.get(at).map(|word| word.as_str());
    match form.guard {
        Guard::None => true,
        Guard::Window => word(1).is_none_or(|words| {
            !words
                .split_whitespace()
                .any(|word| listed(ROLES, word) || word.ends_with('.'))
        }),
        Guard::State => {
            // The state is the word after the negation, or after an adverb
            // or a small word there ("not currently reachable", "is not in
            // available state", "is not the leader").
            let state = match (word(1), word(2)) {
                (Some(first), Some(next))
                    if first.ends_with("ly") || listed(&["in", "a", "an", "the"], first) =>
                {
                    Some(next)
                }
                (first, _) => first,
            };
            state.is_some_and(|state| !listed(PASSING_STATES, state) && !listed(ROLES, state))
        }
        Guard::Scarce => ![word(1), word(2)]
            .into_iter()
            .flatten()
            .any(|word| listed(SCARCE, word)),
        Guard::Role => word(1).is_none_or(|role| !listed(ROLES, role)),
    }
}

/// The first form `text` shows, if any: an absence or a state that is not
/// so, read only where nothing else in the text was.
pub(super) fn names_an_absence(text: &str) -> Option<&'static Form> {
    compiled().iter().find_map(|(at, regex)| {
        let form = FORMS.get(*at)?;
        regex
            .captures_iter(text)
            .any(|found| reads(form, &found))
            .then_some(form)
    })
}

#[cfg(test)]
mod tests;
