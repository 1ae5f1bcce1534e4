//! The eighty-first round, before `final72.jsonl` was measured: everyday words that lean lasting, taken again from the whole labelled corpus and read only where nothing else matched, and the passing failures its review named.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_leaning_yields, assert_passing};

/// One labelled text for each word the round took, each read by no pattern
/// before it and lasting by its label, and each holding no other word of
/// the round, so that each word is needed for its own verdict.
const LEANING: &[&str] = &[
    // final52, zoneminder (AppController.php)
    "API Disabled",
    // final48, opensips (event_interface.c)
    "Event not registered",
    // final25, comfyui (troubleshooting/overview.mdx)
    "Torch not compiled with CUDA enabled",
    // final51, zoho-sign (error-codes.html)
    "Upgrade your Zoho Sign license.",
    // final37, horovod (basics.py)
    "Horovod has not been initialized; use hvd.init().",
    // final16, milvus (pymilvus exceptions.py)
    "There are multiple indexes, please specify the index_name.",
    // final35, firecracker (mmds/mod.rs)
    "MMDS token not valid.",
    // final71, bbolt (errors.go)
    "version mismatch",
    // final49, qpdf (QPDFJob.cc)
    "refusing to write a file with weak crypto",
    // final46, sia (renterd api/bus.go)
    "renewal exceeds max fund amount",
    // final56, gridengine (msg_sgeobjlib.h)
    "JSV rejected job",
    // final16, nuget (NU1202.md)
    "Package 'PackageId' 4.0.11 is not compatible with 'TargetFramework'. Package 'PackageId' 4.0.11 supports:<br/> - 'TargetFrameworkA'<br/> - 'TargetFrameworkB'<br/> - 'TargetFrameworkC'",
    // final56, wyoming (wyoming_satellite/__main__.py)
    "Extras for webrtc are not installed",
    // final48, rio-tiler (expression.py)
    "disallowed expression: indirect call",
    // final38, sap-rfc (test_errors.py)
    "ID:FL Type:E Number:046 undefined",
    // final56, rhasspy (rhasspyserver_hermes/__init__.py)
    "No intent system configured",
    // final23, stagehand (stagehand#353)
    "Error: Stagehand not initialized. Make sure to await stagehand.init() first.",
    // final37, intercom (api.intercom.io.yaml)
    "Active subscription needed.",
];

#[test]
fn each_leaning_word_decides_a_real_text_lasting_unsure() {
    assert_all((false, Confidence::Weak), LEANING);
}

#[test]
fn a_leaning_word_decides_only_where_nothing_else_matched() {
    assert_leaning_yields(LEANING);
    // final22 (jitpack, in a Gradle build): the origin was down for a while
    // and the next build passed; Gradle's advice to enable offline mode
    // does not outweigh Cloudflare's 521.
    assert_passing(&[
        "Could not GET 'https://jitpack.io/com/github/plnice/canidropjetifier/0.4/canidropjetifier-0.4.pom'. Received status code 521 from server: Origin Down\nEnable Gradle 'offline mode' and sync project",
    ]);
}

#[test]
fn the_review_s_passing_failures_pass_or_are_left_to_the_model() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // Kafka's CORRUPT_MESSAGE (Errors.java; CorruptRecordException
            // is a RetriableException), which "exceeds" and "valid" read
            "This message has failed its CRC checksum, exceeds the valid size, has a null key for a compacted topic, or is otherwise corrupt.",
            // ClickHouse#43106, 242 in its older words
            "Code: 242, e.displayText() = DB::Exception: Table is in readonly mode (zookeeper path: /clickhouse/tables/02-03/log_ck_logs_box_10)",
            // Elasticsearch's shard state as its `reason` gives it
            "CurrentState[RECOVERING] operations only allowed when shard state is one of [POST_RECOVERY, STARTED]",
            // Prisma's P1001 as .NET's JSON writer escapes it: "make sure"
            // must not decide where the escaped "can't reach" is read
            "Error: P1001: Can\\u0027t reach database server at `db`:`5432`\nPlease make sure your database server is running at `db`:`5432`.",
            "READONLY You can&#39;t write against a replica.",
        ],
    );
    assert_all(
        (false, Confidence::Unmatched),
        &[
            // Kafka's INCONSISTENT_TOPIC_ID, retriable: "match" alone is no
            // leaning word
            "The log's topic ID did not match the topic ID in the request.",
            // Redis before 5.0, which `pipelines.rs` leaves to the model
            "READONLY You can't write against a read only slave.",
        ],
    );
}

#[test]
fn the_phrases_left_out_hide_no_longer_literal() {
    // "blocked", "is not a", "is too", "has no" and "not be" would each have been
    // matched first and hidden the longer literal that starts inside them,
    // since the one pass takes the leftmost match: these labelled texts
    // keep the verdicts those literals give.
    assert_all(
        (false, Confidence::Strong),
        &[
            // final12, AWS IAM
            "User: arn:aws:iam::123456789012:user/marymajor is not authorized to perform: iam:PassRole",
            // final37
            "The client is not authorized to perform that action.",
        ],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            // final65
            "This installation has no refresh token on file. Please reconnect it.",
            // MoneyTrackr's UsersController: "blocked" would hide "locked out"
            "User has been blocked out, try again after 5 minutes have passed.",
        ],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            // final21, llama.cpp#11105: a batch too large for the server
            "{\"error\":{\"code\":500,\"message\":\"input is too large to process. increase the physical batch size\",\"type\":\"server_error\"}}",
        ],
    );
    assert_passing(&[
        // final65, a timescaledb chunk being updated by another transaction
        "ERROR:  some chunks could not be read since they are being concurrently updated",
        // final46, a resource that becomes available later
        "The resource is not available yet, but will become available later.",
    ]);
}
