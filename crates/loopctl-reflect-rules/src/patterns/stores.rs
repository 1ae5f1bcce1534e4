//! Databases, caches and queues: the states their clients and servers document as passing or final.
//!
//! Sources, by family:
//! - PostgreSQL's SQLSTATE classes (Appendix A, "PostgreSQL Error Codes"):
//!   class 08 connection exceptions, 40 transaction rollback (40001
//!   serialization failure, 40P01 deadlock), 53 insufficient resources
//!   (53300 too many connections), 55P03 lock not available, 57P01–57P03
//!   shutdown and start-up; final ones such as 23505 unique violation,
//!   25006 read-only transaction, 42xxx syntax and undefined objects, XX001
//!   data corruption. The messages are the server's own texts.
//! - MySQL and MariaDB error numbers: 1040 too many connections, 1205 lock
//!   wait timeout, 1213 deadlock, 1226 user resource exceeded, 2002/2003
//!   cannot connect, 2006 gone away, 2013 lost connection; 3024 statement
//!   time limit.
//! - SQLite result codes: SQLITE_BUSY and SQLITE_LOCKED pass; SQLITE_FULL,
//!   SQLITE_READONLY and SQLITE_CORRUPT do not.
//! - MongoDB's retryable error labels and codes (NotWritablePrimary,
//!   PrimarySteppedDown, NotPrimaryNoSecondaryOk, WriteConflict,
//!   NetworkTimeout) and drivers' `AutoReconnect`.
//! - Redis error prefixes: LOADING, BUSY, TRYAGAIN, MASTERDOWN, CLUSTERDOWN,
//!   READONLY pass; WRONGTYPE, NOAUTH, BUSYKEY, OOM do not.
//! - Kafka's `RetriableException` subclasses and error names
//!   (NOT_LEADER_OR_FOLLOWER, LEADER_NOT_AVAILABLE, NOT_ENOUGH_REPLICAS,
//!   REQUEST_TIMED_OUT, NETWORK_EXCEPTION, COORDINATOR_LOAD_IN_PROGRESS),
//!   librdkafka's `Local: Broker transport failure`, KafkaJS's texts.
//! - RabbitMQ's AMQP reply codes, NATS' client errors, ZooKeeper's
//!   KeeperErrorCode values, Cassandra drivers' exception classes and
//!   Elasticsearch's exception types.

