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
    cwd: Option<PathBuf>,
    bearer: Option<String>,
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
            cwd: None,
            bearer: None,
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

    /// Runs the command in `dir` (stdio servers; ignored for HTTP).
    #[must_use]
    pub fn current_dir(mut self, dir: impl Into<PathBuf>) -> Self {
        self.cwd = Some(dir.into());
        self
    }

    /// Sends `Authorization: Bearer <token>` with every request (HTTP servers; ignored for stdio).
    #[must_use]
    pub fn bearer_token(mut self, token: impl Into<String>) -> Self {
        self.bearer = Some(token.into());
        self
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

    /// Starts (or reaches) the server and runs the MCP handshake.
    pub(crate) async fn connect<H: ClientHandler>(
        &self,
        handler: H,
    ) -> Result<RunningService<RoleClient, H>, McpError> {
        match &self.target {
            #[cfg(feature = "stdio")]
            Target::Command(program) => {
                let mut command = tokio::process::Command::new(program);
                // A child whose connection is gone is killed with it, even
                // when it hangs or the runtime stops first.
                command.kill_on_drop(true);
                command
                    .args(&self.args)
                    .envs(self.env.iter().map(|(k, v)| (k, v)));
                if let Some(dir) = &self.cwd {
                    command.current_dir(dir);
                }
                let (transport, _stderr) = rmcp::transport::TokioChildProcess::builder(command)
                    .stderr(std::process::Stdio::inherit())
                    .spawn()
                    .map_err(|error| McpError::Spawn {
                        server: self.to_string(),
                        reason: error.to_string(),
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
                let transport = StreamableHttpClientTransport::from_config(config);
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
            reason: error.to_string(),
        }
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
            Target::Command(program) => {
                write!(f, "{}", program.to_string_lossy())?;
                for arg in &self.args {
                    write!(f, " {}", arg.to_string_lossy())?;
                }
                Ok(())
            }
            #[cfg(feature = "http")]
            Target::Url(url) => f.write_str(url),
        }
    }
}

impl fmt::Debug for McpServer {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The environment and a bearer token may hold secrets: only the command or URL is shown.
        f.debug_tuple("McpServer").field(&self.to_string()).finish()
    }
}
