//! A fast structural hash of JSON values, shared by caches and the loop detector.
//!
//! `serde_json::Value` does not implement `Hash`, and hashing its serialized
//! text would allocate and depend on key order. This walks the value instead:
//! objects hash the same whatever their key order, and nothing is allocated.
//! It is not resistant to crafted collisions; use it for cache keys and
//! repetition detection, not for security decisions.

use serde_json::Value;

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// One step of the FxHash mixing function: cheap and well spread for short keys.
#[inline]
const fn mix(state: u64, word: u64) -> u64 {
    (state.rotate_left(5) ^ word).wrapping_mul(SEED)
}

fn mix_bytes(mut state: u64, bytes: &[u8]) -> u64 {
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let mut word = [0_u8; 8];
        word.copy_from_slice(chunk);
        state = mix(state, u64::from_le_bytes(word));
    }
    let remainder = chunks.remainder();
    if !remainder.is_empty() {
        let mut word = [0_u8; 8];
        word[..remainder.len()].copy_from_slice(remainder);
        state = mix(state, u64::from_le_bytes(word));
    }
    mix(state, bytes.len() as u64)
}

/// A structural hash of `text`, consistent with [`hash_json`] of a JSON string.
pub fn hash_str(text: &str) -> u64 {
    mix_bytes(mix(0, 3), text.as_bytes())
}

/// A structural hash of `value`; equal values hash equally, whatever the key order.
///
/// ```
/// use loopctl_reflect_core::hash_json;
/// use serde_json::json;
///
/// assert_eq!(hash_json(&json!({"a": 1, "b": [true]})), hash_json(&json!({"b": [true], "a": 1})));
/// assert_ne!(hash_json(&json!({"a": 1})), hash_json(&json!({"a": "1"})));
/// ```
pub fn hash_json(value: &Value) -> u64 {
    match value {
        Value::Null => mix(0, 0),
        Value::Bool(flag) => mix(mix(0, 1), u64::from(*flag)),
        Value::Number(number) => {
            let tagged = mix(0, 2);
            if let Some(unsigned) = number.as_u64() {
                mix(tagged, unsigned)
            } else if let Some(signed) = number.as_i64() {
                mix(mix(tagged, 1), signed as u64)
            } else {
                mix(mix(tagged, 2), number.as_f64().map_or(0, f64::to_bits))
            }
        }
        Value::String(text) => hash_str(text),
        Value::Array(items) => {
            let state = items
                .iter()
                .fold(mix(0, 4), |state, item| mix(state, hash_json(item)));
            mix(state, items.len() as u64)
        }
        Value::Object(map) => {
            // Sum the entry hashes so the result does not depend on key order.
            let entries = map.iter().fold(0_u64, |sum, (key, item)| {
                sum.wrapping_add(mix(hash_str(key), hash_json(item)))
            });
            mix(mix(mix(0, 5), entries), map.len() as u64)
        }
    }
}
