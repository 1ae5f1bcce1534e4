//! The twenty-seventh round, read after `final18.jsonl` was measured: a message too large for Kafka, a host JavaScript never named, a network Compose was told exists, Hibernate's stale copy and Bedrock's malformed body; passing failures in the words of the Neo4j drivers, kubectl and Elastic Transcoder.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing};

#[test]
fn what_another_attempt_meets_again() {
    assert_lasting(&[
        // apify/got-scraping#135
        "getaddrinfo EAI_AGAIN undefined",
        // SleekwareDB/sleekwaredb#34
        "ERROR: Network sleewaredb-network declared as external, but could not be found. Please create the network manually using `docker network create sleewaredb-network` and try again.",
        // specify/specify6#849
        "edu.ku.brc.dbsupport.StaleObjectException: org.hibernate.StaleObjectStateException: Row was updated or deleted by another transaction (or unsaved-value mapping was incorrect): [edu.ku.brc.specify.datamodel.CollectingEvent#627813]\n\n              at edu.ku.brc.specify.dbsupport.HibernateDataProviderSession.merge(HibernateDataProviderSession.java:224)",
        // klemens/openolat#47
        "org.hibernate.StaleObjectStateException: Row was updated or deleted by another transaction (or unsaved-value mapping was incorrect): [de.unileipzig.xman.appointment.AppointmentImpl#5537827] ->",
        // Portkey-AI/gateway#848
        "{\n    \"error\": {\n        \"message\": \"bedrock error: The model returned the following errors: Malformed input request: #: extraneous key [stream] is not permitted, please reformat your input and try again.\",\n        \"type\": null,\n        \"param\": null,\n        \"code\": null\n    },\n    \"provider\": \"bedrock\"\n}",
    ]);
}

#[test]
fn a_message_kafka_will_never_take_is_surely_lasting() {
    // doujiang24/lua-resty-kafka#45: the broker's MESSAGE_TOO_LARGE, which
    // the client itself flags as not retryable.
    assert_all(
        (false, Confidence::Strong),
        &[
            "2016/12/22 22:32:33 [error] 13413#0: *378703 [lua] producer.lua:258: buffered messages send to kafka err: MessageSizeTooLarge, retryable: false, topic: ns-source-wimonitor, partition_id: 2, length: 111, context: ngx.timer, client: 120.237.52.234, server: 0.0.0.0:443",
        ],
    );
}

#[test]
fn what_passes() {
    assert_passing(&[
        // neo4j/neo4j-spark-connector#278
        "org.neo4j.driver.exceptions.TransientException: ForsetiClient[?] can't acquire ExclusiveLock{owner=ForsetiClient[?]} on NODE(622), because holders of that lock are waiting for ForsetiClient[?].\n Wait list:ExclusiveLock[\nClient[?] waits for [0]]",
        // aws-samples/eks-workshop#72
        "error: unable to forward port because pod is not running. Current status=Pending",
        // boto/botocore#235
        "{\"message\":\"Your application is submitting requests to Amazon Elastic Transcoder faster than the maximum request rate.\"}",
    ]);
}
