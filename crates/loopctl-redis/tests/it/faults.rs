//! The shared state against a real `redis-server` that dies, comes back, stalls, or holds foreign keys.

use std::sync::Arc;
use std::time::Duration;

use loopctl_backoff::{Budget, RetryBudget};
use loopctl_driver::{Admission, BreakerConfig, CircuitBreaker, CircuitState};
use loopctl_redis::{FailMode, Fleet, FleetConfig, SharedBreaker, SharedBudget};
use loopctl_testkit::{Captured, GENEROUS, RedisServer, eventually};
use tokio::time::Instant;

fn config(redis: &RedisServer, namespace: &str) -> FleetConfig {
    FleetConfig::new(redis.url(), namespace)
        .unwrap()
        .with_command_timeout(Duration::from_millis(50))
        .with_retry_interval(Duration::from_millis(200))
        .with_flush(Duration::from_millis(100), 8)
}

/// Log lines, captured on this thread (the tests run on a current-thread
/// runtime, so the fleet's tasks log here too).
fn capture() -> (Captured, tracing::subscriber::DefaultGuard) {
    let captured = Captured::default();
    let guard = tracing::subscriber::set_default(captured.subscriber(tracing::Level::INFO));
    (captured, guard)
}

async fn granted(budget: &SharedBudget, times: usize) -> usize {
    let mut granted = 0;
    for _ in 0..times {
        if budget.withdraw().await {
            granted += 1;
        }
    }
    granted
}

#[tokio::test]
async fn two_replicas_draw_on_one_bucket_and_keys_expire_on_their_own() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let a = Fleet::connect(config(&redis, "app")).await.unwrap();
    let b = Fleet::connect(config(&redis, "app")).await.unwrap();
    let other_app = Fleet::connect(config(&redis, "other")).await.unwrap();
    let shape = RetryBudget::new(5, 0.5);
    let on_a = SharedBudget::new(&a, "search", shape.clone());
    let on_b = SharedBudget::new(&b, "search", shape.clone());
    let elsewhere = SharedBudget::new(&other_app, "search", shape);
    assert_eq!(granted(&on_a, 3).await + granted(&on_b, 5).await, 5);
    assert_eq!(on_a.shared_available().await, Some(0.0));
    assert_eq!(granted(&elsewhere, 1).await, 1, "namespaces never share");

    // Two successes on b refill one retry, written at the next flush.
    on_b.deposit();
    on_b.deposit();
    on_b.flush().await;
    assert_eq!(on_a.shared_available().await, Some(1.0));
    assert_eq!(granted(&on_a, 2).await, 1);

    let ttl: i64 = redis.command(&["PTTL", on_a.key()])[1..].parse().unwrap();
    assert!(
        ttl > 0 && ttl <= 600_000,
        "the key expires by itself: PTTL {ttl}"
    );
}

#[tokio::test]
async fn the_floor_counts_retries_per_second_across_the_fleet() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let a = Fleet::connect(config(&redis, "app")).await.unwrap();
    let b = Fleet::connect(config(&redis, "app")).await.unwrap();
    let shape = RetryBudget::new(0, 0.0).with_floor(3);
    let on_a = SharedBudget::new(&a, "floor", shape.clone());
    let on_b = SharedBudget::new(&b, "floor", shape);
    let before = server_second(&redis);
    let total = granted(&on_a, 4).await + granted(&on_b, 4).await;
    let after = server_second(&redis);
    // The floor grants 3 in each server second the withdrawals touched:
    // exactly 3 within one second, at most 3 more per boundary crossed on a
    // slow machine.
    let seconds = usize::try_from(after - before + 1).unwrap();
    if seconds == 1 {
        assert_eq!(total, 3);
    } else {
        assert!((3..=3 * seconds).contains(&total), "{total} in {seconds} s");
    }
}

/// The server's clock, in whole seconds.
fn server_second(redis: &RedisServer) -> i64 {
    let reply = redis.command(&["EVAL", "return tonumber(redis.call('TIME')[1])", "0"]);
    reply
        .strip_prefix(':')
        .and_then(|seconds| seconds.parse().ok())
        .unwrap_or_else(|| panic!("TIME through EVAL answered {reply}"))
}

