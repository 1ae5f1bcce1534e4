//! Injected faults: their rates hold for a fixed seed within statistical bounds, rules are independent of each other, and the same seed gives the same faults.

use std::time::Duration;

use loopctl_mcp::{FaultKind, FaultPlan, FaultRule};

const CALLS: u64 = 100_000;

fn rule(kind: FaultKind, rate: f64, tool: Option<&str>) -> FaultRule {
    FaultRule {
        kind,
        rate,
        tool: tool.map(str::to_owned),
    }
}

/// Five standard deviations of a binomial count around its mean: a correct
/// plan falls outside about once in 1.7 million runs, and the seeds are fixed.
fn assert_near(count: u64, calls: u64, rate: f64, what: &str) {
    let mean = calls as f64 * rate;
    let bound = 5.0 * (calls as f64 * rate * (1.0 - rate)).sqrt();
    assert!(
        (count as f64 - mean).abs() <= bound,
        "{what}: {count} of {calls}, expected {mean} ± {bound:.0}"
    );
}

#[test]
fn each_rate_holds_for_a_fixed_seed() {
    for (seed, rate) in [(1_u64, 0.01), (42, 0.2), (7, 0.5), (2026, 0.9)] {
        for kind in [
            FaultKind::ErrorResult,
            FaultKind::RpcError,
            FaultKind::Drop,
            FaultKind::Latency(Duration::from_millis(5)),
        ] {
            let plan = FaultPlan::new(seed, vec![rule(kind.clone(), rate, None)]).unwrap();
            let fired = (0..CALLS)
                .filter(|n| plan.decide("search", *n).is_some())
                .count() as u64;
            assert_near(
                fired,
                CALLS,
                rate,
                &format!("{} at {rate}, seed {seed}", kind.name()),
            );
        }
    }
}

#[test]
fn rates_hold_for_each_tool_of_many() {
    let plan = FaultPlan::new(9, vec![rule(FaultKind::ErrorResult, 0.1, None)]).unwrap();
    for tool in ["a", "b", "read_file", "write_file", "search_issues"] {
        let fired = (0..20_000)
            .filter(|n| plan.decide(tool, *n).is_some())
            .count() as u64;
        assert_near(fired, 20_000, 0.1, tool);
    }
}

#[test]
fn a_rule_for_one_tool_leaves_the_others_alone() {
    let plan = FaultPlan::new(3, vec![rule(FaultKind::Drop, 0.3, Some("write_file"))]).unwrap();
    let other = (0..CALLS)
        .filter(|n| plan.decide("read_file", *n).is_some())
        .count();
    assert_eq!(other, 0, "read_file got faults meant for write_file");
    let own = (0..CALLS)
        .filter(|n| plan.decide("write_file", *n).is_some())
        .count() as u64;
    assert_near(own, CALLS, 0.3, "write_file");
}

#[test]
fn two_rules_fire_independently() {
    // Latency and an error at 0.5 each: both on a quarter of the calls. Rules
    // drawing the same number would fire together on half.
    let plan = FaultPlan::new(
        11,
        vec![
            rule(FaultKind::Latency(Duration::from_millis(1)), 0.5, None),
            rule(FaultKind::ErrorResult, 0.5, None),
        ],
    )
    .unwrap();
    let both = (0..CALLS)
        .filter(|n| {
            plan.decide("t", *n)
                .is_some_and(|d| !d.delay.is_zero() && d.fault.is_some())
        })
        .count() as u64;
    assert_near(both, CALLS, 0.25, "latency and error together");
}

#[test]
fn the_first_fault_that_fires_decides_and_latencies_add_up() {
    let plan = FaultPlan::new(
        5,
        vec![
            rule(FaultKind::Latency(Duration::from_millis(100)), 1.0, None),
            rule(FaultKind::Latency(Duration::from_millis(20)), 1.0, None),
            rule(FaultKind::RpcError, 1.0, None),
            rule(FaultKind::Drop, 1.0, None),
        ],
    )
    .unwrap();
    let decision = plan.decide("t", 0).unwrap();
    assert_eq!(decision.delay, Duration::from_millis(120));
    assert_eq!(decision.fault, Some(FaultKind::RpcError));
}

#[test]
fn the_same_seed_gives_the_same_faults_and_another_seed_others() {
    let rules = || {
        vec![
            rule(FaultKind::ErrorResult, 0.2, None),
            rule(FaultKind::Drop, 0.1, Some("b")),
        ]
    };
    let run = |seed: u64| {
        let plan = FaultPlan::new(seed, rules()).unwrap();
        // Through the counting entry point, as a proxy numbers its calls.
        (0..2_000)
            .map(|call| plan.next(if call % 3 == 0 { "b" } else { "a" }).1)
            .collect::<Vec<_>>()
    };
    assert_eq!(run(77), run(77));
    let differing = run(77)
        .iter()
        .zip(run(78))
        .filter(|(one, other)| **one != *other)
        .count();
    assert!(
        differing > 100,
        "seeds 77 and 78 differ on {differing} calls only"
    );
}

#[test]
fn a_rate_outside_zero_to_one_is_refused() {
    for rate in [-0.1, 1.5, f64::NAN] {
        assert!(
            FaultPlan::new(1, vec![rule(FaultKind::Drop, rate, None)]).is_err(),
            "{rate}"
        );
    }
}
