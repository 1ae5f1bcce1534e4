//! Four OS processes share one retry budget and one circuit through a real `redis-server`.

use crate::support;

use std::time::Duration;

use loopctl_testkit::{GENEROUS, RedisServer};
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
    // 10 calls each, each wanting 4 retries: a demand of 160 retries. The
    // command time-out is generous: this test counts the budget, and a
    // loaded machine that makes Redis answer late would otherwise send a
    // withdrawal to the local fallback budget (as it should, in production).
    let options = [
        "capacity=30",
        "refill=0.1",
        "retries=4",
        "threshold=100000",
        "timeout_ms=10000",
    ];

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

/// Waits until `replica` sees `svc`'s circuit in `state` (`Open`, `Closed`).
async fn until_state(replica: &mut Replica, state: &str) {
    let deadline = tokio::time::Instant::now() + GENEROUS;
    loop {
        let seen = replica.ask("state").await;
        if seen == state {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "waited {GENEROUS:?} for a replica to see the circuit {state}; it sees {seen}"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_process_opens_the_circuit_for_all_and_one_probe_runs_fleet_wide() {
    let Some(redis) = RedisServer::start() else {
        return;
    };
    let url = redis.url();
    let gate_dir = std::env::temp_dir().join(format!("loopctl-probe-gate-{}", std::process::id()));
    std::fs::create_dir_all(&gate_dir).expect("a temporary directory");
    let gate = gate_dir.join("release");
    let _ = std::fs::remove_file(&gate);
    let gate_option = format!("gate={}", gate.display());
    let options = [
        "threshold=3",
        "cool_down_ms=1500",
        "retries=4",
        "capacity=100",
        "timeout_ms=10000",
        gate_option.as_str(),
    ];
    let mut fleet = replicas(&url, &["shop"; 4], &options).await;

    let opened = fleet[0].ask("call").await;
    assert!(
        opened.starts_with("ran 3 error"),
        "three failures open it: {opened}"
    );
    for replica in &mut fleet[1..] {
        // The published open reaches every replica; then it refuses.
        until_state(replica, "Open").await;
        let refused = replica.ask("call").await;
        assert!(
            refused.starts_with("ran 0 error circuit open for tool `svc` across the fleet"),
            "the others see it open on their next call: {refused}"
        );
    }

    Replica::ask_all(&mut fleet, "heal").await;
    // The cool-down is timed by the server; this waits at least that long.
    tokio::time::sleep(Duration::from_millis(1600)).await;
    for replica in &mut fleet {
        replica.send("call").await;
    }
    // The probe's call holds until the gate opens, so the three other
    // replicas answer while it is under way, however slow the machine.
    let mut answers: Vec<Option<String>> = vec![None; fleet.len()];
    let refusals = |answers: &[Option<String>]| {
        answers
            .iter()
            .flatten()
            .filter(|answer| answer.contains("another replica's probe call is testing it"))
            .count()
    };
    let mut pending: Vec<usize> = (0..fleet.len()).collect();
    while refusals(&answers) < 3 {
        let reads = fleet
            .iter_mut()
            .enumerate()
            .filter(|(index, _)| pending.contains(index))
            .map(|(index, replica)| Box::pin(async move { (index, replica.read().await) }));
        let ((index, answer), _, _) = futures::future::select_all(reads).await;
        assert!(
            answer.starts_with("ran 0 error"),
            "only one replica may probe: {answer}"
        );
        pending.retain(|other| *other != index);
        answers[index] = Some(answer);
    }
    std::fs::write(&gate, b"").expect("open the gate");
    let prober = pending[0];
    let probed = fleet[prober].read().await;
    assert_eq!(
        probed, "ran 1 ok svc is back",
        "exactly one half-open probe, fleet-wide"
    );

    // The close is published; every replica applies it, whatever order its
    // own replies and the event arrive in.
    for replica in &mut fleet {
        until_state(replica, "Closed").await;
    }
    let closed = Replica::ask_all(&mut fleet, "call").await;
    assert!(
        closed.iter().all(|answer| answer.starts_with("ran 1 ok")),
        "the probe's success closed it for everyone: {closed:?}"
    );
    let _ = std::fs::remove_dir_all(&gate_dir);
}
