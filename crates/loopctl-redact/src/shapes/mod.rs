//! Secret shapes in free text: published scanner rules, prefiltered by keyword and compiled on first use.
//!
//! A rule is a regular expression in the dialect of Go's RE2, which is what
//! the published rule sets are written for; compiling it with `regex::bytes`
//! and Unicode off gives the same ASCII classes. Only the secret's capture
//! group is hidden, not the surrounding context the rule needed to find it.

mod builtin;

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, AhoCorasickKind, MatchKind};
use regex::bytes::{Captures, Regex, RegexBuilder};

use crate::spans::{MARK, Span};

pub(crate) use builtin::builtin;
pub use builtin::builtin_shapes;

/// Compiled rules stay under this many bytes each; none of the built-in ones
/// comes near it with Unicode off.
const SIZE_LIMIT: usize = 16 << 20;

/// Which capture group holds the secret.
#[derive(Debug, Clone)]
pub(crate) enum Group {
    /// The first group that took part in the match, else the whole match.
    FirstParticipating,
    /// This group by number.
    Index(usize),
}

/// One rule: where it comes from, how it is found and what it hides.
#[derive(Debug)]
pub(crate) struct Rule {
    pub(crate) id: String,
    pub(crate) source: String,
    pub(crate) pattern: String,
    pub(crate) keywords: Vec<String>,
    pub(crate) group: Group,
    /// Published entropy floor: a capture at or below it (or below it, when
    /// `strict`) is a placeholder, not a secret.
    pub(crate) entropy_floor: Option<(f64, bool)>,
    compiled: OnceLock<Result<Regex, String>>,
}

impl Rule {
    pub(crate) fn new(id: String, source: String, pattern: String, keywords: Vec<String>) -> Self {
        Self {
            id,
            source,
            pattern,
            keywords,
            group: Group::FirstParticipating,
            entropy_floor: None,
            compiled: OnceLock::new(),
        }
    }

    /// The compiled expression, or the reason it does not compile.
    pub(crate) fn compile(&self) -> Result<&Regex, &str> {
        self.compiled
            .get_or_init(|| compile(&self.pattern).map_err(|error| error.to_string()))
            .as_ref()
            .map_err(String::as_str)
    }

    fn secret<'h>(&self, captures: &Captures<'h>) -> Option<regex::bytes::Match<'h>> {
        match self.group {
            Group::Index(index) => captures.get(index),
            Group::FirstParticipating => (1..captures.len())
                .find_map(|index| captures.get(index).filter(|found| !found.is_empty()))
                .or_else(|| captures.get(0)),
        }
    }

    fn passes_entropy(&self, secret: &[u8]) -> bool {
        match self.entropy_floor {
            None => true,
            Some((floor, true)) => entropy(secret) >= floor,
            Some((floor, false)) => entropy(secret) > floor,
        }
    }
}

/// Compiles a rule the way RE2 reads it: ASCII classes over bytes.
pub(crate) fn compile(pattern: &str) -> Result<Regex, regex::Error> {
    RegexBuilder::new(pattern)
        .unicode(false)
        .size_limit(SIZE_LIMIT)
        .build()
}

/// Shannon entropy of `bytes`, in bits per byte, as the scanners compute it.
pub(crate) fn entropy(bytes: &[u8]) -> f64 {
    if bytes.is_empty() {
        return 0.0;
    }
    let mut counts = [0u32; 256];
    for &byte in bytes {
        counts[usize::from(byte)] += 1;
    }
    let length = bytes.len() as f64;
    counts
        .iter()
        .filter(|&&count| count > 0)
        .map(|&count| {
            let p = f64::from(count) / length;
            -p * p.log2()
        })
        .sum()
}

/// A set of rules with one keyword automaton in front of them.
#[derive(Debug)]
pub(crate) struct ShapeSet {
    pub(crate) rules: Vec<Rule>,
    prefilter: Option<AhoCorasick>,
    /// For each keyword pattern of the automaton, the rules it wakes.
    woken_by: Vec<Vec<usize>>,
    /// Rules without keywords: run on every text.
    always: Vec<usize>,
}

