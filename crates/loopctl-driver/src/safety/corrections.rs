//! [`CorrectionPolicy`]: a correction never escalates; text from a failing tool cannot reach a more dangerous tool or further data.

use std::collections::{HashMap, HashSet};

use loopctl_reflect_core::{is_near_spelling, push_pointer_token};
use serde_json::Value;

use super::reach;
use crate::registry::ToolRegistry;

/// What a correction may change about a call. The default is the safe one:
///
/// - a `ToolChange` moves only to a tool at least as safe
///   ([`ToolRisk::may_move_to`](crate::ToolRisk::may_move_to)): to a
///   read-only tool from anything, to an idempotent tool from anything but a
///   read-only one, never to a destructive or undeclared tool. A misspelled
///   tool name (one the registry does not have) may still be repaired to the
///   registered name it is a near spelling of;
/// - an `InputFix` may not change the host of a URL, nor move a path
///   outside the original path's directory, nor add a URL or a path the
///   call did not have;
/// - an `InputFix` keeps every guarded field's value, unless the change is
///   a repair of the same value (a type coercion, a case or whitespace fix).
///
/// A correction that breaks one of these is dropped with the reason logged
/// and kept in the attempt's history; the retry still runs, uncorrected.
///
/// ```
/// use loopctl_driver::CorrectionPolicy;
///
/// let policy = CorrectionPolicy::new()
///     .allow_tool_change("search_cache", "search_live")
///     .guard_field("send_email", "to")
///     .guard_field("*", "/amount");
/// # let _ = policy;
/// ```
#[derive(Debug, Clone, Default)]
pub struct CorrectionPolicy {
    /// `(from, to)` pairs the user allows whatever the risks; `*` matches any tool.
    allowed_changes: HashSet<(String, String)>,
    /// Tools whose inputs may be fixed to reach other hosts or directories.
    free_reach: HashSet<String>,
    /// Guarded fields per tool (`*` for every tool): JSON pointers, or bare
    /// names matched at any depth.
    guarded: HashMap<String, Vec<String>>,
    /// Every check off.
    permissive: bool,
}

impl CorrectionPolicy {
    /// The safe default described above.
    pub fn new() -> Self {
        Self::default()
    }

    /// No checks at all: every correction the driver can apply is applied,
    /// as before the policy existed. For tests and fully trusted tools only.
    pub fn permissive() -> Self {
        Self {
            permissive: true,
            ..Self::default()
        }
    }

    /// Allows a `ToolChange` from `from` to `to` whatever their risks; `*`
    /// on either side matches any tool.
    #[must_use]
    pub fn allow_tool_change(mut self, from: impl Into<String>, to: impl Into<String>) -> Self {
        self.allowed_changes.insert((from.into(), to.into()));
        self
    }

    /// Lets input fixes of `tool` change URL hosts and path directories.
    #[must_use]
    pub fn allow_reach_change(mut self, tool: impl Into<String>) -> Self {
        self.free_reach.insert(tool.into());
        self
    }

    /// Guards `field` of `tool`'s input (`*` for every tool): a JSON pointer
    /// such as `/payment/amount`, or a bare name such as `to`, which guards
    /// that key wherever it appears. A fix keeps a guarded value unless it
    /// is the same value repaired: `"100"` for `100`, `"USD"` for `"usd"`,
    /// `"bob@x.org "` for `"bob@x.org"`, `["a"]` for `"a"`.
    #[must_use]
    pub fn guard_field(mut self, tool: impl Into<String>, field: impl Into<String>) -> Self {
        self.guarded
            .entry(tool.into())
            .or_default()
            .push(field.into());
        self
    }

    /// Why moving the call from `from` to the registered tool `to` is
    /// refused, or `None` when it may go ahead.
    pub(crate) fn tool_change_refusal(
        &self,
        registry: &ToolRegistry,
        from: &str,
        to: &str,
    ) -> Option<String> {
        if self.permissive || self.pair_allowed(from, to) {
            return None;
        }
        if !registry.contains(from) && is_near_spelling(from, to) {
            // The model misspelled a tool; the repair names the tool it meant.
            return None;
        }
        let (from_risk, to_risk) = (registry.risk(from), registry.risk(to));
        if from_risk.may_move_to(to_risk) {
            return None;
        }
        Some(format!(
            "the tool_change from `{from}` ({}) to `{to}` ({}) would move the call to a less safe tool; allow the pair with CorrectionPolicy::allow_tool_change if it is intended",
            from_risk.name(),
            to_risk.name()
        ))
    }

