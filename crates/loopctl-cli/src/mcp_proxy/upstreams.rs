//! The upstream servers one proxy fronts: each with its connection (none while it is down), its own policy, breaker and prefix, and the map from the names clients see to the server and the name each one calls.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, RwLock};

use loopctl_mcp::{McpToolSet, McpToolSetBuilder};
use rmcp::model::Tool;

use super::assemble::Assemble;
use super::circuits::Circuits;
use super::clients::Clients;
use super::served::Served;

/// One upstream server and what the proxy keeps for it.
pub(crate) struct Upstream {
    /// Its `[servers.NAME]` name (`default` for the one upstream named on
    /// the command line): the `upstream` label of its metrics.
    pub(crate) name: String,
    /// What goes before its tools' names as clients see them.
    pub(crate) prefix: String,
    /// How to connect to it again, or once more per client session.
    pub(crate) builder: McpToolSetBuilder,
    /// Its dispatchers, under its own policy.
    pub(crate) assemble: Arc<Assemble>,
    /// Its tools' circuits.
    pub(crate) circuits: Arc<Circuits>,
    /// The connection every session shares (the first one); `None` until
    /// the server first answers.
    shared: RwLock<Option<Arc<Served>>>,
    /// Whether its connection was live when last looked at.
    up: AtomicBool,
}

impl Upstream {
    /// An upstream not connected yet.
    pub(crate) fn new(
        name: String,
        prefix: String,
        builder: McpToolSetBuilder,
        assemble: Arc<Assemble>,
        circuits: Arc<Circuits>,
    ) -> Self {
        Self {
            name,
            prefix,
            builder,
            assemble,
            circuits,
            shared: RwLock::new(None),
            up: AtomicBool::new(false),
        }
    }

    /// The shared connection, once there is one.
    pub(crate) fn shared(&self) -> Option<Arc<Served>> {
        loopctl_reflect_core::read(&self.shared).clone()
    }

    /// Whether its connection was live when last looked at.
    pub(crate) fn is_up(&self) -> bool {
        self.up.load(Ordering::Acquire)
    }

    /// Records whether it is up; returns what it was.
    pub(crate) fn set_up(&self, up: bool) -> bool {
        self.up.swap(up, Ordering::AcqRel)
    }

    /// The name clients see for its tool `tool`.
    pub(crate) fn exposed(&self, tool: &str) -> String {
        format!("{}{tool}", self.prefix)
    }
}

/// Every upstream, in the order the policy file gives them, and where
/// each name a client sees leads.
pub(crate) struct Upstreams {
    list: Vec<Arc<Upstream>>,
    /// Name as clients see it → index in `list`, from the shared
    /// connections' tool lists.
    routes: RwLock<Arc<HashMap<String, usize>>>,
}

impl Upstreams {
    /// The upstreams in `list`, none routed yet.
    pub(crate) fn new(list: Vec<Arc<Upstream>>) -> Arc<Self> {
        Arc::new(Self {
            list,
            routes: RwLock::new(Arc::default()),
        })
    }

    /// Every upstream, in order.
    pub(crate) fn list(&self) -> &[Arc<Upstream>] {
        &self.list
    }

    /// One upstream whose tools keep their own names: every name goes to
    /// it, known or not, as with a proxy in front of one server.
    fn passthrough(&self) -> bool {
        matches!(self.list.as_slice(), [only] if only.prefix.is_empty())
    }

    /// Serves `set` as upstream `index`'s shared connection; a change of
    /// its tools re-routes and tells `clients`.
    pub(crate) fn serve(self: &Arc<Self>, index: usize, set: McpToolSet, clients: Arc<Clients>) {
        let Some(upstream) = self.list.get(index) else {
            return;
        };
        let routes = Arc::downgrade(self);
        let on_change: super::served::OnChange = Arc::new(move || {
            if let Some(upstreams) = routes.upgrade() {
                upstreams.reroute();
            }
        });
        let served = Served::new(
            set,
            Arc::clone(&upstream.assemble),
            clients,
            Some(on_change),
        );
        *loopctl_reflect_core::write(&upstream.shared) = Some(served);
        upstream.set_up(true);
    }

