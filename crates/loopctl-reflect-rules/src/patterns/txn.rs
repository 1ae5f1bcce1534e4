//! Transactional stores: which aborts, conflicts and states their own documentation says to retry, and which it says not to.
//!
//! Sources, by family:
//! - gRPC's status-code guide and Cloud Spanner's "Retry policies" and
//!   "Transactions" pages: `ABORTED` means the transaction lost a lock
//!   conflict and is retried whole; `Session not found` is answered by
//!   making a new session; `Transaction outcome unknown` may have committed
//!   and is not retried blindly. The Go client prints codes quoted
//!   (`spanner: code = "Aborted"`), sometimes escaped inside another error.
//! - Cloud Datastore's and Firestore's error-code tables: `ABORTED` ("too much
//!   contention") is retried with backoff; `FAILED_PRECONDITION`,
//!   `NOT_FOUND` and `ALREADY_EXISTS` are not. Node's gRPC prints the code's
//!   number first (`10 ABORTED:`).
//! - CockroachDB's "Transaction retry error reference" (`WriteTooOldError`,
//!   `ReadWithinUncertaintyIntervalError`, `TransactionAbortedError`, ...).
//! - TiDB's error-code list: 9001 PD server timeout, 9002 TiKV server
//!   timeout, 9003 TiKV server is busy, 9004 resolve lock timeout, 9005
//!   region is unavailable, 9007 write conflict and 8028 information schema
//!   changed are retried; 8004 transaction too large and 8175 the memory
//!   quota are not.
//! - FoundationDB's error codes: 1020 `not_committed` and 1009
//!   `future_version` are retried by `on_error`; 1031 `transaction_timed_out`
//!   and 2101 `transaction_too_large` are not; 1021
//!   `commit_unknown_result` may have committed. 1007
//!   `transaction_too_old` is retried by `on_error` but recurs for work that
//!   takes longer than five seconds, so it is weak.
//! - YugabyteDB's "Transaction retries in YSQL" (`Restart read required`,
//!   conflicts with a higher-priority or committed transaction).
//! - Vitess' tablet states (`NOT_SERVING`, a reparent in progress).
//! - SQL Server's messages on Laravel's `LostConnectionDetector` and EF
//!   Core's `SqlServerTransientExceptionDetector`; python-oracledb's
//!   recoverable error codes.
//! - DynamoDB's `TransactWriteItems` cancellation reasons
//!   (`TransactionConflict` passes; `ConditionalCheckFailed` does not).
//! - etcd's `rpctypes` errors: the `NOSPACE` alarm and compacted revisions
//!   stay until an operator acts; time-outs and stopped servers pass.
//! - PostgreSQL's class 57 (`crash_shutdown`, start-up and recovery
//!   messages), Galera's `WSREP has not yet prepared node`, MongoDB's
//!   state-change error names and `MaxTimeMSExpired`, and Redis' `MISCONF`
//!   and `NOREPLICAS` prefixes.
//! - CockroachDB's uncertainty-interval restarts, FoundationDB's 1039,
//!   YugabyteDB's missing transaction metadata, and the Neo4j drivers'
//!   transient and routing errors, and TiKV's region in unsafe recovery,
//!   all retried by their own clients.

