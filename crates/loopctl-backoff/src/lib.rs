//! Recovery strategies for loopctl: exponential backoff, jitter, server retry hints and retry budgets.
//!
//! A [`RecoveryStrategy`](loopctl_reflect_core::RecoveryStrategy) reads a
//! reflector's [`FailureAnalysis`](loopctl_reflect_core::FailureAnalysis) and
//! answers retry, skip, ask the user, or fail. This crate holds the default,
//! [`ExponentialBackoffRecovery`], and the pieces production agents need
//! around it.
//!
//! # The rules
//!
//! The built-in delay strategies ([`ExponentialBackoffRecovery`],
//! [`FixedDelayRecovery`]) decide in this order; the first rule that matches wins.
//!
//! | # | when | answer |
//! |---|---|---|
//! | 1 | `is_recoverable` is false | `Fail(root_cause)` |
//! | 2 | the strategy's retries are used up (`attempt >= max_retries`), or one more call would reach the driver's ceiling (`attempt + 1 >= max_attempts`) | `Fail("gave up after N retries: …")` |
//! | 3 | severity is `High` or `Critical` and a correction is proposed | `AskUser`, with the cause and the fix in the prompt |
//! | 4 | anything else | `Retry { delay }`, at least as long as any server hint |
//!
//! # A worked timeline
//!
//! With `ExponentialBackoffRecovery::new(3)` and a reflector that calls a
//! timeout recoverable at `Low` severity, a tool that keeps timing out runs
//! like this (attempts count from 0):
//!
//! | time | event |
//! |---|---|
//! | 0 ms | attempt 0 fails → `Retry { delay: 100ms }` |
//! | 100 ms | attempt 1 fails → `Retry { delay: 200ms }` |
//! | 300 ms | attempt 2 fails → `Retry { delay: 400ms }` |
//! | 700 ms | attempt 3 fails → `Fail("gave up after 3 retries: …")`, the error goes back to the model |
//!
//! Four executions in all; the driver's ceiling of six is never reached.
//!
//! # The surprise in the defaults
//!
//! The default reflector, `NoopReflector`, calls every failure unrecoverable.
//! Rule 1 then fails at once, so the stock pairing gives each tool call
//! exactly one attempt. Retrying is opt-in: choose a reflector (rules, an LLM,
//! your own) that marks transient failures recoverable.
//!
//! # Jitter, hints and budgets
//!
//! * [`Jitter`] spreads delays; it is off by default so the delays above are exact.
//! * [`parse_retry_after`] reads `Retry-After`, `retry after 2s` and gRPC
//!   pushback from the analysis text; the strategy waits at least that long.
//! * [`RetryBudget`] with [`BudgetedRecovery`] caps retries across all calls.
//! * [`FnRecovery`] writes a policy inline; [`NeverRetry`] never retries.

mod budget;
mod closure;
mod exponential;
mod fixed;
mod hint_dates;
mod jitter;
mod retry_after;
mod rules;

pub use budget::{BUDGET_EXHAUSTED, Budget, BudgetedRecovery, RetryBudget, WithdrawFuture};
pub use closure::FnRecovery;
pub use exponential::ExponentialBackoffRecovery;
pub use fixed::{FixedDelayRecovery, NeverRetry};
pub use jitter::{Jitter, RandomSource, SeededRandom};
pub use retry_after::{format_hint, hint_in_analysis, parse_retry_after};
