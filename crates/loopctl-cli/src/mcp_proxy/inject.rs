//! `--inject`: seeded faults in front of the upstreams, for testing how an agent copes when its tools fail.
//!
//! A rule is `[SERVER[/TOOL]:]FAULT=RATE[@DELAY]`: `error=0.1` fails one
//! call in ten of every tool of every server with an error result;
//! `fs/read_file:drop=0.05` drops the connection under one call in twenty
//! of server `fs`'s `read_file`; `latency=0.5@2s` delays half the calls by
//! two seconds. FAULT is `latency` (which needs `@DELAY`), `error`,
//! `rpc-error` or `drop`.

use std::sync::Arc;

use loopctl_mcp::{FaultKind, FaultPlan, FaultRule};

use crate::args::parse_duration;
use crate::error::CliError;

/// One `--inject` rule, read.
#[derive(Debug, Clone, PartialEq)]
pub struct InjectRule {
    /// Only this server's calls; `None` for every server.
    pub server: Option<String>,
    /// The fault, its rate and its tool.
    pub rule: FaultRule,
}

/// Reads one `--inject` value (clap's value parser).
///
/// # Errors
/// A value that is not `[SERVER[/TOOL]:]FAULT=RATE[@DELAY]`, with what to
/// write instead.
pub fn parse_rule(text: &str) -> Result<InjectRule, String> {
    let form = "write [SERVER[/TOOL]:]FAULT=RATE[@DELAY], such as `error=0.1`, `fs/read_file:drop=0.05` or `latency=0.5@2s`";
    let (scope, fault) = match text.rsplit_once(':') {
        Some((scope, fault)) => (Some(scope), fault),
        None => (None, text),
    };
    let (server, tool) = match scope {
        None => (None, None),
        Some(scope) => match scope.split_once('/') {
            Some((server, tool)) => (Some(server), Some(tool)),
            None => (Some(scope), None),
        },
    };
    if server.is_some_and(str::is_empty) || tool.is_some_and(str::is_empty) {
        return Err(format!("`{text}` names an empty server or tool; {form}"));
    }
    let Some((name, value)) = fault.split_once('=') else {
        return Err(format!("`{text}` gives no rate; {form}"));
    };
    let (rate, delay) = match value.split_once('@') {
        Some((rate, delay)) => (rate, Some(delay)),
        None => (value, None),
    };
    let rate: f64 = rate
        .trim()
        .parse()
        .ok()
        .filter(|rate: &f64| (0.0..=1.0).contains(rate))
        .ok_or_else(|| {
            format!("`{text}`: the rate `{rate}` is not a share of calls from 0 to 1; {form}")
        })?;
    let kind = match (name.trim(), delay) {
        ("latency", Some(delay)) => FaultKind::Latency(
            parse_duration(delay).map_err(|error| format!("`{text}`: the delay {error}"))?,
        ),
        ("latency", None) => {
            return Err(format!(
                "`{text}`: latency needs its delay after `@`, such as `latency=0.5@2s`"
            ));
        }
        (_, Some(_)) => {
            return Err(format!("`{text}`: only latency takes a delay after `@`"));
        }
        ("error", None) => FaultKind::ErrorResult,
        ("rpc-error", None) => FaultKind::RpcError,
        ("drop", None) => FaultKind::Drop,
        (other, None) => {
            return Err(format!(
                "`{text}`: `{other}` is not a fault; the faults are latency, error, rpc-error and drop"
            ));
        }
    };
    Ok(InjectRule {
        server: server.map(str::to_owned),
        rule: FaultRule {
            kind,
            rate,
            tool: tool.map(str::to_owned),
        },
    })
}

/// The plan of server `name` under `rules` and `seed`; `None` when no rule
/// is for it.
pub(crate) fn plan_for(name: &str, rules: &[InjectRule], seed: u64) -> Option<Arc<FaultPlan>> {
    let mine: Vec<FaultRule> = rules
        .iter()
        .filter(|rule| rule.server.as_deref().is_none_or(|server| server == name))
        .map(|rule| rule.rule.clone())
        .collect();
    if mine.is_empty() {
        return None;
    }
    // The rates were checked when the flags were read.
    FaultPlan::new(seed, mine).ok().map(Arc::new)
}

