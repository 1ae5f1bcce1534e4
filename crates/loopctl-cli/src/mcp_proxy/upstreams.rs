//! The upstream servers one proxy fronts: each with its connection (none while it is down), its own policy, breaker and prefix, and which server and tool a name clients see leads to.
//!
//! No prefix begins another (`servers.rs` refuses that at start), so a name
//! leads to at most one server whatever the servers list later: a server
//! cannot take over a name another server's tools are reached by.

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

/// Every upstream, in the order the policy file gives them.
pub(crate) struct Upstreams {
    list: Vec<Arc<Upstream>>,
}

impl Upstreams {
    /// The upstreams in `list`, none routed yet.
    pub(crate) fn new(list: Vec<Arc<Upstream>>) -> Arc<Self> {
        Arc::new(Self { list })
    }

    /// Every upstream, in order.
    pub(crate) fn list(&self) -> &[Arc<Upstream>] {
        &self.list
    }

    /// One upstream whose tools keep their own names: every name goes to
    /// it, known or not, as with a proxy in front of one server.
    pub(crate) fn passthrough(&self) -> bool {
        matches!(self.list.as_slice(), [only] if only.prefix.is_empty())
    }

    /// Serves `set` as upstream `index`'s shared connection, telling
    /// `clients` when its tools change.
    pub(crate) fn serve(&self, index: usize, set: McpToolSet, clients: Arc<Clients>) {
        let Some(upstream) = self.list.get(index) else {
            return;
        };
        let served = Served::new(set, Arc::clone(&upstream.assemble), clients);
        *loopctl_reflect_core::write(&upstream.shared) = Some(served);
        upstream.set_up(true);
    }

    /// The upstream a name leads to (the one whose prefix begins it), and
    /// the server's own name for the tool; `None` when no prefix fits.
    pub(crate) fn route<'n>(&self, exposed: &'n str) -> Option<(usize, &'n str)> {
        if self.passthrough() {
            return Some((0, exposed));
        }
        self.list.iter().enumerate().find_map(|(index, upstream)| {
            exposed
                .strip_prefix(upstream.prefix.as_str())
                .filter(|tool| !tool.is_empty())
                .map(|tool| (index, tool))
        })
    }

    /// The names a client most likely meant by `name`, which no server
    /// lists: each server's tool of that very name under its prefix (a
    /// model that left the prefix out), else the nearest name listed.
    pub(crate) fn suggestions(
        &self,
        name: &str,
        served: impl Fn(usize) -> Option<Arc<Served>>,
    ) -> Vec<String> {
        let mut every = Vec::new();
        let mut prefixed = Vec::new();
        for (index, upstream) in self.list.iter().enumerate() {
            let Some(served) = served(index) else {
                continue;
            };
            for tool in served.listed().iter() {
                let exposed = upstream.exposed(&tool.name);
                if tool.name == name {
                    prefixed.push(exposed.clone());
                }
                every.push(exposed);
            }
        }
        if !prefixed.is_empty() {
            return prefixed;
        }
        loopctl_reflect_core::closest_tool(name, every.iter().map(String::as_str))
            .map(str::to_owned)
            .into_iter()
            .collect()
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
            if !upstream.prefix.is_empty() {
                for tool in &mut tools {
                    tool.name = upstream.exposed(&tool.name).into();
                }
            }
            all.extend(tools);
        }
        all
    }
}
