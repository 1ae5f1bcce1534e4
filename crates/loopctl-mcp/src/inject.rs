//! Seeded fault injection in front of a server, for testing how an agent behaves when its tools fail: added latency, error results, JSON-RPC errors and dropped connections, each at a rate, optionally for one tool.
//!
//! Whether a call gets a fault is a pure function of the seed, the tool's
//! name, the call's number for that tool and the rule: the same seed and
//! the same traffic give the same faults, in any process, on any machine.

use std::collections::HashMap;
use std::fmt;
use std::hash::Hasher;
use std::sync::Mutex;
use std::time::Duration;

use loopctl_backoff::{RandomSource, SeededRandom};

/// What a fault does to a call.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FaultKind {
    /// The call is sent this much later (the call's time-out still counts
    /// from the start).
    Latency(Duration),
    /// The server answers with a tool error result (`isError: true`) that
    /// reads as a transient failure (`503 Service Unavailable`), so the
    /// recovery policy treats it as it would a real one.
    ErrorResult,
    /// The server answers with a JSON-RPC error (`-32603`, internal error).
    RpcError,
    /// The connection drops before the server answers: the call's outcome
    /// is unknown, and the next call connects again.
    Drop,
}

impl FaultKind {
    /// The short name used in logs and in `--inject`: `latency`, `error`,
    /// `rpc-error` or `drop`.
    pub fn name(&self) -> &'static str {
        match self {
            Self::Latency(_) => "latency",
            Self::ErrorResult => "error",
            Self::RpcError => "rpc-error",
            Self::Drop => "drop",
        }
    }
}

/// One rule: a fault, how often, and for which tool.
#[derive(Debug, Clone, PartialEq)]
pub struct FaultRule {
    /// What happens.
    pub kind: FaultKind,
    /// The share of calls it happens to, from 0 to 1.
    pub rate: f64,
    /// Only calls of this tool (the server's name for it); `None` for all.
    pub tool: Option<String>,
}

/// The most tools whose calls are counted; past it, calls of new tools
/// share one count (the plan stays bounded whatever a server lists).
const MAX_COUNTED_TOOLS: usize = 4_096;

/// A set of fault rules and the seed that decides which calls get them.
///
/// ```
/// use loopctl_mcp::{FaultKind, FaultPlan, FaultRule};
///
/// let plan = FaultPlan::new(7, vec![FaultRule { kind: FaultKind::ErrorResult, rate: 0.25, tool: None }])
///     .expect("a rate between 0 and 1");
/// let faults = (0..1_000).filter(|n| plan.decide("search", *n).is_some()).count();
/// assert!((200..300).contains(&faults));
/// // The same seed decides the same way every time.
/// assert_eq!(plan.decide("search", 3), plan.decide("search", 3));
/// ```
pub struct FaultPlan {
    seed: u64,
    rules: Vec<FaultRule>,
    /// Calls seen per tool, numbering each call for [`decide`](Self::decide).
    counts: Mutex<HashMap<String, u64>>,
}

/// A rule whose rate is not a share of calls.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("a fault rate must be between 0 and 1 (a share of calls); got {0}")]
pub struct BadRate(pub f64);

impl FaultPlan {
    /// A plan with `rules`, decided by `seed`.
    ///
    /// # Errors
    /// A rate that is not between 0 and 1.
    pub fn new(seed: u64, rules: Vec<FaultRule>) -> Result<Self, BadRate> {
        if let Some(rule) = rules.iter().find(|rule| !(0.0..=1.0).contains(&rule.rate)) {
            return Err(BadRate(rule.rate));
        }
        Ok(Self {
            seed,
            rules,
            counts: Mutex::new(HashMap::new()),
        })
    }

    /// The seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The rules, in order.
    pub fn rules(&self) -> &[FaultRule] {
        &self.rules
    }

    /// The faults for call number `n` (counted from 0) of `tool`: each
    /// latency rule that fires adds its delay, and the first other rule
    /// that fires decides the call's fate. `None` when nothing fires.
    pub fn decide(&self, tool: &str, n: u64) -> Option<Decision> {
        let mut decision = Decision::default();
        let mut fired = false;
        for (index, rule) in self.rules.iter().enumerate() {
            if rule.tool.as_deref().is_some_and(|only| only != tool) {
                continue;
            }
            if !draw(self.seed, tool, n, index, rule.rate) {
                continue;
            }
            match &rule.kind {
                FaultKind::Latency(delay) => {
                    decision.delay = decision.delay.saturating_add(*delay);
                    fired = true;
                }
                other if decision.fault.is_none() => {
                    decision.fault = Some(other.clone());
                    fired = true;
                }
                _ => {}
            }
        }
        fired.then_some(decision)
    }

    /// The faults for the next call of `tool`, numbered by this plan, and
    /// the number it got.
    pub fn next(&self, tool: &str) -> (u64, Option<Decision>) {
        let n = {
            let mut counts = loopctl_reflect_core::lock(&self.counts);
            let key = if counts.contains_key(tool) || counts.len() < MAX_COUNTED_TOOLS {
                tool
            } else {
                ""
            };
            let count = match counts.get_mut(key) {
                Some(count) => count,
                None => counts.entry(key.to_owned()).or_insert(0),
            };
            let n = *count;
            *count += 1;
            n
        };
        (n, self.decide(tool, n))
    }
}

impl fmt::Debug for FaultPlan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("FaultPlan")
            .field("seed", &self.seed)
            .field("rules", &self.rules)
            .finish_non_exhaustive()
    }
}

/// What happens to one call.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Decision {
    /// Added before the call is sent.
    pub delay: Duration,
    /// What the server seems to do instead of answering; `None` when the
    /// call goes through (perhaps late).
    pub fault: Option<FaultKind>,
}

/// Whether rule `index` fires for call `n` of `tool`: one SplitMix64 draw
/// from the seed and those three, compared with the rate.
fn draw(seed: u64, tool: &str, n: u64, index: usize, rate: f64) -> bool {
    if rate <= 0.0 {
        return false;
    }
    if rate >= 1.0 {
        return true;
    }
    // FNV-1a of the name: stable across processes and Rust versions, as the
    // standard hasher's output is not promised to be.
    let mut name = Fnv(0xcbf2_9ce4_8422_2325);
    name.write(tool.as_bytes());
    let key = seed
        ^ name.0.rotate_left(17)
        ^ n.wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (index as u64).rotate_left(47);
    let value = SeededRandom::new(key).next_u64();
    // The top 53 bits as a number in [0, 1).
    let unit = (value >> 11) as f64 / (1_u64 << 53) as f64;
    unit < rate
}

struct Fnv(u64);

impl Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for byte in bytes {
            self.0 ^= u64::from(*byte);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}