use super::Category::{Auth, Input, NotFound, Permanent, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Spanner, as the Go client quotes its codes, plain and escaped.
    // The Java client's aborted transaction: "Database schema probably
    // changed during transaction, retry may succeed."
    (
        "schema probably changed during transaction, retry may succeed",
        Transient,
        Weak,
    ),
    ("code = \"aborted\"", Transient, Strong),
    ("code = \\\"aborted\\\"", Transient, Strong),
    ("code = \"unavailable\"", ServerDown, Strong),
    ("code = \"resourceexhausted\"", Transient, Strong),
    ("code = \"failedprecondition\"", Permanent, Strong),
    ("code = \"invalidargument\"", Input, Strong),
    ("code = \"notfound\"", NotFound, Strong),
    ("code = \"alreadyexists\"", Permanent, Strong),
    ("code = \"permissiondenied\"", Auth, Strong),
    ("code = \"unauthenticated\"", Auth, Strong),
    // Weak: IndexedDB aborts a transaction for a full quota in the same words.
    ("transaction was aborted", Transient, Weak),
    (
        "wounded by a higher priority transaction",
        Transient,
        Strong,
    ),
    ("session not found: projects/", Transient, Strong),
    ("transaction outcome unknown", Permanent, Strong),
    // Datastore and Firestore, in JSON and in Node's numbered form.
    ("too much contention", Transient, Strong),
    ("\"status\": \"aborted\"", Transient, Strong),
    ("\"status\":\"aborted\"", Transient, Strong),
    ("\"status\": \"failed_precondition\"", Permanent, Strong),
    ("10 aborted:", Transient, Strong),
    ("14 unavailable:", ServerDown, Weak), // right 2 of 4 times it decided
    ("9 failed_precondition:", Permanent, Strong),
    ("5 not_found:", NotFound, Strong),
    ("6 already_exists:", Permanent, Strong),
    (
        "transaction has expired or is no longer valid",
        Transient,
        Strong,
    ),
    // CockroachDB.
    ("writetooolderror", Transient, Strong),
    ("readwithinuncertaintyintervalerror", Transient, Strong),
    ("transactionabortederror", Transient, Strong),
    ("transactionpusherror", Transient, Strong),
    ("abort_reason_", Transient, Strong),
    // TiDB and TiKV.
    ("write conflict", Transient, Strong),
    ("tikv server is busy", Transient, Strong),
    ("region is unavailable", ServerDown, Strong),
    ("pd server timeout", Transient, Strong),
    ("tikv server timeout", Transient, Strong),
    ("resolve lock timeout", Transient, Strong),
    ("information schema is changed", Transient, Strong),
    ("transaction is too large", TooLarge, Strong),
    ("exceeding the allowed memory limit", Permanent, Strong),
    // FoundationDB.
    ("not committed due to conflict", Transient, Strong),
    ("request for future version", Transient, Strong),
    ("transaction is too old to perform reads", Transient, Weak),
    (
        "operation aborted because the transaction timed out",
        Permanent,
        Strong,
    ),
    ("transaction exceeds byte limit", TooLarge, Strong),
    (
        "transaction may or may not have committed",
        Permanent,
        Strong,
    ),
    // YugabyteDB.
    ("restart read required", Transient, Strong),
    ("expired or aborted by a conflict", Transient, Strong),
    (
        "conflicts with higher priority transaction",
        Transient,
        Strong,
    ),
    ("conflicts with committed transaction", Transient, Strong),
    ("leader not ready to serve requests", ServerDown, Strong),
    ("not the leader", Transient, Strong),
    // Vitess.
    ("primary is not serving", ServerDown, Strong),
    ("no healthy tablet available", ServerDown, Strong),
    ("reparent operation in progress", ServerDown, Strong),
    (
        "operation not allowed in state not_serving",
        ServerDown,
        Strong,
    ),
    // DynamoDB transactions.
    ("transactionconflict", Transient, Strong),
    ("transaction is ongoing for the item", Transient, Strong),
    // etcd.
    ("mvcc: database space exceeded", Permanent, Strong),
    ("etcdserver: no space", Permanent, Strong),
    ("etcdserver: request timed out", Transient, Strong),
    ("etcdserver: server stopped", ServerDown, Strong),
    ("etcdserver: unhealthy cluster", ServerDown, Strong),
    ("etcdserver: not capable", Permanent, Weak), // right 0 of 1 times it decided
    // PostgreSQL's and Galera's start-up and crash states.
    ("crash of another server process", ServerDown, Strong),
    // Hides the "corrupted" inside it: the shared memory is reset, no
    // data is lost.
    ("possibly corrupted shared memory", ServerDown, Strong),
    ("not yet accepting connections", ServerDown, Strong),
    (
        "consistent recovery state has not been yet reached",
        ServerDown,
        Strong,
    ),
    ("wsrep has not yet prepared node", ServerDown, Strong),
    // MongoDB states and limits.
    ("node is recovering", ServerDown, Strong),
    ("interruptedduetoreplstatechange", ServerDown, Strong),
    ("interruptedatshutdown", ServerDown, Strong),
    ("interrupted at shutdown", ServerDown, Strong),
    ("shutdowninprogress", ServerDown, Strong),
    ("maxtimemsexpired", Permanent, Strong),
    // Redis.
    ("misconf redis is configured to save", Permanent, Strong),
    ("noreplicas", Transient, Strong),
    // Amazon Redshift's error 1023: its docs say to retry the transaction
    // that lost a serializable conflict.
    ("serializable isolation violation", Transient, Strong),
    // Cosmos DB's 449 `RetryWith`: a conflicting concurrent request, and
    // the service's own message asks for the same request again.
    ("retry to avoid conflicts", Transient, Strong),
    // CockroachDB's `ReadWithinUncertaintyIntervalError`, a retry error
    // its transaction-retry guide answers with the same statement again;
    // FoundationDB's 1039 (`cluster_version_changed`), in its client's
    // retryable set; YugabyteDB's conflict that surfaces as missing
    // transaction metadata; the Neo4j drivers' `TransientException` and
    // `ServiceUnavailable` while no router or writer answers, which their
    // managed transactions retry.
    ("within uncertainty interval", Transient, Strong),
    (
        "protocol version of the cluster has changed",
        Transient,
        Strong,
    ),
    ("missing metadata for transaction", Transient, Strong),
    // Weak: Neo4j also calls a transaction over its memory limit
    // transient, and its driver has already retried routing for half a
    // minute before a wrong scheme or a paused instance reaches the tool.
    ("neo4j.driver.transientexception", Transient, Weak),
    ("unable to retrieve routing information", ServerDown, Weak),
    ("no write service currently available", ServerDown, Strong),
    // TiKV's client backs off on a region whose unsafe recovery is running.
    ("is being online unsafe recovered", Transient, Strong),
    // SQL Server: a connection its driver marks unrecoverable, which
    // Laravel's lost-connection list answers with a new connection, and
    // In-Memory OLTP's write conflict 41302, which EF Core's transient list
    // re-runs. Oracle's ORA-01034, on python-oracledb's recoverable list,
    // is also a database nobody has started (weak).
    (
        "the connection is broken and recovery is not possible",
        Transient,
        Strong,
    ),
    (
        "has been updated since the transaction started",
        Transient,
        Strong,
    ),
    (
        "the oracle instance is not available for use",
        ServerDown,
        Weak,
    ),
    // Odoo's RPC layer logging its own retry of a PostgreSQL serialization
    // failure ("SERIALIZATION_FAILURE, retry 1/5 in 0.8 sec..."), and
    // NebulaGraph's two writes to one edge or vertex at once, which its
    // maintainers say to retry.
    ("serialization_failure, retry", Transient, Weak),
    (
        "more than one request trying to add/update/delete",
        Transient,
        Weak,
    ),
    // The Neo4j .NET driver's 1.x name for a transient error
    // (`Neo4j.Driver.V1.TransientException`), as the later drivers' names.
    ("neo4j.driver.v1.transientexception", Transient, Weak),
];
