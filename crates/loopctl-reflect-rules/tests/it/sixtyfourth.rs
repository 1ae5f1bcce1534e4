//! The sixty-fourth round, read after `final55.jsonl` was measured: analytics, feeds, sports data, bot runtimes, shipping labels and wikis.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_beside, verdict};

#[test]
fn downloads_streams_locks_and_read_only_wikis_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // gpodder/gpodder: src/gpodder/download.py
            "Missing content from server",
            // wikimedia/mediawiki: includes/api/i18n/en.json
            "The wiki is currently in read-only mode.",
            // WikiApiary/WikiApiary#238
            "[49d2fa18] /wiki/Special:UploadWindow MWException from line 1856 of /.../w/includes/filerepo/file/LocalFile.php: Could not acquire lock for 'Peacetechwikilogo.png.'",
        ],
    );
    // Another system's read-only mode is a setting (the final46 file).
    assert!(!verdict("The config is currently in read-only mode").0);
}

#[test]
fn hourly_blocks_payments_bugs_and_blocking_sites_last() {
    assert_lasting(&[
        // FreshRSS/FreshRSS#4988: strong, beside cURL's strong error 35
        "cURL error 35: error:141A318A:SSL routines:tls_process_ske_dhe:dh key too small [https://gamekyo.com/news.xml]",
        // developers.google.com: Analytics Reporting API limits and quotas
        "Quota Error: The number of recent reporting API requests failing by server error is too high. You are temporarily blocked from the reporting API for at least an hour. Please send fewer server errors in the future to avoid being blocked.",
        // theOehrly/Fast-F1#748
        "fastf1.req.RateLimitExceededError: any API: 500 calls/h",
        // matomo-org/matomo-for-wordpress#541
        "Got invalid response from API request: ?module=API&method=CoreAdminHome.archiveReports&idSite=1&period=day&date=2021-11-08&format=json&trigger=archivephp. The response was empty. This usually means a server error. A solution to this error is generally to increase the value of 'memory_limit' in your php.ini file.",
        // EasyPost/easypost-python: easypost/services/billing_service.py
        "The chosen payment method is not valid. Please try again.",
        // joecampo/laravel-shipstation#15
        r#"Server error: `POST https://ssapi.shipstation.com/orders/createlabelfororder` resulted in a `500 Internal Server Error` response: {"Message":"An error has occurred.","ExceptionMessage":"Object reference not set to an instance of an object.""#,
        // DIYgod/RSSHub#13727
        "Error message: Response code 503 (Service Temporarily Unavailable): target website might be blocking our access, you can host your own RSSHub instance for a better usability.",
    ]);
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    let words = [
        "Missing content from server",
        "The wiki is currently in read-only mode.",
        "Could not acquire lock for 'a.png'",
    ];
    assert_refused_beside(&words);
}

#[test]
fn what_the_second_reader_took_out_or_narrowed_stays_so() {
    // ErrBot's wrapper around Telegram's lasting conflict, and a URL whose
    // path begins with "calls/h" (constructed).
    assert!(!verdict("Error reading from Telegram updates stream:\ntelegram.error.Conflict: Conflict: terminated by other getUpdates request; make sure that only one bot instance is running").0);
    assert!(verdict("503 Server Error: Service Unavailable for url: https://api.example.com/v2/calls/history?page=2").0);
    // Matomo's other copy of its sentence (core/CliMulti.php).
    assert!(!verdict("The response was empty. This usually means a server error. This solution to this error is generally to increase the value of 'memory_limit' in your php.ini file.").0);
    // Voiceflow's turn time-out is mostly a slow step (its real loops stop
    // at a step cap), so it passes, weakly, and a model is asked.
    assert_eq!(
        verdict("ERROR: turn timeout - check for infinite loops"),
        (true, Confidence::Weak)
    );
    // The Analytics block stays lasting beside rate-limit words
    // (constructed).
    assert!(!verdict("429 Too Many Requests: You are temporarily blocked from the reporting API for at least an hour.").0);
}
