//! The fifty-third round, read after `final44.jsonl` was measured: job, workflow and build services' own retry lists and error tables, and the waits among them that do not pass.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing, verdict};

#[test]
fn what_job_and_build_services_retry_passes_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // Qiskit/qiskit-ibm-runtime: docs/errors.rst (3251, 1011, 3203)
            "Job not uploaded to object storage.",
            "Error publishing job at the backend queue.",
            "Cannot get presigned upload url.",
            // dwavesystems/dwave-system: dwave/system/samplers/dwave_sampler.py
            "dwave.system.exceptions.RetryCondition: resubmit problem",
            // n8n-io/n8n: packages/cli/src/errors/admission-limit.error.ts
            "Too many pending onReceived executions",
            // developers.make.com: troubleshooting/http-status-codes
            "Some of the executions could not be deleted because they are being processed right now",
            // earthly/earthly#2454, moby/buildkit#3635 (Depot's CLI retries both)
            "Error: build target: build main: failed to solve: failed to get edge: inconsistent graph state",
            "ERROR: failed to solve: failed to compute cache key: failed to get state for index 0 on [assets 3/9] COPY --from=cache /cache/node-modules /app/apps/xxx/yyy/node_modules",
            // nautechsystems/nautilus_trader#2093
            "Failed to restore: Cache service responded with 429",
        ],
    );
}

#[test]
fn limits_stale_locks_and_refusals_among_them_last() {
    assert_lasting(&[
        // gee-community/geemap#1790
        r#"HttpError: <HttpError 400 when requesting https://earthengine.googleapis.com/v1/projects/earthengine-legacy/value:compute?prettyPrint=false&alt=json returned "Computation timed out.". Details: "Computation timed out.">"#,
        // The same limit as the Python client raises it (`ee.EEException`).
        "ee.ee_exception.EEException: Computation timed out.",
        // ernstste/landsatlinks#3
        "Error Code: RATE_LIMIT_USER_DL",
        // n8n-io/n8n#37068
        "Task request timed out. Your Code task was not matched to a runner within the timeout period (waited 66 seconds).",
        // apitable/apitable#1536
        "SEVERE [liquibase.integration] Could not acquire change log lock.  Currently locked by d380e8ac9ef1 (172.18.0.8) since 6/24/23, 3:13 AM",
        // jj-vcs/jj: cli/tests/test_git_push.rs
        "Error: Refusing to create new remote bookmark untracked@origin\nHint: Run `jj bookmark track untracked@origin` and try again.",
    ]);
}

#[test]
fn a_refusal_beside_them_stays_a_refusal() {
    // A refusal beside a retried job error is still a refusal.
    assert_eq!(
        verdict("Cannot get presigned upload url. 401 Unauthorized: invalid API key"),
        (false, Confidence::Strong)
    );
}

#[test]
fn what_the_review_found_is_left_to_the_model() {
    assert_lasting(&[
        // Outages of the Actions cache lasted hours to a day
        // (actions/cache#820, #440), so its 503 is no word that it passes.
        "Warning: uploadChunk (start: 0, end: 33554431) failed: Cache service responded with 503",
        // Another program's assertion in BuildKit's words, and a storage
        // tool's bucket never set up in IBM's (made up in their shape).
        "[BUG] Inconsistent graph state.",
        "Cannot get presigned upload URL: bucket not configured",
    ]);
    assert_passing(&[
        // Another scheduler's time-out that is retried, and a computation
        // that resumes from its checkpoint (made up): n8n's and Earth
        // Engine's narrowed phrases must not call them lasting.
        "ECS RunTask request timed out; the task will be retried",
        "Computation timed out. State saved to checkpoint; resume to continue.",
    ]);
}
