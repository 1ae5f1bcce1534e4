//! Which upstream servers a proxy fronts: the one on its command line, or each `[servers.NAME]` of its policy file, with the policy and the prefix of each.

use loopctl_mcp::McpServer;

use super::McpProxyArgs;
use super::policy::ProxyPolicy;
use crate::error::CliError;

/// The name of the one upstream given on the command line: the `upstream`
/// label of its metrics and its name in `/health`.
pub(crate) const COMMAND_LINE: &str = "default";

/// One upstream, before it is connected.
pub(crate) struct Planned {
    /// Its name.
    pub(crate) name: String,
    /// What goes before its tools' names.
    pub(crate) prefix: String,
    /// How to reach it.
    pub(crate) server: McpServer,
    /// Its own policy.
    pub(crate) policy: ProxyPolicy,
}

/// The upstreams of `args` under `policy`, in the file's order (by name).
///
/// # Errors
/// Servers named both in the file and on the command line, neither, a
/// token variable that is not set, or a prefix a client could not call.
pub(crate) fn planned(args: &McpProxyArgs, policy: &ProxyPolicy) -> Result<Vec<Planned>, CliError> {
    let servers = policy.servers();
    if servers.is_empty() {
        return Ok(vec![Planned {
            name: COMMAND_LINE.to_owned(),
            prefix: String::new(),
            server: args.upstream.server()?,
            policy: policy.clone(),
        }]);
    }
    if args.upstream.upstream_url.is_some() || !args.upstream.command.is_empty() {
        return Err(CliError::Input(
            "the policy file lists [servers]; name the upstream servers there or on the command line, not both".into(),
        ));
    }
    overlapping_prefixes(&servers)?;
    // Every server's token variable, kept from every command's environment:
    // a child inherits the proxy's, and a token is for its own server only.
    let tokens: Vec<&String> = servers
        .iter()
        .filter_map(|(_, settings)| settings.token_env.as_ref())
        .collect();
    let mut planned = Vec::with_capacity(servers.len());
    for (name, settings) in &servers {
        let name = name.clone();
        let prefix = settings.prefix_for(&name);
        if let Some(bad) = prefix
            .chars()
            .find(|c| !(c.is_ascii_alphanumeric() || matches!(c, '_' | '-' | '.')))
        {
            return Err(CliError::Input(format!(
                "[servers.{name}] prefix \"{prefix}\" has `{bad}`, which MCP clients refuse in a tool name; use letters, digits, `_`, `-` and `.`"
            )));
        }
        let server = match (&settings.command, &settings.url) {
            (Some(command), None) => {
                let Some((program, rest)) = command.split_first() else {
                    return Err(CliError::Input(format!(
                        "[servers.{name}] command is empty"
                    )));
                };
                if settings.token_env.is_some() {
                    return Err(CliError::Input(format!(
                        "[servers.{name}] token_env is sent to a `url` only; pass a command's keys in its own environment"
                    )));
                }
                tokens
                    .iter()
                    .fold(McpServer::stdio(program).args(rest), |server, var| {
                        server.env_remove(var.as_str())
                    })
            }
            (None, Some(url)) => {
                let mut server = McpServer::http(url.clone());
                if let Some(var) = &settings.token_env {
                    if url.starts_with("http://") && !is_loopback(url) {
                        eprintln!(
                            "loopctl mcp-proxy: warning: [servers.{name}] sends its token over plain http:// to another machine; anyone on the way can read it"
                        );
                    }
                    let token = std::env::var(var)
                        .ok()
                        .filter(|token| !token.trim().is_empty());
                    let Some(token) = token else {
                        return Err(CliError::Input(format!(
                            "the environment variable `{var}` is not set or empty (named by [servers.{name}] token_env); export it before starting the proxy"
                        )));
                    };
                    server = server.bearer_token(token.trim());
                }
                server
            }
            // The policy checker refuses both and neither.
            _ => {
                return Err(CliError::Input(format!(
                    "[servers.{name}] needs exactly one of `command` and `url`"
                )));
            }
        };
        let Some(own) = policy.for_server(&name, args.recovery.clone(), args.call_timeout) else {
            continue;
        };
        planned.push(Planned {
            name,
            prefix,
            server,
            policy: own,
        });
    }
    Ok(planned)
}

/// Refuses two prefixes of which one begins the other (an empty one begins
/// every other): a server whose tool list changes while the proxy runs
/// could then list a name clients reach another server by.
fn overlapping_prefixes(
    servers: &[(String, loopctl_policy::ServerSettings)],
) -> Result<(), CliError> {
    let prefixes: Vec<(&str, String)> = servers
        .iter()
        .map(|(name, settings)| (name.as_str(), settings.prefix_for(name)))
        .collect();
    for (at, (name, prefix)) in prefixes.iter().enumerate() {
        for (other, other_prefix) in &prefixes[at + 1..] {
            if prefix.starts_with(other_prefix.as_str())
                || other_prefix.starts_with(prefix.as_str())
            {
                return Err(CliError::Input(format!(
                    "[servers.{name}] prefix \"{prefix}\" and [servers.{other}] prefix \"{other_prefix}\" overlap, so one server could list a tool named as the other's; give each server a prefix that does not begin another's"
                )));
            }
        }
    }
    Ok(())
}

/// Whether `url`'s host is this machine.
fn is_loopback(url: &str) -> bool {
    url::Url::parse(url).is_ok_and(|url| match url.host() {
        Some(url::Host::Ipv4(address)) => address.is_loopback(),
        Some(url::Host::Ipv6(address)) => address.is_loopback(),
        Some(url::Host::Domain(domain)) => domain == "localhost",
        None => false,
    })
}

/// Warns of the names clients will see that some refuse: the OpenAI and
/// Anthropic APIs take tool names of 1 to 64 letters, digits, `_` and `-`.
pub(crate) fn refused_names(prefix: &str, tools: &[String]) {
    let refused: Vec<String> = tools
        .iter()
        .map(|tool| format!("{prefix}{tool}"))
        .filter(|name| {
            name.len() > 64
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '-'))
        })
        .collect();
    if let Some(first) = refused.first() {
        eprintln!(
            "loopctl mcp-proxy: warning: {} tool name{} as clients see {} (`{first}`{}) {} longer than 64 characters or {} characters other than letters, digits, `_` and `-`; clients backed by the OpenAI or Anthropic APIs refuse such names",
            refused.len(),
            if refused.len() == 1 { "" } else { "s" },
            if refused.len() == 1 { "it" } else { "them" },
            if refused.len() > 1 { ", …" } else { "" },
            if refused.len() == 1 { "is" } else { "are" },
            if refused.len() == 1 { "has" } else { "have" },
        );
    }
}
