//! [`SafetyPolicy`]: the user's word on what each tool does and what recovery may change about a call, in one object every entry point shares.

use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

use wildmatch::WildMatch;

use super::check::OutcomeCheck;
use crate::effect::{Effect, Repeatability};
use crate::registry::ToolRegistry;

/// What the user declares about one tool (or a glob of tools). Unset
/// fields fall through to the next match, then to the tool's own word.
#[derive(Clone, Default)]
pub(crate) struct Declaration {
    pub(crate) effect: Option<Effect>,
    pub(crate) repeatability: Option<Repeatability>,
    pub(crate) idempotency_key: Option<bool>,
    pub(crate) outcome_check: Option<Arc<dyn OutcomeCheck>>,
    pub(crate) guarded: Vec<String>,
    pub(crate) free_text: Vec<String>,
    pub(crate) free_reach: Option<bool>,
}

/// One tool name or glob (`github_*`, `*`) and what is declared for it.
#[derive(Clone)]
struct Entry {
    pattern: String,
    glob: Option<WildMatch>,
    declaration: Declaration,
}

impl Entry {
    fn matches(&self, name: &str) -> bool {
        match &self.glob {
            Some(glob) => glob.matches(name),
            None => self.pattern == name,
        }
    }
}

/// What recovery may do to a call, decided in one place for the driver,
/// MCP, rig and the proxy.
///
/// Every tool has an [`Effect`] (read-only, writes, destructive; unknown
/// counts as destructive) and, separately, a [`Repeatability`]. The user's
/// declarations here win over the tool's own
/// ([`Tool::effect`](crate::Tool::effect)), which for an MCP tool is the
/// server's hints only when the user trusts them. The policy answers three
/// questions:
///
/// - **May a correction move a call from tool A to tool B?** To a read-only
///   tool, yes; to a tool that writes, only from one that writes or
///   destroys, and never from an idempotent tool to one that is not; to a
///   destructive or unknown tool, never. A name the registry does not have
///   (the model misspelled it) may be repaired onto a registered tool that
///   writes or destroys only when the two differ in case or separators
///   (`send-email` → `send_email`, never `get_user` → `del_user`).
/// - **May a correction change field F of the input?** Never a guarded
///   field (declared, or any field whose name says it identifies someone or
///   something: `to`, `user_id`, `account`, …), beyond a repair of the same
///   value; never a URL's scheme, host or port, nor a path outside its
///   directory; and for a destructive or unknown tool nothing beyond a
///   mechanical repair, unless the user allows free text in that field.
/// - **May an attempt whose outcome is unknown run again?** Only for a tool
///   declared idempotent or honouring idempotency keys; a tool with an
///   outcome check is asked first; any other call ends.
///
/// [`explain`](Self::explain) prints the rules in force for every tool.
///
/// ```
/// use std::sync::Arc;
/// use loopctl_driver::{Effect, Repeatability, SafetyPolicy, ToolCheck};
///
/// let policy = SafetyPolicy::new()
///     .declare_effect("search_*", Effect::ReadOnly)
///     .declare_effect("charge", Effect::Destructive)
///     .honour_idempotency_keys("charge")
///     .outcome_check("send_email", Arc::new(ToolCheck::new("find_sent_email")))
///     .guard_field("*", "/amount")
///     .allow_tool_change("search_cache", "search_live");
/// # let _ = policy;
/// ```
#[derive(Clone, Default)]
pub struct SafetyPolicy {
    entries: Vec<Entry>,
    allowed_changes: HashSet<(String, String)>,
    infer_guards: Option<bool>,
    permissive: bool,
}

impl SafetyPolicy {
    /// The safe default described above.
    pub fn new() -> Self {
        Self::default()
    }

    /// No checks at all: every correction the driver can apply is applied,
    /// and unknown outcomes are left to the reflector. For tests and fully
    /// trusted tools only.
    pub fn permissive() -> Self {
        Self {
            permissive: true,
            ..Self::default()
        }
    }

