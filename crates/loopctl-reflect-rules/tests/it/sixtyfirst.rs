//! The sixty-first round, read after `final52.jsonl` was measured: printer hosts, download clients, flag SDKs, backup servers and firewalls.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_beside, verdict};

#[test]
fn sockets_slots_and_locks_that_come_back_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // Arksine/moonraker: moonraker/components/klippy_connection.py
            "Klippy Unix Connection Not Available",
            "Klippy Write Request Error",
            // Arksine/moonraker: moonraker/components/spoolman.py
            "Spoolman server not available",
            // Arksine/moonraker: moonraker/components/mqtt.py
            "MQTT Disconnected",
            // prusa3d/Prusa-Connect-SDK-Printer: its HTTP condition
            "HTTP communication to Connect fails, we're getting 5XX statuses",
            // qbittorrent/qBittorrent: src/webui/api/torrentscontroller.cpp
            "Metadata is not yet available",
            "Torrent's metadata has not yet downloaded",
            // qbittorrent/qBittorrent: src/webui/api/torrentcreatorcontroller.cpp
            "Too many active tasks",
            // launchdarkly/go-server-sdk: its stream processor
            "Failed to store initial streaming data in data store; will restart stream until successful",
            // haiwen/seafile: its client's error table
            "Data transfer was interrupted. Please check network or firewall",
            // pfrest/pfSense-pkg-RESTAPI: MODEL_WRITE_CONFIG_LOCKED
            "Failed to write to the configuration file after multiple attempts.",
            // TMDb's status 25, a limit per ten seconds
            r#"{"status_code":25,"status_message":"Your request count (1559) is over the allowed limit of 40."}"#,
            // The documented form of TMDb's status 25
            "Your request count (#) is over the allowed limit of (40).",
            // A 429 whose reason phrase the server left out
            "429 Client Error: None for url: https://api.themoviedb.org/3/search/movie",
        ],
    );
}

#[test]
fn hourly_allowances_caps_and_stale_digests_last() {
    assert_lasting(&[
        // OctoPrint/OctoPrint#3827: GitHub's hourly allowance
        "Rate limit exceeded while checking for update, please try again later",
        // restic/restic#3265: a billing cap behind a 403
        "Save(<data/011a19a1fa>) returned error, retrying after 552.330144ms: Close: b2_upload_file: 403: Cannot upload files, storage cap exceeded. See the Caps & Alerts page to increase your cap.",
        // A Veeam script calling a cmdlet its version no longer has
        "An exception occurred while trying to process backups: The term 'TapeJob::GetAll' is not recognized as the name of a cmdlet, function, script file, or operable program. Check the spelling of the name, or if a path was included, verify that the path is correct and try again.",
        // proxmox/proxmox-backup: the digest sent no longer matches
        "detected modified configuration - file changed by other user? Try again.",
        // configcat/go-sdk
        "config fetch failed: refusing to redirect from custom URL without forced redirection",
        // PowerShell 7's wording, ChrisTitusTech/winutil#3347
        "The term 'oh-my-posh' is not recognized as a name of a cmdlet, function, script file, or executable program. Check the spelling of the name, or if a path was included, verify that the path is correct and try again.",
        // Duet3D/DuetSoftwareFramework: start errors DuetWebServer returns
        "Could not connect to Duet: RepRapFirmware is operating in stand-alone mode",
        "Could not connect to Duet: RepRapFirmware refused protocol version",
    ]);
    assert_eq!(
        verdict("Cannot upload or copy files, storage cap exceeded."),
        (false, Confidence::Strong)
    );
}

#[test]
fn expired_sessions_bad_sdk_keys_and_bare_statuses_are_refused() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // contentstack/cli: contentstack-management-sdk.ts
            "Session timed out, please login to proceed",
            // configcat/go-sdk: configcat_client_test.go
            "config fetch failed: SDK Key is invalid",
            // configcat/go-sdk: config_fetcher.go, the server's refusal
            "config fetch failed: your SDK Key seems to be wrong; you can find the valid SDK Key at https://app.configcat.com/sdkkey",
            // optimizely/python-sdk: tests/test_odp_segment_api_manager.py
            "Audience segments fetch failed (403 Client Error: None for url: test-host).",
            "requests.exceptions.HTTPError: 401 Client Error: None for url: https://api.example.com/v1/items",
        ],
    );
}

#[test]
fn other_reasons_and_refusals_beside_the_new_words_keep_their_meaning() {
    // GitHub's secondary limit keeps its own reason phrase: a rate limit,
    // not a refusal.
    assert!(
        verdict("403 Client Error: rate limit exceeded for url: https://api.github.com/repos/o/r")
            .0
    );
    let words = [
        "Klippy Write Request Error",
        "Too many active tasks",
        "Data transfer was interrupted",
        "Failed to write to the configuration file after multiple attempts.",
    ];
    assert_refused_beside(&words);
}

#[test]
fn what_the_second_reader_took_out_stays_out() {
    // A hash-checked download that is broken repeats; DCS restarts itself
    // every five seconds, so its "not started" is not a lasting state.
    assert!(!verdict("Error: The downloaded PHAR is broken, try running wp cli update again.").0);
    assert!(
        verdict("Failed to connect to Duet, please check your connection (DCS is not started)").0
    );
}
