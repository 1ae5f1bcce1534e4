//! The sixtieth round, read after `final51.jsonl` was measured: hypervisors, debug probes, ERP platforms and weather services.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_refused_beside, verdict};

#[test]
fn hosts_queues_and_probes_that_come_back_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // xapi-project/xen-api: ocaml/idl/datamodel_errors.ml
            "The request was rejected because there are too many pending tasks on the server.",
            // vatesfr/xen-orchestra#7194
            "XapiError: HOST_STILL_BOOTING()",
            // os-autoinst/os-autoinst-distri-opensuse#5858
            "The operation cannot be performed while the object is in use.",
            // probe-rs/probe-rs: probe-rs/src/architecture/arm/communication_interface.rs
            "Target device responded with a WAIT response to the request.",
            // platformio/platformio-core#1270
            "Error: Got an unrecognized status code '503' when downloaded http://dl.platformio.org/libraries/archives/1/9312.tar.gz",
            // platformio/platformio-core: its current wording
            "Got the unrecognized status code '503' when downloaded https://dl.registry.platformio.org/x.tar.gz",
            // learn.microsoft.com: Dataverse service protection API limits
            "Number of requests exceeded the limit of 6000 over time window of 300 seconds.",
            "Combined execution time of incoming requests exceeded limit of 1,200,000 milliseconds over time window of 300 seconds. Decrease number of concurrent requests or reduce the duration of requests and try again later.",
            // microsoft/powerplatform-build-tools#1384
            "Cannot start the requested operation [PublishAll] because there is another [EntityCustomization] running at this moment.",
            // MatthewFlamm/pynws: src/pynws/simple_nws.py
            "Observation received with no data.",
            "Forecast hourly received with no data.",
        ],
    );
}

#[test]
fn monthly_and_daily_allowances_last() {
    for text in [
        // documenso/documenso: packages/lib/server-only/rate-limit/check-monthly-quota.ts
        "Your request could not be completed at this time due to your account exceeding the fair use limits of your current plan. Please contact support.",
        // home-assistant/core#77724
        "Config entry 'AccuWeather Home' for accuweather integration not ready yet: The allowed number of requests has been exceeded; Retrying in background",
        // The monthly quota with the code Documenso sends it with.
        r#"{"code":"TOO_MANY_REQUESTS","message":"Your request could not be completed at this time due to your account exceeding the fair use limits of your current plan."}"#,
    ] {
        assert!(!verdict(text).0, "{text}");
    }
}

#[test]
fn other_status_codes_and_refusals_beside_the_new_words_stay_lasting() {
    // A 404 PlatformIO did not recognise is not a server failing.
    assert!(!verdict("Error: Got an unrecognized status code '404' when downloaded http://dl.platformio.org/x.tar.gz").0);
    let words = [
        "too many pending tasks on the server",
        "HOST_STILL_BOOTING",
        "Observation received with no data.",
        "over time window of 300 seconds",
    ];
    assert_refused_beside(&words);
}

#[test]
fn what_the_second_reader_narrowed_or_took_out_stays_so() {
    // Other programs' words: a UI's idle state, webhook handlers' 400, and
    // a client's retried 504 (which its own "Request timed out" passes).
    for text in [
        "No Screen Sharing Session is running at this moment.",
        "Webhook received with no data",
    ] {
        assert!(!verdict(text).0, "{text}");
    }
    assert!(verdict("Gateway Timeout: Your request timed out on the server. Consider reducing the complexity of your request.").0);
}
