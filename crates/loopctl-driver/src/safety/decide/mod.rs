//! The three questions the [`SafetyPolicy`] answers: may a correction move a call to another tool, may it rewrite the input, and may a call whose outcome is unknown run again.

use std::sync::Arc;

use loopctl_reflect_core::is_near_spelling;
use serde_json::Value;

use super::check::OutcomeCheck;
use super::fields::{guarded_change, rewritten};
use super::policy::SafetyPolicy;
use super::reach::{locator_at, widening};
use crate::effect::Effect;
use crate::registry::ToolRegistry;

/// What may become of a call whose outcome is unknown.
#[derive(Clone)]
pub(crate) enum Repeat {
    /// It may run again: the tool is idempotent or honours idempotency keys.
    Allowed,
    /// Ask this check whether it happened first.
    Check(Arc<dyn OutcomeCheck>),
    /// It ends here.
    Refused,
}

/// Whether two tool names differ only in case and separators (`_`, `-`,
/// `.`, spaces): `send-email`, `SendEmail` and `send_email` are one name.
pub fn same_name_but_for_case_and_separators(a: &str, b: &str) -> bool {
    let letters = |name: &str| -> String {
        name.chars()
            .filter(|c| !matches!(c, '_' | '-' | '.' | ' '))
            .flat_map(char::to_lowercase)
            .collect()
    };
    letters(a) == letters(b)
}

impl SafetyPolicy {
    /// Whether a name the registry does not have may be repaired to the
    /// registered tool `to`: a near spelling, and either a read-only tool or
    /// the same name but for case and separators.
    pub fn may_repair_name(&self, registry: &ToolRegistry, from: &str, to: &str) -> bool {
        if self.is_permissive() || self.pair_allowed(from, to) {
            return registry.contains(to);
        }
        registry.contains(to)
            && !registry.contains(from)
            && is_near_spelling(from, to)
            && (self.effect(registry, to) == Effect::ReadOnly
                || same_name_but_for_case_and_separators(from, to))
    }

    /// Why moving the call from `from` to the registered tool `to` is
    /// refused, or `None` when it may go ahead. The reason names tools of
    /// the registry only.
    pub(crate) fn tool_change_refusal(
        &self,
        registry: &ToolRegistry,
        from: &str,
        to: &str,
    ) -> Option<String> {
        if self.is_permissive() || self.pair_allowed(from, to) {
            return None;
        }
        if !registry.contains(from) {
            return (!self.may_repair_name(registry, from, to)).then(|| format!(
                "the call named no registered tool, and a repair may reach `{to}` ({}) only when it is read-only or the names differ in case or separators alone",
                self.effect(registry, to)
            ));
        }
        if names_a_secret(to) && !names_a_secret(from) {
            return Some(format!(
                "the tool_change would move the call to `{to}`, whose name says it reads secrets or credentials; allow the pair in the safety policy if it is intended"
            ));
        }
        let (from_effect, to_effect) = (self.effect(registry, from), self.effect(registry, to));
        let repeatable = |name| self.repeatability(registry, name).is_idempotent();
        let allowed = match to_effect {
            Effect::ReadOnly => true,
            Effect::Writes => {
                from_effect.rank() >= Effect::Writes.rank() && (repeatable(to) || !repeatable(from))
            }
            _ => false,
        };
        (!allowed).then(|| format!(
            "the tool_change from `{from}` ({from_effect}) to `{to}` ({to_effect}) would move the call to a tool that can do more harm; allow the pair in the safety policy if it is intended"
        ))
    }