    /// Each name clients would see from two upstreams at once, said in a
    /// sentence that names both servers; empty when there is none.
    pub(crate) fn collisions(&self) -> Vec<String> {
        let mut seen: HashMap<String, (usize, String)> = HashMap::new();
        let mut found = Vec::new();
        for (index, upstream) in self.list.iter().enumerate() {
            let Some(served) = upstream.shared() else {
                continue;
            };
            for tool in served.listed().iter() {
                let exposed = upstream.exposed(&tool.name);
                match seen.get(&exposed) {
                    Some((first, its)) => {
                        let first = &self.list[*first];
                        found.push(format!(
                            "two servers give a tool called `{exposed}`: `{}` (its `{its}`, prefix \"{}\") and `{}` (its `{}`, prefix \"{}\"); give one of them another `prefix` in its [servers.NAME] table",
                            first.name, first.prefix, upstream.name, tool.name, upstream.prefix
                        ));
                    }
                    None => {
                        seen.insert(exposed, (index, tool.name.to_string()));
                    }
                }
            }
        }
        found
    }

    /// Routes every name the shared connections list now. A name two
    /// servers give goes to the first, and the other's tool is left out,
    /// with a warning: at start such a collision is refused instead.
    pub(crate) fn reroute(&self) {
        let mut routes: HashMap<String, usize> = HashMap::new();
        for (index, upstream) in self.list.iter().enumerate() {
            let Some(served) = upstream.shared() else {
                continue;
            };
            for tool in served.listed().iter() {
                let exposed = upstream.exposed(&tool.name);
                if let Some(first) = routes.get(&exposed) {
                    let first = &self.list[*first];
                    tracing::warn!(
                        tool = %exposed,
                        kept = %first.name,
                        left_out = %upstream.name,
                        "two servers give a tool of the same name; the second one's is not listed"
                    );
                    continue;
                }
                routes.insert(exposed, index);
            }
        }
        *loopctl_reflect_core::write(&self.routes) = Arc::new(routes);
    }

    /// The upstream a name leads to, and the server's own name for the
    /// tool; `None` when no server gives a tool of that name.
    pub(crate) fn route<'n>(&self, exposed: &'n str) -> Option<(usize, &'n str)> {
        if self.passthrough() {
            return Some((0, exposed));
        }
        let index = *loopctl_reflect_core::read(&self.routes).get(exposed)?;
        let upstream = &self.list[index];
        Some((index, exposed.strip_prefix(upstream.prefix.as_str())?))
    }

    /// The names a client most likely meant by `name`, which no server
    /// gives: each server's tool of that very name under its prefix (a
    /// model that left the prefix out), else the nearest routed name.
    pub(crate) fn suggestions(&self, name: &str) -> Vec<String> {
        let routes = loopctl_reflect_core::read(&self.routes);
        let prefixed: Vec<String> = self
            .list
            .iter()
            .map(|upstream| upstream.exposed(name))
            .filter(|exposed| routes.contains_key(exposed))
            .collect();
        if !prefixed.is_empty() {
            return prefixed;
        }
        loopctl_reflect_core::closest_tool(name, routes.keys().map(String::as_str))
            .map(str::to_owned)
            .into_iter()
            .collect()
    }

    /// Whether upstream `index`'s tool `exposed` is the one a client
    /// reaches by that name (not one left out for a collision).
    fn routed_to(&self, exposed: &str, index: usize) -> bool {
        self.passthrough()
            || loopctl_reflect_core::read(&self.routes)
                .get(exposed)
                .is_some_and(|routed| *routed == index)
    }

    /// The tools a client sees: each upstream's, from the connection
    /// `served` gives for it, under its prefix, in the servers' order;
    /// `mark` carries the fields rmcp does not keep.
    pub(crate) fn listed(
        &self,
        served: impl Fn(usize) -> Option<Arc<Served>>,
        mark: bool,
    ) -> Vec<Tool> {
        let mut all = Vec::new();
        for (index, upstream) in self.list.iter().enumerate() {
            let Some(served) = served(index) else {
                continue;
            };
            let mut tools = served.listed().as_ref().clone();
            if mark {
                super::transparent::mark(&mut tools, &served.extra_fields());
            }
            for mut tool in tools {
                if upstream.prefix.is_empty() {
                    if self.routed_to(&tool.name, index) {
                        all.push(tool);
                    }
                    continue;
                }
                let exposed = upstream.exposed(&tool.name);
                if self.routed_to(&exposed, index) {
                    tool.name = exposed.into();
                    all.push(tool);
                }
            }
        }
        all
    }
}
