//! Reading `loopctl.toml` with every problem at once: syntax, unknown keys (with the nearest known one), bad values and conflicting settings, each with its line and column.

use std::ops::Range;

use serde::Serialize;
use serde::de::{DeserializeOwned, IntoDeserializer};
use toml::Spanned;
use toml::de::{DeString, DeTable, DeValue};

use crate::file::{
    BreakerSettings, BudgetSettings, PolicyFile, ProxySettings, RuleSpec, Settings, ToolSettings,
};
use crate::schema::{keys_of, nested_schema};

mod servers;

/// One thing wrong with a policy file, and where.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Problem {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What kind of problem it is.
    pub kind: ProblemKind,
    /// What is wrong, and what to write instead.
    pub message: String,
}

/// The kinds of problem `check` reports.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
#[non_exhaustive]
pub enum ProblemKind {
    /// Not TOML.
    Syntax,
    /// A key the format does not have.
    UnknownKey,
    /// A value of the wrong type or shape (a duration, a rate, a regex).
    Value,
    /// Settings that contradict each other.
    Conflict,
}

/// Reads `text` as a policy file, or returns every problem in it, in the
/// order they appear.
///
/// # Errors
/// The problems, when there is at least one.
pub fn check(text: &str) -> Result<PolicyFile, Vec<Problem>> {
    let mut found = Found {
        text,
        problems: Vec::new(),
    };
    let (root, syntax) = DeTable::parse_recoverable(text);
    for error in syntax {
        let span = error.span().unwrap_or(0..0);
        found.push(span, ProblemKind::Syntax, error.message().trim().to_owned());
    }
    found.walk_root(root.get_ref());
    if found.problems.is_empty() {
        match toml::from_str::<PolicyFile>(text) {
            Ok(file) => return Ok(file),
            // Not expected after the walk; reported rather than lost.
            Err(error) => {
                let span = error.span().unwrap_or(0..0);
                found.push(span, ProblemKind::Value, error.message().trim().to_owned());
            }
        }
    }
    found
        .problems
        .sort_by_key(|problem| (problem.line, problem.column));
    Err(found.problems)
}

struct Found<'t> {
    text: &'t str,
    problems: Vec<Problem>,
}

type Entry<'i> = (&'i Spanned<DeString<'i>>, &'i Spanned<DeValue<'i>>);

