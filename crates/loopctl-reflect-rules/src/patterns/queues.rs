//! Queues, brokers, task runners and coordination services: their passing and final states.
//!
//! Sources, by family:
//! - Kafka's `RetriableException` subclasses and error names
//!   (NOT_LEADER_OR_FOLLOWER, LEADER_NOT_AVAILABLE, NOT_ENOUGH_REPLICAS,
//!   REQUEST_TIMED_OUT, NETWORK_EXCEPTION, COORDINATOR_LOAD_IN_PROGRESS),
//!   librdkafka's `Local: Broker transport failure`, KafkaJS's and sarama's
//!   texts.
//! - RabbitMQ's AMQP reply codes, NATS' client errors and nats-server's
//!   `-ERR 'Maximum Payload Violation'`.
//! - ZooKeeper's KeeperErrorCode values, etcd's and Consul's server errors.
//! - Pulsar's client exceptions (`ProducerQueueIsFullError`,
//!   `ServiceNotReady`, `LookupException` pass; `ProducerBusy`,
//!   `TopicDoesNotExist`, authorization failures do not), NSQ's `E_*`
//!   responses, Celery's and kombu's exceptions.
//! - AWS SQS, SNS and Kinesis error codes, Azure Service Bus' and Event
//!   Hubs' exception reasons (`ServerBusy`, `ServiceTimeout`,
//!   `MessagingEntityNotFound`, `QuotaExceeded`), Google Pub/Sub's gRPC
//!   codes, and Vault's sealed and standby states.
//! - franz-go's `kgo` errors (a dead connection and a missing controller
//!   retried, a missing SASL not) and FCM's per-device rate limit.
//! - Temporal's `serviceerror` texts and its SDK's retry interceptor,
//!   Conductor's `TransientException`, Kestra's concurrency check,
//!   trigger.dev's `shouldRetryError` and Debezium's `ErrorHandler`.

