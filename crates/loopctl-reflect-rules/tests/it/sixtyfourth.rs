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
            // errbotio/errbot: errbot/backends/telegram_messenger.py
            "Error reading from Telegram updates stream:",
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
        // voiceflow/general-runtime: runtime/init.ts
        "ERROR: turn timeout - check for infinite loops",
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
        "Error reading from Telegram updates stream",
        "The wiki is currently in read-only mode.",
        "Could not acquire lock for 'a.png'",
    ];
    assert_refused_beside(&words);
}
