//! `--explain`, and the notices at start: the policy in force for each upstream's tools, and the policy sections that name no tool.

use loopctl_driver::{BreakerConfig, ToolRegistry};
use loopctl_mcp::McpToolSet;

use super::McpProxyArgs;
use super::policy::ProxyPolicy;
use super::servers::Planned;

/// `--explain`: the policy of each upstream, under its name when there are several.
pub(crate) fn explain_all(
    planned: &[Planned],
    sets: &[Option<McpToolSet>],
    args: &McpProxyArgs,
) -> String {
    let several = planned.len() > 1 || planned.iter().any(|plan| !plan.prefix.is_empty());
    let mut text = String::new();
    for (plan, set) in planned.iter().zip(sets) {
        let mut registry = ToolRegistry::new();
        if let Some(set) = set {
            set.register_into(&mut registry);
        }
        if several {
            let state = if set.is_some() {
                ""
            } else {
                " (did not start: no tools)"
            };
            text.push_str(&format!(
                "server {} (tools listed as {}NAME){state}\n",
                plan.name, plan.prefix
            ));
        }
        text.push_str(&explain(
            &plan.policy,
            &registry,
            breaker_of(&plan.policy, args),
        ));
    }
    text
}

/// Points out each tool the policy file names that is none of the
/// upstream's tools (a `[tools.NAME]`, or a name in one of the first
/// format's lists), with the nearest name.
pub(crate) fn unmatched_sections(policy: &ProxyPolicy, names: &[String]) {
    let known: Vec<&str> = names.iter().map(String::as_str).collect();
    let hint = |nearest: Option<&str>| {
        nearest.map_or_else(String::new, |tool| format!("; did you mean `{tool}`?"))
    };
    if let Some(file) = &policy.file {
        for (section, nearest) in file.sections_matching_nothing(&known) {
            eprintln!(
                "loopctl mcp-proxy: --policy: [tools.{section}] names none of the upstream's tools{}",
                hint(nearest)
            );
        }
    }
    for (key, name) in &policy.named_tools {
        if !known.contains(&name.as_str()) {
            let nearest = loopctl_reflect_core::closest_tool(name, known.iter().copied());
            eprintln!(
                "loopctl mcp-proxy: --policy: `{name}` in {key} is none of the upstream's tools{}",
                hint(nearest)
            );
        }
    }
}

/// The breaker: a loopctl.toml's wins over the flags, as its other keys
/// do; `None` when it is off.
pub(crate) fn breaker_of(policy: &ProxyPolicy, args: &McpProxyArgs) -> Option<BreakerConfig> {
    let from_file = (policy.file.as_ref()).and_then(|file| file.for_defaults().breaker);
    match from_file {
        Some(breaker) => Some(breaker.config()),
        None => (args.breaker_threshold > 0).then_some(BreakerConfig {
            failure_threshold: args.breaker_threshold,
            cool_down: args.breaker_cool_down,
        }),
    }
}

/// The proxy's whole policy as text: the recovery settings, then the
/// safety policy against the upstream's tools.
fn explain(
    policy: &ProxyPolicy,
    registry: &ToolRegistry,
    breaker: Option<BreakerConfig>,
) -> String {
    let recovery = &policy.recovery;
    let breaker = breaker.map_or_else(
        || "off".to_owned(),
        |breaker| {
            format!(
                "a tool's circuit opens after {} failures in a row, for {}",
                breaker.failure_threshold,
                humantime::format_duration(breaker.cool_down)
            )
        },
    );
    format!(
        "recovery\n  reflector: {}\n  max retries: {}\n  base delay: {} ms\n  call time-out: {} ms\n  breaker: {breaker}\n  the upstream's hints count: {}\n{}",
        clap::ValueEnum::to_possible_value(&recovery.reflector)
            .map_or_else(String::new, |value| value.get_name().to_owned()),
        recovery.max_retries,
        recovery.base_delay.as_millis(),
        policy.call_timeout.as_millis(),
        if policy.trust_annotations {
            "yes"
        } else {
            "no"
        },
        policy.safety.explain(registry)
    )
}
