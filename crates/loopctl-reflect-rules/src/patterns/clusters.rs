//! Lakehouse commits, messaging clients and clustered stores not in the other tables: which conflicts and states their documentation says to retry.
//!
//! Sources, by family:
//! - Apache Iceberg's `CommitFailedException` (stale metadata; the writer
//!   refreshes and retries) against `CommitStateUnknownException` (the
//!   commit may have landed; never retried blindly). Kafka's consumer has a
//!   `CommitFailedException` too, which its javadoc calls fatal, so only
//!   Iceberg's full class name counts.
//! - Delta Lake's "Concurrency control" page: `ConcurrentAppendException`,
//!   `ConcurrentDeleteReadException`, `ConcurrentDeleteDeleteException` and
//!   `MetadataChangedException` are retried; `ConcurrentTransactionException`
//!   (two streams on one checkpoint) and `ProtocolChangedException` are not.
//! - NATS' client errors (`nats: timeout`, `stale connection`, `maximum
//!   payload exceeded`, `authorization violation`) and JetStream's API error
//!   codes (10071 wrong last sequence, JetStream not enabled).
//! - Apache Pulsar's client exceptions (`ProducerQueueIsFull`,
//!   `TopicTerminated`, `ProducerFenced`, `ServiceNotReady`, bundles being
//!   unloaded).
//! - ClickHouse's `ErrorCodes` names beyond those in `stores.rs`: 373
//!   `SESSION_IS_LOCKED`, 242 `TABLE_IS_READ_ONLY` (a replica that lost
//!   Keeper), 999 `KEEPER_EXCEPTION` and 279 `ALL_CONNECTION_TRIES_FAILED`
//!   pass; 47 and 115 unknown names, 452 setting constraints and 307/396
//!   read limits do not; 241 `MEMORY_LIMIT_EXCEEDED` passes when the limit
//!   is the server's `(total)`.
//! - Neo4j's status codes beyond those in `stores.rs`: `NotALeader` is
//!   retried by the drivers; other `Neo.ClientError.*` classes are not.
//! - Couchbase's SDK error reference (document locked, durable or sync
//!   write in progress; CAS mismatch is not), HBase's region exceptions,
//!   Trino's `NO_NODES_AVAILABLE` and queue limits, Solr's ZooKeeper loss,
//!   gRPC's "Stream removed", Google Cloud
//!   Functions' "no available instance" and apt's "Hash Sum mismatch" (a
//!   mirror caught mid-sync).
//! - Stores' own words for a state that passes or stays: MongoDB's
//!   retryable shutdown (`ShutdownInProgress`, "quiesce mode") and the
//!   drivers' "no primary found" during an election; Snowflake's 000625
//!   lock wait and 000606 "No active warehouse selected" (which it sends
//!   under PostgreSQL's SQLSTATE 57P03, but which a retry meets again);
//!   Supavisor's "Tenant or user not found" (a connection string's user) and
//!   "Max client connections reached"; mysql2's pool `queueLimit`; Milvus'
//!   collection "on recovering"; ClickHouse's 159 `TIMEOUT_EXCEEDED` (the
//!   query's own `max_execution_time`); Kafka's `KAFKA_STORAGE_ERROR`
//!   (retriable in `Errors.java`); google-api-core's `exceptions.Aborted`
//!   (gRPC `ABORTED`); EC2's `InsufficientInstanceCapacity` (AWS: wait a
//!   few minutes); GitHub's "Base branch was modified" on a merge and
//!   "fatal error in commit_refs" on a push; Ollama's runner that died or
//!   never started loading a model.
//! - Drivers' words for a connection that dropped or a pool that is empty:
//!   libpq's "SSL SYSCALL error" (the server closed the connection),
//!   psycopg 3's "the connection is lost", redis-py's "No connection
//!   available." (a blocking pool), its Sentinel failover ("The previous
//!   master is now a slave") and `WatchError` ("Watched variable changed.",
//!   retried by its transaction helper); MySQL's
//!   `max_allowed_packet` (too large) and `ER_HOST_IS_BLOCKED` (until
//!   `flush-hosts`); Azure OpenAI's deployment capacity ("new capacity in
//!   quota"); Vercel's `FUNCTION_INVOCATION_TIMEOUT` (the function's own
//!   maximum duration); Modal's full input queue; Colab's GPU backends.

