//! The secrets the run plants: every published sample line (one per secret shape) and every secret key name, each with
//! the values that must vanish, and a seeded generator for where and how they are written.

use serde_json::Value;

/// One planted secret.
pub(crate) struct Item {
    /// `S1`…`S49` for a sample, `K:<name>` for a key.
    pub(crate) id: String,
    /// The secret with its context, as free text: the sample's whole line,
    /// or the key and its value in one of the forms texts write them.
    pub(crate) text: String,
    /// The key name, for key items.
    pub(crate) key: Option<String>,
    /// What must not appear in any output.
    pub(crate) values: Vec<String>,
}

/// A small seeded generator (xorshift64*): the same seed plants the same run.
pub(crate) struct Seeded(u64);

impl Seeded {
    pub(crate) fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    pub(crate) fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub(crate) fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[(self.next() % items.len() as u64) as usize]
    }

    fn token(&mut self, length: usize) -> String {
        const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789";
        (0..length)
            .map(|_| char::from(*self.pick(ALPHABET)))
            .collect()
    }
}

/// Key names as real APIs, frameworks and configuration files spell them.
const KEYS: &[&str] = &[
    "password",
    "Passwd",
    "client_secret",
    "access_token",
    "refresh_token",
    "x-api-key",
    "apiKey",
    "OPENAI_API_KEY",
    "Authorization",
    "Proxy-Authorization",
    "Cookie",
    "Set-Cookie",
    "private_key",
    "privateKey",
    "credentials",
    "sessionid",
    "session_token",
    "aws_secret_access_key",
    "passphrase",
    "X-Goog-Api-Key",
    "csrf_token",
    "webhook_signature",
];

/// How free text writes a key and its value.
fn key_forms(key: &str, value: &str) -> Vec<String> {
    vec![
        format!("{key}={value}"),
        format!("\"{key}\": \"{value}\""),
        format!("{key}: {value}"),
        format!("{{\\\"{key}\\\":\\\"{value}\\\"}}"),
        format!("GET /v1/items?page=2&{key}={value} HTTP/1.1"),
        format!("--{} {value}", key.to_ascii_lowercase()),
    ]
}

/// Error texts the way servers and libraries write them, around a secret.
pub(crate) const AROUND: &[(&str, &str)] = &[
    ("upstream said: ", ""),
    ("400 Bad Request: ", " (check your request)"),
    ("Error: request failed with ", "."),
    ("ValueError: invalid config line '", "'"),
    ("failed to call tool: {\"detail\": \"", "\"}"),
    ("", "\n    at Object.<anonymous> (/srv/app/index.js:12:7)"),
];

/// Every sample line from the redactor's collected vectors, then every key.
pub(crate) fn items(seeded: &mut Seeded) -> Vec<Item> {
    let mut items = Vec::new();
    for line in include_str!("../../../crates/loopctl-redact/tests/data/vectors.jsonl").lines() {
        let vector: Value = serde_json::from_str(line).expect("a vector is JSON");
        let values: Vec<String> = vector["secrets"]
            .as_array()
            .unwrap()
            .iter()
            .map(|value| value.as_str().unwrap().to_owned())
            .collect();
        if values.is_empty() {
            continue;
        }
        items.push(Item {
            id: vector["id"].as_str().unwrap().to_owned(),
            text: vector["text"].as_str().unwrap().trim_end().to_owned(),
            key: None,
            values,
        });
    }
    for key in KEYS {
        let value = format!("v{}", seeded.token(23));
        let form = seeded.pick(&key_forms(key, &value)).clone();
        items.push(Item {
            id: format!("K:{key}"),
            text: form,
            key: Some((*key).to_owned()),
            values: vec![value],
        });
    }
    items
}

/// The item's text inside an error, as the seed chooses.
pub(crate) fn in_error(seeded: &mut Seeded, item: &Item) -> String {
    let (before, after) = seeded.pick(AROUND);
    format!("{before}{}{after}", item.text)
}
