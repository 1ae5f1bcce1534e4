//! The twentieth round: librdkafka's own wording of Kafka's retriable errors, the MongoDB servers' words for a primary that is stepping down or shutting down, and SMTP replies read by their enhanced status code's class (RFC 3463), read from their sources after `final12.jsonl` missed them.

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

#[test]
fn smtp_replies_by_the_class_of_their_enhanced_code() {
    assert_passing(&[
        // eleith/emailjs#202
        "450 4.2.0 <xo@wvvw.me>: Recipient address rejected: Greylisted, see http://postgrey.schweikert.ch/help/wvvw.me.html",
        "452 4.2.2 The email account that you tried to reach is over quota. Please direct the recipient to https://support.google.com/mail/?p=OverQuotaTemp",
    ]);
    assert_lasting(&[
        "550 5.1.1 The email account that you tried to reach does not exist.",
        "554-5.7.1 Message rejected: sender domain has no SPF record",
        // simonrob/email-oauth2-proxy#193
        "535 5.7.139 Authentication unsuccessful, SmtpClientAuthentication is disabled for the Tenant. Visit https://aka.ms/smtp_auth_disabled for more information.",
    ]);
    // Numbers that only look like a reply and a class name nothing.
    for text in [
        "upload took 450 4.5ms longer than the budget",
        "row 1450 4.2.0 release notes",
        "scaled 550 5.x workers",
    ] {
        assert_eq!(verdict(text).1, Confidence::Unmatched, "{text}");
    }
}