impl ShapeSet {
    pub(crate) fn new(rules: Vec<Rule>) -> Self {
        let mut keywords: Vec<String> = Vec::new();
        let mut woken_by: Vec<Vec<usize>> = Vec::new();
        let mut always = Vec::new();
        for (index, rule) in rules.iter().enumerate() {
            if rule.keywords.is_empty() {
                always.push(index);
            }
            for keyword in &rule.keywords {
                match keywords.iter().position(|known| known == keyword) {
                    Some(at) => woken_by[at].push(index),
                    None => {
                        keywords.push(keyword.clone());
                        woken_by.push(vec![index]);
                    }
                }
            }
        }
        let prefilter = AhoCorasickBuilder::new()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            // Overlapping search cannot use a prefilter; a DFA keeps it at a
            // few instructions per byte.
            .kind(Some(AhoCorasickKind::DFA))
            .build(&keywords)
            .ok()
            .filter(|_| !keywords.is_empty());
        Self {
            rules,
            prefilter,
            woken_by,
            always,
        }
    }

    /// Adds a span for every secret any rule finds in `text`.
    pub(crate) fn find(&self, text: &str, spans: &mut Vec<Span>) {
        let mut woken: Vec<bool> = Vec::new();
        if let Some(prefilter) = &self.prefilter {
            for found in prefilter.find_overlapping_iter(text) {
                if woken.is_empty() {
                    woken = vec![false; self.rules.len()];
                }
                for &rule in &self.woken_by[found.pattern().as_usize()] {
                    woken[rule] = true;
                }
            }
        }
        for &rule in &self.always {
            self.run(&self.rules[rule], text, spans);
        }
        for (index, _) in woken.iter().enumerate().filter(|(_, woken)| **woken) {
            self.run(&self.rules[index], text, spans);
        }
    }

    fn run(&self, rule: &Rule, text: &str, spans: &mut Vec<Span>) {
        let Ok(regex) = rule.compile() else {
            return;
        };
        for captures in regex.captures_iter(text.as_bytes()) {
            if let Some(secret) = rule.secret(&captures)
                && !secret.is_empty()
                && rule.passes_entropy(secret.as_bytes())
            {
                spans.push(Span::new(secret.start(), secret.end(), MARK));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entropy_matches_the_scanners_figures() {
        assert_eq!(entropy(b""), 0.0);
        assert_eq!(entropy(b"aaaa"), 0.0);
        assert!((entropy(b"ab") - 1.0).abs() < 1e-9);
        // The figure the research into the published filters quotes for the
        // AWS documentation's example key id.
        assert!((entropy(b"ASIAIOSFODNN7EXAMPLE") - 3.58).abs() < 0.01);
    }

    #[test]
    fn a_keyword_wakes_its_rule_case_insensitively_and_only_the_group_is_hidden() {
        let mut rule = Rule::new(
            "t".into(),
            "test".into(),
            r"acme_key=(ak_[a-z0-9]{8})".into(),
            vec!["acme_key".into()],
        );
        rule.group = Group::Index(1);
        let set = ShapeSet::new(vec![rule]);
        let mut spans = Vec::new();
        set.find("ACME_KEY=ak_12345678 acme_key=ak_abcdefgh", &mut spans);
        assert_eq!(
            spans.len(),
            1,
            "the upper-case context does not match the rule"
        );
        assert_eq!((spans[0].start, spans[0].end), (30, 41));
    }

    #[test]
    fn placeholders_under_the_published_entropy_floor_stay() {
        let mut rule = Rule::new("t".into(), "test".into(), r"tok_([a-z]{10})".into(), vec![]);
        rule.entropy_floor = Some((2.0, false));
        let set = ShapeSet::new(vec![rule]);
        let mut spans = Vec::new();
        set.find("tok_aaaaaaaaaa tok_abcdefghij", &mut spans);
        assert_eq!(spans.len(), 1);
        assert_eq!(spans[0].start, 19);
    }
}
