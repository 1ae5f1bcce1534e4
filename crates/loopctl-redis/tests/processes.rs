//! Four OS processes share one retry budget and one circuit through a real `redis-server`.

mod support;

use std::time::Duration;

use loopctl_testkit::RedisServer;
use support::{Replica, count};

async fn replicas(url: &str, namespaces: &[&str], options: &[&str]) -> Vec<Replica> {
    let mut replicas = Vec::new();
    for namespace in namespaces {
        replicas.push(Replica::start(url, namespace, options).await);
    }
    replicas
}

fn total_retries(answers: &[String]) -> u64 {
    answers.iter().map(|answer| count(answer, "retries")).sum()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn four_processes_hammering_a_failing_tool_stay_within_one_budget() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let url = redis.url();
    // 10 calls each, each wanting 4 retries: a demand of 160 retries.
    let options = ["capacity=30", "refill=0.1", "retries=4", "threshold=100000"];

    let mut shared = replicas(&url, &["fleet"; 4], &options).await;
    let drained = Replica::ask_all(&mut shared, "fail 10").await;
    assert_eq!(
        total_retries(&drained),
        30,
        "the fleet spends exactly its one bucket: {drained:?}"
    );
    // 50 successes each refill 5 retries each; written in batches of 10.
    let oks = Replica::ask_all(&mut shared, "ok 50").await;
    assert!(oks.iter().all(|answer| answer == "ok 50"), "{oks:?}");
    Replica::ask_all(&mut shared, "flush").await;
    let refilled = Replica::ask_all(&mut shared, "fail 10").await;
    assert_eq!(
        total_retries(&refilled),
        20,
        "4 × 50 successes × 0.1 refill fund 20 retries fleet-wide: {refilled:?}"
    );

    // The same four processes with a budget each, as local budgets would be.
    let mut separate = replicas(&url, &["solo-a", "solo-b", "solo-c", "solo-d"], &options).await;
    let each = Replica::ask_all(&mut separate, "fail 10").await;
    assert_eq!(
        total_retries(&each),
        120,
        "four budgets of 30 allow four times as many: {each:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_opens_the_circuit_for_all_and_one_probe_runs_fleet_wide() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let url = redis.url();
    let options = [
        "threshold=3",
        "cool_down_ms=1500",
        "probe_ms=400",
        "retries=4",
        "capacity=100",
    ];
    let mut fleet = replicas(&url, &["shop"; 4], &options).await;

    let opened = fleet[0].ask("call").await;
    assert!(
        opened.starts_with("ran 3 error"),
        "three failures open it: {opened}"
    );
    for replica in &mut fleet[1..] {
        let refused = replica.ask("call").await;
        assert!(
            refused.starts_with("ran 0 error circuit open for tool `svc` across the fleet"),
            "the others see it open on their next call: {refused}"
        );
    }

    Replica::ask_all(&mut fleet, "heal").await;
    tokio::time::sleep(Duration::from_millis(1600)).await;
    let probes = Replica::ask_all(&mut fleet, "call").await;
    let ran: u64 = probes.iter().map(|answer| count(answer, "ran")).sum();
    assert_eq!(
        ran, 1,
        "exactly one half-open probe, fleet-wide: {probes:?}"
    );
    assert_eq!(
        probes
            .iter()
            .filter(|answer| answer.contains("another replica's probe call is testing it"))
            .count(),
        3,
        "{probes:?}"
    );

    let closed = Replica::ask_all(&mut fleet, "call").await;
    assert!(
        closed.iter().all(|answer| answer.starts_with("ran 1 ok")),
        "the probe's success closed it for everyone: {closed:?}"
    );
}