    /// Whether this is [`permissive`](Self::permissive).
    pub fn is_permissive(&self) -> bool {
        self.permissive
    }

    fn entry(&mut self, pattern: impl Into<String>) -> &mut Declaration {
        let pattern = pattern.into();
        if let Some(at) = self
            .entries
            .iter()
            .position(|entry| entry.pattern == pattern)
        {
            return &mut self.entries[at].declaration;
        }
        let glob = pattern
            .contains(['*', '?'])
            .then(|| WildMatch::new(&pattern));
        // Exact names come before globs, whatever the order they were given in.
        let at = if glob.is_none() {
            self.entries
                .iter()
                .take_while(|entry| entry.glob.is_none())
                .count()
        } else {
            self.entries.len()
        };
        self.entries.insert(
            at,
            Entry {
                pattern,
                glob,
                declaration: Declaration::default(),
            },
        );
        &mut self.entries[at].declaration
    }

    /// Declares what `tool` (a name, or a glob such as `github_*`) does to
    /// the world, over what the tool or its server says.
    #[must_use]
    pub fn declare_effect(mut self, tool: impl Into<String>, effect: Effect) -> Self {
        self.entry(tool).effect = Some(effect);
        self
    }

    /// Declares whether running `tool` twice does more than once.
    #[must_use]
    pub fn declare_repeatability(
        mut self,
        tool: impl Into<String>,
        repeatability: Repeatability,
    ) -> Self {
        self.entry(tool).repeatability = Some(repeatability);
        self
    }

    /// Declares `tool` read-only, and so idempotent.
    #[must_use]
    pub fn declare_read_only(self, tool: impl Into<String>) -> Self {
        let tool = tool.into();
        self.declare_effect(tool.clone(), Effect::ReadOnly)
            .declare_repeatability(tool, Repeatability::Idempotent)
    }

    /// Says that `tool` deduplicates by idempotency key (the
    /// `Idempotency-Key` header, MCP `_meta`): a call whose outcome is
    /// unknown may then run again with the same key.
    #[must_use]
    pub fn honour_idempotency_keys(mut self, tool: impl Into<String>) -> Self {
        self.entry(tool).idempotency_key = Some(true);
        self
    }

    /// Names a read-only check that finds out whether a call of `tool`
    /// whose outcome is unknown took effect (see [`ToolCheck`](crate::ToolCheck)).
    #[must_use]
    pub fn outcome_check(mut self, tool: impl Into<String>, check: Arc<dyn OutcomeCheck>) -> Self {
        self.entry(tool).outcome_check = Some(check);
        self
    }

    /// Allows a `ToolChange` from `from` to `to` whatever their effects; `*`
    /// on either side matches any tool.
    #[must_use]
    pub fn allow_tool_change(mut self, from: impl Into<String>, to: impl Into<String>) -> Self {
        self.allowed_changes.insert((from.into(), to.into()));
        self
    }

    /// Lets input fixes of `tool` change URL origins and path directories.
    #[must_use]
    pub fn allow_reach_change(mut self, tool: impl Into<String>) -> Self {
        self.entry(tool).free_reach = Some(true);
        self
    }

    /// Lets fixes of `tool` rewrite `field` (a JSON pointer, a bare name
    /// matched at any depth, or `*` for every field) beyond a mechanical
    /// repair, and lifts the guard an identifier's name would put on it
    /// (`user_id`, `to`, …). A field guarded with
    /// [`guard_field`](Self::guard_field) stays guarded.
    #[must_use]
    pub fn allow_free_text(mut self, tool: impl Into<String>, field: impl Into<String>) -> Self {
        self.entry(tool).free_text.push(field.into());
        self
    }

    /// Guards `field` of `tool`'s input (`*` for every tool): a JSON pointer
    /// such as `/payment/amount`, or a bare name matched at any depth. A fix
    /// keeps a guarded value unless it is the same value repaired.
    #[must_use]
    pub fn guard_field(mut self, tool: impl Into<String>, field: impl Into<String>) -> Self {
        self.entry(tool).guarded.push(field.into());
        self
    }

