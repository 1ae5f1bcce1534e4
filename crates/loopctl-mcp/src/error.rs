//! What can go wrong when connecting to an MCP server or listing its tools.

/// An error connecting to an MCP server or reading its tool list.
///
/// A failing *call* is never one of these: it becomes an error output that
/// the driver reflects on and recovers from.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum McpError {
    /// The server's command could not be started.
    #[error(
        "could not start the MCP server `{server}`: {reason}; check the command and that it is installed"
    )]
    Spawn {
        /// The command or URL of the server.
        server: String,
        /// What the operating system said.
        reason: String,
    },
    /// The server did not complete the MCP handshake.
    #[error(
        "the MCP server `{server}` did not complete the handshake: {reason}; check that it speaks MCP on this transport"
    )]
    Handshake {
        /// The command or URL of the server.
        server: String,
        /// What went wrong.
        reason: String,
    },
    /// `tools/list` failed.
    #[error("the MCP server `{server}` did not list its tools: {reason}")]
    ListTools {
        /// The command or URL of the server.
        server: String,
        /// What went wrong.
        reason: String,
    },
    /// A header given with [`McpServer::header`](crate::McpServer::header)
    /// is not valid HTTP.
    #[error(
        "the header `{name}` for the MCP server `{server}` is not valid HTTP: {reason}; fix its name or value"
    )]
    InvalidHeader {
        /// The server as `Display` shows it.
        server: String,
        /// The header's name.
        name: String,
        /// What is wrong with it.
        reason: String,
    },
    /// Every reconnection attempt failed.
    #[error("the MCP server `{server}` could not be reached after {attempts} attempts: {reason}")]
    Unreachable {
        /// The command or URL of the server.
        server: String,
        /// How many connections were tried.
        attempts: u32,
        /// The last attempt's error.
        reason: String,
    },
}
