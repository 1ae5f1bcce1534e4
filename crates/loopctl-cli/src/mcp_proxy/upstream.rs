//! The upstream server the proxy fronts, and its credentials read from the environment or files, never from the command line.

use std::path::PathBuf;

use loopctl_mcp::McpServer;

use crate::error::CliError;

/// How the proxy reaches its upstream and authenticates to it.
#[derive(Debug, Clone, Default, clap::Args)]
pub struct UpstreamArgs {
    /// The upstream is a streamable HTTP server at this URL, not a command.
    /// Put no key in it: use the token and header options instead.
    #[arg(long, value_name = "URL", conflicts_with = "command")]
    pub upstream_url: Option<String>,
    /// Send `Authorization: Bearer <token>` upstream, the token read from
    /// this environment variable.
    #[arg(
        long,
        value_name = "VAR",
        requires = "upstream_url",
        conflicts_with = "upstream_token_file"
    )]
    pub upstream_token_env: Option<String>,
    /// Send `Authorization: Bearer <token>` upstream, the token read from
    /// this file (a trailing newline is ignored).
    #[arg(long, value_name = "FILE", requires = "upstream_url")]
    pub upstream_token_file: Option<PathBuf>,
    /// Send the header NAME upstream, its value read from the environment
    /// variable VAR; repeat for more headers.
    #[arg(long, value_name = "NAME=VAR", requires = "upstream_url")]
    pub upstream_header_env: Vec<String>,
    /// Send the header NAME upstream, its value read from FILE; repeat for
    /// more headers.
    #[arg(long, value_name = "NAME=FILE", requires = "upstream_url")]
    pub upstream_header_file: Vec<String>,
    /// The upstream server's command and its arguments, last, with or
    /// without `--` before them. Pass its keys in its environment, not as
    /// arguments: arguments are visible to every user of the machine.
    #[arg(trailing_var_arg = true, value_name = "COMMAND")]
    pub command: Vec<String>,
}

impl UpstreamArgs {
    /// The upstream server, with its credentials read.
    ///
    /// # Errors
    /// No upstream named, or a credential that cannot be read: exit code 2.
    /// The message names the variable or file, never its content.
    pub fn server(&self) -> Result<McpServer, CliError> {
        let Some(url) = &self.upstream_url else {
            // A launcher that strips one `--` fewer than it was given
            // leaves one in front of the command.
            let command = match self.command.split_first() {
                Some((first, rest)) if first == "--" => rest,
                _ => self.command.as_slice(),
            };
            let Some((program, rest)) = command.split_first() else {
                return Err(CliError::Input(
                    "name the upstream server: `loopctl mcp-proxy -- COMMAND [ARGS...]` or `--upstream-url URL`".into(),
                ));
            };
            return Ok(McpServer::stdio(program).args(rest));
        };
        let mut server = McpServer::http(url.clone());
        if let Some(var) = &self.upstream_token_env {
            server = server.bearer_token(from_env("--upstream-token-env", var)?);
        }
        if let Some(path) = &self.upstream_token_file {
            server = server.bearer_token(from_file("--upstream-token-file", path)?);
        }
        for pair in &self.upstream_header_env {
            let (name, var) = split("--upstream-header-env", pair)?;
            server = server.header(name, from_env("--upstream-header-env", var)?);
        }
        for pair in &self.upstream_header_file {
            let (name, path) = split("--upstream-header-file", pair)?;
            server = server.header(
                name,
                from_file("--upstream-header-file", &PathBuf::from(path))?,
            );
        }
        Ok(server)
    }
}

fn split<'a>(flag: &str, pair: &'a str) -> Result<(&'a str, &'a str), CliError> {
    match pair.split_once('=') {
        Some((name, source)) if !name.trim().is_empty() && !source.is_empty() => {
            Ok((name.trim(), source))
        }
        _ => Err(CliError::Input(format!(
            "{flag} takes NAME=SOURCE, such as `X-Api-Key=UPSTREAM_KEY`; got `{pair}`"
        ))),
    }
}

fn from_env(flag: &str, var: &str) -> Result<String, CliError> {
    // The source is named before the flag: after a flag whose name says
    // `token`, the redactor would take the source for the secret itself.
    match std::env::var(var) {
        Ok(value) if !value.trim().is_empty() => Ok(value.trim().to_owned()),
        Ok(_) => Err(CliError::Input(format!(
            "the environment variable `{var}` is empty (named by {flag})"
        ))),
        Err(_) => Err(CliError::Input(format!(
            "the environment variable `{var}` is not set or not UTF-8 (named by {flag}); export it before starting the proxy"
        ))),
    }
}

fn from_file(flag: &str, path: &std::path::Path) -> Result<String, CliError> {
    let text = std::fs::read_to_string(path).map_err(|error| {
        CliError::Input(format!(
            "cannot read `{}` (named by {flag}): {error}",
            path.display()
        ))
    })?;
    let value = text.trim();
    if value.is_empty() {
        return Err(CliError::Input(format!(
            "the file `{}` is empty (named by {flag})",
            path.display()
        )));
    }
    Ok(value.to_owned())
}
