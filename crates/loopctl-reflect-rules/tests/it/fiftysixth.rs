//! The fifty-sixth round, read after `final47.jsonl` was measured: robots, drones, device clouds and PLCs, game back ends, scholarly APIs and carriers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, verdict};

#[test]
fn links_channels_and_plans_that_come_back_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // open62541/open62541: tools/schema/StatusCode.csv
            "The secure channel has been closed.",
            // OPCFoundation/UA-.NETStandard#2569
            "Ua. ServiceResultException: BadSecureChannelClosed.",
            // node-opcua/node-opcua: packages/node-opcua-client/source/private/client_session_impl.ts
            "Invalid Channel BadConnectionClosed",
            // Azure/azure-iot-sdk-node: common/transport/amqp/src/amqp.ts
            "rhea: connection disconnected",
            // eclipse-ditto/ditto: gateway_service_timeout.md, gateway_service_unavailable.md,
            // things_thing_toomanymodifyingrequests.md
            "The service you wanted to reach is currently not responding.",
            "The service you wanted to reach is currently not available.",
            "Too many modifying requests are already outstanding to the Thing with ID 'com.acme:xdk_53'.",
            // ros/geometry2#563
            "Lookup would require extrapolation into the past.  Requested time 1717586838.885793 but the earliest data is at time 1717586838.886000, when looking up transform from frame [g4_body] to frame [work]",
            // moveit/moveit2: move_group_capability.cpp
            "Solution found but the environment changed during execution and the path was aborted",
            // pymodbus-dev/pymodbus: pymodbus/transaction/transaction.py
            "Modbus Error: [Connection] Client cannot connect (automatic retry continuing) !!",
            // libplctag/libplctag: src/lib/lib.c, src/protocols/ab/error_codes.c
            "An operation is already in flight!",
            "Connection In Use/Duplicate Forward Open",
            // gijzelaerr/python-snap7: snap7/error.py
            "Function not possible at present, because a function is running that modifies memory",
            // googleforgames/agones: pkg/allocation/converters/converter.go
            "there is no available GameServer to allocate",
            // DoctorMcKay/node-steam-user: components/09-logon.js
            "TryAnotherCM",
            // PlayFab/SDKGenerator: PlayFabErrors.py.ejs; MicrosoftDocs/playfab-docs
            "Unable to contact PlayFab server",
            "ConcurrentEditError",
            // Roblox/creator-docs: cloud-services/memory-stores/index.md
            "Recent MemoryStores requests hit one or more limits.",
            // pterodactyl/wings: router/router_server.go
            "Cannot execute server reinstall event while another power action is running.",
            // zotero/dataserver: controllers/ItemsController.php
            "Too many queued uploads",
            // karrioapi/karrio: modules/connectors/fedex/vendor/track.json
            "We encountered an unexpected error and are working to resolve the issue. We apologize for any inconvenience. Please check back at a later time.",
            // allegro/allegro-api#6164
            "Communication error with carrier's API occurred",
        ],
    );
}

#[test]
fn a_refused_login_a_suspension_and_a_limit_last() {
    // Azure/azure-iot-sdk-node: common/transport/mqtt/src/mqtt_translate_error.ts
    assert_eq!(
        verdict("mqtt.js returned Connection refused: Bad username or password error"),
        (false, Confidence::Strong)
    );
    assert_lasting(&[
        // pterodactyl/panel: ServerStateConflictException.php
        "This server is currently suspended and the functionality requested is unavailable.",
        // ourresearch/openalex-elastic-api: core/paginate.py
        "Unable to paginate beyond page 1. Group-by is limited to page 1 with up to 200 results at this time.",
    ]);
}

#[test]
fn a_client_closed_for_good_stays_closed() {
    // The strong "has been closed" of a client's own pool or session is
    // not an OPC UA channel (evaluation.jsonl; final47's Neo4j session).
    assert_lasting(&[
        "java.sql.SQLException: HikariDataSource HikariDataSource (HikariPool-1) has been closed.",
        "Session has been closed and should not be used to perform a transaction anymore",
    ]);
}

#[test]
fn refused_logins_and_certificates_are_refusals_beside_any_passing_word() {
    for text in [
        // MQTT 5's reason code as HiveMQ names it; OPC UA's refused tokens.
        "CONNACK reason code: BAD_USER_NAME_OR_PASSWORD",
        "ServiceResultException: BadIdentityTokenRejected",
        "BadIdentityTokenInvalid (0x80200000)",
        // The second reader's counter-texts: a refusal beside a passing word.
        "Incorrect password. Please check back at a later time.",
        "google.genai.errors.ClientError: 400 INVALID_ARGUMENT. API key expired. Please renew the API key. timed out",
        "Error: pq: invalid password\nFailed running \"sql\"",
    ] {
        assert_eq!(verdict(text), (false, Confidence::Strong), "{text}");
    }
    assert_lasting(&[
        // A strong passing word beside a refusal leaves it unsure, but lasting.
        "Your API key is invalid. Connection reset by peer",
        // Written to the same shape: each code beside a closed channel.
        "The secure channel has been closed. BadCertificateUntrusted",
        "The secure channel has been closed. BadSecurityChecksFailed",
        "The secure channel has been closed. BadLicenseExpired",
    ]);
}

#[test]
fn what_the_review_took_out_is_not_read_as_passing() {
    // Each was found lasting as often as passing: Nav2's words after its
    // own recoveries ran out, zigbee's route after its own retries, a
    // server never set to connect, a disabled device's link, arXiv's page
    // after arxiv.py's retries, a site's notice.
    for text in [
        "Failed to make progress",
        "RegulatedPurePursuitController detected collision ahead!",
        "Optimizer fail to compute path",
        "Publish 'set' 'state' to '0x00124b001d43cbed' failed: 'Error: Data request failed with error: 'No network route' (205)'",
        "Ua. ServiceResultException: Error establishing a connection: BadNotConnected.",
        "Message sender link detached: amqp:not-found",
        "UnexpectedEmptyPageError: Page of results was unexpectedly empty",
        "This feature is not compatible with this site yet. Please check back at a later time.",
    ] {
        assert_ne!(verdict(text), (true, Confidence::Weak), "{text}");
    }
}