    /// Why replacing `original` (the call's own input) by `fixed` for
    /// `tool` is refused, or `None` when it may go ahead. `schema` is the
    /// tool's input schema. The reason names fields, never values.
    pub(crate) fn input_fix_refusal(
        &self,
        registry: &ToolRegistry,
        tool: &str,
        original: &Value,
        fixed: &Value,
        schema: Option<&Value>,
    ) -> Option<String> {
        if self.is_permissive() {
            return None;
        }
        let guarded: Vec<&str> = self
            .declared_all(tool, |declaration| &declaration.guarded)
            .collect();
        // Free text allowed in a field lifts the guard its name would imply.
        let free: Vec<&str> = self
            .declared_all(tool, |declaration| &declaration.free_text)
            .collect();
        let lifted = |pointer: &str| free.iter().any(|field| names(field, pointer));
        let infer = self.infers_guards();
        if let Some(pointer) = guarded_change(original, fixed, &guarded, infer, &lifted) {
            return Some(format!(
                "the input_fix changes the guarded field {pointer}; a guarded value is only ever repaired, never replaced"
            ));
        }
        let free_reach = self
            .declared(tool, |declaration| declaration.free_reach)
            .unwrap_or(false);
        if !free_reach && let Some(reason) = widening(original, fixed, schema) {
            return Some(format!(
                "the input_fix would widen the call's reach: {reason}; allow it in the safety policy if it is intended"
            ));
        }
        // Beyond a mechanical repair, a fix may only move a path or a URL
        // within what it reached (checked above), and only for a tool that
        // cannot destroy; any other rewrite is the user's to allow.
        let effect = self.effect(registry, tool);
        let rewritten = rewritten(original, fixed, schema);
        let forbidden = rewritten.iter().find(|pointer| {
            let allowed = free.iter().any(|field| names(field, pointer));
            let moved_locator =
                effect.rank() < Effect::Destructive.rank() && locator_at(fixed, pointer, schema);
            !allowed && !moved_locator
        })?;
        Some(if effect.rank() >= Effect::Destructive.rank() {
            format!(
                "the input_fix rewrites {forbidden}, and `{tool}` ({effect}) takes only mechanical repairs (types, case, enum values, wrapping); allow free text in that field in the safety policy if it is intended"
            )
        } else {
            format!(
                "the input_fix rewrites {forbidden} beyond a mechanical repair, a path or a URL; allow free text in that field in the safety policy if it is intended"
            )
        })
    }

    /// What may become of a call of `tool` whose outcome is unknown.
    pub(crate) fn repeat(&self, registry: &ToolRegistry, tool: &str) -> Repeat {
        if self.is_permissive()
            || self.repeatability(registry, tool).is_idempotent()
            || self.honours_idempotency_keys(tool)
        {
            return Repeat::Allowed;
        }
        match self.check_for(tool) {
            Some(check) => Repeat::Check(Arc::clone(check)),
            None => Repeat::Refused,
        }
    }
}

/// Whether a tool's name says it reads secrets: credentials, tokens, keys,
/// the environment. A correction never moves a call onto such a tool, even
/// a read-only one: what it returns goes into the model's context.
pub(crate) fn names_a_secret(tool: &str) -> bool {
    const WORDS: [&str; 20] = [
        "secret",
        "secrets",
        "env",
        "environ",
        "environment",
        "credential",
        "credentials",
        "password",
        "passwords",
        "passwd",
        "token",
        "tokens",
        "apikey",
        "key",
        "keys",
        "vault",
        "keychain",
        "otp",
        "totp",
        "mfa",
    ];
    let mut words: Vec<String> = Vec::new();
    let mut current = String::new();
    let mut previous_lower = false;
    for c in tool.chars() {
        if !c.is_alphanumeric() {
            words.push(std::mem::take(&mut current));
            previous_lower = false;
            continue;
        }
        if c.is_uppercase() && previous_lower {
            words.push(std::mem::take(&mut current));
        }
        previous_lower = c.is_lowercase();
        current.extend(c.to_lowercase());
    }
    words.push(current);
    words.iter().any(|word| WORDS.contains(&word.as_str()))
        || tool
            .to_ascii_lowercase()
            .replace(['_', '-'], "")
            .contains("apikey")
}

/// Whether the policy's `field` (a pointer, a bare name, or `*` for every
/// field) names `pointer`.
fn names(field: &str, pointer: &str) -> bool {
    if field == "*" {
        return true;
    }
    if field.starts_with('/') {
        pointer == field || pointer.starts_with(&format!("{field}/"))
    } else {
        pointer
            .split('/')
            .any(|token| token.replace("~1", "/").replace("~0", "~") == field)
    }
}

#[cfg(test)]
mod tests;
