//! The forty-eighth round, read after `final39.jsonl` was measured: process engines' and job queues' own passing states, a catalog lock another commit holds, a leader not yet elected, records and reports still being written, a rate that reads as a size, and ads APIs that refuse a request for its size.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn engines_queues_and_locks_that_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // camunda/camunda#3371
            "io.zeebe.gateway.cmd.ClientOutOfMemoryException: Broker client is out of buffer memory and cannot make new requests until memory is reclaimed.",
            // timgit/pg-boss: src/db.ts
            "LISTEN/NOTIFY connection ended",
            "LISTEN/NOTIFY channel registration was lost",
            // redpanda-data/benthos: internal/component/errors.go
            "not connected to target source or sink",
            // apache/iceberg: hive-metastore/src/test/java/org/apache/iceberg/hive/TestHiveCommitLocks.java
            "org.apache.iceberg.hive.LockException: Could not acquire the lock on hivedb.tbl, lock request ended in state NOT_ACQUIRED",
            // apache/storm: storm-client/src/jvm/org/apache/storm/utils/NimbusClient.java
            "Could not find a nimbus leader, please try again after some time.",
            "org.apache.storm.utils.NimbusLeaderNotFoundException: Could not find a nimbus leader, please try again after some time.",
        ],
    );
}

#[test]
fn records_reports_and_rates_that_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // konfig-sdks/paychex-java-sdk: api/openapi.yaml
            "The client is locked because another user or process is updating it.  Your changes cannot be  saved while the client is locked.",
            // googleads/googleads-java-lib#174
            "Exception in thread \"main\" java.lang.IllegalStateException: Report 11240782934 must be completed before downloading. It is currently: IN_PROGRESS",
            // grzegorz914/homebridge-xbox-tv#96
            "DocumentDataAccess::GetItemAsync: The request rate is too large. Please retry after sometime.",
            // Skookum/bamboozled: lib/bamboozled/api/base.rb
            "The load balancer or web server had trouble connecting to the Bamboo app. Please try the request again.",
            // singer-io/tap-tiktok-ads: tests/unittests/test_backoff_error_handling.py
            "Write or update entity conflict. Retry may resolve this issue.",
        ],
    );
}

#[test]
fn a_request_too_big_for_its_api_lasts_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // singer-io/tap-facebook#65
            "Please reduce the amount of data you're asking for, then retry your request",
            // the same with a typographic apostrophe
            "Please reduce the amount of data you\u{2019}re asking for, then retry your request",
            // singer-io/tap-google-ads: tap_google_ads/streams.py
            "Request was not able to complete within allotted timeout. Try reducing the amount of data being requested before increasing timeout.",
        ],
    );
}

#[test]
fn the_words_leave_refusals_and_lasting_states_alone() {
    // A refusal beside the passing words stays a refusal.
    assert_eq!(
        verdict("403 Forbidden: invalid API key. Please try the request again."),
        (false, Confidence::Strong)
    );
    // A report that failed is not one still running.
    assert!(
        !verdict(
            "Report 11240782934 must be completed before downloading. It is currently: FAILED"
        )
        .0
    );
    // What the second reader found: a change asked for before the same
    // request, Storm's lasting seed-host setting, and a size limit that
    // is not Cosmos DB's rate.
    assert_ne!(
        verdict("Install the newest version and try the request again"),
        (true, Confidence::Weak)
    );
    assert_ne!(
        verdict(
            "org.apache.storm.utils.NimbusLeaderNotFoundException: Could not find leader nimbus from seed hosts [nimbus]. Did you specify a valid list of nimbus hosts for config nimbus.seeds?"
        ),
        (true, Confidence::Weak)
    );
    assert_ne!(
        verdict("--rate: request rate is too large (max 10000)"),
        (true, Confidence::Weak)
    );
    // The ads APIs' size refusals only in their own sentences: a server
    // shedding load in the same words, with a wait, passes.
    assert!(
        verdict("503 Service Unavailable: the server is reducing the amount of data it serves; please try again in 10 seconds").0
    );
    assert!(
        verdict("503 Service Unavailable: we had to reduce the amount of data we serve; please try again in 10 seconds").0
    );
}
