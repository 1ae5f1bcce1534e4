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
}

impl CliError {
    /// The process exit code: 1 for a failed check, 2 for bad input.
    pub const fn exit_code(&self) -> u8 {
        match self {
            Self::Check(_) => 1,
            Self::Input(_) => 2,
        }
    }
}
