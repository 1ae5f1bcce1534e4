//! The fifty-fifth round, read after `final46.jsonl` was measured: work a system has accepted and not finished, and advice to change something before trying again.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing, verdict};

#[test]
fn work_under_way_passes_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // conveyal/r5: WorkerProxyController.java, BrokerController.java
            r#"{"message":"Starting worker."}"#,
            "Starting routing server. Expect status updates within a few minutes.",
            // conveyal/r5: RegionalAnalysisController.java
            "Geotiff zip is already being prepared in the background.",
            // malwaredb-virustotal: src/errors.rs (VirusTotal's NotAvailableYet)
            "The resource is not available yet, but will become available later.",
            // langchain-ai/langsmith-sdk: python/langsmith/sandbox/_models.py, _ws_execute.py
            "Command stream ended before 'started' message",
            "Command stream ended without exit message",
            "Server is reloading, reconnect to resume",
            // NebulousLabs/Sia#799
            "Could not upload file: Upload failed: not enough hosts to support upload",
            // shopware/shopware: ConsumeMessagesControllerTest.php
            r#"Another worker is already running for receiver: "async""#,
            // ethersphere/bee: pkg/api/postage.go
            r#"{"code":429,"message":"simultaneous on-chain operations not supported"}"#,
            // isc-projects/kea: src/lib/database/database_connection.h
            "Attempt to use an invalid connection",
        ],
    );
}

#[test]
fn budgets_and_missing_cases_last() {
    assert_lasting(&[
        // opentripplanner/OpenTripPlanner: OTPRequestTimeoutException.java, OTPExceptionMapper.java
        "TIMEOUT! The request is too resource intensive.",
        "OTP API Processing Timeout",
        // confident-ai/deepeval: deepeval/test_run/test_run.py
        "Test Run is empty, please try again.",
        "No test cases found, please try again.",
    ]);
}

#[test]
fn a_change_asked_for_before_trying_again_lasts() {
    assert_lasting(&[
        // AdobeDocs/commerce-webapi: set-shipping-method.md, set-payment-method.md, generate-token.md
        "The shipping method can't be set for an empty cart. Add an item to cart and try again.",
        "The shipping address is missing. Set the address and try again.",
        // Written to the same shape, after "please".
        "Upload rejected. Please select a different file and try again.",
        "Please choose another time slot, then try again.",
    ]);
}

#[test]
fn a_wait_or_a_check_before_trying_again_still_passes() {
    assert_passing(&[
        // Written to the same shape, with nothing else in them to decide.
        "Please wait a moment and try again.",
        "Please check your connection and try again.",
        "Wait a bit and try again.",
        // A change asked for beside a failure that passes: the failure
        // decides (the second reader's counter-texts; the first from
        // Databricks' UI, the others written to the same shape).
        "Databricks is unresponsive. Operations are not completing in a timely manner. Please save your work and try again later.",
        "503 Service Unavailable. Please verify your connection and try again.",
        "Temporary failure. Please resend the request and try again.",
        "An unexpected error occurred during the import process. Please start over and try again.",
    ]);
}

#[test]
fn an_account_waiting_for_its_confirmation_is_refused() {
    // AdobeDocs/commerce-webapi: generate-token.md
    assert_eq!(
        verdict("This account isn't confirmed. Verify and try again."),
        (false, Confidence::Weak)
    );
}

#[test]
fn the_words_stay_narrow() {
    // A login refused, a prepared statement, a stream ended for good, a
    // worker killed: none of them is work under way.
    for text in [
        "Too many failed login attempts. Your account has been locked; contact your administrator.",
        "ERROR: prepared statement \"s1\" already exists",
        "abort: stream ended unexpectedly (got 0 bytes, expected 4)",
        // astronomy-commons/lsdb#617: a Dask worker killed for its memory
        "distributed.nanny - WARNING - Restarting worker",
        // The second reader's counter-texts: a log line before a crash,
        // OpenStack's capacity, an export mailed later, a daemon to kill,
        // and a refused password beside Pi-hole's throttle.
        "Starting worker...\nSyntaxError: invalid syntax",
        "No valid host was found. There are not enough hosts available.",
        "Your export is being prepared and will be emailed to you within 24 hours.",
        "[worker] another worker is already running (pid=4242). Kill it first, or wait for it to exit.",
        "This feature will become available later.",
        "Token stream ended before all elements from stack got popped",
        "Wrong password. Rate-limiting login attempts",
    ] {
        assert_ne!(verdict(text), (true, Confidence::Weak), "{text}");
    }
}
