//! Settings that replace the dispatcher's own for some tools, per tool name or glob: a recovery strategy, a time-out, and the proactive limits.

use std::collections::HashMap;
use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use loopctl_reflect_core::RecoveryStrategy;

use crate::stages::{Bulkhead, RateLimit};
use wildmatch::WildMatch;

/// What one tool (or glob of tools) gets instead of the dispatcher's own
/// settings; what is left unset keeps the dispatcher's.
#[derive(Clone, Default)]
#[non_exhaustive]
pub struct ToolOverrides {
    /// The recovery strategy for this tool's failures.
    pub strategy: Option<Arc<dyn RecoveryStrategy>>,
    /// How long one attempt of this tool may run.
    pub timeout: Option<Duration>,
    /// At most so many attempts per period, waiting in turn up to a bound.
    pub rate_limit: Option<Arc<RateLimit>>,
    /// At most so many attempts in flight, the rest queued up to a bound.
    pub concurrency: Option<Arc<Bulkhead>>,
}

impl ToolOverrides {
    /// Nothing replaced yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// This strategy for the tool's failures.
    #[must_use]
    pub fn with_strategy(mut self, strategy: Arc<dyn RecoveryStrategy>) -> Self {
        self.strategy = Some(strategy);
        self
    }

    /// This time-out for each attempt of the tool.
    #[must_use]
    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = Some(timeout);
        self
    }

    /// This rate limit before each attempt of the tool (retries included).
    /// A call refused by it ends softly, and is not a failure of the tool:
    /// neither the breaker nor the loop detector counts it. Every tool
    /// given the same `Arc` shares the one limit.
    #[must_use]
    pub fn with_rate_limit(mut self, limit: Arc<RateLimit>) -> Self {
        self.rate_limit = Some(limit);
        self
    }

    /// This concurrency cap around each attempt of the tool; a refusal is
    /// soft, as for [`with_rate_limit`](Self::with_rate_limit). Every tool
    /// given the same `Arc` shares the one cap.
    #[must_use]
    pub fn with_concurrency(mut self, cap: Arc<Bulkhead>) -> Self {
        self.concurrency = Some(cap);
        self
    }
}

impl fmt::Debug for ToolOverrides {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ToolOverrides")
            .field("strategy", &self.strategy.as_ref().map(|_| "…"))
            .field("timeout", &self.timeout)
            .field("rate_limit", &self.rate_limit)
            .field("concurrency", &self.concurrency)
            .finish()
    }
}

/// One glob, how many literal characters it has, and its settings.
#[derive(Clone)]
struct Glob {
    pattern: String,
    matcher: WildMatch,
    literal: usize,
    settings: ToolOverrides,
}

/// The settings per tool: exact names, then globs.
#[derive(Clone, Default)]
pub(crate) struct PerTool {
    exact: HashMap<String, ToolOverrides>,
    /// Each glob with its count of literal characters, most first; among
    /// equals, the first given first.
    globs: Vec<Glob>,
}

impl PerTool {
    /// Adds `settings` for `pattern` (a name, or a glob with `*` or `?`);
    /// the same pattern again replaces the first.
    pub(crate) fn insert(&mut self, pattern: &str, settings: ToolOverrides) {
        if !pattern.contains(['*', '?']) {
            self.exact.insert(pattern.to_owned(), settings);
            return;
        }
        let literal = pattern.chars().filter(|c| !matches!(c, '*' | '?')).count();
        if let Some(slot) = self.globs.iter_mut().find(|glob| glob.pattern == pattern) {
            slot.settings = settings;
            return;
        }
        let at = self
            .globs
            .iter()
            .position(|glob| glob.literal < literal)
            .unwrap_or(self.globs.len());
        let glob = Glob {
            pattern: pattern.to_owned(),
            matcher: WildMatch::new(pattern),
            literal,
            settings,
        };
        self.globs.insert(at, glob);
    }

    /// The settings for `tool`: its exact name, else the matching glob with
    /// the most literal characters.
    pub(crate) fn get(&self, tool: &str) -> Option<&ToolOverrides> {
        self.exact.get(tool).or_else(|| {
            self.globs
                .iter()
                .find(|glob| glob.matcher.matches(tool))
                .map(|glob| &glob.settings)
        })
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.exact.is_empty() && self.globs.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn timeout(per_tool: &PerTool, tool: &str) -> Option<u128> {
        per_tool
            .get(tool)
            .and_then(|settings| settings.timeout)
            .map(|limit| limit.as_millis())
    }

    fn timed(ms: u64) -> ToolOverrides {
        ToolOverrides::new().with_timeout(Duration::from_millis(ms))
    }

    #[test]
    fn the_exact_name_wins_then_the_most_literal_glob_then_the_first() {
        let mut per_tool = PerTool::default();
        per_tool.insert("*", timed(1));
        per_tool.insert("search*", timed(2));
        per_tool.insert("s*", timed(3));
        per_tool.insert("search_web", timed(4));
        per_tool.insert("*_web", timed(5));

        assert_eq!(timeout(&per_tool, "search_web"), Some(4));
        assert_eq!(timeout(&per_tool, "search_news"), Some(2));
        assert_eq!(timeout(&per_tool, "send"), Some(3));
        // `search*` has 6 literal characters, `*_web` 4: the more literal wins.
        assert_eq!(timeout(&per_tool, "searchx_web"), Some(2));
        assert_eq!(timeout(&per_tool, "pay"), Some(1));
        // A tie goes to the glob given first.
        per_tool.insert("pa?", timed(6));
        per_tool.insert("p?y", timed(7));
        assert_eq!(timeout(&per_tool, "pay"), Some(6));
        // The same pattern again replaces it.
        per_tool.insert("pa?", timed(8));
        assert_eq!(timeout(&per_tool, "pay"), Some(8));
    }
}
