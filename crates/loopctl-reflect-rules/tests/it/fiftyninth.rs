//! The fifty-ninth round, read after `final50.jsonl` was measured: exchanges and tills, mail servers, registries and batch schedulers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, beside, verdict};

#[test]
fn queues_locks_and_links_that_clear_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // ccxt/ccxt: python/ccxt/binance.py
            r#"{"code":-1003,"msg":"Too much request weight used, current limit is 1200 request weight per 1 MINUTE. Please use the websocket for live updates to avoid polling the API."}"#,
            // binance/binance-spot-api-docs: errors.md, as the server sends it
            r#"{"code":-1003,"msg":"Too much request weight used; current limit is 1200 request weight per 1 MINUTE. Please use WebSocket Streams for live updates to avoid polling the API."}"#,
            r#"{"code":-3037,"msg":"PNL is clearing. Wait a second."}"#,
            // IbcAlpha/IBC#143
            "[IB API] 2103: Market data farm connection is broken:usfarm",
            // WooCommerce's iOS mapping of Stripe Terminal's decline reasons
            "Trying again may succeed, or try another means of payment.",
            // tr3v3r/react-native-esc-pos-printer: valuesToMessagesMappers.ts
            "Could not run the process because the printer is operating.",
            "The number of print jobs sent to the printer has exceeded the allowable limit.",
            // foxcpp/maddy: internal/endpoint/smtp/smtp.go
            "Temporary authentication failure",
            // dovecot/core: src/lib-storage/index/index-mailbox-size.c
            "Finishing vsize calculation on background",
            // Exim/exim: src/src/smtp_in.c, doc/doc-docbook/spec.xfpt
            "421 too many messages in this connection",
            "Spool file for 1mXyZ5-0001Ab-2C is locked (another process is handling this message)",
            // nextflow-io/nextflow: AwsBatchTaskHandlerTest.groovy
            "Host EC2 (instance i-123) terminated.",
        ],
    );
}

#[test]
fn a_client_shared_between_threads_lasts_unsure() {
    // jstedfast/MailKit: FAQ.md
    assert_eq!(
        verdict("The ImapClient is currently busy processing a command."),
        (false, Confidence::Weak)
    );
}

#[test]
fn a_ban_a_refused_password_and_a_refusal_beside_the_new_words_stay_refused() {
    // Binance's ban says "Way too much request weight used; IP banned":
    // not the per-minute weight.
    assert!(!verdict(r#"{"code":-1003,"msg":"Way too much request weight used; IP banned until 1659146400000. Please use WebSocket Streams for live updates to avoid bans."}"#).0);
    // A refused password is a 535 and stays a refusal, surely.
    assert_eq!(
        verdict("535 5.7.8 Error: authentication failed: authentication failure"),
        (false, Confidence::Strong)
    );
    let words = [
        "Temporary authentication failure",
        "Trying again may succeed",
        "PNL is clearing.",
        "Host EC2 (instance i-1) terminated.",
    ];
    let refusals = [
        "invalid password",
        "401 Unauthorized",
        "quota exceeded",
        "password mismatch",
        "account locked",
    ];
    for text in beside(&words, &refusals) {
        assert!(!verdict(&text).0, "{text}");
    }
}

#[test]
fn what_the_second_reader_took_out_or_narrowed_stays_so() {
    // Haraka's split repeats on the same send; Harbor's login page shows
    // its words for any 5xx; another service's region; Exim's spec words
    // its log never prints; a device's shell wording with a "try again
    // later" that decides.
    for text in [
        "Split transaction, retry soon",
        "Core service is not available.",
        "AgentCore service is not available in region eu-north-1",
        "spool file locked",
    ] {
        assert!(!verdict(text).0, "{text}");
    }
    assert!(verdict("Device is currently busy processing a command, try again later").0);
}