use super::Category::{Auth, Input, NotFound, Permanent, Quota, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Kafka.
    ("notleaderorfollower", ServerDown, Strong),
    ("not_leader_or_follower", ServerDown, Strong),
    // The same retriable error under its older name, as librdkafka prints
    // it ("Broker: Not leader for partition").
    ("not leader for partition", ServerDown, Strong),
    ("notleaderforpartition", ServerDown, Strong),
    ("not the current leader", ServerDown, Strong),
    ("leader_not_available", ServerDown, Strong),
    ("leadernotavailable", ServerDown, Strong),
    // librdkafka's words for the same code, and kafka-go's for the
    // coordinator's.
    ("broker: leader not available", ServerDown, Strong),
    ("group coordinator not available", ServerDown, Strong),
    ("notenoughreplicas", ServerDown, Strong),
    ("not_enough_replicas", ServerDown, Strong),
    ("fewer in-sync replicas than required", ServerDown, Strong),
    ("coordinator_load_in_progress", ServerDown, Strong),
    // librdkafka prints the same code in words.
    ("coordinator load in progress", ServerDown, Strong),
    ("coordinator_not_available", ServerDown, Strong),
    ("request_timed_out", Transient, Strong),
    ("network_exception", Transient, Strong),
    ("broker transport failure", Transient, Strong),
    ("all broker connections are down", ServerDown, Strong),
    ("recordtoolarge", TooLarge, Strong),
    ("message_too_large", TooLarge, Strong),
    ("topicauthorizationfailed", Permanent, Strong),
    ("not present in metadata", NotFound, Strong),
    ("invalid session timeout", Input, Strong),
    // The Java client's own texts for retriable protocol errors
    // (apache/kafka:clients/.../common/protocol/Errors.java): a leader
    // epoch out of step (FENCED_LEADER_EPOCH, UNKNOWN_LEADER_EPOCH) and an
    // incremental fetch session the broker evicted, with its class name.
    // Weak: each passes once the client refreshes its metadata or its
    // session, which the texts do not say. Not UNKNOWN_TOPIC_OR_PARTITION's
    // "does not host this topic", retriable in the table but, in most
    // threads, a topic that was never created or was deleted.
    ("leader epoch in the request is", Transient, Weak),
    ("the fetch session id was not found", Transient, Weak),
    ("fetchsessionidnotfoundexception", Transient, Weak),
    // Producers whose buffer is full while a connection comes back or a
    // flush runs: franz-go's `ErrMaxBuffered` (in its own words, since
    // FFmpeg's "Cannot buffer more frames" waits on its caller) and the
    // NATS client's reconnect buffer.
    ("are buffered, cannot buffer more", Transient, Weak),
    ("outbound buffer limit exceeded", Transient, Weak),
    ("numberofretriesexceeded", Permanent, Strong),
    // RabbitMQ and NATS.
    ("connection_forced", ServerDown, Strong),
    ("connection-forced", ServerDown, Strong),
    ("precondition_failed", Permanent, Strong),
    ("preconditionfailed", Permanent, Strong),
    ("streamlosterror", Transient, Strong),
    // NATS answers it when nothing subscribes to the subject: the service
    // is not running or listens elsewhere (one passed in four in the
    // labelled files).
    ("no responders", NotFound, Weak),
    // kafka-node's error for a partition whose leader the metadata does
    // not name yet (Kafka's LEADER_NOT_AVAILABLE, retriable).
    ("brokernotavailableerror", ServerDown, Strong),
    ("could not find the leader", ServerDown, Strong),
    ("no servers available", ServerDown, Strong),
    ("maximum payload exceeded", TooLarge, Strong),
    // nats-server's protocol error for a message over `max_payload`, after
    // which it closes the connection: the same message meets it again.
    ("maximum payload violation", TooLarge, Strong),
    ("nats: timeout invalid", Input, Strong),
    // ZooKeeper, etcd and Consul.
    ("connectionloss", Transient, Strong),
    ("sessionexpired", ServerDown, Strong),
    ("keepererrorcode = session expired", ServerDown, Strong),
    ("nodeexists", Permanent, Strong),
    ("nonode", NotFound, Strong),
    ("etcdserver: request is too large", TooLarge, Strong),
    ("etcdserver: too many requests", Transient, Strong),
    ("run out of available brokers", ServerDown, Strong),
    // Kafka's REBALANCE_IN_PROGRESS (error 27), retriable by the protocol,
    // as the clients name it (`RebalanceInProgressError`, `...Exception`).
    ("rebalanceinprogress", Transient, Strong),
    // kafka-python's bootstrap failure: no broker answered yet.
    ("nobrokersavailable", ServerDown, Strong),
    ("exceeded the user-specified time limit", Transient, Strong),
    // Pulsar, NSQ, Celery.
    ("producerqueueisfull", Transient, Strong),
    ("servicenotready", ServerDown, Strong),
    ("lookupexception", Transient, Strong),
    ("producerbusy", Permanent, Strong),
    ("topicdoesnotexist", NotFound, Strong),
    ("topicnotfound", NotFound, Strong),
    ("authorizationexception", Auth, Strong),
    ("authenticationexception", Auth, Strong),
    ("e_bad_topic", Input, Strong),
    ("e_bad_message", Input, Strong),
    ("e_invalid", Input, Strong),
    ("e_pub_failed", Transient, Strong),
    ("maxretriesexceedederror", Permanent, Strong),
    ("softtimelimitexceeded", Permanent, Strong),
    ("timelimitexceeded", Permanent, Strong),
    // SQS, SNS, Kinesis, Service Bus, Event Hubs.
    ("nonexistentqueue", NotFound, Strong),
    ("queuedoesnotexist", NotFound, Strong),
    ("overlimit", Quota, Weak), // right 0 of 1 times it decided
    ("kmsthrottled", Transient, Strong),
    ("authorizationerror", Auth, Strong),
    ("serverbusy", ServerDown, Strong),
    ("servicetimeout", Transient, Strong),
    ("messagelocklost", Transient, Strong),
    ("messagingentitynotfound", NotFound, Strong),
    ("messagingentityalreadyexists", Permanent, Strong),
    ("messagesizeexceeded", TooLarge, Strong),
    ("unauthorizedaccess", Auth, Strong),
    // Vault and Consul. A sealed Vault stays sealed until an operator (or
    // an auto-unseal key) unseals it; its clients' 503 retries do not get
    // past it.
    ("vault is sealed", Permanent, Weak),
    ("local node not active", ServerDown, Strong),
    ("no path to datacenter", ServerDown, Weak), // right 0 of 1 times it decided
    ("rpc error making call", Transient, Strong),
    // Consul: a leader change while a write was being committed.
    ("leadership lost while committing", Transient, Strong),
    // Pulsar holds producers while a topic's backlog is over its quota,
    // until consumers drain it.
    ("producerblockedquotaexceededexception", Transient, Strong),
    // Azure Service Bus' MessageLockLost ("The lock supplied is invalid"):
    // the lock expired and the message went back to the queue, so settling
    // it cannot succeed; its docs say not to retry the settlement.
    ("the lock supplied is invalid", Permanent, Strong),
    // Temporal's frontend while it starts, and Nomad's plan queue while
    // leadership changes.
    ("is not healthy yet", ServerDown, Weak),
    ("plan queue is disabled", ServerDown, Weak),
    // MQTT's CONNACK for a refused login (3.1.1's return code 4, 5.0's
    // 0x86 "Bad User Name or Password").
    ("bad user name or password", Auth, Strong),
    // Kinesis' `ResourceInUseException` for a stream still being created:
    // its API reference says the operation needs the `ACTIVE` state, which
    // the stream reaches by itself (the bare "is not in active status" is
    // left out: accounts and plans say it too, and those stay). Temporal's
    // per-namespace worker-deployment limit holds until deployments are
    // removed or the limit raised.
    ("instead in state creating", Transient, Strong),
    ("reached maximum deployments in namespace", Quota, Strong),
    // franz-go's `kgo` errors: a dead broker connection whose request is
    // retried on a new one and a controller not yet elected are retryable;
    // an immediate close, which it reads as missing SASL, is not. The
    // Firebase Admin SDK's per-device message rate asks for a later retry.
    ("will be retried on a new connection", Transient, Strong),
    ("controller broker is not available", ServerDown, Strong),
    ("sasl is required", Auth, Strong),
    ("do not immediately retry", Transient, Strong),
    // Workflow engines' own retryable errors: Temporal's per-second action
    // limit (`ResourceExhausted`, retried by its SDK), its cluster
    // membership still forming and its SQL handle reconnecting (both
    // `Unavailable`, but also what a misconfigured cluster or database
    // login prints for good, so weak); Conductor's held workflow lock (a
    // `TransientException`); Kestra's flow concurrency limit, which clears
    // as running executions finish; trigger.dev's `TASK_PROCESS_SIGTERM`,
    // which its retry check lists beside errors that recur; Debezium's
    // restart, which its MySQL handler also orders for a missing
    // privilege.
    ("action per second limit exceeded", Transient, Strong),
    ("not enough hosts to serve the request", ServerDown, Weak),
    ("no usable database connection found", ServerDown, Weak),
    ("error acquiring lock", Transient, Weak),
    ("concurrency limit exceeded", Transient, Weak),
    ("your task exited after receiving sigterm", Transient, Weak),
    ("this connector will be restarted", Transient, Weak),
    // Process engines' and job queues' own passing states: Zeebe's broker
    // client out of buffer memory "until memory is reclaimed", pg-boss's
    // LISTEN/NOTIFY connection that it re-opens with backoff, and Redpanda
    // Connect's (Benthos') `ErrNotConnected`, after which it reconnects.
    (
        "cannot make new requests until memory is reclaimed",
        Transient,
        Weak,
    ),
    ("listen/notify connection ended", Transient, Weak),
    (
        "listen/notify channel registration was lost",
        Transient,
        Weak,
    ),
    ("not connected to target source or sink", Transient, Weak),
];
