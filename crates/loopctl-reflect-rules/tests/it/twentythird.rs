//! The twenty-third round, written before `final15.jsonl` was measured: a wait or a CI job that spent its whole budget (apimachinery's `wait.ErrWaitTimeout`, CircleCI's and GitLab Runner's job time-outs, a browser driver's wait for an element) is not a blip, nor is Qdrant's catch-all for a failure inside the server; FCM's and APNs' named errors.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_passing, verdict};

#[test]
fn a_wait_that_spent_its_whole_budget() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // helm/helm#1826: five minutes of `--wait`, then the release failed.
            "Error: UPGRADE FAILED: timed out waiting for the condition",
            // jupyterhub/zero-to-jupyterhub-k8s#127: fixed by a longer `--timeout`.
            "Error: timed out waiting for the condition",
            // `kubectl wait`'s wording (kubectl/pkg/cmd/wait) for a pod that never became ready.
            "error: timed out waiting for the condition on pods/web-0",
        ],
    );
    // A time-out of one request stays a blip.
    assert_eq!(
        verdict("Error: Get \"https://10.0.0.1:6443/api\": net/http: TLS handshake timeout"),
        (true, Confidence::Weak)
    );
}

#[test]
fn a_ci_job_that_spent_its_whole_budget() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // nspcc-dev/neo-go#2436: CircleCI's `no_output_timeout`.
            "go test -v -race ./...\n\nToo long with no output (exceeded 10m0s): context deadline exceeded",
            // DataBiosphere/azul#7026: GitLab Runner's script time-out.
            "Terminated\nWARNING: step_script could not run to completion because the timeout was exceeded. For more control over job and script timeouts see: https://docs.gitlab.com/ee/ci/runners/configure_runners.html#set-script-and-after_script-timeouts",
            // GitLab Runner's job time-out line on its own.
            "ERROR: Job failed: execution took longer than 1h0m0s seconds",
        ],
    );
}

#[test]
fn a_wait_for_an_element_that_never_came() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // jontewks/puppeteer-heroku-buildpack#80: Puppeteer's `waitForSelector`.
            "UnhandledPromiseRejectionWarning: TimeoutError: waiting for selector `#user` failed: timeout 30000ms exceeded",
            // microsoft/playwright#37622: the locator's call log.
            "Call log:\n  - waiting for locator(\"body > div.rightPanel-container > div.rightPanel > div.rightPanel-items > div > div > h3\")\n    - locator resolved to <h3 data-v-1459c0d6=\"\" class=\"drawer-title\">",
            // hollingsworthd/jBrowserDriver#53: Selenium's expected condition.
            "org.openqa.selenium.TimeoutException: Timed out after 30 seconds waiting for element to be clickable: com.machinepublishers.jbrowserdriver.Element@72035809",
        ],
    );
    // microsoft/playwright#3952: a page that was slow to load stays a blip.
    assert_eq!(
        verdict(
            "page.goto: Timeout 30000ms exceeded.\n=========================== logs ===========================\nnavigating to \"https://www.coingecko.com/en/\", waiting until \"load\"\n============================================================"
        ),
        (true, Confidence::Weak)
    );
}

#[test]
fn qdrants_failures_inside_the_server() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // qdrant/qdrant#6846
            r#"{"status":{"error":"Service internal error: The replica set for shard 2 on peer 5360762229257965 does not have enough active replicas"},"time":0.000523018}"#,
            // qdrant/qdrant#5438
            r#"Service internal error: Removing segment which is still in use: \"./storage/collections/event/1/segments/e2dd2fdc-f8fb-4198-9ff3-e927f83265de"#,
            // qdrant/qdrant#3312
            "2024-01-03T07:57:43.231267Z  WARN qdrant::actix::helpers: error processing request: 1 of 1 read operations failed:\n  Service internal error: Tonic status error: The operation was cancelled",
        ],
    );
}

#[test]
fn push_services_by_their_named_errors() {
    // firebase.google.com/docs/cloud-messaging/error-codes and the Admin
    // SDKs' `messaging/*` codes: message rates pass with backoff.
    assert_passing(&[
        r#"{"multicast_id":216,"success":0,"failure":1,"results":[{"error":"DeviceMessageRateExceeded"}]}"#,
        "FirebaseMessagingError: messaging/message-rate-exceeded",
        "messaging/internal-error",
    ]);
    // developer.apple.com: APNs' `reason` values.
    assert_lasting(&[
        r#"{"reason":"ExpiredProviderToken"}"#,
        r#"{"reason":"InvalidProviderToken"}"#,
        r#"{"reason":"BadDeviceToken"}"#,
        r#"{"reason":"DeviceTokenNotForTopic"}"#,
    ]);
}
