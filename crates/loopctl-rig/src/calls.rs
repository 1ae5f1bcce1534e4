//! The model's call ids, noted by the hook as rig dispatches each call and taken by the tool the call reaches, bounded and evicted oldest first.
//!
//! rig gives a hook the model's call id but not the tool's handler, so the
//! two meet on the call itself: its tool and arguments. A call that never
//! reaches its tool (a later hook denied it) leaves its id behind; the map
//! keeps at most [`MAX_PENDING`] of them and drops the oldest first.

use std::collections::hash_map::DefaultHasher;
use std::collections::{HashMap, VecDeque};
use std::hash::{Hash, Hasher};

use serde_json::Value;

/// The most ids kept for calls not yet run.
pub(crate) const MAX_PENDING: usize = 1024;

/// A call as the hook and the tool both see it: the tool's name and a
/// 128-bit digest of the arguments as serde_json writes them (both parse
/// the same argument string rig dispatches), so no argument text is kept.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Key {
    tool: String,
    digest: (u64, u64),
}

impl Key {
    fn of(tool: &str, args: &Value) -> Self {
        let text = args.to_string();
        let digest = |salt: u8| {
            let mut hasher = DefaultHasher::new();
            salt.hash(&mut hasher);
            tool.hash(&mut hasher);
            text.hash(&mut hasher);
            hasher.finish()
        };
        // The name comes from the model: the digest covers it whole, and at
        // most its first 128 bytes are kept, so the map is bounded in bytes.
        Self {
            tool: tool[..tool.floor_char_boundary(128)].to_owned(),
            digest: (digest(1), digest(2)),
        }
    }
}

/// The longest call id kept as the model wrote it.
pub(crate) const MAX_ID_BYTES: usize = 256;

/// `id` itself when short; else its first 200 bytes and a 128-bit digest of
/// the whole, so that two long ids stay two ids (an idempotency key is made
/// from the id) and the map stays bounded in bytes.
pub(crate) fn bounded_id(id: String) -> String {
    if id.len() <= MAX_ID_BYTES {
        return id;
    }
    let digest = |salt: u8| {
        let mut hasher = DefaultHasher::new();
        salt.hash(&mut hasher);
        id.hash(&mut hasher);
        hasher.finish()
    };
    format!(
        "{}#{:016x}{:016x}",
        &id[..id.floor_char_boundary(200)],
        digest(1),
        digest(2)
    )
}

/// Pending ids, in the order they were noted.
#[derive(Debug, Default)]
pub(crate) struct CallIds {
    by_call: HashMap<Key, VecDeque<(u64, String)>>,
    /// Every pending id's call and sequence number, oldest first; entries
    /// whose id was taken or forgotten are skipped when met.
    order: VecDeque<(u64, Key)>,
    next: u64,
}

impl CallIds {
    /// Notes `id` for the call of `tool` with `args`, evicting the oldest
    /// pending id when the map is full.
    pub(crate) fn note(&mut self, tool: &str, args: &Value, id: String) {
        let id = bounded_id(id);
        while self.len() >= MAX_PENDING {
            self.evict_oldest();
        }
        let key = Key::of(tool, args);
        let sequence = self.next;
        self.next += 1;
        self.by_call
            .entry(key.clone())
            .or_default()
            .push_back((sequence, id));
        self.order.push_back((sequence, key));
        // Stale entries of taken ids must not make `order` grow without end.
        if self.order.len() > 2 * MAX_PENDING {
            self.compact();
        }
    }

    /// Takes the oldest id noted for this call.
    pub(crate) fn take(&mut self, tool: &str, args: &Value) -> Option<String> {
        let key = Key::of(tool, args);
        let ids = self.by_call.get_mut(&key)?;
        let (_, id) = ids.pop_front()?;
        if ids.is_empty() {
            self.by_call.remove(&key);
        }
        Some(id)
    }

    /// Forgets `id` for this call: it ended without reaching its tool.
    pub(crate) fn forget(&mut self, tool: &str, args: &Value, id: &str) {
        let id = bounded_id(id.to_owned());
        let id = id.as_str();
        let key = Key::of(tool, args);
        if let Some(ids) = self.by_call.get_mut(&key) {
            ids.retain(|(_, noted)| noted != id);
            if ids.is_empty() {
                self.by_call.remove(&key);
            }
        }
    }

