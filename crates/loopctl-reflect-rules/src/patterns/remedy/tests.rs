//! What `asks_for_a_change` reads as a change asked for before the retry, and what it does not.

use super::*;

#[test]
fn the_verbs_are_sorted_for_the_search() {
    assert!(VERBS.windows(2).all(|pair| pair[0] < pair[1]));
}

fn asks(text: &str) -> bool {
    let at = text.to_ascii_lowercase().rfind("try again").expect(text);
    asks_for_a_change(text, at, at + "try again".len())
}

#[test]
fn a_change_asked_before_the_retry_is_read() {
    for text in [
        // Adobe Commerce's GraphQL cart and customer mutations.
        "The shipping address is missing. Set the address and try again.",
        "The shipping method can't be set for an empty cart. Add an item to cart and try again.",
        // Amazon Bedrock's Converse validation.
        "ValidationException: The text field in the ContentBlock object at messages.1.content.0 is blank. Add text to the text field, and try again.",
        "Please sign in and then try again.",
        // A quoted command or name inside the clause: snapd, Scoop and
        // Godot.
        "You need to be logged in to purchase software. Please run 'snap login' and try again.",
        "Git is required for buckets. Run 'scoop install git' and try again.",
        // PackageKit's media change: someone has to insert the disc.
        "Media change: please insert the disc labeled 'Fedora 40' in the drive '/dev/sr0' and try again.",
        // An apostrophe inside a word is no quote (constructed).
        "Please add the entry that isn't there and try again.",
        "ERROR: This project doesn't have an `export_presets.cfg` file at its root.\nCreate an export preset from the \"Project > Export\" dialog and try again.",
        // Infisical's agent and Mirth Connect's message browser.
        "Please increase access token ttl and try again",
        "Increase your heap size and try again.",
        // The ninety-eighth round: MAAS, pretix's and Attendize's
        // forms, Moonlight, OJS and Bahmni.
        "Incorrect K_g key.  Check BMC configuration and try again.",
        "Database connection failed. Please check the details you have entered and try again.",
        "Unable to initialize video decoder. Please check your streaming settings and try again.",
        "The coupon code isn't valid. Verify the code and try again.",
        "Unpublished items cannot be exported/deposited. Please deselect unpublished items and try again.",
        "Admitted patient's visit cannot be closed. Discharge the patient and try again",
        // The hundred-and-first round: INDI's telescope driver.
        "Cannot reverse tracking while tracking is engaged. Disengage tracking then try again.",
        // The hundred-and-seventh round: the verb after "you can"
        // (Cryptomator) and the like.
        "Cryptomator cannot write to the vault directory. You can change the vault to be read-only and try again.",
        "You may need to add the key to your keyring and then try again.",
        "You'll need to enable the option and try again.",
        // "Against" is no "again".
        "Run the validator against the new schema and try again.",
        // Nor is "it against" an "it again".
        "Run it against the fixed schema and try again.",
    ] {
        assert!(asks(text), "{text}");
    }
}

#[test]
fn waits_checks_and_bare_advice_are_not_a_change() {
    for text in [
        "You've made too many requests, please wait one minute and try again.",
        "Sandbox API rate limit exceeded (429). Please wait and try again.",
        "Network error. Please check your connection and try again.",
        "Maximum rate exceeded. Please reduce the rate of requests and try again after 1 seconds.",
        "Server busy, try again.",
        "Timed out. Try again later.",
        "The upload was interrupted; restart it and try again.",
        // A word that only begins like a verb.
        "Settlement is pending and try again.",
        // A precaution, a reload, a connection to check (the second
        // reader's counter-texts, from public apps).
        "The system API is unavailable. Save your work and try again when the system is online.",
        "Failed! Please update the page and try again.",
        "Please save your work and try again.",
        "Server is not reachable. Please verify your internet connection and try again",
        "Could not reach host gem.repo4. Check your network connection and try again.",
        "Please check your internet connection and try again.",
        "Could not resolve endpoints. Please check network and try again.",
        "Check that you are online and try again.",
        // The review: the other side's state, a bare check, coming back.
        "Connection Failed. Please check the server status and try again.",
        "Central API is unreachable. Please verify the service is running and try again.",
        "No internet connection. Check your WiFi and try again.",
        "Printing failed. Check whether the printer is offline and try again.",
        "Please check back later and try again.",
        "Something went wrong. Please check and try again.",
        "The request could not be loaded. Close the dialog and try again.",
        // The same call again, a wait named with another verb, a time.
        "An unexpected error occurred during the import process. Please start over and try again.",
        "Please run it again and try again.",
        "Use the same request and try again.",
        "Add a short delay between requests and try again.",
        "Please sign in and try again later.",
        "Please select a file and try again in 5 seconds.",
        // More slowly or more often: OAuth's slow_down advice and a
        // client's retry settings (the sixty-third round's review).
        "Please increase the polling interval and try again",
        "Increase the number of retries and try again.",
        "Increase the sleep time between requests and try again.",
        // A lead-in before a verb that asks for no change.
        "The domain has been edited by another user, you may need to refresh and try again.",
        "You can wait a minute and try again.",
        "You can try again.",
        // The review: the app's state to check, and a step redone.
        "ImplDmNote did not acknowledge the render command. Check that the app is responding and try again.",
        "You can check that the app is responding and try again.",
        "Verify the service is healthy and try again.",
        "Start the import again and try again.",
    ] {
        assert!(!asks(text), "{text}");
    }
}

#[test]
fn odd_input_is_safe() {
    for (text, at, end) in [
        ("", 0, 0),
        ("and try again", 4, 13),
        ("é and try again", 6, 15),
        ("add", 99, 102),
        ("add and try again", 1, 17),
        ("add and try again", 17, 4),
    ] {
        let _ = asks_for_a_change(text, at, end);
    }
    let long = format!("{} and try again", "x".repeat(10_000));
    assert!(!asks_for_a_change(&long, long.len() - 9, long.len()));
}