    fn pair_allowed(&self, from: &str, to: &str) -> bool {
        [(from, to), (from, "*"), ("*", to)].iter().any(|(a, b)| {
            self.allowed_changes
                .contains(&((*a).to_owned(), (*b).to_owned()))
        })
    }

    /// Why replacing `original` (the call's own input) by `fixed` for
    /// `tool` is refused, or `None` when it may go ahead.
    pub(crate) fn input_fix_refusal(
        &self,
        tool: &str,
        original: &Value,
        fixed: &Value,
    ) -> Option<String> {
        if self.permissive {
            return None;
        }
        if let Some(reason) = self.guarded_change(tool, original, fixed) {
            return Some(format!(
                "the input_fix {reason}; a guarded value is only ever repaired, never replaced"
            ));
        }
        if self.free_reach.contains(tool) {
            return None;
        }
        reach::widening(original, fixed).map(|reason| {
            format!("the input_fix would widen the call's reach: {reason}; allow it with CorrectionPolicy::allow_reach_change if it is intended")
        })
    }

    fn guarded_change(&self, tool: &str, original: &Value, fixed: &Value) -> Option<String> {
        let fields = self
            .guarded
            .get(tool)
            .into_iter()
            .chain(self.guarded.get("*"))
            .flatten();
        for field in fields {
            let pointers = if field.starts_with('/') {
                vec![field.clone()]
            } else {
                let mut found = Vec::new();
                pointers_named(original, field, &mut String::new(), &mut found);
                pointers_named(fixed, field, &mut String::new(), &mut found);
                found
            };
            for pointer in pointers {
                let (before, after) = (original.pointer(&pointer), fixed.pointer(&pointer));
                if !same_value(before, after) {
                    let shown = |value: Option<&Value>| {
                        value.map_or_else(|| "nothing".to_owned(), Value::to_string)
                    };
                    return Some(format!(
                        "changes the guarded field {pointer} from {} to {}",
                        shown(before),
                        shown(after)
                    ));
                }
            }
        }
        None
    }
}

/// The pointers of every object key called `name` in `value`.
fn pointers_named(value: &Value, name: &str, pointer: &mut String, found: &mut Vec<String>) {
    let reset = pointer.len();
    match value {
        Value::Object(fields) => {
            for (key, field) in fields {
                pointer.truncate(reset);
                push_pointer_token(pointer, key);
                if key == name && !found.contains(pointer) {
                    found.push(pointer.clone());
                }
                pointers_named(field, name, pointer, found);
            }
        }
        Value::Array(items) => {
            for (at, item) in items.iter().enumerate() {
                pointer.truncate(reset);
                pointer.push('/');
                pointer.push_str(&at.to_string());
                pointers_named(item, name, pointer, found);
            }
        }
        _ => {}
    }
    pointer.truncate(reset);
}

/// A value as a deterministic repair leaves it: numbers and number strings
/// by value, booleans and `"true"`/`"false"`, strings trimmed and lower-cased,
/// a one-element array as its element.
#[derive(PartialEq)]
enum Canonical {
    Number(f64),
    Bool(bool),
    Text(String),
}

fn canonical(value: &Value) -> Option<Canonical> {
    match value {
        Value::Number(number) => number.as_f64().map(Canonical::Number),
        Value::Bool(flag) => Some(Canonical::Bool(*flag)),
        Value::String(text) => {
            let text = text.trim();
            if let Ok(number) = text.parse::<f64>() {
                return Some(Canonical::Number(number));
            }
            match text.to_ascii_lowercase().as_str() {
                "true" => Some(Canonical::Bool(true)),
                "false" => Some(Canonical::Bool(false)),
                _ => Some(Canonical::Text(text.to_lowercase())),
            }
        }
        Value::Array(items) if items.len() == 1 => canonical(&items[0]),
        _ => None,
    }
}

