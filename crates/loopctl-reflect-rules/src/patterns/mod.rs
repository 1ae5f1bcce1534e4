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

pub(crate) use category::{Category, PASSING, Pattern, Tier};
use codes::STATUS_CODES;
pub(crate) use fold::fold;
pub(crate) use found::Found;
use tables::table;

mod absence;
mod accounts;
mod advice;
mod appliances;
mod awaited;
mod backends;
mod boards;
mod bookmarks;
mod brokers;
mod browsers;
#[cfg(test)]
mod calibrated;
mod category;
mod channels;
mod clients;
mod clusters;
mod codes;
mod consoles;
mod content;
mod credentials;
mod daemons;
mod dashboards;
mod described;
mod desks;
mod devices;
mod drivers;
mod ecosystems;
mod endpoints;
mod engines;
mod enterprise;
mod exposed;
mod faint;
mod federated;
mod filings;
mod fleets;
mod fold;
mod formats;
mod found;
mod frontends;
mod galleries;
mod gateways;
mod generic;
mod geodata;
mod homelab;
mod hosted;
mod instruments;
mod jobs;
mod keepers;
mod libraries;
mod licences;
mod lobbies;
mod machinery;
mod machines;
mod meshes;
mod mirrors;
mod names;
mod nodes;
mod operations;
mod operators;
mod parsers;
mod peripherals;
mod permanent;
mod persistence;
mod pipelines;
mod platforms;
mod portals;
mod programs;
mod providers;
mod queues;
mod racks;
mod realtime;
mod references;
mod refusals;
mod relays;
mod remedy;
mod resilience;
mod sandboxes;
mod sdks;
mod search;
mod services;
mod smtp;
mod stacks;
mod standby;
mod states;
mod stations;
mod storage;
mod stores;
mod studios;
mod tables;
mod tenants;
mod toolbox;
mod tooling;
mod transfers;
mod txn;
mod underway;
mod upstreams;
mod vague;
mod vaults;
mod venues;
mod workshop;

/// Matched only to note that a retry hint may follow; they name no failure.
const HINTS: &[&str] = &[
    "try",
    "retry-after",
    "retry after",
    "quota will reset after",
    // Django REST framework's throttle names its wait without "try".
    "expected available in",
    // A wait asked for without "try" ("client is flooding (please wait
    // 20 minutes)"): the hundred-and-seventh round's review.
    "wait",
];

/// The words matched only to note them, that no literal of the tables is:
/// a day or a month (`period.rs`), and "requested" (`lasting.rs`), each
/// with whether it is a word of a period.
fn markers() -> impl Iterator<Item = (&'static str, bool)> {
    let listed = |word: &str| table().iter().any(|pattern| pattern.0 == word);
    crate::period::WORDS
        .into_iter()
        .map(|word| (word, true))
        .chain([(crate::lasting::REQUEST_WORD, false)])
        .filter(move |(word, _)| !listed(word))
}

/// The automaton's id of the "requested" marker, found once.
fn request_marker() -> Option<usize> {
    static AT: OnceLock<Option<usize>> = OnceLock::new();
    *AT.get_or_init(|| {
        let first = first_marker();
        markers()
            .position(|(_, period)| !period)
            .map(|at| first + at)
    })
}

/// The automaton's id of the first marker: after the tables, the status
/// codes and the hints.
fn first_marker() -> usize {
    table().len() + STATUS_CODES.len() + HINTS.len()
}

/// The automaton's id of the first of `faint::UNLEANING`, after the
/// markers, found once.
fn first_unleaning() -> usize {
    static AT: OnceLock<usize> = OnceLock::new();
    *AT.get_or_init(|| first_marker() + markers().count())
}

/// What is known of a pattern before any text is read.
#[derive(Debug, Clone, Copy)]
struct Mark {
    /// Its literal contains "try" or "wait", so a retry hint may follow.
    hint: bool,
    /// It advises a retry (`advice.rs`).
    advised: bool,
    /// It only calls a failure passing, naming nothing that failed
    /// (`described.rs`).
    describes: bool,
    /// Where it counts (`names.rs`), which also says whether it is a
    /// generic credential word, kept out of the tiers.
    standing: names::Standing,
    /// It holds a word of a day or a month (`period.rs`).
    period: bool,
    /// It holds "requested" (`lasting.rs`).
    requests: bool,
    /// It is a faint word that yields to a confirmed passing status code
    /// (`faint::YIELDING`).
    yields: bool,
    /// It is a word that leans lasting, read only where nothing else
    /// matched (`faint::LEANING`).
    leans: bool,
    /// It counts only where the text advises no retry
    /// (`operators::UNLESS_ADVISED`).
    unless_advised: bool,
}

