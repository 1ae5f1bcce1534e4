//! The proxy's policy: from its flags, and from a small TOML file whose keys win over them.

use std::collections::{BTreeMap, BTreeSet};
use std::time::Duration;

use clap::ValueEnum;
use loopctl_driver::{Effect, Repeatability, SafetyPolicy};
use serde::Deserialize;

use crate::args::{JitterKind, PolicyArgs, Provider, ReflectorKind, parse_duration};

/// What a policy file may say; every key is optional.
///
/// ```toml
/// reflector = "rules+llm"     # rules | llm | rules+llm
/// provider = "openai"         # openai | anthropic
/// max_retries = 3
/// base_delay = "100ms"
/// jitter = "full"             # none | full | equal | decorrelated
/// fixes_at_once = true
/// call_timeout = "30s"        # one tools/call upstream
/// trust_annotations = true    # the upstream's readOnly/idempotent hints
/// repeat_unknown_outcome = ["append_log"]
/// never_repeat = ["send_email"]
/// read_only = ["search"]      # your word on what tools do, over the upstream's hints
/// idempotent = ["put_object"]
/// destructive = ["send_email"]
/// allow_tool_change = [["search_cache", "search_live"]]
/// allow_reach_change = ["fetch"]
/// allowed_hosts = ["proxy.internal"]            # added to --allowed-host
/// allowed_origins = ["http://localhost:6274"]   # added to --allowed-origin
/// [guard]                     # fields a correction may only repair, never replace
/// send_email = ["to"]
/// "*" = ["amount"]
/// ```
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
struct PolicyFile {
    reflector: Option<String>,
    provider: Option<String>,
    max_retries: Option<u32>,
    base_delay: Option<String>,
    jitter: Option<String>,
    fixes_at_once: Option<bool>,
    call_timeout: Option<String>,
    trust_annotations: Option<bool>,
    #[serde(default)]
    repeat_unknown_outcome: BTreeSet<String>,
    #[serde(default)]
    never_repeat: BTreeSet<String>,
    #[serde(default)]
    read_only: BTreeSet<String>,
    #[serde(default)]
    idempotent: BTreeSet<String>,
    #[serde(default)]
    destructive: BTreeSet<String>,
    #[serde(default)]
    allow_tool_change: Vec<(String, String)>,
    #[serde(default)]
    allow_reach_change: BTreeSet<String>,
    #[serde(default)]
    guard: BTreeMap<String, Vec<String>>,
    #[serde(default)]
    allowed_hosts: Vec<String>,
    #[serde(default)]
    allowed_origins: Vec<String>,
}

/// The proxy's whole policy: the recovery policy and how upstream calls are made.
#[derive(Debug, Clone)]
pub struct ProxyPolicy {
    /// The reflector and strategy settings.
    pub recovery: PolicyArgs,
    /// How long one upstream `tools/call` may take.
    pub call_timeout: Duration,
    /// Whether the upstream's annotations count as its tools' own word.
    pub trust_annotations: bool,
    /// What each tool does and what recovery may change.
    pub safety: SafetyPolicy,
    /// `Host` names the HTTP mode answers to, beyond `--allowed-host`.
    pub allowed_hosts: Vec<String>,
    /// Browser origins the HTTP mode admits, beyond `--allowed-origin`.
    pub allowed_origins: Vec<String>,
    /// The loopctl.toml the policy came from, for its rules and each
    /// tool's own settings; `None` for flags or the proxy's first format.
    pub file: Option<loopctl_policy::Policy>,
    /// In the proxy's first format, each tool name the file gives, with the
    /// key it is under, so that a name no upstream tool has is pointed out.
    pub named_tools: Vec<(&'static str, String)>,
}

impl ProxyPolicy {
    /// The policy the flags describe.
    pub fn from_flags(recovery: PolicyArgs, call_timeout: Duration) -> Self {
        Self {
            recovery,
            call_timeout,
            trust_annotations: false,
            safety: SafetyPolicy::new(),
            allowed_hosts: Vec::new(),
            allowed_origins: Vec::new(),
            file: None,
            named_tools: Vec::new(),
        }
    }

