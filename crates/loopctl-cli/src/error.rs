//! [`CliError`]: what ends a command early, and the exit code it maps to.

/// Why a command stopped. Its message is one line that names the argument
/// or the line at fault.
#[derive(Debug, thiserror::Error)]
pub enum CliError {
    /// Bad usage or bad input: exit code 2.
    #[error("{0}")]
    Input(String),
    /// The command ran and a check it makes failed: exit code 1.
    #[error("{0}")]
    Check(String),
    /// The peer the command serves went away before it began (the proxy's
    /// client closed stdin before the handshake): exit code 3.
    #[error("{0}")]
    Closed(String),
}

impl CliError {
    /// The process exit code: 1 for a failed check, 2 for bad input, 3
    /// for a peer that went away first.
    pub const fn exit_code(&self) -> u8 {
        match self {
            Self::Check(_) => 1,
            Self::Input(_) => 2,
            Self::Closed(_) => 3,
        }
    }
}
