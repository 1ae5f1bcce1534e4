//! One retry budget and one circuit per tool for a whole fleet of agents, held in Redis.
//!
//! A budget or breaker in each process cannot stop a fleet-wide retry storm:
//! fifty replicas each allowed a tenth more load add five times the load, and
//! each must find an outage on its own. [`SharedBudget`] and [`SharedBreaker`]
//! keep that state in Redis, under keys prefixed by a namespace per
//! application, changed only by atomic server-side scripts:
//!
//! * [`SharedBudget`] is a [`Budget`](loopctl_backoff::Budget), so
//!   [`BudgetedRecovery`](loopctl_backoff::BudgetedRecovery) takes it where it
//!   takes a [`RetryBudget`](loopctl_backoff::RetryBudget).
//! * [`SharedBreaker`] is a [`CircuitBreaker`](loopctl_driver::CircuitBreaker),
//!   for [`Dispatcher::with_circuit_breaker`](loopctl_driver::Dispatcher::with_circuit_breaker).
//!
//! A successful call costs no round trip; a failed attempt costs one. While
//! Redis is unreachable or slower than the command time-out, both answer
//! from local state (or refuse, with [`FailMode::Closed`]) and share again
//! once it answers. Keys expire on their own.
//!
//! ```no_run
//! use std::sync::Arc;
//! use loopctl_backoff::{BudgetedRecovery, ExponentialBackoffRecovery, RetryBudget};
//! use loopctl_driver::{BreakerConfig, Dispatcher, ToolRegistry};
//! use loopctl_redis::{Fleet, FleetConfig, SharedBreaker, SharedBudget};
//!
//! # async fn run() -> Result<(), loopctl_redis::FleetError> {
//! let fleet = Fleet::connect(FleetConfig::from_env()?).await?;
//! let budget = SharedBudget::new(&fleet, "search-api", RetryBudget::new(100, 0.1));
//! let breaker = SharedBreaker::new(&fleet, BreakerConfig::default());
//! let dispatcher = Dispatcher::new(ToolRegistry::new())
//!     .with_recovery_strategy(Arc::new(BudgetedRecovery::new(
//!         ExponentialBackoffRecovery::new(3),
//!         budget,
//!     )))
//!     .with_circuit_breaker(Arc::new(breaker));
//! # drop(dispatcher);
//! # Ok(())
//! # }
//! ```
#![cfg_attr(docsrs, feature(doc_cfg))]

mod breaker;
mod budget;
mod config;
mod error;
mod fleet;
mod scripts;

pub use breaker::{MAX_THRESHOLD, SharedBreaker};
pub use budget::SharedBudget;
pub use config::{FailMode, FleetConfig};
pub use error::FleetError;
pub use fleet::Fleet;