impl Found<'_> {
    fn push(&mut self, span: Range<usize>, kind: ProblemKind, message: String) {
        let (line, column) = line_and_column(self.text, span.start);
        self.problems.push(Problem {
            line,
            column,
            kind,
            message,
        });
    }

    fn walk_root(&mut self, root: &DeTable<'_>) {
        for (key, value) in root {
            let name = key.get_ref().as_ref();
            if self.policy_key("", name, value) {
                continue;
            }
            match (name, value.get_ref()) {
                ("proxy", DeValue::Table(table)) => {
                    self.section::<ProxySettings>("[proxy]", "ProxySettings", table);
                }
                ("servers", DeValue::Table(servers)) => {
                    for (server, section) in servers {
                        self.server(server.get_ref(), section);
                    }
                }
                ("proxy" | "servers", _) => {
                    if let Some(message) = value_error::<PolicyFile>(key, value) {
                        self.push(value.span(), ProblemKind::Value, message);
                    }
                }
                _ => {
                    let message = match crate::legacy::instead(name) {
                        Some(instead) => format!(
                            "`{name}` is a key of the proxy's old policy file; in loopctl.toml write {instead}"
                        ),
                        None => unknown("the file's top level", name, "PolicyFile"),
                    };
                    self.push(key.span(), ProblemKind::UnknownKey, message);
                }
            }
        }
    }

    /// A `defaults`, `tools` or `rules` key, at the top level (`scope`
    /// empty) or in a `[servers.NAME]` table (`scope` `servers.NAME.`);
    /// `false` for any other key.
    fn policy_key(&mut self, scope: &str, name: &str, value: &Spanned<DeValue<'_>>) -> bool {
        match (name, value.get_ref()) {
            ("defaults", DeValue::Table(table)) => {
                self.section::<Settings>(&format!("[{scope}defaults]"), "Settings", table);
            }
            ("tools", DeValue::Table(tools)) => {
                for (tool, section) in tools {
                    let place = format!("[{scope}tools.{}]", tool.get_ref());
                    match section.get_ref() {
                        DeValue::Table(table) => {
                            self.section::<ToolSettings>(&place, "ToolSettings", table);
                        }
                        _ => self.push(
                            section.span(),
                            ProblemKind::Value,
                            format!("{place} must be a table of settings, as `{place}` followed by its keys"),
                        ),
                    }
                }
            }
            ("rules", DeValue::Array(rules)) => {
                for (index, rule) in rules.iter().enumerate() {
                    let place = match scope {
                        "" => format!("rule {}", index + 1),
                        _ => format!("[{}] rule {}", scope.trim_end_matches('.'), index + 1),
                    };
                    match rule.get_ref() {
                        DeValue::Table(table) => {
                            self.section::<RuleSpec>(&place, "RuleSpec", table);
                            self.rule_conflicts(&place, rule.span(), table);
                        }
                        _ => self.push(
                            rule.span(),
                            ProblemKind::Value,
                            format!("each rule is a table: write `[[{scope}rules]]` followed by its keys"),
                        ),
                    }
                }
            }
            ("defaults" | "tools" | "rules", _) => {
                let message = format!(
                    "`{scope}{name}` must be {}",
                    if name == "rules" {
                        format!("an array of tables: write `[[{scope}rules]]` entries")
                    } else {
                        format!("a table: write `[{scope}{name}]`")
                    }
                );
                self.push(value.span(), ProblemKind::Value, message);
            }
            _ => return false,
        }
        true
    }

    /// Every key of one table: unknown ones by name, known ones read alone,
    /// so that each bad value is its own problem.
    fn section<T: DeserializeOwned>(&mut self, place: &str, schema: &str, table: &DeTable<'_>) {
        let known = keys_of(schema);
        for (key, value) in table {
            let name = key.get_ref().as_ref();
            if !known.iter().any(|known| known == name) {
                self.push(
                    key.span(),
                    ProblemKind::UnknownKey,
                    unknown(place, name, schema),
                );
                continue;
            }
            if let DeValue::Table(inner) = value.get_ref()
                && let Some(nested) = nested_schema(schema, name)
            {
                let place = format!("{place} {name}");
                match nested.as_str() {
                    "BreakerSettings" => {
                        self.section::<BreakerSettings>(&place, "BreakerSettings", inner);
                    }
                    "BudgetSettings" => {
                        self.section::<BudgetSettings>(&place, "BudgetSettings", inner);
                        if !inner
                            .iter()
                            .any(|(key, _)| key.get_ref().as_ref() == "capacity")
                        {
                            self.push(
                                value.span(),
                                ProblemKind::Conflict,
                                format!(
                                    "{place} has no capacity: say how many retries the bucket holds"
                                ),
                            );
                        }
                    }
                    _ => {}
                }
                continue;
            }
            if let Some(message) = value_error::<T>(key, value) {
                self.push(
                    value.span(),
                    ProblemKind::Value,
                    format!("{place} {message}"),
                );
            }
        }
        self.setting_conflicts(place, table);
    }

    fn setting_conflicts(&mut self, place: &str, table: &DeTable<'_>) {
        let get = |name: &str| table.iter().find(|(key, _)| key.get_ref().as_ref() == name);
        let duration = |entry: Option<Entry<'_>>| {
            entry.and_then(|(_, value)| match value.get_ref() {
                DeValue::String(text) => humantime::parse_duration(text.trim()).ok(),
                _ => None,
            })
        };
        if let (Some(base), Some(max)) = (duration(get("base_delay")), duration(get("max_delay")))
            && base > max
            && let Some((key, _)) = get("max_delay")
        {
            self.push(key.span(), ProblemKind::Conflict, format!(
                "{place}: max_delay ({}) is shorter than base_delay ({}); no delay could be as long as the first",
                humantime::format_duration(max), humantime::format_duration(base)
            ));
        }
        for (lone, needs) in [("rate_limit_wait", "rate_limit"), ("queue", "concurrency")] {
            if let Some((key, _)) = get(lone)
                && get(needs).is_none()
            {
                self.push(key.span(), ProblemKind::Conflict, format!(
                    "{place}: {lone} has no effect without {needs}; add {needs} or remove {lone}"
                ));
            }
        }
        if let Some((key, value)) = get("concurrency")
            && matches!(value.get_ref(), DeValue::Integer(number) if number.as_str() == "0")
        {
            self.push(
                key.span(),
                ProblemKind::Conflict,
                format!("{place}: concurrency = 0 would refuse every call; allow at least 1"),
            );
        }
    }

    fn rule_conflicts(&mut self, place: &str, span: Range<usize>, table: &DeTable<'_>) {
        let has = |name: &str| table.iter().any(|(key, _)| key.get_ref().as_ref() == name);
        if !["text", "regex", "status", "code", "tool"]
            .iter()
            .any(|key| has(key))
        {
            self.push(
                span.clone(),
                ProblemKind::Conflict,
                format!("{place} matches every error: give it text, regex, status, code or tool"),
            );
        }
        if !["recoverable", "severity", "delay", "action"]
            .iter()
            .any(|key| has(key))
        {
            self.push(
                span.clone(),
                ProblemKind::Conflict,
                format!("{place} says nothing: give it recoverable, severity, delay or action"),
            );
        }
        let text_of = |name: &str| {
            table
                .iter()
                .find(|(key, _)| key.get_ref().as_ref() == name)
                .and_then(|(_, value)| match value.get_ref() {
                    DeValue::String(text) => Some(text.to_string()),
                    DeValue::Boolean(flag) => Some(flag.to_string()),
                    _ => None,
                })
        };
        let action = text_of("action");
        let recoverable = text_of("recoverable");
        let clash = match (action.as_deref(), recoverable.as_deref()) {
            (Some("retry"), Some("false")) => Some("action = \"retry\" with recoverable = false"),
            (Some("fail" | "skip" | "ask-user"), Some("true")) => {
                Some("an action that gives up with recoverable = true")
            }
            _ => None,
        };
        if let Some(clash) = clash
            && let Some((key, _)) = table
                .iter()
                .find(|(key, _)| key.get_ref().as_ref() == "action")
        {
            self.push(
                key.span(),
                ProblemKind::Conflict,
                format!("{place}: {clash}; keep one of the two"),
            );
        }
        if matches!(action.as_deref(), Some("fail" | "skip" | "ask-user"))
            && let Some((key, _)) = table
                .iter()
                .find(|(key, _)| key.get_ref().as_ref() == "delay")
        {
            self.push(
                key.span(),
                ProblemKind::Conflict,
                format!("{place}: a delay with an action that does not retry has no effect"),
            );
        }
    }
}

