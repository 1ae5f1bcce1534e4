//! Enterprise messaging and mainframe database drivers: the reason codes and failover messages their own clients retry.
//!
//! Every entry is weak: a queue manager that is quiescing for a restart
//! comes back in seconds, one that an operator stopped does not, and the
//! text does not say which. Sources, by family:
//!
//! - IBM MQ: the Kafka Connect MQ source and sink connectors' `JMSWorker`
//!   treat `MQRC_Q_MGR_QUIESCING` (2161) and `MQRC_Q_MGR_STOPPING` (2162)
//!   as retriable ("just retrying later will probably recover");
//!   `MQRC_RECONNECTING` (2544) is the warning an automatically
//!   reconnecting client gives while it reconnects, and
//!   `MQRC_RECONNECT_FAILED` (2548) or `MQRC_RECONNECT_TIMED_OUT` (2549)
//!   after it is the end of that, so they win where both are printed. The
//!   connectors retry `MQRC_HOST_NOT_AVAILABLE` (2538) too, but its real
//!   threads are mostly a wrong host or port or a listener never started,
//!   so it is left to the model.
//! - ActiveMQ Artemis (its client message bundle and HA guide):
//!   `AMQ219016` "Connection failure detected. Unblocking a blocking call
//!   that will never get a response" and `AMQ219030` "The transaction was
//!   rolled back on failover to a backup server" are what a client sees
//!   when its server fails over to a backup; the guide tells the client to
//!   retry on the new session. Not `AMQ219031`, rolled back "however commit
//!   may have been successful", which a blind retry may commit twice, nor
//!   `AMQ219007`, which has tried every server and wins beside `AMQ219016`.
//! - Db2's JDBC driver (JCC), `ERRORCODE=-4498`: "A connection failed but
//!   has been re-established"; the driver has reconnected (client reroute)
//!   and the application is to run the transaction again.

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    ("mqrc_q_mgr_quiescing", ServerDown, Weak),
    ("mqrc_q_mgr_stopping", ServerDown, Weak),
    ("mqrc_reconnecting", ServerDown, Weak),
    ("mqrc_reconnect_failed", Permanent, Weak),
    ("mqrc_reconnect_timed_out", Permanent, Weak),
    (
        "unblocking a blocking call that will never get a response",
        ServerDown,
        Weak,
    ),
    (
        "transaction was rolled back on failover to a backup server",
        Transient,
        Weak,
    ),
    ("tried with all available servers", Permanent, Weak),
    (
        "a connection failed but has been re-established",
        Transient,
        Weak,
    ),
];
