//! [`CachingReflector`]: remembers analyses, and shares one analysis among identical failures in flight.

use std::collections::{HashMap, VecDeque};
use std::fmt;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures::FutureExt;
use futures::future::{BoxFuture, Shared};
use loopctl_reflect_core::{
    AnalysisFuture, FailureAnalysis, ReflectionContext, ReflectionError, Reflector, ToolSchema,
    hash_json, hash_str,
};
use serde_json::Value;
use tokio::time::Instant;

type Analysis = Result<FailureAnalysis, ReflectionError>;
type Key = (u64, u64, u64);

enum Slot {
    Ready {
        analysis: Analysis,
        stored: Instant,
    },
    InFlight {
        shared: Shared<BoxFuture<'static, Analysis>>,
        started: Instant,
    },
}

#[derive(Default)]
struct State {
    slots: HashMap<Key, Slot>,
    order: VecDeque<Key>,
}

/// Memoizes another reflector's analyses per (tool, error text, input).
///
/// * Identical failures analysed at the same time share one analysis: a
///   storm of a thousand identical failures costs one model call.
/// * Entries live for a time-to-live and the cache holds a bounded number of
///   them, evicting the oldest first.
/// * Analyses and skips are cached; internal errors are not, so a broken
///   model request is tried again next time. A panic in the inner reflector
///   becomes an internal error.
///
/// The attempt number is not part of the key: the same failure gets the
/// same analysis whichever attempt it happens on.
pub struct CachingReflector {
    inner: Arc<dyn Reflector>,
    capacity: usize,
    ttl: Duration,
    state: Mutex<State>,
}

impl CachingReflector {
    /// A cache of up to 1,024 analyses, each kept for 5 minutes.
    pub fn new(inner: Arc<dyn Reflector>) -> Self {
        Self::with_limits(inner, 1024, Duration::from_secs(300))
    }

    /// A cache of up to `capacity` analyses (at least 1), each kept for `ttl`.
    pub fn with_limits(inner: Arc<dyn Reflector>, capacity: usize, ttl: Duration) -> Self {
        Self {
            inner,
            capacity: capacity.max(1),
            ttl,
            state: Mutex::new(State::default()),
        }
    }

    /// How many analyses (finished or in flight) are held.
    pub fn len(&self) -> usize {
        self.lock().slots.len()
    }

    /// `true` when nothing is held.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State> {
        loopctl_reflect_core::lock(&self.state)
    }

    fn store(&self, key: Key, analysis: &Analysis) {
        let mut state = self.lock();
        if matches!(analysis, Err(ReflectionError::Internal(_))) {
            state.slots.remove(&key);
            return;
        }
        state.slots.insert(
            key,
            Slot::Ready {
                analysis: analysis.clone(),
                stored: Instant::now(),
            },
        );
    }
}

impl Reflector for CachingReflector {
    fn analyze(
        &self,
        error: &str,
        tool: &str,
        input: &Value,
        schema: Option<&ToolSchema>,
        ctx: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        let key = (hash_str(tool), hash_str(error), hash_json(input));
        let now = Instant::now();
        let mut state = self.lock();
        match state.slots.get(&key) {
            Some(Slot::Ready { analysis, stored }) if now.duration_since(*stored) < self.ttl => {
                return Box::pin(std::future::ready(analysis.clone()));
            }
            Some(Slot::InFlight { shared, started }) if now.duration_since(*started) < self.ttl => {
                let shared = shared.clone();
                drop(state);
                return Box::pin(shared);
            }
            _ => {}
        }
        let inner = Arc::clone(&self.inner);
        let (error, tool, input, schema, ctx) = (
            error.to_owned(),
            tool.to_owned(),
            input.clone(),
            schema.cloned(),
            ctx.clone(),
        );
        let shared = async move {
            let analysis =
                AssertUnwindSafe(inner.analyze(&error, &tool, &input, schema.as_ref(), &ctx))
                    .catch_unwind()
                    .await;
            analysis.unwrap_or_else(|_| {
                Err(ReflectionError::Internal(
                    "the cached reflector panicked".to_owned(),
                ))
            })
        }
        .boxed()
        .shared();
        if !state.slots.contains_key(&key) {
            while state.slots.len() >= self.capacity {
                let Some(oldest) = state.order.pop_front() else {
                    break;
                };
                state.slots.remove(&oldest);
            }
            state.order.push_back(key);
        }
        state.slots.insert(
            key,
            Slot::InFlight {
                shared: shared.clone(),
                started: now,
            },
        );
        drop(state);
        Box::pin(async move {
            let analysis = shared.await;
            self.store(key, &analysis);
            analysis
        })
    }
}

impl fmt::Debug for CachingReflector {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("CachingReflector")
            .field("capacity", &self.capacity)
            .field("ttl", &self.ttl)
            .field("held", &self.len())
            .finish_non_exhaustive()
    }
}
