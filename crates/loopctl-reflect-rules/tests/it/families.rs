//! The tables for transactional stores, search and vector stores, browsers, sandboxes, object storage and model providers, the weak tier of state words, and the quota and long-wait readings.

use loopctl_reflect_core::FailureSeverity;
use loopctl_reflect_rules::{Confidence, RuleReflector};
use serde_json::json;

use crate::verdicts::{assert_all, assert_passing, verdict};

#[test]
fn aborts_and_conflicts_the_stores_retry_are_recoverable() {
    assert_passing(&[
        r#"spanner: code = "Aborted", desc = "Transaction was aborted.""#,
        r#"failed: spanner: code = \"Aborted\", desc = \"Transaction aborted\""#,
        "10 ABORTED: Too much contention on these documents. Please try again.",
        "Error 9007 (HY000): Write conflict, txnStartTS=1, conflictStartTS=2",
        "FDBException: Transaction not committed due to conflict with another transaction",
        "ERROR: Restart read required at: { read: { physical: 1 } }",
        "target: ks.-0.primary: primary is not serving, there is a reparent operation in progress",
        "TransactionCanceledException: Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict]",
        "node is recovering",
        "ERROR 1047 (08S01): WSREP has not yet prepared node for application use",
    ]);
}

#[test]
fn what_may_have_committed_or_must_be_rolled_back_is_not_retried() {
    assert_all(
        (false, Confidence::Strong),
        &[
            r#"spanner: code = "Unknown", desc = "Transaction outcome unknown.""#,
            "ERROR: current transaction is aborted, commands ignored until end of transaction block",
            "etcdserver: mvcc: database space exceeded",
        ],
    );
}

#[test]
fn a_crashed_peer_resets_shared_memory_it_does_not_corrupt_data() {
    let text = "WARNING: terminating connection because of crash of another server process\nDETAIL: The postmaster has commanded this server process to roll back the current transaction and exit, because another server process exited abnormally and possibly corrupted shared memory.";
    let analysis = RuleReflector::new()
        .classify(text, "tool", &json!({}), None)
        .unwrap();
    assert!(analysis.is_recoverable);
    assert_eq!(analysis.severity, FailureSeverity::Medium);
}