/// Points out each rule for a tool server `name` does not list: most often
/// the name clients see, prefix included, where the server's own is meant.
pub(crate) fn unmatched_tools(rules: &[InjectRule], name: &str, prefix: &str, tools: &[String]) {
    for rule in rules {
        let Some(tool) = &rule.rule.tool else {
            continue;
        };
        if rule.server.as_deref() != Some(name) || tools.contains(tool) {
            continue;
        }
        let meant = tool
            .strip_prefix(prefix)
            .filter(|own| !prefix.is_empty() && tools.iter().any(|listed| listed == own))
            .map(str::to_owned)
            .or_else(|| {
                loopctl_reflect_core::closest_tool(tool, tools.iter().map(String::as_str))
                    .map(str::to_owned)
            });
        let hint = meant.map_or_else(String::new, |own| format!("; did you mean `{name}/{own}`?"));
        eprintln!(
            "loopctl mcp-proxy: warning: --inject names the tool `{tool}`, which server `{name}` does not list, so the rule never fires (a rule takes the server's own name, without the prefix){hint}"
        );
    }
}

/// Refuses a rule for a server the proxy does not front.
pub(crate) fn check_servers(rules: &[InjectRule], servers: &[String]) -> Result<(), CliError> {
    for rule in rules {
        if let Some(server) = &rule.server
            && !servers.contains(server)
        {
            return Err(CliError::Input(format!(
                "--inject names the server `{server}`, which this proxy does not front; its servers are: {}",
                servers.join(", ")
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn each_part_of_a_rule_is_read() {
        let rule = parse_rule("fs/read_file:latency=0.25@2s").unwrap();
        assert_eq!(rule.server.as_deref(), Some("fs"));
        assert_eq!(rule.rule.tool.as_deref(), Some("read_file"));
        assert_eq!(rule.rule.kind, FaultKind::Latency(Duration::from_secs(2)));
        assert!((rule.rule.rate - 0.25).abs() < f64::EPSILON);
        let bare = parse_rule("drop=1").unwrap();
        assert_eq!((bare.server, bare.rule.tool), (None, None));
        assert_eq!(bare.rule.kind, FaultKind::Drop);
        assert_eq!(
            parse_rule("db:rpc-error=0.1").unwrap().rule.kind,
            FaultKind::RpcError
        );
    }

    #[test]
    fn a_bad_rule_says_what_to_write() {
        for (text, said) in [
            ("error=1.5", "not a share of calls"),
            ("error", "gives no rate"),
            ("latency=0.5", "needs its delay"),
            ("error=0.5@1s", "only latency"),
            ("timeout=0.5", "not a fault"),
            (":error=0.5", "empty server"),
            ("fs/:error=0.5", "empty server or tool"),
            ("latency=0.5@soon", "the delay"),
        ] {
            let error = parse_rule(text).unwrap_err();
            assert!(error.contains(said), "{text}: {error}");
        }
    }

    #[test]
    fn a_plan_takes_only_the_rules_for_its_server() {
        let rules: Vec<InjectRule> = ["error=0.1", "fs:drop=0.2", "db:rpc-error=0.3"]
            .into_iter()
            .map(|text| parse_rule(text).unwrap())
            .collect();
        let plan = plan_for("fs", &rules, 1).unwrap();
        let kinds: Vec<&FaultKind> = plan.rules().iter().map(|rule| &rule.kind).collect();
        assert_eq!(kinds, [&FaultKind::ErrorResult, &FaultKind::Drop]);
        assert!(plan_for("web", &rules[1..], 1).is_none());
        assert!(check_servers(&rules, &["fs".into()]).is_err());
        assert!(check_servers(&rules, &["fs".into(), "db".into()]).is_ok());
    }
}