    /// Whether fields whose names say they identify someone or something
    /// are guarded without being named (on by default).
    #[must_use]
    pub fn infer_guards(mut self, infer: bool) -> Self {
        self.infer_guards = Some(infer);
        self
    }

    /// Whether identifier fields are guarded without being named.
    pub(crate) fn infers_guards(&self) -> bool {
        self.infer_guards.unwrap_or(true)
    }

    /// The declarations that apply to `name`, most specific first.
    fn matching<'s>(&'s self, name: &'s str) -> impl Iterator<Item = &'s Declaration> + 's {
        self.entries
            .iter()
            .filter(move |entry| entry.matches(name))
            .map(|entry| &entry.declaration)
    }

    /// The first declaration of `name` that sets the field `pick` reads.
    pub(crate) fn declared<T>(
        &self,
        name: &str,
        pick: impl Fn(&Declaration) -> Option<T>,
    ) -> Option<T> {
        self.matching(name).find_map(pick)
    }

    /// Every list `pick` reads, over all the declarations of `name`.
    pub(crate) fn declared_all<'s>(
        &'s self,
        name: &'s str,
        pick: impl Fn(&'s Declaration) -> &'s [String] + 's,
    ) -> impl Iterator<Item = &'s str> + 's {
        self.matching(name)
            .flat_map(move |declaration| pick(declaration).iter().map(String::as_str))
    }

    /// What `name` does to the world: the user's declaration, else the
    /// tool's own, else unknown.
    pub fn effect(&self, registry: &ToolRegistry, name: &str) -> Effect {
        self.declared(name, |declaration| declaration.effect)
            .or_else(|| registry.get(name).map(|tool| tool.effect()))
            .unwrap_or(Effect::Unknown)
    }

    /// Whether running `name` twice does more than once: the user's
    /// declaration, else the tool's own, else idempotent for a tool that is
    /// read-only (running it twice changes nothing), else unknown.
    pub fn repeatability(&self, registry: &ToolRegistry, name: &str) -> Repeatability {
        let declared = self
            .declared(name, |declaration| declaration.repeatability)
            .or_else(|| registry.get(name).map(|tool| tool.repeatability()))
            .unwrap_or(Repeatability::Unknown);
        if declared == Repeatability::Unknown && self.effect(registry, name) == Effect::ReadOnly {
            return Repeatability::Idempotent;
        }
        declared
    }

    /// Whether `name` deduplicates by idempotency key.
    pub fn honours_idempotency_keys(&self, name: &str) -> bool {
        self.declared(name, |declaration| declaration.idempotency_key)
            .unwrap_or(false)
    }

    /// The outcome check declared for `name`.
    pub fn check_for<'s>(&'s self, name: &'s str) -> Option<&'s Arc<dyn OutcomeCheck>> {
        self.matching(name)
            .find_map(|declaration| declaration.outcome_check.as_ref())
    }

    /// Whether the user allows the pair `(from, to)`.
    pub(crate) fn pair_allowed(&self, from: &str, to: &str) -> bool {
        [(from, to), (from, "*"), ("*", to)].iter().any(|(a, b)| {
            self.allowed_changes
                .contains(&((*a).to_owned(), (*b).to_owned()))
        })
    }

    /// The pairs the user allows, sorted.
    pub(crate) fn allowed_pairs(&self) -> Vec<&(String, String)> {
        let mut pairs: Vec<_> = self.allowed_changes.iter().collect();
        pairs.sort();
        pairs
    }
}

impl fmt::Debug for SafetyPolicy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SafetyPolicy")
            .field("permissive", &self.permissive)
            .field(
                "declared",
                &self
                    .entries
                    .iter()
                    .map(|entry| entry.pattern.as_str())
                    .collect::<Vec<_>>(),
            )
            .field("allowed_changes", &self.allowed_pairs())
            .field("infer_guards", &self.infers_guards())
            .finish()
    }
}