/// Each pattern's [`Mark`], by pattern id.
fn marks() -> &'static [Mark] {
    static MARKS: OnceLock<Vec<Mark>> = OnceLock::new();
    MARKS.get_or_init(|| {
        table()
            .iter()
            .map(|pattern| Mark {
                hint: pattern.0.contains("try") || pattern.0.contains("wait"),
                advised: advice::advises(pattern),
                describes: described::PATTERNS
                    .iter()
                    .any(|(literal, _, _)| *literal == pattern.0),
                standing: names::standing_of(pattern),
                period: crate::period::WORDS
                    .iter()
                    .any(|word| pattern.0.contains(word)),
                requests: pattern.0.contains(crate::lasting::REQUEST_WORD),
                yields: faint::YIELDING.contains(pattern),
                leans: faint::LEANING.contains(pattern),
                unless_advised: operators::UNLESS_ADVISED.contains(pattern),
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
                        .chain(HINTS.iter().copied())
                        .chain(markers().map(|(word, _)| word))
                        .chain(faint::UNLEANING.iter().copied()),
                )
                .ok()
        })
        .as_ref()
}

/// Which categories `text` shows, in one pass.
pub(crate) fn categories(text: &str) -> Found {
    let mut found = Found::default();
    let mut asks_for_a_change = false;
    let mut unless_advised = None;
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
                    found.vague_credentials |= !vague::names_a_reset(text, hit.start(), hit.end());
                    continue;
                }
                if mark.yields {
                    found.add_yielding(*category);
                    continue;
                }
                if mark.leans {
                    found.add_leaning(*category);
                    continue;
                }
                if mark.unless_advised {
                    unless_advised = unless_advised.or(Some(*category));
                    continue;
                }
                if mark.advised
                    && *tier != Tier::Strong
                    && remedy::asks_for_a_change(text, hit.start(), hit.end())
                {
                    asks_for_a_change = true;
                    continue;
                }
                found.add(*category, *tier, mark.advised || mark.describes);
                found.hint |= mark.hint;
                found.period |= mark.period;
                found.requests |= mark.requests;
                found.advised |= mark.advised;
            }
            None => match STATUS_CODES.get(index - table.len()) {
                Some((code, category, tier)) => {
                    if http_status::confirm(text.as_bytes(), hit.start()) {
                        found.add_status(code, *category, *tier);
                    }
                }
                None if index < first_marker() => {
                    found.hint = true;
                }
                None if Some(index) == request_marker() => found.requests = true,
                None if index >= first_unleaning() => found.unleaned = true,
                None => found.period = true,
            },
        }
    }
    // A refusal said in a sentence, with words between its parts ("lack
    // READ permissions"), which no literal holds (`refusals.rs`).
    // A weak one leaves a credential verdict unsure, unless a bare 401 or
    // 403 already said as much.
    let bare = found.weak & Category::Auth.bit() != 0;
    for form in refusals::refusals(text) {
        found.add(form.category, form.tier, false);
        found.unsure_refusal |= !bare && form.category == Category::Auth && form.tier == Tier::Weak;
    }
    // The advice asked for a change first; it says the failure lasts only
    // where nothing else in the text names a passing one ("503 Service
    // Unavailable. Please sign in and try again" stays a server error).
    if asks_for_a_change && (found.strong | found.weak | found.faint) & PASSING == 0 {
        found.add(Category::Permanent, Tier::Weak, false);
    }
    if let Some(category) = unless_advised.filter(|_| !operators::advised_anywhere(text, &found)) {
        found.add(category, Tier::Weak, false);
    }
    // Nothing read the text at all: a negation that names something absent
    // leans lasting as the leaning words do (`absence.rs`). Anywhere else it
    // could not decide, so its expressions are run only here.
    if found.reads_nothing()
        && let Some(form) = absence::names_an_absence(text)
    {
        found.add_leaning(form.category);
    }
    found
}

/// The deciding category of `found`.
pub(crate) fn strongest(found: Found) -> Option<Category> {
    found.decide()
}

#[cfg(test)]
mod tests;