    /// The policy in `text`, over `defaults`.
    pub(crate) fn from_toml(
        text: &str,
        mut recovery: PolicyArgs,
        call_timeout: Duration,
    ) -> Result<Self, String> {
        let file: PolicyFile = toml::from_str(text).map_err(|error| error.to_string())?;
        if let Some(name) = &file.reflector {
            recovery.reflector = choice::<ReflectorKind>("reflector", name)?;
        }
        if let Some(name) = &file.provider {
            recovery.provider = choice::<Provider>("provider", name)?;
        }
        if let Some(retries) = file.max_retries {
            recovery.max_retries = retries;
        }
        if let Some(delay) = &file.base_delay {
            recovery.base_delay =
                parse_duration(delay).map_err(|error| format!("base_delay: {error}"))?;
        }
        if let Some(name) = &file.jitter {
            recovery.jitter = choice::<JitterKind>("jitter", name)?;
        }
        if let Some(at_once) = file.fixes_at_once {
            recovery.fixes_at_once = at_once;
        }
        let call_timeout = match &file.call_timeout {
            Some(limit) => {
                parse_duration(limit).map_err(|error| format!("call_timeout: {error}"))?
            }
            None => call_timeout,
        };
        if let Some(both) = file
            .repeat_unknown_outcome
            .intersection(&file.never_repeat)
            .next()
        {
            return Err(format!(
                "`{both}` is in both repeat_unknown_outcome and never_repeat; keep it in one"
            ));
        }
        let named_tools = named_tools(&file);
        let mut safety = SafetyPolicy::new();
        let mut declared = BTreeSet::new();
        for (names, effect, repeatability) in [
            (&file.read_only, Effect::ReadOnly, Repeatability::Idempotent),
            (&file.idempotent, Effect::Writes, Repeatability::Idempotent),
            (
                &file.destructive,
                Effect::Destructive,
                Repeatability::NotIdempotent,
            ),
        ] {
            for name in names {
                if !declared.insert(name.clone()) {
                    return Err(format!(
                        "`{name}` is declared with two risks (read_only, idempotent, destructive); keep it in one"
                    ));
                }
                safety = safety
                    .declare_effect(name.clone(), effect)
                    .declare_repeatability(name.clone(), repeatability);
            }
        }
        for name in &file.repeat_unknown_outcome {
            safety = safety.declare_repeatability(name.clone(), Repeatability::Idempotent);
        }
        for name in &file.never_repeat {
            safety = safety.declare_repeatability(name.clone(), Repeatability::NotIdempotent);
        }
        for (from, to) in file.allow_tool_change {
            safety = safety.allow_tool_change(from, to);
        }
        for tool in file.allow_reach_change {
            safety = safety.allow_reach_change(tool);
        }
        for (tool, fields) in file.guard {
            for field in fields {
                safety = safety.guard_field(tool.clone(), field);
            }
        }
        Ok(Self {
            recovery,
            call_timeout,
            trust_annotations: file.trust_annotations.unwrap_or(false),
            safety,
            allowed_hosts: file.allowed_hosts,
            allowed_origins: file.allowed_origins,
            file: None,
            named_tools,
        })
    }
}

/// Every tool name the first format gives, with its key; globs are left out.
fn named_tools(file: &PolicyFile) -> Vec<(&'static str, String)> {
    let lists: [(&'static str, &BTreeSet<String>); 6] = [
        ("repeat_unknown_outcome", &file.repeat_unknown_outcome),
        ("never_repeat", &file.never_repeat),
        ("read_only", &file.read_only),
        ("idempotent", &file.idempotent),
        ("destructive", &file.destructive),
        ("allow_reach_change", &file.allow_reach_change),
    ];
    let listed = lists
        .into_iter()
        .flat_map(|(key, names)| names.iter().map(move |name| (key, name.clone())));
    let changes = file
        .allow_tool_change
        .iter()
        .flat_map(|(from, to)| [from, to])
        .map(|name| ("allow_tool_change", name.clone()));
    let guarded = file.guard.keys().map(|name| ("guard", name.clone()));
    listed
        .chain(changes)
        .chain(guarded)
        .filter(|(_, name)| !name.contains(['*', '?']))
        .collect()
}

/// One of a clap value enum's names, or an error listing them.
fn choice<T: ValueEnum>(key: &str, name: &str) -> Result<T, String> {
    T::from_str(name, true).map_err(|_| {
        let names: Vec<String> = T::value_variants()
            .iter()
            .filter_map(|variant| {
                variant
                    .to_possible_value()
                    .map(|value| value.get_name().to_owned())
            })
            .collect();
        format!("{key} = \"{name}\" is not one of: {}", names.join(", "))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> PolicyArgs {
        PolicyArgs {
            reflector: ReflectorKind::Rules,
            provider: Provider::Openai,
            rules_confidence: crate::args::RulesConfidence::Strong,
            max_retries: 3,
            base_delay: Duration::from_millis(100),
            jitter: JitterKind::None,
            fixes_at_once: false,
        }
    }

    #[test]
    fn a_file_sets_what_it_names_and_keeps_the_rest() {
        let text = "max_retries = 5\nbase_delay = \"1s\"\nreflector = \"rules+llm\"\ncall_timeout = \"2s\"\nrepeat_unknown_outcome = [\"append\"]\n";
        let policy = ProxyPolicy::from_toml(text, defaults(), Duration::from_secs(30)).unwrap();
        assert_eq!(policy.recovery.max_retries, 5);
        assert_eq!(policy.recovery.base_delay, Duration::from_secs(1));
        assert_eq!(policy.recovery.reflector, ReflectorKind::RulesLlm);
        assert_eq!(policy.recovery.jitter, JitterKind::None);
        assert_eq!(policy.call_timeout, Duration::from_secs(2));
        assert!(
            format!("{:?}", policy.safety).contains("append"),
            "{:?}",
            policy.safety
        );
        assert!(
            !policy.trust_annotations,
            "hints are not trusted unless said"
        );
    }

    #[test]
    fn risks_and_guards_are_read() {
        let text = "read_only = [\"search\"]\ndestructive = [\"pay\"]\nallow_tool_change = [[\"a\", \"b\"]]\n[guard]\npay = [\"amount\"]\n";
        let policy = ProxyPolicy::from_toml(text, defaults(), Duration::ZERO).unwrap();
        let registry = loopctl_driver::ToolRegistry::new();
        assert_eq!(policy.safety.effect(&registry, "search"), Effect::ReadOnly);
        assert_eq!(policy.safety.effect(&registry, "pay"), Effect::Destructive);
        let twice = ProxyPolicy::from_toml(
            "read_only = [\"x\"]\ndestructive = [\"x\"]",
            defaults(),
            Duration::ZERO,
        )
        .unwrap_err();
        assert!(twice.contains("two risks"), "{twice}");
    }

    #[test]
    fn bad_files_say_which_key_is_wrong() {
        let unknown =
            ProxyPolicy::from_toml("max_retry = 5", defaults(), Duration::ZERO).unwrap_err();
        assert!(unknown.contains("max_retry"), "{unknown}");
        let value =
            ProxyPolicy::from_toml("jitter = \"lots\"", defaults(), Duration::ZERO).unwrap_err();
        assert!(
            value.contains("jitter = \"lots\" is not one of: none, full, equal, decorrelated"),
            "{value}"
        );
        let both = ProxyPolicy::from_toml(
            "repeat_unknown_outcome = [\"a\"]\nnever_repeat = [\"a\"]",
            defaults(),
            Duration::ZERO,
        )
        .unwrap_err();
        assert!(both.contains("`a` is in both"), "{both}");
    }
}
