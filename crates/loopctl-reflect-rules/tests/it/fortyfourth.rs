//! The forty-fourth round, read after `final34.jsonl` and `final35.jsonl` were measured: nodes leaving rotation, full pools and buffers, Kafka's retriable protocol texts, element waits without a call log, a pool that mostly lasts, and sign-in requests without "please".

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn nodes_pools_and_buffers_that_free_up_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // SeleniumHQ/selenium:java/src/org/openqa/selenium/grid/node/local/LocalNode.java
            "The node is draining. Cannot accept new sessions.",
            // openai/openai-agents-python:tests/extensions/sandbox/test_blaxel.py
            "No healthy replica is serving workload",
            // vitessio/vitess, varnishcache/varnish-cache
            "vtgate: no healthy endpoints",
            // varnishcache/varnish-cache: the body of its 503
            "No healthy backends",
            // https://scrapfly.io/docs/scrape-api/error/ERR::SCRAPE::NO_BROWSER_AVAILABLE
            "No browser available in the pool",
            // celery/celery:celery/worker/consumer/consumer.py
            "consumer: Connection to broker lost. Trying to re-establish the connection...",
            // twmb/franz-go:pkg/kgo/producer.go
            "the maximum amount of records are buffered, cannot buffer more",
            // nats-io/nats.go:nats.go
            "nats: outbound buffer limit exceeded",
        ],
    );
}

#[test]
fn kafkas_retriable_protocol_texts_pass_unsure() {
    // apache/kafka:clients/src/main/java/org/apache/kafka/common/protocol/Errors.java
    // and tulios/kafkajs:src/protocol/error.js
    assert_all(
        (true, Confidence::Weak),
        &[
            "org.apache.kafka.common.errors.FetchSessionIdNotFoundException: The fetch session ID was not found.",
            "The leader epoch in the request is older than the epoch on the broker",
            "The leader epoch in the request is newer than the epoch on the broker",
            "The fetch session ID was not found.",
        ],
    );
}

/// Playwright's `Locator` methods that wait for their element to become
/// actionable or present before they act.
const LOCATOR_METHODS: [&str; 23] = [
    "click",
    "dblclick",
    "fill",
    "type",
    "pressSequentially",
    "press",
    "check",
    "uncheck",
    "hover",
    "tap",
    "selectOption",
    "setInputFiles",
    "focus",
    "evaluate",
    "textContent",
    "innerText",
    "innerHTML",
    "getAttribute",
    "inputValue",
    "scrollIntoViewIfNeeded",
    "dragTo",
    "setChecked",
    "clear",
];

#[test]
fn waits_for_an_element_that_never_came_last_unsure() {
    for method in LOCATOR_METHODS {
        let text = format!("Failed to perform act: locator.{method}: Timeout 30000ms exceeded.");
        assert_eq!(verdict(&text), (false, Confidence::Weak), "{text}");
    }
    assert_all(
        (false, Confidence::Weak),
        &[
            // apify/crawlee#2791
            "page.waitForSelector: Timeout 30000ms exceeded.",
            // puppeteer/puppeteer#8615
            "TimeoutError: waiting for waiting for file chooser failed: timeout 30000ms exceeded",
        ],
    );
    // A wait for a page, or for a spinner to go, still passes: the slow
    // page loads next time.
    assert!(verdict("locator.waitFor: Timeout 5000ms exceeded.").0);
    assert!(verdict("locator.screenshot: Timeout 5000ms exceeded.").0);
    assert!(verdict("Page.goto: Timeout 30000ms exceeded.").0);
    assert!(verdict("browserType.launch: Timeout 30000ms exceeded.").0);
}

#[test]
fn a_pool_every_connection_of_which_is_checked_out_lasts_unsure() {
    // SQLAlchemy's errors page (3o7r) blames leaks and undersized pools
    // first; three of the four threads held fixed the code or the size.
    assert_all(
        (false, Confidence::Weak),
        &[
            "QueuePool limit of size 5 overflow 10 reached, connection timed out, timeout 30",
            "sqlalchemy.exc.TimeoutError: QueuePool limit of size 20 overflow 20 reached, connection timed out, timeout 30.00",
        ],
    );
}

#[test]
fn a_request_to_log_in_is_a_credential_word() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // stickerdaniel/linkedin-mcp-server#515: the retry it advises
            // comes after a sign-in by hand.
            "No valid LinkedIn session is available on the remote CDP browser. Log in to LinkedIn in the remote browser (e.g. browser-use), then retry this tool.",
            // netlify/cli
            "Not logged in. Log in to deploy to a site",
            // huggingface/huggingface_hub: `huggingface-cli whoami`
            "Not logged in",
        ],
    );
    // Only a generic word: a failure that names how it passes still passes.
    assert!(
        verdict("Error: failed to log in to the registry: dial tcp 10.0.0.1:443: i/o timeout").0
    );
    assert!(verdict("Unable to log in to the database: too many connections").0);
    assert!(verdict("Please log in to continue. 503 Service Unavailable").0);
}

#[test]
fn the_new_words_leave_refusals_and_lasting_states_alone() {
    assert_eq!(
        verdict("invalid API key; no healthy replica"),
        (false, Confidence::Strong)
    );
    assert!(!verdict("Permission denied: the node is draining").0);
    assert!(!verdict("Unable to Start a service that is still Draining. (Service: AmazonECS; Status Code: 400; Error Code: InvalidParameterException)").0);
    // A monthly limit stays a limit, whatever the pool or session word.
    assert!(!verdict("Monthly session limit reached: max session count is 100 per month").0);
    // A topic that is not there is not read as passing.
    assert!(verdict("This server does not host this topic-partition").1 != Confidence::Strong);
    assert!(!verdict("This server does not host this topic-partition").0);
    // Drains for good, other pools and other buffers are not read as
    // passing by the new words.
    assert!(!verdict("Error: cannot start task on container instance i-0abc: instance is draining (status DRAINING); set it to ACTIVE").0);
    assert!(!verdict("No healthy MCP server was found. Start one with `mcp serve`.").0);
    assert!(!verdict("Error: No IP address available in the pool 10.0.0.0/24").0);
    assert!(
        !verdict(
            "Cannot buffer more frames. Consume some available frames before adding new ones."
        )
        .0
    );
    assert!(!verdict("consumer: Gave up trying to re-establish the connection to the broker").0);
}
