//! A `Dispatcher` set up from a policy: the defaults as its own settings, each `[tools.NAME]` as that tool's strategy and time-out, the rules in front of its reflector, and the tools' declarations as its safety policy.

use std::sync::Arc;

use loopctl_backoff::{BudgetedRecovery, ExponentialBackoffRecovery, Jitter, RetryBudget};
use loopctl_driver::{
    Bulkhead, Dispatcher, Effect, HealthMonitor, RateLimit, Repeatability, SafetyPolicy,
    ToolOverrides,
};
use loopctl_reflect_core::{RecoveryStrategy, Reflector};
use loopctl_reflect_rules::{RuleReflector, SureRules};

use crate::file::{EffectName, JitterKind, ReflectorKind};
use crate::resolve::{Effective, Policy};
use crate::rules::{ActionStrategy, PolicyReflector};

/// `Dispatcher::with_policy`.
pub trait DispatcherPolicy {
    /// This dispatcher with `policy` applied:
    ///
    /// - `[defaults]` become its strategy (exponential backoff with the
    ///   file's retries, delays and jitter, behind the retry budget when one
    ///   is set), its tool and reflection time-outs, and its breaker;
    /// - each `[tools.NAME]` becomes that name's (or glob's) own strategy and
    ///   time-out, and its effect, repeatability, guarded fields and allowed
    ///   changes go into the safety policy;
    /// - `[[rules]]` go in front of the reflector. With `reflector = "rules"`
    ///   that is the built-in rule reflector; with `llm` or `rules+llm` it is
    ///   the reflector the dispatcher already has (set your model's first),
    ///   alone or after the built-in rules.
    ///
    /// The retry budget is one bucket for every tool. Each section's rate
    /// limit and concurrency cap is one limit for the tools it matches, and
    /// clones of the dispatcher share them; a second `with_policy` builds
    /// new ones.
    #[must_use]
    fn with_policy(self, policy: &Policy) -> Dispatcher;
}

impl DispatcherPolicy for Dispatcher {
    fn with_policy(self, policy: &Policy) -> Dispatcher {
        let defaults = policy.for_defaults();
        let model = Arc::clone(self.reflector());
        let inner: Arc<dyn Reflector> = match defaults.reflector {
            ReflectorKind::Rules => Arc::new(RuleReflector::new()),
            ReflectorKind::Llm => model,
            ReflectorKind::RulesThenLlm => Arc::new(SureRules::new(
                RuleReflector::new(),
                defaults.rules_confidence.level(),
                model,
            )),
        };
        let rules = policy.file().rules.clone();
        let (default_strategy, per_tool) = strategies(policy);
        let mut dispatcher = self
            .with_reflector(Arc::new(PolicyReflector::new(rules, inner)))
            .with_recovery_strategy(default_strategy)
            .with_reflection_timeout(defaults.reflection_timeout);
        if let Some(limit) = defaults.tool_timeout {
            dispatcher = dispatcher.with_tool_timeout(limit);
        }
        if let Some(breaker) = &defaults.breaker {
            let config = breaker.config();
            dispatcher =
                dispatcher.with_health_monitor(Arc::new(HealthMonitor::with_breaker(config)));
        }
        for (pattern, overrides) in per_tool {
            dispatcher = dispatcher.with_tool_overrides(&pattern, overrides);
        }
        dispatcher.with_safety_policy(safety_policy(policy))
    }
}

/// The strategy `[defaults]` describe, and each `[tools.NAME]` section's
/// strategy, time-out, rate limit and concurrency cap, for a caller that
/// builds its dispatchers itself (the proxy builds one per session). All of
/// them share one retry budget when the file sets one, and each section's
/// limits are one limit for every dispatcher given them (and for every tool
/// a glob section matches): call this once, and clone the result.
pub fn strategies(policy: &Policy) -> (Arc<dyn RecoveryStrategy>, Vec<(String, ToolOverrides)>) {
    let defaults = policy.for_defaults();
    let budget = budget_of(&defaults);
    let per_tool = policy
        .file()
        .tools
        .keys()
        .map(|pattern| {
            let settings = policy.for_tool(pattern);
            let mut overrides =
                ToolOverrides::new().with_strategy(strategy(&settings, budget.as_ref()));
            if let Some(limit) = settings.tool_timeout {
                overrides = overrides.with_timeout(limit);
            }
            // `check` refuses a zero rate or cap, so `None` here means a file
            // that was never checked: such a limit is left off, not guessed.
            if let Some(limit) = settings
                .rate_limit
                .and_then(|rate| RateLimit::new(rate.calls, rate.per, settings.rate_limit_wait))
            {
                overrides = overrides.with_rate_limit(Arc::new(limit));
            }
            if let Some(cap) = settings
                .concurrency
                .and_then(|cap| Bulkhead::new(cap as usize, settings.queue as usize))
            {
                overrides = overrides.with_concurrency(Arc::new(cap));
            }
            (pattern.clone(), overrides)
        })
        .collect();
    (strategy(&defaults, budget.as_ref()), per_tool)
}

