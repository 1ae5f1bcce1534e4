//! Jitter modes and the injectable random source they draw from.
//!
//! Jitter spreads retries of many clients apart so they do not hit a
//! recovering service in lockstep. The cap is applied *before* jitter, so
//! delays that have reached the cap still spread out instead of piling up on
//! it (the flaw of clamping decorrelated jitter after drawing it).

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// How a nominal backoff delay is randomised.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
#[non_exhaustive]
pub enum Jitter {
    /// The nominal delay exactly. The default, so 100, 200, 400 ms hold.
    #[default]
    None,
    /// Uniform in `[0, delay]`.
    Full,
    /// Uniform in `[delay / 2, delay]`.
    Equal,
    /// Uniform in `[base, min(cap, 3 × previous nominal delay)]`, where the
    /// previous nominal delay of the first retry is the base. The range is
    /// clamped before drawing, so capped delays still spread over `[base, cap]`.
    Decorrelated,
}

impl Jitter {
    /// Randomises `nominal` (already capped at `cap`), the delay for a retry
    /// whose previous nominal delay was `previous`.
    pub fn apply(
        self,
        nominal: Duration,
        previous: Duration,
        base: Duration,
        cap: Duration,
        random: &dyn RandomSource,
    ) -> Duration {
        match self {
            Jitter::None => nominal,
            Jitter::Full => uniform(Duration::ZERO, nominal, random),
            Jitter::Equal => {
                let half = nominal / 2;
                uniform(half, nominal, random)
            }
            Jitter::Decorrelated => {
                let low = base.min(cap);
                let high = previous.saturating_mul(3).min(cap).max(low);
                uniform(low, high, random)
            }
        }
    }
}

/// A uniformly drawn duration in `[low, high]`.
fn uniform(low: Duration, high: Duration, random: &dyn RandomSource) -> Duration {
    let span = high.saturating_sub(low).as_nanos();
    if span == 0 {
        return low;
    }
    // Scale a 64-bit draw into the span without floating-point rounding bias.
    let offset = span.saturating_mul(u128::from(random.next_u64())) / u128::from(u64::MAX);
    low.saturating_add(Duration::from_nanos(
        u64::try_from(offset).unwrap_or(u64::MAX),
    ))
}

/// Where jitter gets its randomness. Implement it to plug in your own
/// generator; use [`SeededRandom`] for reproducible tests.
pub trait RandomSource: Send + Sync {
    /// The next uniformly distributed 64-bit value.
    fn next_u64(&self) -> u64;
}

/// A small, fast, thread-safe SplitMix64 generator.
///
/// Not for cryptography; it only spreads retry delays. The same seed gives
/// the same sequence, which makes jittered schedules testable.
pub struct SeededRandom {
    state: AtomicU64,
}

impl SeededRandom {
    /// A generator that replays the same sequence for the same seed.
    pub const fn new(seed: u64) -> Self {
        Self {
            state: AtomicU64::new(seed),
        }
    }

    /// A generator seeded from the clock and an address, different each run.
    pub fn from_entropy() -> Self {
        let clock = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |elapsed| elapsed.as_nanos() as u64);
        let local = 0_u8;
        let address = std::ptr::addr_of!(local) as usize as u64;
        Self::new(clock ^ address.rotate_left(32))
    }
}

impl RandomSource for SeededRandom {
    fn next_u64(&self) -> u64 {
        const GOLDEN_GAMMA: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut z = self
            .state
            .fetch_add(GOLDEN_GAMMA, Ordering::Relaxed)
            .wrapping_add(GOLDEN_GAMMA);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

impl fmt::Debug for SeededRandom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeededRandom").finish_non_exhaustive()
    }
}

/// The shared default source, used when none is injected.
pub(crate) fn default_source() -> Arc<dyn RandomSource> {
    Arc::new(SeededRandom::from_entropy())
}
