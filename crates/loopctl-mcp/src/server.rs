//! Where an MCP server is and how to reach it again: a command to spawn or a URL to open.

use std::ffi::OsString;
use std::fmt;
use std::path::PathBuf;

use rmcp::ClientHandler;
use rmcp::model::ProtocolVersion;
use rmcp::model::{ClientCapabilities, ClientConfig, Implementation};
use rmcp::service::{ClientLifecycleMode, ClientServiceExt};
use rmcp::service::{RoleClient, RunningService};

use crate::error::McpError;

/// How to reach one MCP server: a command started as a child process
/// (feature `stdio`) or a streamable HTTP endpoint (feature `http`).
///
/// Kept as a recipe rather than a connection, because the set reconnects
/// with it: a dead child is spawned again, a lost HTTP connection reopened.
#[derive(Clone, PartialEq, Eq)]
pub struct McpServer {
    target: Target,
    args: Vec<OsString>,
    env: Vec<(OsString, OsString)>,
    /// Variables of this process the command does not inherit.
    env_removed: Vec<OsString>,
    cwd: Option<PathBuf>,
    bearer: Option<String>,
    headers: Vec<(String, String)>,
}

#[derive(Clone, PartialEq, Eq)]
enum Target {
    #[cfg(feature = "stdio")]
    Command(OsString),
    #[cfg(feature = "http")]
    Url(String),
}

impl McpServer {
    fn new(target: Target) -> Self {
        Self {
            target,
            args: Vec::new(),
            env: Vec::new(),
            env_removed: Vec::new(),
            cwd: None,
            bearer: None,
            headers: Vec::new(),
        }
    }

    /// A server started as `program` and spoken to over its stdin and stdout.
    /// Its stderr is inherited, so its own diagnostics stay visible.
    #[cfg(feature = "stdio")]
    #[cfg_attr(docsrs, doc(cfg(feature = "stdio")))]
    pub fn stdio(program: impl Into<OsString>) -> Self {
        Self::new(Target::Command(program.into()))
    }

    /// A server at a streamable HTTP endpoint such as `http://127.0.0.1:8000/mcp`.
    #[cfg(feature = "http")]
    #[cfg_attr(docsrs, doc(cfg(feature = "http")))]
    pub fn http(url: impl Into<String>) -> Self {
        Self::new(Target::Url(url.into()))
    }

    /// Adds one argument to the command (stdio servers; ignored for HTTP).
    #[must_use]
    pub fn arg(self, arg: impl Into<OsString>) -> Self {
        self.args([arg])
    }

    /// Adds arguments to the command (stdio servers; ignored for HTTP).
    #[must_use]
    pub fn args<I, S>(mut self, args: I) -> Self
    where
        I: IntoIterator<Item = S>,
        S: Into<OsString>,
    {
        self.args.extend(args.into_iter().map(Into::into));
        self
    }