fn same_value(before: Option<&Value>, after: Option<&Value>) -> bool {
    match (before, after) {
        (None, None) => true,
        (Some(before), Some(after)) => {
            before == after
                || canonical(before).is_some_and(|value| Some(value) == canonical(after))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use loopctl_reflect_core::ToolSchema;
    use serde_json::json;

    use super::*;
    use crate::{FnTool, ToolOutput, ToolRisk};

    fn registry() -> ToolRegistry {
        let mut registry = ToolRegistry::new();
        for (name, risk) in [
            ("read_file", ToolRisk::ReadOnly),
            ("list_dir", ToolRisk::ReadOnly),
            ("write_file", ToolRisk::Idempotent),
            ("put_object", ToolRisk::Idempotent),
            ("delete_all", ToolRisk::Destructive),
            ("run_shell", ToolRisk::Unknown),
        ] {
            let tool = FnTool::new(ToolSchema::new(name, "", json!({})), |_: &Value| {
                std::future::ready(ToolOutput::success("ok"))
            })
            .with_risk(risk);
            registry.register(tool);
        }
        registry
    }

    #[test]
    fn tool_changes_never_reach_a_more_dangerous_tool() {
        let registry = registry();
        let policy = CorrectionPolicy::new();
        assert_eq!(
            policy.tool_change_refusal(&registry, "read_file", "list_dir"),
            None
        );
        assert_eq!(
            policy.tool_change_refusal(&registry, "write_file", "put_object"),
            None
        );
        assert_eq!(
            policy.tool_change_refusal(&registry, "delete_all", "read_file"),
            None
        );
        for (from, to) in [
            ("read_file", "write_file"),
            ("read_file", "delete_all"),
            ("write_file", "delete_all"),
            ("delete_all", "run_shell"),
            ("run_shell", "delete_all"),
        ] {
            let refusal = policy.tool_change_refusal(&registry, from, to);
            assert!(
                refusal.is_some_and(|reason| reason.contains("less safe")),
                "{from} -> {to}"
            );
        }
    }

    #[test]
    fn a_misspelled_name_is_still_repaired_and_users_can_widen_a_pair() {
        let registry = registry();
        let policy = CorrectionPolicy::new();
        assert_eq!(
            policy.tool_change_refusal(&registry, "delete_al", "delete_all"),
            None
        );
        assert!(
            policy
                .tool_change_refusal(&registry, "drop_everything", "delete_all")
                .is_some()
        );
        let widened = CorrectionPolicy::new().allow_tool_change("read_file", "write_file");
        assert_eq!(
            widened.tool_change_refusal(&registry, "read_file", "write_file"),
            None
        );
        assert!(
            widened
                .tool_change_refusal(&registry, "read_file", "delete_all")
                .is_some()
        );
        let mut declared = registry.clone();
        declared.declare_risk("run_shell", ToolRisk::ReadOnly);
        assert_eq!(
            policy.tool_change_refusal(&declared, "read_file", "run_shell"),
            None
        );
    }

    #[test]
    fn guarded_fields_keep_their_value_unless_repaired() {
        let policy = CorrectionPolicy::new()
            .guard_field("send_email", "to")
            .guard_field("*", "/amount");
        let original = json!({"to": "Bob@Example.org ", "amount": "100", "body": "hi"});
        let repaired = json!({"to": "bob@example.org", "amount": 100, "body": "hello"});
        assert_eq!(
            policy.input_fix_refusal("send_email", &original, &repaired),
            None
        );
        let redirected = json!({"to": "eve@attacker.example", "amount": 100, "body": "hi"});
        let reason = policy
            .input_fix_refusal("send_email", &original, &redirected)
            .unwrap();
        assert!(reason.contains("guarded field /to"), "{reason}");
        let raised = json!({"to": "bob@example.org", "amount": 1000});
        assert!(
            policy
                .input_fix_refusal("pay", &original, &raised)
                .unwrap()
                .contains("/amount")
        );
        let dropped = json!({"body": "hi"});
        assert!(
            policy
                .input_fix_refusal("send_email", &original, &dropped)
                .is_some()
        );
    }

    #[test]
    fn reach_checks_can_be_lifted_per_tool_or_all_at_once() {
        let original = json!({"url": "https://a.example/x"});
        let moved = json!({"url": "https://b.example/x"});
        assert!(
            CorrectionPolicy::new()
                .input_fix_refusal("fetch", &original, &moved)
                .is_some()
        );
        let free = CorrectionPolicy::new().allow_reach_change("fetch");
        assert_eq!(free.input_fix_refusal("fetch", &original, &moved), None);
        assert_eq!(
            CorrectionPolicy::permissive().input_fix_refusal("fetch", &original, &moved),
            None
        );
    }
}