#[test]
fn search_blocks_decide_by_the_block_not_the_exception_name() {
    // An index block that lifts by itself, and one that waits for disk.
    assert_eq!(
        verdict(
            r#"{"type":"cluster_block_exception","reason":"blocked by: [SERVICE_UNAVAILABLE/1/state not recovered / initialized];"}"#
        ),
        (true, Confidence::Weak)
    );
    let analysis = RuleReflector::new()
        .classify(
            r#"{"type":"cluster_block_exception","reason":"index [logs] blocked by: [FORBIDDEN/12/index read-only / allow delete (api)];"}"#,
            "tool",
            &json!({}),
            None,
        )
        .unwrap();
    // Not recoverable, and not a credential failure either.
    assert!(!analysis.is_recoverable);
    assert!(
        analysis
            .root_cause
            .starts_with("another attempt would meet"),
        "{}",
        analysis.root_cause
    );
    assert_eq!(
        verdict(r#"{"type":"cluster_block_exception","reason":"blocked"}"#),
        (false, Confidence::Weak)
    );
    assert_eq!(
        verdict(
            "EsRejectedExecutionException[rejected execution of org.elasticsearch.Task on EsThreadPoolExecutor[write, queue capacity = 200]]"
        ),
        (true, Confidence::Weak)
    );
}

#[test]
fn vector_dimension_mismatches_and_unloaded_collections_stay() {
    assert_all(
        (false, Confidence::Strong),
        &[
            "PineconeBadRequestError: Vector dimension 1536 does not match the dimension of the index 768",
            "Wrong input: Vector dimension error: expected dim: 768, got 1536",
            "InvalidDimensionException: Embedding dimension 384 does not match collection dimensionality 1536",
            "DataException: expected 1536 dimensions, not 768",
            "<MilvusException: (code=101, message=collection not loaded[collection=4498])>",
            "put object: shard=\"x\": store is read-only",
        ],
    );
}

#[test]
fn a_changed_page_is_retried_a_dead_session_is_not() {
    assert_passing(&[
        "StaleElementReferenceError: stale element reference: element is not attached to the page document",
        "ElementClickInterceptedError: element click intercepted: Element <button> is not clickable at point (29, 18). Other element would receive the click: <div id=\"overlay\"></div>",
        "Error: Node is detached from document",
    ]);
    assert_all(
        (false, Confidence::Strong),
        &[
            "InvalidSessionIdException: Message: invalid session id",
            "SessionNotCreatedException: Message: session not created: This version of ChromeDriver only supports Chrome version 114",
            "WebDriverException: unknown error: DevToolsActivePort file doesn't exist",
            "locator.click: Error: strict mode violation: locator('h1') resolved to 2 elements",
            "browserType.launch: Executable doesn't exist at /ms-playwright/chromium-1091/chrome-linux/chrome",
        ],
    );
    // A closed target is most often a closed page or a crashed browser, but
    // not always: ebidel/try-puppeteer#20 was a hosted VM that fell over
    // and came back. It stays lasting, weakly.
    assert_eq!(
        verdict("Error: Protocol error (Runtime.callFunctionOn): Target closed."),
        (false, Confidence::Weak)
    );
}

#[test]
fn a_limit_that_was_hit_is_hit_again() {
    assert_all(
        (false, Confidence::Strong),
        &[
            "nbclient.exceptions.CellTimeoutError: A cell timed out while it was being executed, after 600 seconds.",
            "DeadKernelError: Kernel died",
            "PHP Fatal error:  Maximum execution time of 30 seconds exceeded in /var/www/index.php on line 3",
            "modal.exception.FunctionTimeoutError: Task's current input hit its timeout of 300s",
            "e2b.exceptions.NotFoundException: The sandbox was not found",
            "ModuleNotFoundError: No module named 'pandas'",
        ],
    );
    // Lambda's "Task timed out after" is lasting but weak since the
    // calibration that counted `final63` (right 5 times in 6: Multibot's
    // solver task, timed out while polling, passed).
    assert_eq!(
        verdict("2024-01-01T00:00:00.000Z 1234 Task timed out after 30.03 seconds"),
        (false, Confidence::Weak)
    );
}

#[test]
fn object_storage_states() {
    assert_passing(&[
        "OperationAborted: A conflicting conditional operation is currently in progress against this resource. Please try again.",
        "Operation could not be completed within the specified time.",
        "Server not initialized, please try again.",
    ]);
    assert_all(
        (false, Confidence::Strong),
        &[
            "InvalidObjectState: The operation is not valid for the object's storage class",
            "BlobArchived: This operation is not permitted on an archived blob.",
            "LeaseIdMissing: There is currently a lease on the blob and no lease ID was specified in the request.",
            "Object 'a/b' is subject to bucket's retention policy and cannot be deleted",
        ],
    );
}

#[test]
fn provider_throttles_pass_and_blocks_and_credits_stay() {
    assert_passing(&[
        "ThrottlingException: Too many tokens, please wait before trying again.",
        r#"{"object":"error","message":"Service tier capacity exceeded for this model.","type":"invalid_request_error"}"#,
    ]);
    assert_all(
        (false, Confidence::Strong),
        &[
            "[GoogleGenerativeAI Error]: Candidate was blocked due to SAFETY",
            "402 This request requires more credits, or fewer max_tokens. You requested up to 4096 tokens, but can only afford 4000.",
        ],
    );
}

#[test]
fn words_that_name_both_a_passing_and_a_lasting_failure_decide_only_weakly() {
    // Selenium Grid's queue ran out of time: a later session starts.
    assert_eq!(
        verdict(
            r#"{"value": {"error": "session not created", "message": "Could not start a new session. New session request timed out"}}"#
        ),
        (true, Confidence::Weak)
    );
    assert_eq!(
        verdict(
            "SessionNotCreatedException: Could not start a new session. Error while creating session with the driver service."
        ),
        (false, Confidence::Weak)
    );
    // OpenAI says a retry may succeed; the model decides.
    assert_eq!(
        verdict(
            "Your request was rejected as a result of our safety system. If you believe this was done in error, your request may succeed if retried, or by adjusting your prompt."
        ),
        (false, Confidence::Weak)
    );
    // IndexedDB aborts for a full quota in the words Spanner uses.
    assert_eq!(
        verdict(
            "DbError: AbortError, The transaction was aborted, so the request cannot be fulfilled."
        ),
        (true, Confidence::Weak)
    );
    // An MCP server that was never initialized is not MinIO starting up.
    assert!(
        !verdict(r#"{"jsonrpc":"2.0","error":{"code":-32000,"message":"Bad Request: Server not initialized"},"id":null}"#).0
    );
    assert_eq!(
        verdict("RuntimeError: Kernel died before replying to kernel_info"),
        (true, Confidence::Weak)
    );
}

#[test]
fn strong_words_of_a_lasting_and_a_passing_failure_decide_only_weakly() {
    // Priority still answers (an input error), but not surely.
    assert_eq!(
        verdict("ValueError: the upstream answered 429 Too Many Requests"),
        (false, Confidence::Weak)
    );
    assert_eq!(
        verdict("Tokens per minute limit exceeded - too many tokens processed."),
        (false, Confidence::Weak)
    );
    // One kind alone, with a wait the server names, stays strong.
    assert_eq!(
        verdict("HTTP 429 Too Many Requests; Retry-After: 30"),
        (true, Confidence::Strong)
    );
}

#[test]
fn state_words_alone_decide_only_weakly() {
    assert_all(
        (true, Confidence::Weak),
        &[
            "service isn't ready!",
            r#"{"error":"queue is full"}"#,
            "the replica is still syncing, catching up on 1200 entries",
            "Transaction was rolled back because another transaction holds the row",
        ],
    );
    // A specific pattern outranks them.
    assert_eq!(
        verdict("the replica is still syncing: ENOSPC: no space left on device"),
        (false, Confidence::Strong)
    );
}

#[test]
fn a_quota_with_no_allowance_or_a_day_to_wait_is_not_retried() {
    // Gemini's free tier for a model it does not include: `limit: 0`,
    // whatever delay the answer suggests.
    assert_eq!(
        verdict(
            "429 You exceeded your current quota, please check your plan and billing details.\n* Quota exceeded for metric: generate_content_free_tier_requests, limit: 0, model: gemini-2.0-pro\nPlease retry in 7.9s."
        ),
        (false, Confidence::Strong)
    );
    // A plan limit that also gives a short delay: the delay decides, weakly.
    assert_eq!(
        verdict(
            "429 You exceeded your current quota, please check your plan and billing details.\n* Quota exceeded for metric: generate_content_free_tier_requests, limit: 5\nPlease retry in 14.1s."
        ),
        (true, Confidence::Weak)
    );
    // A day to wait is not a retry, rate limit or not.
    let analysis = RuleReflector::new()
        .classify(
            "429 Requests have exceeded token rate limit of your current pricing tier. Please retry after 86400 seconds.",
            "tool",
            &json!({}),
            None,
        )
        .unwrap();
    assert!(!analysis.is_recoverable, "{analysis:?}");
    assert_eq!(analysis.severity, FailureSeverity::High);
    // Days, and a wait asked for in so many words.
    assert_eq!(
        verdict(
            "You've hit your usage limit. Upgrade to Pro or try again in 5 days 22 hours 11 minutes."
        ),
        (false, Confidence::Strong)
    );
    assert_eq!(
        verdict(
            "Sorry, your request is rate-limited. Please wait 8 hours 24 minutes and try again"
        ),
        (false, Confidence::Strong)
    );
    // A zero limit at the end of a quoted text.
    assert_eq!(
        verdict(
            "Quota exceeded for metric: embed_content_free_tier_requests, limit: 0\nPlease retry in 20s."
        ),
        (false, Confidence::Strong)
    );
    // Ten minutes is still a wait.
    assert_eq!(
        verdict("429 Requests have exceeded token rate limit. Please retry after 600 seconds."),
        (true, Confidence::Strong)
    );
}
