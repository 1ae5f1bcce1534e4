//! The forty-fifth round, read after `final36.jsonl` was measured: tasks and partitions on the move, a full query buffer, servers that turn work away, rates in other words, a git ref another update holds, and a DNS resolver that cannot answer SRV queries.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn moves_buffers_and_servers_that_turn_work_away_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // elastic/elasticsearch-js: docs/reference/api-reference.md
            "cannot cancel task [36619] because it is being relocated",
            // temporalio/temporal: service/history/consts/const.go
            "consistent query buffer is full, this may be caused by too many queries and workflow not able to process query fast enough",
            // aerospike/aerospike-client-go: types/result_code.go, error.go
            "Server is not accepting requests.",
            "connection pool is empty. This happens when no connections were available",
            // traefik/traefik: pkg/server/service/loadbalancer/wrr/wrr.go
            "no available server",
            // crossplane/crossplane#2303
            "cannot resolve references: spec.forProvider.policyArn: referenced field was empty (referenced resource may not yet be ready)",
            // hazelcast/hazelcast#9817
            "com.hazelcast.spi.exception.PartitionMigratingException: Partition is migrating! this: [10.0.0.17]:5701, partitionId: 44",
            "Partition is migrating!",
        ],
    );
}

#[test]
fn rates_in_other_words_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // uber/cadence: common/domain/handler.go and
            // common/persistence/wrappers/ratelimited/errors.go
            "Domain update too frequent.",
            "Persistence Max QPS Reached.",
        ],
    );
    // A day or a month stays a quota.
    assert!(!verdict("Daily limit exceeded: updates too frequent for your plan today").0);
}

#[test]
fn a_ref_another_update_holds_passes_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // argoproj/argo-cd: util/git/client_test.go
            " ! [remote rejected]     refs/notes/hydrator.metadata -> refs/notes/hydrator.metadata (cannot lock ref 'refs/notes/hydrator.metadata')",
        ],
    );
    // A ref of the same path in the way stays.
    assert!(
        !verdict("error: cannot lock ref 'refs/remotes/origin/brew/update-publish-bottles': 'refs/remotes/origin/brew' exists; cannot create 'refs/remotes/origin/brew/update-publish-bottles'").0
    );
}

#[test]
fn settings_of_the_caller_and_resolvers_that_cannot_answer_last() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // uber/cadence: common/util.go
            "Context timeout is too short.",
            // valkey-io/valkey: src/script.c
            "-NOTBUSY No scripts in execution right now.",
            // Automattic/mongoose#10944, and a refused SRV query
            "Error:Error: querySrv ETIMEOUT _mongodb._tcp.midnight.t37c9.mongodb.net",
            r#"[db] connection failed at startup {"message":"querySrv ECONNREFUSED _mongodb._tcp.<cluster>.mongodb.net"}"#,
        ],
    );
    // The narrowed words do not reach other states.
    assert!(!verdict("Current API Key is not accepting requests. Please check settings.").0);
    assert!(!verdict("CircularBuffer is full").0);
    assert!(
        !verdict("Claim too frequent, come back in 24 hours")
            .1
            .eq(&Confidence::Strong)
    );
    assert!(!verdict("config error: max qps is 0, must be greater than 0").0);
    assert!(
        !verdict("Error: spawn querySrvAndConnect ENOENT")
            .1
            .eq(&Confidence::Strong)
    );
    // The same words beside a refusal stay a refusal.
    assert_eq!(
        verdict("invalid API key; partition is migrating"),
        (false, Confidence::Strong)
    );
}
