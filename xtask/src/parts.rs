//! The outside parts some tests run against (a real `redis-server`, the npm reference MCP servers, `openssl`, `promtool`), and whether this run requires them.
//!
//! `.ci/run` installs the parts and sets `LOOPCTL_REQUIRE_<PART>=1`; the
//! tests then fail instead of skipping when a part is missing, and so does
//! `cargo xtask ci`, up front, naming what is missing.

use std::path::Path;

/// What `.ci/run` installs from npm, each package by one of its files: the
/// reference MCP servers, the TypeScript SDK and the MCP Inspector.
pub(crate) const NPM_FILES: [&str; 5] = [
    "target/npm/node_modules/@modelcontextprotocol/server-filesystem/dist/index.js",
    "target/npm/node_modules/@modelcontextprotocol/server-everything/dist/index.js",
    "target/npm/node_modules/@modelcontextprotocol/server-memory/dist/index.js",
    "target/npm/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js",
    "target/npm/node_modules/@modelcontextprotocol/inspector/cli/build/cli.js",
];

/// One outside part: its variable, how to tell it is here, and what to say
/// when it is not.
pub(crate) struct Part {
    pub(crate) variable: &'static str,
    pub(crate) present: fn() -> bool,
    pub(crate) missing: &'static str,
}

/// Every part the tests know.
pub(crate) const PARTS: [Part; 4] = [
    Part {
        variable: "LOOPCTL_REQUIRE_REDIS",
        present: || on_path("redis-server"),
        missing: "redis-server is not on PATH; the loopctl-redis tests against a real Redis need it (`.ci/run` installs the Debian package redis-server)",
    },
    Part {
        variable: "LOOPCTL_REQUIRE_MCP_REFERENCE",
        present: || on_path("node") && NPM_FILES.iter().all(|file| Path::new(file).exists()),
        missing: "node or an npm package (the reference MCP servers, the TypeScript SDK, the MCP Inspector) is missing; the tests against code nobody here wrote need them (`.ci/run` installs them with npm)",
    },
    Part {
        variable: "LOOPCTL_REQUIRE_OPENSSL",
        present: || on_path("openssl"),
        missing: "the openssl command is missing; the TLS tests make their certificates with it",
    },
    Part {
        variable: "LOOPCTL_REQUIRE_PROMTOOL",
        present: || {
            std::env::var_os("LOOPCTL_PROMTOOL").is_some_and(|path| Path::new(&path).is_file())
                || on_path("promtool")
        },
        missing: "promtool (from Debian's prometheus package) is neither at LOOPCTL_PROMTOOL nor on PATH; the proxy's /metrics test checks the exposition with it (`.ci/run` unpacks it into target/promtool)",
    },
];

impl Part {
    /// Whether this run requires the part.
    pub(crate) fn required(&self) -> bool {
        std::env::var(self.variable).is_ok_and(|value| value == "1")
    }
}

/// Checks every part: a notice for each one missing, and an error for each
/// one missing that the run requires. `false` when a required part is missing.
pub(crate) fn check() -> bool {
    let mut complete = true;
    for part in &PARTS {
        if (part.present)() {
            continue;
        }
        if part.required() {
            eprintln!(
                "error: {}, and {}=1 requires it",
                part.missing, part.variable
            );
            complete = false;
        } else {
            eprintln!("notice: {}; those tests skip", part.missing);
        }
    }
    complete
}

/// The `LOOPCTL_REQUIRE_*` variables for every part that is present, so a
/// run that has a part cannot skip its tests.
pub(crate) fn require_present() -> Vec<(&'static str, &'static str)> {
    PARTS
        .iter()
        .filter(|part| (part.present)())
        .map(|part| (part.variable, "1"))
        .collect()
}

/// Whether an executable called `name` is on `PATH`.
pub(crate) fn on_path(name: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()))
}