    /// How many ids are pending.
    pub(crate) fn len(&self) -> usize {
        self.by_call.values().map(VecDeque::len).sum()
    }

    fn evict_oldest(&mut self) {
        while let Some((sequence, key)) = self.order.pop_front() {
            if let Some(ids) = self.by_call.get_mut(&key)
                && let Some(at) = ids.iter().position(|(noted, _)| *noted == sequence)
            {
                ids.remove(at);
                if ids.is_empty() {
                    self.by_call.remove(&key);
                }
                return;
            }
        }
    }

    fn compact(&mut self) {
        let by_call = &self.by_call;
        self.order.retain(|(sequence, key)| {
            by_call
                .get(key)
                .is_some_and(|ids| ids.iter().any(|(noted, _)| noted == sequence))
        });
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn ids_are_taken_in_order_per_call() {
        let mut ids = CallIds::default();
        ids.note("fetch", &json!({"url": "a"}), "one".into());
        ids.note("fetch", &json!({"url": "a"}), "two".into());
        ids.note("fetch", &json!({"url": "b"}), "three".into());
        assert_eq!(
            ids.take("fetch", &json!({"url": "a"})).as_deref(),
            Some("one")
        );
        assert_eq!(
            ids.take("fetch", &json!({"url": "b"})).as_deref(),
            Some("three")
        );
        assert_eq!(
            ids.take("fetch", &json!({"url": "a"})).as_deref(),
            Some("two")
        );
        assert_eq!(ids.take("fetch", &json!({"url": "a"})), None);
    }

    #[test]
    fn a_full_map_drops_the_oldest_id_first() {
        let mut ids = CallIds::default();
        for n in 0..MAX_PENDING {
            ids.note("t", &json!({"n": n}), format!("id-{n}"));
        }
        // The newest calls are the ones in flight; the oldest never ran.
        ids.note("t", &json!({"n": "new"}), "id-new".into());
        assert_eq!(ids.len(), MAX_PENDING);
        assert_eq!(
            ids.take("t", &json!({"n": 0})),
            None,
            "the oldest went first"
        );
        assert_eq!(ids.take("t", &json!({"n": 1})).as_deref(), Some("id-1"));
        assert_eq!(
            ids.take("t", &json!({"n": "new"})).as_deref(),
            Some("id-new")
        );
        let last = MAX_PENDING - 1;
        assert_eq!(
            ids.take("t", &json!({"n": last})).as_deref(),
            Some(format!("id-{last}").as_str())
        );
    }

    #[test]
    fn huge_names_and_ids_from_the_model_are_held_in_bounded_bytes() {
        let mut ids = CallIds::default();
        let name = "t".repeat(1 << 14);
        for n in 0..MAX_PENDING {
            ids.note(
                &name,
                &json!({"n": n}),
                format!("{}-{n}", "i".repeat(1 << 12)),
            );
        }
        let held: usize = ids
            .by_call
            .iter()
            .map(|(key, pending)| {
                key.tool.len() + pending.iter().map(|(_, id)| id.len()).sum::<usize>()
            })
            .sum();
        assert!(held <= MAX_PENDING * (128 + MAX_ID_BYTES), "{held} bytes");
        // Two long ids that share their start stay two ids.
        let first = ids.take(&name, &json!({"n": 0})).unwrap();
        let second = ids.take(&name, &json!({"n": 1})).unwrap();
        assert_ne!(first, second);
        assert!(first.len() <= MAX_ID_BYTES);
    }

    #[test]
    fn churn_keeps_the_bookkeeping_bounded() {
        let mut ids = CallIds::default();
        for n in 0..10 * MAX_PENDING {
            ids.note("t", &json!({"n": n}), format!("id-{n}"));
            assert!(ids.take("t", &json!({"n": n})).is_some());
        }
        assert_eq!(ids.len(), 0);
        assert!(ids.order.len() <= 2 * MAX_PENDING);
    }
}
