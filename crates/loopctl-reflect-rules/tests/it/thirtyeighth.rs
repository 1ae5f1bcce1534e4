//! The thirty-eighth round, read after `final28.jsonl` was measured: what workflow engines, observability pipelines, shops and runtimes retry or give up on, by their own words.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing};

#[test]
fn what_a_system_retries_by_its_own_list_passes() {
    assert_passing(&[
        // temporalio/temporal:service/history/consts/const.go
        "Action per second limit exceeded.",
        // temporalio/temporal:common/membership/interfaces.go
        "Not enough hosts to serve the request",
        // temporalio/temporal:common/persistence/sql/sqlplugin/db_handle.go
        "no usable database connection found",
        // conductor-oss/conductor:core/src/main/java/com/netflix/conductor/core/execution/WorkflowExecutorOps.java
        "Error acquiring lock when creating workflow: {}",
        // kestra-io/kestra:core/src/main/java/io/kestra/core/runners/ExecutorService.java
        "Flow is FAILED due to concurrency limit exceeded",
        // triggerdotdev/trigger.dev:packages/core/src/v3/errors.ts
        "Your task exited after receiving SIGTERM but we don't know why. If this keeps happening, please get in touch so we can investigate.",
        // debezium/debezium:debezium-connector-common/src/main/java/io/debezium/pipeline/ErrorHandler.java
        "An exception occurred in the change event producer. This connector will be restarted.",
        // open-telemetry/opentelemetry-collector:internal/memorylimiter/memorylimiter.go
        "data refused due to high memory usage",
        // open-telemetry/opentelemetry-js:experimental/packages/otlp-exporter-base/src/otlp-export-delegate.ts
        "Concurrent export limit reached",
        // cortexproject/cortex:pkg/ingester/instance_limits.go#L14
        "cannot push: too many inflight push requests in ingester",
        // medusajs/medusa:packages/modules/providers/locking-redis/integration-tests/__tests__/index.spec.ts
        "Timed-out acquiring lock.",
        // Azure/azure-functions-core-tools:src/Cli/func/Actions/AzureActions/PublishFunctionAppAction.cs
        "Upload failed: Integrity error: MD5 hash mismatch between the local copy and the uploaded copy.",
        // coollabsio/coolify:app/Actions/Shared/DeleteScheduledVolumeBackup.php
        "Wait for the queued or running storage backup to finish before deleting this schedule.",
        // samvel1024/kbct#45
        "IOError(Os { code: 4, kind: Interrupted, message: \"Interrupted system call\" })",
        // python/cpython#130209
        "InterruptedError: [Errno 4] Interrupted system call: '/Users/gsnedders/Library/Containers/com.apple.ScreenTimeWidgetApplication.ScreenTimeWidgetExtension/Data/Library/Application Scripts'",
        // getsentry/sentry-python:sentry_sdk/transport.py
        "Rate-limited via 429",
    ]);
}

#[test]
fn what_the_systems_own_words_say_stays_is_refused_strongly() {
    // Each says "try again" or "retry", and each fails again until the
    // caller or an operator changes something.
    assert_all(
        (false, Confidence::Strong),
        &[
            // cohere-ai/cohere-python:src/cohere/core/http_client.py
            "A base_url is required to make this request, please provide one and try again.",
            // medusajs/medusa:packages/core/utils/src/common/wrap-handler.ts
            "Provided request body contains errors. Please check the data and retry the request",
            // medusajs/medusa:packages/core/utils/src/common/handle-postgres-database-error.ts
            "Migrations missing. Please run 'medusa migrations run' and try again.",
        ],
    );
}

#[test]
fn lasting_states_beside_passing_words_are_lasting_but_unsure() {
    // A sealed Vault waits for an operator, whatever its 503 and its
    // client's retries say; MSAL's iframe time-out recurs on a retry.
    // A status or a time-out beside each leaves the rules unsure.
    assert_all(
        (false, Confidence::Weak),
        &[
            // hashicorp/vault#11144
            "vault is sealed, code 503 errors, retry attempt 7 after 16s",
            // AzureAD/microsoft-authentication-library-for-js:lib/msal-browser/docs/errors.md
            "Token acquisition in iframe failed due to timeout.",
        ],
    );
}

#[test]
fn rate_limit_headers_do_not_read_as_a_limit_that_was_hit() {
    // The hyphenated participle is a throttle; the same letters in a
    // header name sent with every answer are not.
    assert_all(
        (false, Confidence::Weak),
        &["HTTP/1.1 404 Not Found\nx-rate-limit-limit: 5000\nx-rate-limit-remaining: 4999"],
    );
}

#[test]
fn what_the_review_found_in_other_hands_keeps_its_verdict() {
    // Debezium's MySQL handler orders a restart for a missing privilege
    // too (a troubleshooting note on "RELOAD or FLUSH_TABLES", lines
    // between left out): the credential failure decides, surely.
    assert_all(
        (false, Confidence::Strong),
        &[
            "org.apache.kafka.connect.errors.RetriableException: An exception occurred in the change event producer. This connector will be restarted.\nCaused by: java.sql.SQLSyntaxErrorException: Access denied; you need (at least one of) the RELOAD or FLUSH_TABLES privilege(s) for this operation",
        ],
    );
    // A plan in the words of Shopify's throttle, found in public code by
    // the review, is lasting; unsurely since the calibration that counted
    // `final45` made "upgrade your plan" weak (right 14 of 16 times).
    assert_all(
        (false, Confidence::Weak),
        &["Call limit exceeded. Please upgrade your plan."],
    );
    // A budget in the words of Shopify's throttle, a daily quota
    // beside the words of Temporal's per-second limit, and a key, not a
    // base URL, that is required (texts the review found in public code).
    assert_all(
        (false, Confidence::Weak),
        &[
            "Api call limit exceeded, If you need to adjust the limit, please contact customer service.",
            "Daily quota or queries per second limit exceeded",
            "a valid access key is required to make this request",
        ],
    );
    // `EINTR` on every retry under Go on a CIFS mount (kopia/kopia#702,
    // restic/restic#2659), and Temporal's database handle behind a failed schema check
    // (temporalio/documentation#3815): the words pass, but only weakly.
    assert_all(
        (true, Confidence::Weak),
        &[
            "unable to process directory \"dist\": read /www/xx/yy/zz.js: interrupted system call, try --help",
            // restic/restic#2659: a wait named, and the prune failed in the end.
            "Load(<data/216ea5f2d2>, 591, 4564169) returned error, retrying after 720.254544ms: open /mnt/nas/redacted/reponame/data/21/216ea5f2d21b458a7b913609ddef2a6ac4788b4bad5481b2916558d2ce1bef04: interrupted system call",
            "sql schema version compatibility check failed: unable to read DB schema version keyspace/database: temporal error: no usable database connection found",
        ],
    );
}