    /// Sets an environment variable for the command (stdio servers; ignored for HTTP).
    #[must_use]
    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }

    /// Keeps the variable `key` of this process from the command, which
    /// otherwise inherits the whole environment (stdio servers; ignored for
    /// HTTP): a key meant for another server stays out of this one.
    #[must_use]
    pub fn env_remove(mut self, key: impl Into<OsString>) -> Self {
        self.env_removed.push(key.into());
        self
    }

    /// Runs the command in `dir` (stdio servers; ignored for HTTP).
    #[must_use]
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cwd = Some(dir.into());
        self
    }

    /// Sends `Authorization: Bearer <token>` with every request (HTTP servers; ignored for stdio).
    /// The token is never shown: not by `Display` or `Debug`, not in an error.
    #[must_use]
    pub fn bearer_token(mut self, token: impl Into<String>) -> Self {
        self.bearer = Some(token.into());
        self
    }

    /// Sends the header `name: value` with every request (HTTP servers;
    /// ignored for stdio): an API key header such as `X-Api-Key`. The value
    /// is never shown. A name or value HTTP does not allow fails the
    /// connection with [`McpError::InvalidHeader`].
    #[must_use]
    pub fn header(mut self, name: impl Into<String>, value: impl Into<String>) -> Self {
        self.headers.push((name.into(), value.into()));
        self
    }

    /// `text` (an error from the transport or the operating system) as it
    /// may be shown: the server's URL as `Display` shows it, the values of
    /// its bearer token, headers and environment hidden, and whatever else
    /// [`Redactor::standard`](loopctl_redact::Redactor::standard) finds.
    pub(crate) fn scrub(&self, text: &str) -> String {
        let mut shown = text.to_owned();
        #[cfg(feature = "http")]
        if let Target::Url(url) = &self.target {
            let described = loopctl_redact::describe_url(url);
            // reqwest prints the URL it parsed, which may differ from the
            // one given (a default port dropped, a host lower-cased).
            let parsed = reqwest::Url::parse(url).map(String::from).ok();
            for form in std::iter::once(url.as_str()).chain(parsed.as_deref()) {
                if !form.is_empty() {
                    shown = shown.replace(form, &described);
                }
            }
        }
        let secrets = self
            .bearer
            .iter()
            .map(String::as_str)
            .chain(self.headers.iter().map(|(_, value)| value.as_str()))
            .chain(self.env.iter().filter_map(|(_, value)| value.to_str()));
        for secret in secrets.filter(|secret| secret.len() >= 4) {
            shown = shown.replace(secret, loopctl_redact::MARK);
        }
        // Any other spelling of a URL (reqwest drops the user info and keeps
        // the query): every query value goes.
        let shown = loopctl_redact::describe_urls_in(&shown);
        loopctl_redact::Redactor::standard()
            .text(&shown)
            .into_owned()
    }

    /// `true` for a child-process server: a request that could not be
    /// written to its stdin never reached it.
    pub(crate) fn is_stdio(&self) -> bool {
        match self.target {
            #[cfg(feature = "stdio")]
            Target::Command(_) => true,
            #[cfg(feature = "http")]
            Target::Url(_) => false,
        }
    }

    /// Starts (or reaches) the server and runs the MCP handshake; its raw
    /// `tools/list` answers are also shown to `tap`.
    pub(crate) async fn connect<H: ClientHandler>(
        &self,
        handler: H,
        tap: &std::sync::Arc<crate::extras::ToolTap>,
    ) -> Result<RunningService<RoleClient, H>, McpError> {
        match &self.target {
            #[cfg(feature = "stdio")]
            Target::Command(program) => {
                let mut command = tokio::process::Command::new(program);
                // A child whose connection is gone is killed with it, even
                // when it hangs or the runtime stops first.
                command.kill_on_drop(true);
                for key in &self.env_removed {
                    command.env_remove(key);
                }
                command
                    .args(&self.args)
                    .envs(self.env.iter().map(|(k, v)| (k, v)));
                if let Some(dir) = &self.cwd {
                    command.current_dir(dir);
                }
                command.stderr(std::process::Stdio::inherit());
                let transport =
                    crate::child::ChildTransport::spawn(command, std::sync::Arc::clone(tap))
                        .map_err(|error| McpError::Spawn {
                            server: self.to_string(),
                            reason: self.scrub(&error.to_string()),
                        })?;
                handler
                    .serve_with_lifecycle(transport, lifecycle())
                    .await
                    .map_err(|error| self.handshake_failed(&error))
            }
            #[cfg(feature = "http")]
            Target::Url(url) => {
                use rmcp::transport::StreamableHttpClientTransport;
                use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
                let mut config = StreamableHttpClientTransportConfig::with_uri(url.clone());
                if let Some(token) = &self.bearer {
                    config = config.auth_header(token.clone());
                }
                if !self.headers.is_empty() {
                    config = config.custom_headers(self.header_map()?);
                }
                let client = crate::http_tap::TapClient::new(std::sync::Arc::clone(tap))
                    .map_err(|error| self.handshake_failed(&error))?;
                let transport = StreamableHttpClientTransport::with_client(client, config);
                handler
                    .serve_with_lifecycle(transport, lifecycle())
                    .await
                    .map_err(|error| self.handshake_failed(&error))
            }
        }
    }

    fn handshake_failed(&self, error: &dyn std::error::Error) -> McpError {
        McpError::Handshake {
            server: self.to_string(),
            reason: self.scrub(&error.to_string()),
        }
    }

    /// The extra headers, marked sensitive so HTTP layers never log them.
    #[cfg(feature = "http")]
    fn header_map(
        &self,
    ) -> Result<
        std::collections::HashMap<reqwest::header::HeaderName, reqwest::header::HeaderValue>,
        McpError,
    > {
        let mut map = std::collections::HashMap::with_capacity(self.headers.len());
        for (name, value) in &self.headers {
            let invalid = |reason: String| McpError::InvalidHeader {
                server: self.to_string(),
                name: name.clone(),
                reason,
            };
            let header = reqwest::header::HeaderName::from_bytes(name.as_bytes())
                .map_err(|error| invalid(error.to_string()))?;
            let mut value = reqwest::header::HeaderValue::from_str(value)
                .map_err(|_| invalid("the value holds characters HTTP does not allow".into()))?;
            value.set_sensitive(true);
            map.insert(header, value);
        }
        Ok(map)
    }
}

/// The newest protocol when the server speaks it (2026-07-28: a server can
/// ask the user for input mid-call), else the server's own.
fn lifecycle() -> ClientLifecycleMode {
    ClientLifecycleMode::Auto {
        preferred_versions: vec![ProtocolVersion::V_2026_07_28],
        legacy_version: None,
    }
}

/// The identity loopctl gives itself in the MCP handshake.
pub(crate) fn client_config() -> ClientConfig {
    ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("loopctl", env!("CARGO_PKG_VERSION")),
    )
}

impl fmt::Display for McpServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.target {
            #[cfg(feature = "stdio")]
            // Arguments and URLs carry keys (`--api-key …`, `?token=…`,
            // `user:pass@`): the program's name and the URL's shape are shown.
            Target::Command(program) => {
                let name = std::path::Path::new(program)
                    .file_name()
                    .unwrap_or(program)
                    .to_string_lossy();
                match self.args.len() {
                    0 => write!(f, "{name}"),
                    1 => write!(f, "{name} (1 argument)"),
                    n => write!(f, "{name} ({n} arguments)"),
                }
            }
            #[cfg(feature = "http")]
            Target::Url(url) => f.write_str(&loopctl_redact::describe_url(url)),
        }
    }
}

impl fmt::Debug for McpServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The arguments, environment, headers and bearer token may hold
        // secrets: only what `Display` shows is shown.
        f.debug_tuple("McpServer").field(&self.to_string()).finish()
    }
}
