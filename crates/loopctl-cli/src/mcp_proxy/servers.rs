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
    let mut planned = Vec::with_capacity(servers.len());
    for (name, settings) in servers {
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
                McpServer::stdio(program).args(rest)
            }
            (None, Some(url)) => {
                let mut server = McpServer::http(url.clone());
                if let Some(var) = &settings.token_env {
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