use super::Category::{Corrupt, Input, NotFound, Permanent, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::Strong;

pub(super) const PATTERNS: &[Pattern] = &[
    // PostgreSQL: passing states.
    ("could not serialize access", Transient, Strong),
    ("serializationfailure", Transient, Strong),
    ("deadlock detected", Transient, Strong),
    ("lock not available", Transient, Strong),
    ("could not obtain lock on", Transient, Strong),
    (
        "canceling statement due to conflict with recovery",
        Transient,
        Strong,
    ),
    ("remaining connection slots are reserved", Transient, Strong),
    ("sorry, too many clients already", Transient, Strong),
    (
        "terminating connection due to administrator command",
        ServerDown,
        Strong,
    ),
    ("the database system is starting up", ServerDown, Strong),
    ("the database system is shutting down", ServerDown, Strong),
    (
        "the database system is in recovery mode",
        ServerDown,
        Strong,
    ),
    (
        "server closed the connection unexpectedly",
        Transient,
        Strong,
    ),
    ("is the server running", Transient, Strong),
    ("postmaster is accepting", Transient, Strong),
    ("57p01", ServerDown, Strong),
    ("57p02", ServerDown, Strong),
    ("57p03", ServerDown, Strong),
    ("40p01", Transient, Strong),
    ("55p03", Transient, Strong),
    // PostgreSQL: final states.
    (
        "duplicate key value violates unique constraint",
        Permanent,
        Strong,
    ),
    ("uniqueviolation", Permanent, Strong),
    ("violates foreign key constraint", Permanent, Strong),
    ("violates not-null constraint", Permanent, Strong),
    ("violates check constraint", Permanent, Strong),
    ("read-only transaction", Permanent, Strong),
    ("syntax error at or near", Input, Strong),
    ("invalid input syntax", Input, Strong),
    ("invalid page in block", Corrupt, Strong),
    ("could not extend file", Permanent, Strong),
    // MySQL and MariaDB.
    ("lock wait timeout exceeded", Transient, Strong),
    ("try restarting transaction", Transient, Strong),
    ("lost connection to mysql server", Transient, Strong),
    ("mysql server has gone away", Transient, Strong),
    ("can't connect to local mysql server", Transient, Strong),
    ("can't connect to mysql server", Transient, Strong),
    ("has exceeded the 'max_user_connections'", Transient, Strong),
    ("max_connections", Transient, Strong),
    (
        "maximum statement execution time exceeded",
        Permanent,
        Strong,
    ),
    ("er_dup_entry", Permanent, Strong),
    ("duplicate entry", Permanent, Strong),
    ("you have an error in your sql syntax", Input, Strong),
    // SQLite.
    ("database is locked", Transient, Strong),
    ("database table is locked", Transient, Strong),
    ("sqlite_busy", Transient, Strong),
    ("sqlite_locked", Transient, Strong),
    ("readonly database", Permanent, Strong),
    ("sqlite_readonly", Permanent, Strong),
    ("sqlite_full", Permanent, Strong),
    ("database disk image is malformed", Corrupt, Strong),
    ("sqlite_corrupt", Corrupt, Strong),
    ("file is not a database", Corrupt, Strong),
    // MongoDB.
    ("notwritableprimary", ServerDown, Strong),
    ("not primary", ServerDown, Strong),
    ("not master", ServerDown, Strong),
    ("primarysteppeddown", ServerDown, Strong),
    ("step down", ServerDown, Strong),
    ("stepping down", ServerDown, Strong),
    ("writeconflict", Transient, Strong),
    ("autoreconnect", Transient, Strong),
    ("networktimeout", Transient, Strong),
    ("serverselectiontimeout", Transient, Strong),
    ("duplicate key error", Permanent, Strong),
    ("e11000", Permanent, Strong),
    ("exceeded memory limit", Permanent, Strong),
    ("exceeded time limit", Permanent, Strong),
    // Redis, by error prefix.
    ("loading redis is loading", ServerDown, Strong),
    ("redis is loading", ServerDown, Strong),
    ("busy redis is busy", ServerDown, Strong),
    ("redis is busy", ServerDown, Strong),
    ("tryagain", Transient, Strong),
    ("masterdown", ServerDown, Strong),
    ("clusterdown", ServerDown, Strong),
    ("read only replica", ServerDown, Strong),
    ("max number of clients reached", Transient, Strong),
    ("wrongtype", Permanent, Strong),
    ("busykey", Permanent, Strong),
    ("busygroup", Permanent, Strong),
    ("oom command not allowed", Permanent, Strong),
    ("is not a float or out of range", Input, Strong),
    ("is not an integer or out of range", Input, Strong),
    // Kafka.
    ("notleaderorfollower", ServerDown, Strong),
    ("not_leader_or_follower", ServerDown, Strong),
    ("not the current leader", ServerDown, Strong),
    ("leader_not_available", ServerDown, Strong),
    ("leadernotavailable", ServerDown, Strong),
    ("notenoughreplicas", ServerDown, Strong),
    ("not_enough_replicas", ServerDown, Strong),
    ("fewer in-sync replicas than required", ServerDown, Strong),
    ("coordinator_load_in_progress", ServerDown, Strong),
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
    ("numberofretriesexceeded", Permanent, Strong),
    // RabbitMQ and NATS.
    ("connection_forced", ServerDown, Strong),
    ("connection-forced", ServerDown, Strong),
    ("precondition_failed", Permanent, Strong),
    ("preconditionfailed", Permanent, Strong),
    ("streamlosterror", Transient, Strong),
    ("no responders", ServerDown, Strong),
    ("no servers available", ServerDown, Strong),
    ("maximum payload exceeded", TooLarge, Strong),
    ("nats: timeout invalid", Input, Strong),
    // ZooKeeper, etcd and Consul.
    ("connectionloss", Transient, Strong),
    ("sessionexpired", ServerDown, Strong),
    ("session expired", ServerDown, Strong),
    ("nodeexists", Permanent, Strong),
    ("nonode", NotFound, Strong),
    ("etcdserver: request is too large", TooLarge, Strong),
    ("etcdserver: too many requests", Transient, Strong),
    // Cassandra and ScyllaDB.
    ("not enough replica available", ServerDown, Strong),
    ("cannot achieve consistency level", ServerDown, Strong),
    ("writetimeoutexception", Transient, Strong),
    ("readtimeoutexception", Transient, Strong),
    ("operationtimedoutexception", Transient, Strong),
    ("invalidqueryexception", Input, Strong),
    ("unconfigured table", NotFound, Strong),
    // Elasticsearch.
    ("es_rejected_execution_exception", Transient, Strong),
    ("master_not_discovered_exception", ServerDown, Strong),
    ("no_shard_available_action_exception", ServerDown, Strong),
    ("cluster_block_exception", Permanent, Strong),
    ("version_conflict_engine_exception", Permanent, Strong),
    ("result window is too large", Input, Strong),
    ("limit of total fields", Input, Strong),
    ("illegal_argument_exception", Input, Strong),
    ("index_not_found_exception", NotFound, Strong),
];
