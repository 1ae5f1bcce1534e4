//! Skips that become failures where the missing part is required: a developer without a tool gets a notice, CI gets a red run.
//!
//! `.ci/run` installs `redis-server`, the reference MCP servers and the
//! other outside parts, then sets `LOOPCTL_REQUIRE_<PART>=1` for each, so a
//! test that cannot find its part there fails instead of passing unrun.

/// The parts a test may need from outside the workspace, with the variable
/// that makes each required.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Part {
    /// `redis-server` on `PATH` (`LOOPCTL_REQUIRE_REDIS`).
    Redis,
    /// `node` and the npm reference MCP servers (`LOOPCTL_REQUIRE_MCP_REFERENCE`).
    McpReference,
    /// The `openssl` command, for test certificates (`LOOPCTL_REQUIRE_OPENSSL`).
    Openssl,
    /// Prometheus's `promtool`, which checks a metrics exposition
    /// (`LOOPCTL_REQUIRE_PROMTOOL`).
    Promtool,
}

impl Part {
    /// The variable that, set to `1`, makes this part required.
    pub const fn variable(self) -> &'static str {
        match self {
            Self::Redis => "LOOPCTL_REQUIRE_REDIS",
            Self::McpReference => "LOOPCTL_REQUIRE_MCP_REFERENCE",
            Self::Openssl => "LOOPCTL_REQUIRE_OPENSSL",
            Self::Promtool => "LOOPCTL_REQUIRE_PROMTOOL",
        }
    }

    /// Whether this run requires the part.
    pub fn required(self) -> bool {
        std::env::var(self.variable()).is_ok_and(|value| value == "1")
    }
}

/// Says that `part` is missing (`what`, and how to get it): a notice and a
/// skip, or, when the run requires the part, a failure.
///
/// # Panics
/// When `part` is required.
pub fn missing(part: Part, what: &str) {
    assert!(
        !part.required(),
        "{what}, and {}=1 requires it: install it (`.ci/run` does) or unset the variable",
        part.variable()
    );
    eprintln!("notice: skipped: {what}");
}
