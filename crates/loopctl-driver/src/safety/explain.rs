//! [`SafetyPolicy::explain`]: the rules in force for every tool of a registry, as text an operator can read and diff.

use std::fmt::Write;

use super::policy::SafetyPolicy;
use crate::effect::Effect;
use crate::registry::ToolRegistry;

impl SafetyPolicy {
    /// The effective rules for every tool of `registry`: what each does and
    /// where that comes from, whether an unknown outcome may be repeated,
    /// what a fix may change, and which tools a `ToolChange` may reach.
    pub fn explain(&self, registry: &ToolRegistry) -> String {
        let mut text = String::from("safety policy\n");
        if self.is_permissive() {
            text.push_str("  permissive: every correction applies and unknown outcomes are left to the reflector\n");
        }
        let _ = writeln!(
            text,
            "  identifier fields (to, user_id, account, …) guarded without being named: {}",
            if self.infers_guards() { "yes" } else { "no" }
        );
        for (from, to) in self.allowed_pairs() {
            let _ = writeln!(text, "  tool change allowed by the policy: {from} -> {to}");
        }
        for name in registry.names() {
            self.explain_tool(registry, name, &mut text);
        }
        text
    }

    fn explain_tool(&self, registry: &ToolRegistry, name: &str, text: &mut String) {
        let source = |declared: bool, own: bool| match (declared, own) {
            (true, _) => "declared in the policy",
            (false, true) => "the tool's own word",
            (false, false) => "not declared",
        };
        let effect = self.effect(registry, name);
        let declared_effect = self
            .declared(name, |declaration| declaration.effect)
            .is_some();
        let own_effect = registry
            .get(name)
            .is_some_and(|tool| tool.effect() != Effect::Unknown);
        let repeatability = self.repeatability(registry, name);
        let declared_repeat = self
            .declared(name, |declaration| declaration.repeatability)
            .is_some();
        let _ = writeln!(text, "tool {name}");
        let _ = writeln!(
            text,
            "  effect            {effect} ({})",
            source(declared_effect, own_effect)
        );
        let _ = writeln!(
            text,
            "  repeatability     {repeatability} ({})",
            source(
                declared_repeat,
                repeatability != crate::Repeatability::Unknown
            )
        );
        let unknown = if self.is_permissive() || repeatability.is_idempotent() {
            "runs again (idempotent)".to_owned()
        } else if self.honours_idempotency_keys(name) {
            "runs again with the same idempotency key".to_owned()
        } else if let Some(check) = self.check_for(name) {
            format!("asks {} whether it took effect first", check.describe())
        } else {
            "ends the call; never repeated on a guess".to_owned()
        };
        let _ = writeln!(text, "  unknown outcome   {unknown}");
        let guarded: Vec<&str> = self
            .declared_all(name, |declaration| &declaration.guarded)
            .collect();
        let free: Vec<&str> = self
            .declared_all(name, |declaration| &declaration.free_text)
            .collect();
        let free_reach = self
            .declared(name, |declaration| declaration.free_reach)
            .unwrap_or(false);
        let mut fixes = vec![if free_reach {
            "may change URL origins and path directories".to_owned()
        } else {
            "keep the call's URL origins and path directories".to_owned()
        }];
        if effect.rank() >= Effect::Destructive.rank() {
            fixes.push(if free.is_empty() {
                "mechanical repairs only".to_owned()
            } else {
                format!(
                    "mechanical repairs only, but free text in {}",
                    free.join(", ")
                )
            });
        }
        if !guarded.is_empty() {
            fixes.push(format!("guarded: {}", guarded.join(", ")));
        }
        let _ = writeln!(text, "  input fixes       {}", fixes.join("; "));
        let reachable: Vec<&str> = registry
            .names()
            .into_iter()
            .filter(|to| *to != name && self.tool_change_refusal(registry, name, to).is_none())
            .collect();
        let _ = writeln!(
            text,
            "  tool changes to   {}",
            if reachable.is_empty() {
                "none".to_owned()
            } else {
                reachable.join(", ")
            }
        );
    }
}