/// The message of `T` read from a table holding only `key = value`.
fn value_error<T: DeserializeOwned>(
    key: &Spanned<DeString<'_>>,
    value: &Spanned<DeValue<'_>>,
) -> Option<String> {
    let mut table = DeTable::new();
    table.insert(key.clone(), value.clone());
    let whole = Spanned::new(value.span(), DeValue::Table(table));
    let error = T::deserialize(whole.into_deserializer()).err()?;
    let name = key.get_ref();
    let message = error.message().trim();
    if message.contains("untagged enum OneOrMany") {
        let example = match name.as_ref() {
            "status" => "a number or a list of numbers: `status = 402` or `status = [402, 403]`",
            _ => {
                "a string or a list of strings: `text = \"quota\"` or `text = [\"quota\", \"billing\"]`"
            }
        };
        return Some(format!("{name}: give {example}"));
    }
    Some(format!("{name}: {message}"))
}

/// "unknown key" with the nearest key of the same table, or the table the
/// key belongs in.
fn unknown(place: &str, name: &str, schema: &str) -> String {
    let known = keys_of(schema);
    // Jaro-Winkler weighs a shared start, which is how keys get misspelt
    // (`max_retry`, `base_dely`); 0.85 keeps unrelated keys out.
    let nearest = known
        .iter()
        .map(|candidate| (strsim::jaro_winkler(name, candidate), candidate))
        .filter(|(similarity, _)| *similarity >= 0.85)
        .max_by(|a, b| a.0.total_cmp(&b.0));
    if let Some((_, candidate)) = nearest {
        return format!("unknown key `{name}` in {place}; did you mean `{candidate}`?");
    }
    let everywhere = keys_of("Settings").iter().any(|key| key == name)
        && keys_of("ToolSettings").iter().any(|key| key == name);
    let home = [
        (
            "Settings",
            if everywhere {
                "[defaults] or a [tools.NAME] table"
            } else {
                "[defaults] (it is set for every tool at once)"
            },
        ),
        ("ToolSettings", "a [tools.NAME] table"),
        ("RuleSpec", "a [[rules]] entry"),
        ("ProxySettings", "[proxy]"),
        ("ServerSettings", "a [servers.NAME] table"),
    ]
    .into_iter()
    .find(|(other, _)| *other != schema && keys_of(other).iter().any(|key| key == name));
    match home {
        Some((_, home)) => format!("`{name}` does not belong in {place}; it is a key of {home}"),
        None => format!(
            "unknown key `{name}` in {place}; the keys there are: {}",
            known.join(", ")
        ),
    }
}

/// 1-based line and column (in characters) of byte `offset` in `text`.
fn line_and_column(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let start = before.rfind('\n').map_or(0, |at| at + 1);
    (line, before[start..].chars().count() + 1)
}
