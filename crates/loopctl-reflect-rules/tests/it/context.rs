//! The sixth round: circuit breakers, pools, OAuth and cluster tables, the faint tier, and words that mislead out of context (each text from the issue thread or source named beside it).

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing};

#[test]
fn breakers_pools_and_cluster_states_that_pass_are_recoverable() {
    assert_passing(&[
        "The circuit is now open and is not allowing calls.",
        "CircuitBreaker 'backend' is OPEN and does not permit further calls",
        "Pending acquire queue has reached its maximum size of 8",
        "org.apache.iceberg.exceptions.CommitFailedException: Cannot commit: stale table metadata",
        "nats: timeout",
        "Code: 373. DB::Exception: Session is locked by a concurrent client. (SESSION_IS_LOCKED)",
        r#""Neo.ClientError.Cluster.NotALeader" No write operations are allowed directly on this database."#,
        "Neo.ClientError.General.ForbiddenOnReadOnlyDatabase: Writing to a read-only database is not allowed",
        "org.apache.hadoop.hbase.NotServingRegionException: Region users,,1 is not online",
        "Exception: Service invoked too many times in a short time: urlfetch.",
        "io.trino.spi.TrinoException: No nodes available to run query",
    ]);
}

#[test]
fn states_that_stay_are_strongly_not_recoverable() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // Credentials, however they are worded.
            "Error code invalid_grant: Subject token is invalid.",
            "ORA-28000: the account is locked",
            "The referenced account is currently locked out and may not be logged on to.",
            "slacker.Error: invalid_auth",
            // A state someone must clear.
            "ls: boot/initrd.img: Stale NFS file handle",
            "error: a cherry-pick or revert is already in progress",
            "Error: Saved plan is stale",
            "CircuitBreaker 'backend' is FORCED_OPEN and does not permit further calls",
            "Cannot determine whether the commit was successful or not, the underlying data files may or may not be needed.",
            // Kafka's class of the same name as Iceberg's, which its javadoc calls fatal.
            "org.apache.kafka.clients.consumer.CommitFailedException: Commit cannot be completed since the group has already rebalanced",
            // The class that stops retries holds the shorter name.
            "NonRetryableError: This step fails and must not be retried",
        ],
    );
}

#[test]
fn retry_advice_and_its_negation_are_weak() {
    assert_all(
        (true, Confidence::Weak),
        &[
            "endpoint is idle, retry request",
            "ResourceConflictException: The operation cannot be performed at this time.",
            "Too many concurrent requests",
            "Thread thread_abc already has an active run run_xyz.",
        ],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            "Please fix the errors in your template and retry the request.",
            "This request failed; do not retry this request.",
            "[Request interrupted by user for tool use]",
            "KeyError: 'user_id'",
            "TypeError: page.waitForTimeout is not a function",
        ],
    );
}

#[test]
fn faint_words_decide_only_alone_and_lasting_before_passing() {
    assert_all(
        (false, Confidence::Weak),
        &[
            "the batch size must be between 1 and 100",
            "invalid retry count: -1",
            "Multi-database queries are only available in enterprise edition",
        ],
    );
    assert_all(
        (true, Confidence::Weak),
        &[
            "sync aborted: the agent saw a link failure to the broker",
            "503 \"SystemMemoryProtectionUtilizationMonitor is unhealthy\"",
        ],
    );
    // Everyday words inside other words decide nothing: a compile error's
    // "overload", a traceback's `concurrent/futures`, a plan's "upgrading".
    assert_all(
        (false, Confidence::Unmatched),
        &[
            "src/a.ts(12,5): error TS2769: No overload matches this call.",
            "File \"/usr/lib/python3.11/concurrent/futures/thread.py\", line 58, in run\nRuntimeError: Foo bar",
        ],
    );
}