#[tokio::test]
async fn a_stalled_redis_costs_one_command_time_out_not_a_hang() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let fleet = Fleet::connect(config(&redis, "app")).await.unwrap();
    let budget = SharedBudget::new(&fleet, "api", RetryBudget::new(10, 0.0));
    assert!(budget.withdraw().await);
    assert_eq!(redis.command(&["CLIENT", "PAUSE", "60000", "ALL"]), "+OK");
    let started = Instant::now();
    assert!(budget.withdraw().await, "answered from the local bucket");
    assert!(budget.withdraw().await);
    let waited = started.elapsed();
    // One 50 ms time-out, after which Redis rests, however loaded the
    // machine: never the minute-long stall.
    assert!(
        waited < GENEROUS,
        "bounded by the 50 ms command time-out, not the stall: {waited:?}"
    );
    assert!(!fleet.is_shared());
}

#[tokio::test]
async fn a_key_with_a_foreign_value_is_a_clear_error_and_answered_locally() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let (logs, _guard) = capture();
    let fleet = Fleet::connect(config(&redis, "app")).await.unwrap();
    let budget = SharedBudget::new(&fleet, "api", RetryBudget::new(2, 0.0));
    assert_eq!(redis.command(&["SET", budget.key(), "not a bucket"]), "+OK");
    assert_eq!(granted(&budget, 3).await, 2, "the local bucket answers");
    assert!(fleet.is_shared(), "one bad key does not unshare the rest");
    assert_eq!(
        redis.command(&["GET", budget.key()]),
        "$12",
        "the foreign value is left as it was"
    );

    let breaker = SharedBreaker::new(
        &fleet,
        BreakerConfig {
            failure_threshold: 2,
            cool_down: Duration::from_secs(30),
        },
    );
    assert_eq!(
        redis.command(&["HSET", "app:circuit:fetch", "opened_ms", "yesterday"]),
        ":1"
    );
    breaker.record("fetch", Duration::ZERO, true).finish().await;
    breaker.record("fetch", Duration::ZERO, true).finish().await;
    let text = logs.text();
    assert!(
        text.contains("the key `app:budget:api` does not hold loopctl state (holds a string, not a loopctl budget); delete it or choose another namespace"),
        "{text}"
    );
    assert!(
        text.contains("the key `app:circuit:fetch` does not hold loopctl state"),
        "{text}"
    );
    assert_eq!(
        text.matches("app:budget:api").count(),
        1,
        "reported once per key"
    );
    assert_eq!(
        breaker.local().circuit_state("fetch"),
        CircuitState::Open,
        "the local breaker still counts"
    );
}

#[tokio::test]
async fn failing_closed_grants_no_retry_and_admits_no_attempt_while_redis_is_away() {
    let Some(mut redis) = RedisServer::start() else {
        return;
    };
    let fleet = Fleet::connect(config(&redis, "app").with_fail_mode(FailMode::Closed))
        .await
        .unwrap();
    let budget = SharedBudget::new(&fleet, "api", RetryBudget::new(10, 0.0));
    let breaker = Arc::new(SharedBreaker::new(&fleet, BreakerConfig::default()));
    redis.kill();
    assert!(
        !budget.withdraw().await,
        "no retries while the fleet cannot count them"
    );
    let Admission::Refuse(reason) = breaker.admit("api").resolve().await else {
        panic!("a closed fleet admits nothing while Redis is away");
    };
    assert!(reason.contains("fails closed"), "{reason}");
}

#[tokio::test]
async fn an_unreachable_redis_at_start_is_not_an_error() {
    let Some(mut redis) = RedisServer::start() else {
        return;
    };
    let url = redis.url();
    redis.kill();
    let fleet = Fleet::connect(
        FleetConfig::new(url, "app")
            .unwrap()
            .with_retry_interval(Duration::from_millis(100)),
    )
    .await
    .unwrap();
    assert!(!fleet.is_shared());
    let budget = SharedBudget::new(&fleet, "api", RetryBudget::new(1, 0.0));
    assert!(budget.withdraw().await);
    assert!(!budget.withdraw().await);
}