/// What each `[tools.NAME]` section declares (effect, repeatability,
/// idempotency keys, guarded fields, allowed changes), as a safety policy.
pub fn safety_policy(policy: &Policy) -> SafetyPolicy {
    policy
        .file()
        .tools
        .keys()
        .fold(SafetyPolicy::new(), |safety, pattern| {
            declare(safety, pattern, &policy.for_tool(pattern))
        })
}

/// The retry bucket `[defaults]` describes, if any.
fn budget_of(defaults: &Effective) -> Option<RetryBudget> {
    defaults.retry_budget.as_ref().map(|budget| {
        let bucket = RetryBudget::new(
            budget.capacity.unwrap_or(0),
            budget.refill_per_success.unwrap_or(0.1),
        );
        match budget.floor_per_second {
            Some(floor) => bucket.with_floor(floor),
            None => bucket,
        }
    })
}

/// The strategy `settings` describe.
fn strategy(settings: &Effective, budget: Option<&RetryBudget>) -> Arc<dyn RecoveryStrategy> {
    let mut backoff = ExponentialBackoffRecovery::new(settings.max_retries)
        .with_base_delay(settings.base_delay)
        .with_max_delay(settings.max_delay)
        .with_jitter(match settings.jitter {
            JitterKind::None => Jitter::None,
            JitterKind::Full => Jitter::Full,
            JitterKind::Equal => Jitter::Equal,
            JitterKind::Decorrelated => Jitter::Decorrelated,
        });
    if settings.fixes_at_once {
        backoff = backoff.with_fixes_retried_at_once();
    }
    match budget {
        Some(budget) => Arc::new(ActionStrategy::new(BudgetedRecovery::new(
            backoff,
            budget.clone(),
        ))),
        None => Arc::new(ActionStrategy::new(backoff)),
    }
}

/// The tool's declarations, added to `safety`.
fn declare(mut safety: SafetyPolicy, pattern: &str, settings: &Effective) -> SafetyPolicy {
    if let Some(effect) = settings.effect {
        safety = safety.declare_effect(
            pattern,
            match effect {
                EffectName::ReadOnly => Effect::ReadOnly,
                EffectName::Writes => Effect::Writes,
                EffectName::Destructive => Effect::Destructive,
            },
        );
    }
    if let Some(idempotent) = settings.idempotent {
        let repeatability = if idempotent {
            Repeatability::Idempotent
        } else {
            Repeatability::NotIdempotent
        };
        safety = safety.declare_repeatability(pattern, repeatability);
    }
    if settings.idempotency_key {
        safety = safety.honour_idempotency_keys(pattern);
    }
    for field in &settings.guard {
        safety = safety.guard_field(pattern, field.clone());
    }
    for to in &settings.allow_tool_change {
        safety = safety.allow_tool_change(pattern, to.clone());
    }
    if settings.allow_reach_change {
        safety = safety.allow_reach_change(pattern);
    }
    safety
}

/// The most tools [`Strategies`] keeps a built strategy for; past that,
/// a strategy is built for each call.
const MAX_CACHED_TOOLS: usize = 4096;

/// The strategy each tool gets from a policy (its section's, or the
/// defaults'), built once per tool, for callers that judge failures
/// without a `Dispatcher` (`loopctl analyze` and `replay`). One retry
/// budget, when the file sets one, is shared by every tool.
pub struct Strategies {
    policy: Policy,
    budget: Option<RetryBudget>,
    built: std::sync::Mutex<std::collections::HashMap<String, Arc<dyn RecoveryStrategy>>>,
}

impl Strategies {
    /// The strategies of `policy`.
    pub fn new(policy: &Policy) -> Self {
        Self {
            policy: policy.clone(),
            budget: budget_of(&policy.for_defaults()),
            built: std::sync::Mutex::default(),
        }
    }

    /// The strategy for `tool`'s failures.
    pub fn for_tool(&self, tool: &str) -> Arc<dyn RecoveryStrategy> {
        let mut built = loopctl_reflect_core::lock(&self.built);
        if let Some(strategy) = built.get(tool) {
            return Arc::clone(strategy);
        }
        let strategy = strategy(&self.policy.for_tool(tool), self.budget.as_ref());
        if built.len() < MAX_CACHED_TOOLS {
            built.insert(tool.to_owned(), Arc::clone(&strategy));
        }
        strategy
    }
}

impl std::fmt::Debug for Strategies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Strategies").finish_non_exhaustive()
    }
}
