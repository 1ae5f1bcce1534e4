//! The sixty-third round, read after `final54.jsonl` was measured: vehicles, scheduling, localization, secrets, marketing and health systems.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_beside, verdict};

#[test]
fn wrong_passwords_codes_and_keys_that_say_try_again_are_refused() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // dani-garcia/vaultwarden: src/api/identity.rs
            "Username or password is incorrect. Try again",
            // Kit/convertkit-wordpress-libraries: class-convertkit-api-v4.php
            "The entered code is invalid. Please try again, or click the link sent in the email.",
            // openmrs/openmrs-core: messages.properties, HibernateContextDAO.java
            "You have attempted to log in too many times. Please try again later.",
            "Invalid number of connection attempts. Please try again later.",
            // mautic/mautic: PluginBundle's messages.ini
            "Keys are not available for this transaction to take place. Please verify your settings then try again.",
        ],
    );
}

#[test]
fn daily_allowances_and_changes_asked_for_last() {
    assert_lasting(&[
        // Hyundai-Kia-Connect/kia_uvo#546: calls maxed out for the day
        "Retrying setup: Config Not Ready: Exceeds number of requests - Exceeds Number of Requests.",
        // mautic/mautic: MarketplaceBundle's messages.ini
        "Couldn't refresh plugins list. Please ask a developer to check server permissions and try again.",
        // nextgenhealthcare/connect: MessageBrowser.java
        "There was an out of memory error when trying to retrieve message content.\nIncrease your heap size and try again.",
    ]);
}

#[test]
fn buses_storage_locks_and_tokens_that_come_back_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // Teslemetry/hass-teslemetry#205
            "homeassistant.exceptions.HomeAssistantError: Command was rejected: could_not_wake_buses",
            // crowdin/crowdin-cli: CrowdinClientCore.java
            "Attempting to retry the request due to the error: File not found in the storage",
            // jansauer/gradle-poeditor-plugin: PushTask.groovy
            "Too many upload requests in a short period of time; waiting for a retry...",
            // external-secrets/external-secrets: runtime/util/locks/secret_locks.go
            "unable to access secret since it is locked",
            // dani-garcia/vaultwarden: src/ratelimit.rs
            "Too many login requests",
            // samply/blaze: openid_client/token_provider/impl.clj
            "No token available yet.",
        ],
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    let words = [
        "could_not_wake_buses",
        "Too many login requests",
        "No token available yet.",
        "unable to access secret since it is locked",
    ];
    assert_refused_beside(&words);
}

#[test]
fn what_the_second_reader_took_out_or_narrowed_stays_so() {
    // Retry libraries' own "no tries left" is no refusal (constructed).
    assert!(verdict("503 Service Unavailable (no tries left)").0);
    // A request for a developer that also advises a retry, and another
    // store's missing file (constructed).
    assert!(
        verdict("Something went wrong. Try again. If it keeps happening, please ask a developer.")
            .0
    );
    assert!(!verdict("File not found in the storage").0);
    // The Kia allowance beside the library's own class name.
    assert_eq!(
        verdict("hyundai_kia_connect_api.exceptions.RateLimitingError: Exceeds number of requests"),
        (false, Confidence::Strong)
    );
}