#[tokio::test]
async fn a_success_erases_only_the_failures_before_it_and_one_replica_claims_the_probe() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let (logs, _guard) = capture();
    let config = BreakerConfig {
        failure_threshold: 3,
        cool_down: COOL_DOWN,
    };
    let a = SharedBreaker::new(&Fleet::connect(config_for(&redis)).await.unwrap(), config);
    let b = SharedBreaker::new(&Fleet::connect(config_for(&redis)).await.unwrap(), config);
    a.record("api", Duration::ZERO, true).finish().await;
    a.record("api", Duration::ZERO, true).finish().await;
    // b's success comes after a's two failures (by far more than a
    // replica's view of the server's clock may be off, even on a loaded
    // machine): they no longer count.
    tokio::time::sleep(CLOCK_GAP).await;
    b.record("api", Duration::ZERO, false).finish().await;
    tokio::time::sleep(CLOCK_GAP).await;
    b.record("api", Duration::ZERO, true).finish().await;
    b.record("api", Duration::ZERO, true).finish().await;
    assert_eq!(
        a.circuit_state("api"),
        CircuitState::Closed,
        "two failures after the success"
    );
    a.record("api", Duration::ZERO, true).finish().await;
    assert_eq!(
        a.circuit_state("api"),
        CircuitState::Open,
        "three in a row across the fleet"
    );
    eventually("the open to be published to b", || async {
        b.circuit_state("api") == CircuitState::Open
    })
    .await;

    tokio::time::sleep(COOL_DOWN + CLOCK_GAP).await;
    assert_eq!(
        a.admit("api").resolve().await,
        Admission::Run,
        "a holds the probe"
    );
    let Admission::Refuse(reason) = b.admit("api").resolve().await else {
        panic!("b must not probe as well:\n{}", logs.text());
    };
    assert!(
        reason.contains("another replica's probe call is testing it"),
        "{reason}"
    );
    a.record("api", Duration::ZERO, false).finish().await;
    eventually("the close to be published to b", || async {
        b.circuit_state("api") == CircuitState::Closed
    })
    .await;
    assert_eq!(
        b.admit("api").resolve().await,
        Admission::Run,
        "the probe closed it"
    );
}

/// Long enough that a replica's next request on a loaded machine comes
/// before a probe's claim lapses.
const COOL_DOWN: Duration = Duration::from_millis(1500);

/// More than a replica's view of the server's clock may be off (half a
/// round trip), even on a loaded machine.
const CLOCK_GAP: Duration = Duration::from_millis(300);

fn config_for(redis: &RedisServer) -> FleetConfig {
    config(redis, "erase")
}

#[tokio::test]
async fn past_the_retry_interval_a_dead_redis_still_means_local_state() {
    let Some(mut redis) = RedisServer::start() else {
        return;
    };
    let open = Fleet::connect(config(&redis, "app")).await.unwrap();
    let closed = Fleet::connect(config(&redis, "app").with_fail_mode(FailMode::Closed))
        .await
        .unwrap();
    let config = BreakerConfig {
        failure_threshold: 2,
        cool_down: Duration::from_secs(30),
    };
    let open_breaker = SharedBreaker::new(&open, config);
    let closed_breaker = SharedBreaker::new(&closed, config);
    let closed_budget = SharedBudget::new(&closed, "api", RetryBudget::new(10, 0.0));
    redis.kill();
    for _ in 0..2 {
        open_breaker
            .record("api", Duration::ZERO, true)
            .finish()
            .await;
    }
    // A replica notices when it next needs Redis: here, a retry.
    assert!(!closed_budget.withdraw().await);
    assert!(closed_breaker.admit("api").resolve().await != Admission::Run);
    // Several retry intervals later, Redis still dead.
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert!(
        matches!(open_breaker.admit("api").resolve().await, Admission::Refuse(reason) if reason.contains("circuit open for tool `api`")),
        "the local breaker, which saw both failures, still decides"
    );
    assert_eq!(open_breaker.circuit_state("api"), CircuitState::Open);
    let Admission::Refuse(reason) = closed_breaker.admit("api").resolve().await else {
        panic!("failing closed holds for as long as Redis is away");
    };
    assert!(reason.contains("fails closed"), "{reason}");
    assert!(!closed_budget.withdraw().await);
}