use super::Category::{Auth, Input, Permanent, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Iceberg and Delta Lake commits.
    ("stale table metadata", Transient, Strong),
    (
        "iceberg.exceptions.commitfailedexception",
        Transient,
        Strong,
    ),
    // Kafka's consumer has a class of the same name for a commit its
    // javadoc calls fatal: the group moved on.
    ("commit cannot be completed since the", Permanent, Strong),
    ("table metadata refresh is required", Transient, Strong),
    ("commitstateunknownexception", Permanent, Strong),
    (
        "cannot determine whether the commit was successful",
        Permanent,
        Strong,
    ),
    ("concurrentappendexception", Transient, Strong),
    ("concurrentdeletereadexception", Transient, Strong),
    ("concurrentdeletedeleteexception", Transient, Strong),
    ("metadatachangedexception", Transient, Strong),
    ("by a concurrent update", Transient, Strong),
    (
        "has written new data since the current transaction read",
        Transient,
        Strong,
    ),
    ("concurrenttransactionexception", Permanent, Strong),
    ("protocolchangedexception", Permanent, Strong),
    // NATS and JetStream.
    ("nats: timeout", Transient, Strong),
    ("nats: stale connection", Transient, Strong),
    ("nats: invalid subject", Input, Strong),
    ("jetstream not enabled", Permanent, Strong),
    ("wrong last sequence", Permanent, Strong),
    ("resource limits exceeded for account", Permanent, Strong),
    // Pulsar.
    ("producer queue is full", Transient, Strong),
    ("topicterminated", Permanent, Strong),
    ("topic was terminated", Permanent, Strong),
    ("producerfenced", Permanent, Strong),
    ("is being unloaded", Transient, Strong),
    // ClickHouse error names.
    ("too many simultaneous queries", Transient, Strong),
    ("session_is_locked", Transient, Strong),
    // weak: Proton Pass' CLI says it of a session only the user can
    // unlock (the eighty-seventh round); the code name above still
    // decides, and since 23.9 the message names the session (its review)
    ("session is locked", Transient, Weak),
    ("is locked by a concurrent client", Transient, Strong),
    ("table_is_read_only", Transient, Strong),
    // The same error (242) in its older message, which names no code
    // (ClickHouse#43106: the replica reconnects to ZooKeeper); weak, since
    // a table detached for good says it too.
    ("table is in readonly mode", Transient, Weak),
    ("keeper_exception", Transient, Strong),
    ("all_connection_tries_failed", Transient, Strong),
    ("memory limit (total) exceeded", Transient, Strong),
    ("unknown_identifier", Input, Strong),
    ("unknown_setting", Input, Strong),
    ("setting_constraint_violation", Input, Strong),
    ("too_many_bytes", Permanent, Strong),
    ("too_many_rows_or_bytes", Permanent, Strong),
    // Neo4j: the longer code wins over its class.
    ("neo.clienterror.cluster.notaleader", Transient, Strong),
    // The drivers treat a write that reached a read-only member like a
    // lost leader: retried on the new one.
    (
        "neo.clienterror.general.forbiddenonreadonlydatabase",
        Transient,
        Strong,
    ),
    ("neo.clienterror.", Permanent, Strong),
    // Couchbase.
    ("document locked", Transient, Strong),
    ("documentlockedexception", Transient, Strong),
    ("durable write in progress", Transient, Strong),
    ("sync write in progress", Transient, Strong),
    ("cas mismatch", Permanent, Strong),
    // HBase regions moving or busy.
    ("notservingregionexception", ServerDown, Strong),
    ("regionopeningexception", ServerDown, Strong),
    ("regiontoobusyexception", Transient, Strong),
    ("regionmovedexception", Transient, Strong),
    ("pleaseholdexception", ServerDown, Strong),
    ("callqueuetoobigexception", Transient, Strong),
    ("servernotrunningyetexception", ServerDown, Strong),
    // Trino, Solr, gRPC, Cloud Functions, apt.
    ("no nodes available to run query", ServerDown, Strong),
    ("too many queued queries", Transient, Strong),
    ("exceeded per-node memory limit", Permanent, Strong),
    ("cannot talk to zookeeper", ServerDown, Strong),
    ("no live solrservers", ServerDown, Strong),
    ("stream removed", Transient, Strong),
    ("there was no available instance", ServerDown, Strong),
    ("hash sum mismatch", Transient, Strong),
    // Stores' own words for a passing or a lasting state.
    ("in quiesce mode", ServerDown, Strong),
    ("no primary found", ServerDown, Strong),
    ("this lock has not yet been released", Transient, Strong),
    ("no active warehouse selected", Permanent, Strong),
    ("tenant or user not found", Auth, Strong),
    ("max client connections reached", Transient, Strong),
    ("queue limit reached", Transient, Weak),
    ("collection on recovering", ServerDown, Strong),
    ("(timeout_exceeded)", Permanent, Strong),
    (
        "disk error when trying to access log file",
        Transient,
        Strong,
    ),
    ("exceptions.aborted", Transient, Strong),
    ("insufficientinstancecapacity", Transient, Strong),
    ("base branch was modified", Transient, Strong),
    ("fatal error in commit_refs", ServerDown, Strong),
    ("runner process has terminated", Permanent, Weak),
    ("waiting for llama runner to start", Permanent, Weak),
    // Drivers and services: a dropped connection, an empty pool, a limit.
    ("ssl syscall error", Transient, Strong),
    ("the connection is lost", Transient, Weak),
    ("connection socket closed", Transient, Weak),
    ("no connection available", Transient, Strong),
    ("the previous master is now a slave", ServerDown, Strong),
    ("watched variable changed", Transient, Strong),
    ("max_allowed_packet", TooLarge, Strong),
    ("er_host_is_blocked", Permanent, Strong),
    ("new capacity in quota", Permanent, Strong),
    ("function_invocation_timeout", Permanent, Strong),
    ("input queue seems to be full", Transient, Weak),
    ("no backend with gpu available", ServerDown, Weak),
    // Trino's CLUSTER_OUT_OF_MEMORY (an INSUFFICIENT_RESOURCES error): the
    // query was killed to free the cluster, which says to try again in a
    // few minutes; a query over its own limit is EXCEEDED_*_MEMORY_LIMIT.
    ("cluster_out_of_memory", Transient, Strong),
    // ClickHouse's Code 225 and 999 (NO_ZOOKEEPER, KEEPER_EXCEPTION): the
    // replica lost its Keeper session and opens a new one.
    ("zookeeper session has been expired", ServerDown, Strong),
    // PgBouncer's log of a server connection that died under it; the pool
    // opens a new one.
    ("server conn crashed", ServerDown, Strong),
    // Data pipelines. databricks-sdk-go's transient errors
    // (`allTransientErrors` in `apierr/error_overrides.go`): a workspace
    // whose worker environment is still being set up.
    (
        "does not have any associated worker environments",
        Transient,
        Weak,
    ),
    ("unknownworkerenvironmentexception", Transient, Weak),
    ("there is no worker environment with id", Transient, Weak),
    ("worker env workerenvid", Transient, Strong),
    // Dataflow's worker pool that found no capacity in its zone, which its
    // common-errors guide answers with a retry later or another zone.
    ("failed to bring up any of the desired", ServerDown, Weak),
    // Flink's scheduler found too few task slots: parallelism or slots
    // must change.
    ("noresourceavailableexception", Permanent, Weak),
    // Dagster's code location server not answering, as while it restarts.
    ("dagsterusercodeunreachableerror", ServerDown, Weak),
    // Airflow's `dagbag_import_timeout`, a setting; Delta Kernel's
    // `ConcurrentWriteException`, which asks for the query again.
    ("dagbag import timeout", Permanent, Weak),
    ("query needs to be re-executed", Transient, Weak),
    // A device too small for the tensor the call allocates: TensorFlow's
    // OOM and XLA's device buffer, whatever `RESOURCE_EXHAUSTED` says.
    ("oom when allocating", TooLarge, Strong),
    ("error allocating device buffer", TooLarge, Strong),
    // Ray Serve sheds a request when a replica's queue is full.
    ("dropped due to backpressure", Transient, Strong),
    // Trino's `INVALID_CAST_ARGUMENT`, a user error in the query, and
    // Hazelcast's client that is reconnecting in its asynchronous mode.
    ("invalid_cast_argument", Input, Strong),
    ("hazelcastclientofflineexception", Transient, Strong),
    // Hazelcast's `RetryableHazelcastException` for a partition moving to
    // another member, Aerospike's client pool with every connection in use
    // (its `NO_MORE_CONNECTIONS`, retried by the client), and Valkey's and
    // Redis' `-NOTBUSY` answer to `SCRIPT KILL` when no script runs, which
    // found first keeps its "busy" from reading as a blip.
    ("partition is migrating", Transient, Weak),
    ("connection pool is empty", Transient, Weak),
    ("notbusy no scripts", Permanent, Weak),
    // Iceberg's Hive Metastore lock that another commit holds, which its
    // commit retries. Not its failed lock heartbeat, a commit whose state
    // is unknown and that a blind retry may write twice.
    ("lock request ended in state not_acquired", Transient, Weak),
];
