//! The twentieth round: librdkafka's own wording of Kafka's retriable errors and the MongoDB servers' words for a primary that is stepping down or shutting down, read from their sources after `final12.jsonl` missed them.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_lasting, assert_passing, verdict};

#[test]
fn kafkas_retriable_errors_in_librdkafkas_words() {
    // confluentinc/librdkafka:src/rdkafka.c (rd_kafka_err_descs)
    assert_passing(&[
        "Broker: Coordinator not available",
        "Broker: Not coordinator",
        r#"KafkaError{code=BROKER_NOT_AVAILABLE,val=8,str="Broker: Broker not available"}"#,
        "Broker: Not controller for cluster",
        "Broker: Leader epoch is newer than broker epoch",
        "Broker: Eligible partition leaders are not available",
    ]);
    // Its non-retriable ones stay.
    assert_lasting(&[
        "Broker: Message size too large",
        "Broker: Topic authorization failed",
        "Broker: There is a newer producer with the same transactionalId which fences the current one",
    ]);
}

#[test]
fn too_few_in_sync_replicas_pass_only_weakly() {
    // edenhill/kcat#184: a topic with replication factor 1 under
    // min.insync.replicas 2 meets it on every attempt.
    assert_eq!(
        verdict("% Delivery failed for message: Broker: Not enough in-sync replicas"),
        (true, Confidence::Weak)
    );
}

#[test]
fn a_primary_stepping_down_or_shutting_down() {
    // mongodb/specifications: server-discovery-and-monitoring-tests.md
    assert_passing(&[
        r#"{ok: 0, errmsg: "not writable primary"}"#,
        r#"{ ok: 1, writeConcernError: {code: 91, errmsg: "Replication is being shut down"} }"#,
        "pymongo.errors.NotPrimaryError: Interrupted due to repl state change",
    ]);
}
