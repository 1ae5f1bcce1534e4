//! Idempotency keys: one key per logical call, the same on every attempt, that a tool can read while it runs (for an `Idempotency-Key` header, MCP `_meta`, a database's dedup column).
//!
//! The driver runs each attempt inside a task-local scope holding the
//! call's key, so a tool reads it with [`idempotency_key`] without the
//! [`Tool`](crate::Tool) trait carrying it. A key the caller gives
//! ([`ToolCall::with_idempotency_key`](crate::ToolCall::with_idempotency_key))
//! is used as it is; otherwise the driver makes a random UUID (version 4)
//! when the call starts, without allocating until a tool asks for it.

use std::future::Future;
use std::hash::{BuildHasher, Hasher};
use std::sync::Arc;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, Ordering};

/// The HTTP header that carries an idempotency key
/// (IETF draft-ietf-httpapi-idempotency-key-header; Stripe, PayPal, Adyen).
pub const IDEMPOTENCY_KEY_HEADER: &str = "Idempotency-Key";

/// The key of one logical call.
#[derive(Debug, Clone)]
pub(crate) enum CallKey {
    /// 128 random bits, written as a UUID when asked for (two words, so the
    /// key does not raise every call future's alignment to 16).
    Made([u64; 2]),
    /// The caller's own key.
    Given(Arc<str>),
}

impl CallKey {
    /// The caller's key, or a new random one.
    pub(crate) fn for_call(given: Option<&str>) -> Self {
        match given {
            Some(key) => Self::Given(Arc::from(key)),
            None => {
                let bits = random_u128();
                Self::Made([(bits >> 64) as u64, bits as u64])
            }
        }
    }

    /// The key as text.
    pub(crate) fn text(&self) -> String {
        match self {
            Self::Given(key) => key.to_string(),
            Self::Made([high, low]) => uuid_v4((u128::from(*high) << 64) | u128::from(*low)),
        }
    }
}

tokio::task_local! {
    static CURRENT: CallKey;
}

/// Runs `attempt` with `key` as the call's idempotency key.
pub(crate) fn scoped<F: Future>(key: CallKey, attempt: F) -> impl Future<Output = F::Output> {
    CURRENT.scope(key, attempt)
}

/// The idempotency key of the call whose attempt is running, from inside
/// a tool; `None` outside a call the driver runs. The same on every
/// attempt of one call, different for every call.
///
/// ```
/// use loopctl_driver::{FnTool, ToolOutput, idempotency_key};
/// use loopctl_reflect_core::ToolSchema;
/// use serde_json::json;
///
/// let charge = FnTool::new(ToolSchema::new("charge", "", json!({"type": "object"})), |_| {
///     let key = idempotency_key();
///     async move {
///         // Send it as the `Idempotency-Key` header of the payment request.
///         ToolOutput::success(format!("charged once under {}", key.unwrap_or_default()))
///     }
/// });
/// # let _ = charge;
/// ```
pub fn idempotency_key() -> Option<String> {
    CURRENT.try_with(CallKey::text).ok()
}

/// The `Idempotency-Key` header for the running call, as a name and a
/// value to add to an HTTP request: `request.header(name, value)`.
pub fn idempotency_header() -> Option<(&'static str, String)> {
    idempotency_key().map(|key| (IDEMPOTENCY_KEY_HEADER, key))
}

/// 128 bits from a per-process random seed (the standard library's hasher
/// keys, drawn from the operating system) and a counter, mixed with
/// SplitMix64: distinct for every call, unpredictable across processes.
fn random_u128() -> u128 {
    static SEED: OnceLock<(u64, u64)> = OnceLock::new();
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let (a, b) = *SEED.get_or_init(|| {
        let state = std::collections::hash_map::RandomState::new();
        let mut first = state.build_hasher();
        first.write_u64(1);
        let mut second = state.build_hasher();
        second.write_u64(2);
        (first.finish(), second.finish())
    });
    let n = COUNTER.fetch_add(1, Ordering::Relaxed);
    (u128::from(splitmix(a ^ n)) << 64) | u128::from(splitmix(b ^ n.rotate_left(32)))
}

fn splitmix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// `bits` as a version-4, variant-1 UUID.
fn uuid_v4(bits: u128) -> String {
    let bits = (bits & !(0xF << 76) & !(0x3 << 62)) | (0x4 << 76) | (0x2 << 62);
    let hex = format!("{bits:032x}");
    format!(
        "{}-{}-{}-{}-{}",
        &hex[0..8],
        &hex[8..12],
        &hex[12..16],
        &hex[16..20],
        &hex[20..32]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_keys_are_distinct_version_4_uuids() {
        let keys: std::collections::HashSet<String> = (0..10_000)
            .map(|_| CallKey::for_call(None).text())
            .collect();
        assert_eq!(keys.len(), 10_000);
        for key in keys.iter().take(50) {
            assert_eq!(key.len(), 36, "{key}");
            assert_eq!(&key[14..15], "4", "{key}");
            assert!(matches!(&key[19..20], "8" | "9" | "a" | "b"), "{key}");
        }
        assert_eq!(CallKey::for_call(Some("order-7")).text(), "order-7");
    }

    #[test]
    fn the_key_is_read_only_inside_a_scope() {
        assert_eq!(idempotency_key(), None);
        let read = futures::executor::block_on(scoped(CallKey::for_call(Some("k-1")), async {
            idempotency_header()
        }));
        assert_eq!(read, Some((IDEMPOTENCY_KEY_HEADER, "k-1".to_owned())));
    }
}
