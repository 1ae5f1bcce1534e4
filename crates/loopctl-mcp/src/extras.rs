//! The fields of listed tools that rmcp's `Tool` has no place for (such as `execution`), read from the raw `tools/list` answers so that a proxy can pass them on unchanged.

use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use serde_json::{Map, Value};

/// The most tools, and bytes of tool definitions, a list may hold: past
/// them the list is refused and the one before kept.
pub(crate) const MAX_TOOLS: usize = 10_000;
pub(crate) const MAX_LIST_BYTES: usize = 32 * 1024 * 1024;
/// For each tool name, the fields of its listing that rmcp's
/// [`Tool`](rmcp::model::Tool) does not keep, exactly as the server sent them.
pub type ExtraFields = HashMap<String, Map<String, Value>>;

/// The keys rmcp's `Tool` reads and writes itself; every other key of a
/// listed tool is an extra field.
const KNOWN: &[&str] = &[
    "name",
    "title",
    "description",
    "inputSchema",
    "outputSchema",
    "annotations",
    "icons",
    "_meta",
];

/// What a connection's reader saw of the `tools/list` answers.
#[derive(Default)]
pub(crate) struct ToolTap {
    /// `tools/list` requests sent and not yet answered: only while there is
    /// one does the reader copy lines, so calls pay nothing.
    listing: AtomicUsize,
    seen: Mutex<Seen>,
}

#[derive(Default)]
struct Seen {
    fields: ExtraFields,
    bytes: usize,
}

impl ToolTap {
    /// A `tools/list` request went out.
    pub(crate) fn expect_list(&self) {
        self.listing.fetch_add(1, Ordering::AcqRel);
    }

    /// A `tools/list` request was answered (or given up).
    pub(crate) fn list_answered(&self) {
        let _ = self
            .listing
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| n.checked_sub(1));
    }

    /// Forgets every request still waiting, as when their connection closed.
    pub(crate) fn forget_requests(&self) {
        self.listing.store(0, Ordering::Release);
    }

    /// Whether an answer to `tools/list` may be on its way.
    pub(crate) fn listening(&self) -> bool {
        self.listing.load(Ordering::Acquire) > 0
    }

    /// Reads one raw message; keeps the extra fields of the tools it lists.
    pub(crate) fn observe(&self, line: &[u8]) {
        if memchr::memmem::find(line, b"\"tools\"").is_none() {
            return;
        }
        let Ok(message) = serde_json::from_slice::<Value>(line) else {
            return;
        };
        let Some(tools) = message.pointer("/result/tools").and_then(Value::as_array) else {
            return;
        };
        let mut seen = loopctl_reflect_core::lock(&self.seen);
        for tool in tools {
            let Some(object) = tool.as_object() else {
                continue;
            };
            let Some(name) = object.get("name").and_then(Value::as_str) else {
                continue;
            };
            let extra: Map<String, Value> = object
                .iter()
                .filter(|(key, _)| !KNOWN.contains(&key.as_str()))
                .map(|(key, value)| (key.clone(), value.clone()))
                .collect();
            seen.record(name, extra);
        }
    }

    /// The extra fields of `names` (the tools of the list just read); the
    /// fields of tools no longer listed are dropped.
    pub(crate) fn for_tools<'a>(&self, names: impl Iterator<Item = &'a str>) -> ExtraFields {
        let mut seen = loopctl_reflect_core::lock(&self.seen);
        let mut kept = ExtraFields::new();
        for name in names {
            if let Some(fields) = seen.fields.get(name) {
                kept.insert(name.to_owned(), fields.clone());
            }
        }
        seen.bytes = kept.values().map(size_of_fields).sum();
        seen.fields.clone_from(&kept);
        kept
    }
}

impl Seen {
    /// Keeps `extra` as `name`'s fields, within [`MAX_TOOLS`] tools and
    /// [`MAX_LIST_BYTES`] bytes: a server past them loses its extras, not
    /// the proxy its memory.
    fn record(&mut self, name: &str, extra: Map<String, Value>) {
        if let Some(old) = self.fields.remove(name) {
            self.bytes -= size_of_fields(&old);
        }
        if extra.is_empty() {
            return;
        }
        let size = size_of_fields(&extra);
        if self.fields.len() >= MAX_TOOLS || self.bytes + size > MAX_LIST_BYTES {
            tracing::debug!(
                tool = name,
                "too many extra tool fields to keep; this tool's are dropped"
            );
            return;
        }
        self.bytes += size;
        self.fields.insert(name.to_owned(), extra);
    }
}

fn size_of_fields(fields: &Map<String, Value>) -> usize {
    serde_json::to_vec(fields).map_or(0, |json| json.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_unknown_keys_are_kept_and_only_for_listed_tools() {
        let tap = ToolTap::default();
        let line = br#"{"jsonrpc":"2.0","id":3,"result":{"tools":[
            {"name":"plain","inputSchema":{"type":"object"}},
            {"name":"task","description":"d","inputSchema":{"type":"object"},"execution":{"taskSupport":"required"},"x-future":[1,2]}
        ]}}"#;
        let line: Vec<u8> = line.iter().copied().filter(|b| *b != b'\n').collect();
        tap.observe(&line);
        let fields = tap.for_tools(["plain", "task"].into_iter());
        assert_eq!(fields.len(), 1, "{fields:?}");
        let task = &fields["task"];
        assert_eq!(task["execution"]["taskSupport"], "required");
        assert_eq!(task["x-future"], serde_json::json!([1, 2]));
        assert!(!task.contains_key("description"));
        assert!(tap.for_tools(["plain"].into_iter()).is_empty());
    }

    #[test]
    fn lines_that_are_not_lists_change_nothing() {
        let tap = ToolTap::default();
        tap.observe(br#"{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"\"tools\""}]}}"#);
        tap.observe(b"not json \"tools\"");
        assert!(tap.for_tools(["a"].into_iter()).is_empty());
    }
}