#[tokio::test]
async fn a_dropped_probe_leaves_no_claim_behind() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let config = BreakerConfig {
        failure_threshold: 3,
        cool_down: COOL_DOWN,
    };
    let a = SharedBreaker::new(&Fleet::connect(config_for(&redis)).await.unwrap(), config);
    let b = SharedBreaker::new(&Fleet::connect(config_for(&redis)).await.unwrap(), config);
    for _ in 0..3 {
        a.record("api", Duration::ZERO, true).finish().await;
    }
    tokio::time::sleep(COOL_DOWN + CLOCK_GAP).await;
    assert_eq!(
        a.admit("api").resolve().await,
        Admission::Run,
        "a claims the probe"
    );
    // b is refused, from its view, while a's claim stands.
    assert!(b.admit("api").resolve().await != Admission::Run);
    assert_eq!(
        b.circuit_state("api"),
        CircuitState::Open,
        "cached, not asked per call"
    );
    // a's probe call is dropped: nothing is ever recorded for it. Its claim
    // lapses after a cool-down, and b probes and closes the circuit.
    tokio::time::sleep(COOL_DOWN + CLOCK_GAP).await;
    assert_eq!(
        b.admit("api").resolve().await,
        Admission::Run,
        "b claims the lapsed probe"
    );
    b.record("api", Duration::ZERO, false).finish().await;
    eventually("the close to be published to a", || async {
        a.circuit_state("api") == CircuitState::Closed
    })
    .await;
    // One ordinary failure from a must not count as a failed probe.
    a.record("api", Duration::ZERO, true).finish().await;
    assert_eq!(a.circuit_state("api"), CircuitState::Closed);
    assert_eq!(b.circuit_state("api"), CircuitState::Closed);
}

#[tokio::test]
async fn a_stall_that_outlasts_the_retry_interval_still_costs_one_time_out_per_try() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let fleet = Fleet::connect(config(&redis, "app")).await.unwrap();
    let budget = SharedBudget::new(&fleet, "api", RetryBudget::new(10, 0.0));
    assert!(budget.withdraw().await);
    assert_eq!(redis.command(&["CLIENT", "PAUSE", "120000", "ALL"]), "+OK");
    let stalled = Instant::now();
    for _ in 0..4 {
        assert!(budget.withdraw().await);
        // Past the 200 ms retry interval: the next withdrawal tries Redis again.
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    // Four tries, each waiting one 50 ms time-out at most, however loaded
    // the machine: never the two-minute stall.
    assert!(
        stalled.elapsed() < GENEROUS,
        "each try waits one time-out at most: {:?}",
        stalled.elapsed()
    );
    assert!(!fleet.is_shared());
}

#[tokio::test]
async fn a_failure_stamp_that_is_not_a_finite_number_is_foreign_and_left_alone() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let (logs, _guard) = capture();
    let fleet = Fleet::connect(config(&redis, "app")).await.unwrap();
    let breaker = SharedBreaker::new(
        &fleet,
        BreakerConfig {
            failure_threshold: 2,
            cool_down: Duration::from_secs(30),
        },
    );
    // Lua's tonumber reads `inf` as a number; it must not pass for a time.
    for stamp in ["inf,1", "-inf", "nan"] {
        assert_eq!(
            redis.command(&["HSET", "app:circuit:fetch", "streak", stamp]),
            ":0".replace('0', if stamp == "inf,1" { "1" } else { "0" })
        );
        breaker.record("fetch", Duration::ZERO, true).finish().await;
        assert_eq!(
            redis.command(&["HGET", "app:circuit:fetch", "streak"]),
            format!("${}", stamp.len()),
            "the foreign streak is left as it was"
        );
    }
    let text = logs.text();
    assert!(
        text.contains("the key `app:circuit:fetch` does not hold loopctl state (its streak field is not a finite number)"),
        "{text}"
    );
}

#[tokio::test]
async fn a_retry_given_back_returns_to_the_shared_bucket() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let fleet = Fleet::connect(config(&redis, "app")).await.unwrap();
    // No refill: only a refund can put a retry back.
    let budget = SharedBudget::new(&fleet, "api", RetryBudget::new(2, 0.0));
    assert_eq!(granted(&budget, 3).await, 2);
    assert_eq!(budget.shared_available().await, Some(0.0));
    budget.refund();
    budget.flush().await;
    assert_eq!(budget.shared_available().await, Some(1.0));
}
