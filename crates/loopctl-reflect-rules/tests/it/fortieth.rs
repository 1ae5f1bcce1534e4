//! The fortieth round, read after `final30.jsonl` was measured: what push, upload, IoT, ACME, document-store and social services retry or give up on, by their own words.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_passing};

#[test]
fn what_a_system_retries_by_its_own_list_passes() {
    assert_passing(&[
        // mozilla-services/autopush:autopush/web/base.py
        "Please slow message send rate",
        // fastlane/fastlane#1896
        "[Transporter Error Output]: The file, df9449c4ffc10b21d76ccd444441e656.ipa, did not complete its upload.",
        // arnekaiser/fastlane-plugin-huawei_appgallery#5
        "{\"ret\"=>{\"code\"=>204144660, \"msg\"=>\"[cds]submit failed, additional msg is [The file is being processed. It may take 2-5 minutes, depending on the size of the software package.]\"}}",
        // Azure/azure-iot-sdk-python:azure-iot-device/azure/iot/device/common/mqtt_transport.py
        "Paho returned rc==1",
        // acmesh-official/acme.sh:acme.sh
        "The Replay Nonce is not recognized",
        // balena-io/balena-cli#2363
        "Request error: The API cannot handle your request right now (BalenaRequestError)",
        // rethinkdb/rethinkdb#6683
        "ReqlOpFailedError: Cannot perform write: The primary replica isn't connected to a quorum of replicas. The write was not performed",
    ]);
}

#[test]
fn credential_failures_in_other_words_are_refused_for_sure() {
    // A refusal spelt "credentials invalid", "not authorised" or "there
    // was a problem with authentication".
    assert_all(
        (false, Confidence::Strong),
        &[
            // Azure/azure-iot-sdk-python:azure-iot-device/azure/iot/device/iothub/aio/async_clients.py
            "Credentials invalid, could not connect",
            // 1technophile/OpenMQTTGateway#340
            "Connection Refused: not authorised.",
            // surrealdb/surrealdb.py#137
            "surrealdb.errors.SurrealDbConnectionError: There was a problem with the database: There was a problem with authentication",
            // ory/kratos:text/message_validation.go (`final28.jsonl`)
            "The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.",
        ],
    );
    // Only the whole sentence: a server's log line found in public code
    // says "problem with authentication" of a backend it could not reach,
    // and is left unsure.
    assert_all(
        (false, Confidence::Weak),
        &["WARNING - problem with authentication backend, using only ldap."],
    );
}

#[test]
fn what_the_systems_own_words_say_stays_is_refused() {
    // SES' SigV2 sending rate (old SMTP credentials, or a daily quota used
    // up) and Medium's daily publishing limit stay, whatever "rate" says.
    assert_all(
        (false, Confidence::Strong),
        &[
            // awsdocs/amazon-ses-developer-guide:doc-source/troubleshoot-error-messages.md
            "Maximum SigV2 SMTP sending rate exceeded",
            // Medium/medium-api-docs#28
            "\"User ... has reached the rate limit for publishing today\"",
        ],
    );
    // App Center's CLI names the flag to change beside its 429, and Ghost
    // an account under review beside "temporarily disabled": the rules
    // decide by priority, unsure.
    assert_all(
        (false, Confidence::Weak),
        &[
            // microsoft/appcenter-cli:src/commands/codepush/deployment/list.ts
            "Failed to get list of deployments for the app. Too many requests. Try disabling metrics request for each deployment by using -s | --skipFetchingDeploymentMetrics flag.",
            // TryGhost/SDK:packages/limit-service/README.md
            "Email sending has been temporarily disabled whilst your account is under review.",
        ],
    );
}
