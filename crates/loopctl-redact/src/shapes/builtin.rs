//! The built-in rules: `rules/shapes.jsonl`, read once per process.
//!
//! The file holds rules taken from published secret scanners, each with its
//! upstream id and source; `rules/SOURCES.md` says which release, what was
//! changed and under which licence.

use std::sync::OnceLock;

use serde_json::Value;

use super::{Group, Rule, ShapeSet};

const RULES: &str = include_str!("../../rules/shapes.jsonl");

/// The built-in rules, parsed on first use; each compiles when its keyword
/// first appears in a text.
pub(crate) fn builtin() -> &'static ShapeSet {
    static SET: OnceLock<ShapeSet> = OnceLock::new();
    SET.get_or_init(|| ShapeSet::new(RULES.lines().filter_map(parse).collect()))
}

/// The id and source of every built-in rule, in file order.
pub fn builtin_shapes() -> impl Iterator<Item = (&'static str, &'static str)> {
    builtin()
        .rules
        .iter()
        .map(|rule| (rule.id.as_str(), rule.source.as_str()))
}

/// One line of the rules file; a line that is not a rule is skipped (the
/// crate's tests read every line, so none is).
fn parse(line: &str) -> Option<Rule> {
    let value: Value = serde_json::from_str(line).ok()?;
    let text = |field: &str| value.get(field).and_then(Value::as_str).map(str::to_owned);
    let keywords = value
        .get("keywords")
        .and_then(Value::as_array)
        .map(|words| {
            words
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()
        })
        .unwrap_or_default();
    let mut rule = Rule::new(text("id")?, text("source")?, text("pattern")?, keywords);
    if let Some(index) = value.get("group").and_then(Value::as_u64) {
        rule.group = Group::Index(usize::try_from(index).ok()?);
    }
    if let Some(floor) = value.get("drop_entropy_le").and_then(Value::as_f64) {
        rule.entropy_floor = Some((floor, false));
    }
    if let Some(floor) = value.get("drop_entropy_lt").and_then(Value::as_f64) {
        rule.entropy_floor = Some((floor, true));
    }
    Some(rule)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_is_a_rule_that_compiles_with_a_cited_source() {
        let lines = RULES.lines().count();
        let set = builtin();
        assert_eq!(
            set.rules.len(),
            lines,
            "a line of the rules file did not parse"
        );
        for rule in &set.rules {
            assert!(
                rule.compile().is_ok(),
                "{}: {:?}",
                rule.id,
                rule.compile().err()
            );
            assert!(
                ["betterleaks", "noseyparker", "titus", "datadog"].contains(&rule.source.as_str()),
                "{} names no known source",
                rule.id
            );
            assert!(!rule.keywords.is_empty(), "{} has no keyword", rule.id);
        }
    }
}
