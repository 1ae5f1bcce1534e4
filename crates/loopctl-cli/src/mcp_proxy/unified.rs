//! The proxy's `--policy` in loopctl.toml's format, the one the library and `analyze` and `replay` read; the proxy's first format still works, with a notice that says what to write instead.

use std::path::Path;
use std::time::Duration;

use crate::args::{JitterKind, PolicyArgs, Provider, ReflectorKind};
use crate::error::CliError;

use super::policy::ProxyPolicy;

impl ProxyPolicy {
    /// The policy in the file at `path`: loopctl.toml's format, or the
    /// proxy's first one (with a deprecation notice on stderr). A file that
    /// is neither gets every loopctl.toml problem listed.
    ///
    /// # Errors
    /// When the file cannot be read or has problems: the message names the
    /// file and each problem's line.
    pub fn from_file(
        path: &Path,
        defaults: PolicyArgs,
        call_timeout: Duration,
    ) -> Result<Self, CliError> {
        let text = std::fs::read_to_string(path)
            .map_err(|error| CliError::Input(format!("--policy {}: {error}", path.display())))?;
        Self::from_text(&text, path, defaults, call_timeout)
    }

    /// The policy in `text`, read from `path`: a loopctl.toml, or the
    /// proxy's first format with a deprecation notice.
    ///
    /// # Errors
    /// Neither format: every problem of the loopctl.toml reading, with its
    /// line and column.
    pub(crate) fn from_text(
        text: &str,
        path: &Path,
        defaults: PolicyArgs,
        call_timeout: Duration,
    ) -> Result<Self, CliError> {
        let shown = path.display();
        let problems = match loopctl_policy::Policy::from_toml(text) {
            Ok(policy) => return Ok(Self::from_unified(policy, defaults, call_timeout)),
            Err(error) => error,
        };
        match Self::from_toml(text, defaults, call_timeout) {
            Ok(old) => {
                tracing::warn!(
                    file = %shown,
                    "the proxy's first policy format is deprecated; `loopctl policy check {shown}` says what to write in loopctl.toml instead"
                );
                eprintln!(
                    "loopctl mcp-proxy: --policy {shown} uses the proxy's first policy format, which is deprecated; `loopctl policy check {shown}` says what to write instead"
                );
                Ok(old)
            }
            Err(_) => Err(CliError::Input(format!(
                "--policy: {}",
                problems.to_string().replace("<text>", &shown.to_string())
            ))),
        }
    }

    /// The policy of the file's `[servers.NAME]` table `name`, over the same
    /// flags; `None` without a loopctl.toml or without that server.
    pub(crate) fn for_server(
        &self,
        name: &str,
        defaults: PolicyArgs,
        call_timeout: Duration,
    ) -> Option<Self> {
        let file = self.file.as_ref()?.for_server(name)?;
        Some(Self::from_unified(file, defaults, call_timeout))
    }

    /// The `[servers.NAME]` tables of a loopctl.toml, by name; empty for
    /// flags or the proxy's first format.
    pub(crate) fn servers(&self) -> Vec<(String, loopctl_policy::ServerSettings)> {
        self.file.as_ref().map_or_else(Vec::new, |file| {
            file.file()
                .servers
                .iter()
                .map(|(name, server)| (name.clone(), server.clone()))
                .collect()
        })
    }

    /// A loopctl.toml policy: `[defaults]` over the flags, `tool_timeout`
    /// as the call time-out, `[proxy]` for the HTTP mode and the upstream's
    /// hints, and the file kept for the rules and each tool's section.
    fn from_unified(
        file: loopctl_policy::Policy,
        mut recovery: PolicyArgs,
        call_timeout: Duration,
    ) -> Self {
        let defaults = file.file().defaults.clone();
        let settings = file.for_defaults();
        if defaults.reflector.is_some() {
            recovery.reflector = match settings.reflector {
                loopctl_policy::ReflectorKind::Rules => ReflectorKind::Rules,
                loopctl_policy::ReflectorKind::Llm => ReflectorKind::Llm,
                loopctl_policy::ReflectorKind::RulesThenLlm => ReflectorKind::RulesLlm,
            };
        }
        if defaults.provider.is_some() {
            recovery.provider = match settings.provider {
                loopctl_policy::Provider::Anthropic => Provider::Anthropic,
                _ => Provider::Openai,
            };
        }
        if defaults.rules_confidence.is_some() {
            recovery.rules_confidence = match settings.rules_confidence {
                loopctl_policy::RulesConfidence::Weak => crate::args::RulesConfidence::Weak,
                _ => crate::args::RulesConfidence::Strong,
            };
        }
        if defaults.max_retries.is_some() {
            recovery.max_retries = settings.max_retries;
        }
        if defaults.base_delay.is_some() {
            recovery.base_delay = settings.base_delay;
        }
        if defaults.jitter.is_some() {
            recovery.jitter = match settings.jitter {
                loopctl_policy::JitterKind::Full => JitterKind::Full,
                loopctl_policy::JitterKind::Equal => JitterKind::Equal,
                loopctl_policy::JitterKind::Decorrelated => JitterKind::Decorrelated,
                _ => JitterKind::None,
            };
        }
        if defaults.fixes_at_once.is_some() {
            recovery.fixes_at_once = settings.fixes_at_once;
        }
        let proxy = &file.file().proxy;
        Self {
            recovery,
            call_timeout: settings.tool_timeout.unwrap_or(call_timeout),
            trust_annotations: proxy.trust_annotations.unwrap_or(false),
            safety: loopctl_policy::safety_policy(&file),
            allowed_hosts: proxy.allowed_hosts.clone(),
            allowed_origins: proxy.allowed_origins.clone(),
            file: Some(file),
            named_tools: Vec::new(),
        }
    }
}
