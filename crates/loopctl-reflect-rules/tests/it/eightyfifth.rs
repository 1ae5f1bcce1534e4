//! The eighty-fifth round, before `final75.jsonl` was collected: more words that lean lasting, taken again from the 79 labelled files by the eighty-first round's rule, and the passing failures beside them that must stay passing.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_leaning_yields};

/// One labelled text for each word the round took: read by no pattern
/// before it, lasting by its label, and holding no other word of the
/// round, so that each word is needed for its own verdict.
const LEANING: &[&str] = &[
    // final71, lxml (html/__init__.py)
    "No elements found",
    // final54, pynetdicom (events.py)
    "No handler has been bound to 'evt.EVT_C_STORE'",
    // final58, sqitch (Command/status.pm)
    "Database not initialized for Sqitch",
    // final47, simonvetter-modbus (modbus.go)
    "illegal data value",
    // final46, prestashop (PSWebServiceLibrary)
    "Bad parameters given",
    // final17, better-sqlite3 (docs/api.md)
    "Error: wrong number of arguments",
    // final46, opencart (the API's language file)
    "Warning: No payment options are available!",
    // final57, epics-base (ioc/db)
    "Attempt to modify noMod field",
    // final25, ComfyUI's documentation
    "Error while deserializing header",
    // final41, fluent.js (fluent-bundle's error tests)
    "Unknown variable: $one",
    // final3, attestate/kiwistand#148
    "SqliteError: UNIQUE constraint failed: upvotes.id",
    // final61, dolt (actions/clone.go)
    "remote at that url contains no Dolt data",
    // final58, python-freshdesk (v2/api.py)
    "Query string can have up to 512 characters",
    // final16, elixir-mint (transport_error.ex)
    "non-existing domain",
    // final17, pgvector (test/expected/bit.out)
    "ERROR:  different bit lengths 3 and 2",
    // final50, verdaccio (error-utils)
    "maximum amount of users reached",
    // final25, Arrow's C++ Parquet reader
    "Parquet file size is 0 bytes",
    // final8, askmike/gekko#679
    "Error: SQLITE_IOERR: disk I/O error",
    // final40, janus-gateway (janus_sip.c)
    "Wrong state (register first)",
    // final30, dawidd6/action-send-mail#37
    "Error: Greeting never received",
];

#[test]
fn each_new_leaning_word_decides_a_real_text_lasting_unsure() {
    assert_all((false, Confidence::Weak), LEANING);
}

#[test]
fn the_new_leaning_words_decide_only_where_nothing_else_matched() {
    assert_leaning_yields(LEANING);
}

#[test]
fn labelled_passing_failures_beside_the_new_words_still_pass() {
    // Each holds one of the round's words and a passing word that was
    // read before the round; each is passing by its label, and stays so.
    assert_all(
        (true, Confidence::Weak),
        &[
            // final3, Automattic/mongoose#5680
            "MongoError: no primary found in replicaset",
            // final34, kafka (Errors.java's FETCH_SESSION_ID_NOT_FOUND)
            "The fetch session ID was not found.",
            // final, robvanderleek/capture-website-api#336
            "Maximum queue size reached, try again later",
            // final11, huggingface/huggingface_hub#3458
            "Failed to initialize DuckDB. Please try again later.",
            // final31, open-feature go-sdk (resolution errors)
            "provider not yet initialized",
            // final4, redis-py (client.py)
            "Watched variable changed.",
            // final34, vercel/ai (the xAI provider)
            "Timed out waiting for first token",
            // final19, NVIDIA/NeMo-Retriever#1077
            "503 Service Unavailable: exceeds maximum queue size",
            // final11, jrchamp/moodle-mod_zoom#83
            "You have reached the maximum per-second rate limit",
            // final49, ModemManager (QMI errors)
            "QMI operation failed: No card found (retry)",
        ],
    );
}

#[test]
fn words_that_name_something_else_were_left_out() {
    // "space" was right 44 times in 46 only because "workspace" and
    // "namespace" held it; "than" read a passing delay beside a size; and
    // "column" a constructed text a review had narrowed. None decides.
    assert_all(
        (false, Confidence::Unmatched),
        &[
            // final19, mannieschumpert/quicktask#12 (Asana), lasting but
            // not for any space
            "workspace: Not a Long",
            // StarRocks' compaction notice, passing (the seventy-first
            // round's review)
            "Partition's compaction score is larger than 100.0, delay commit for 500ms.",
        ],
    );
}
