//! The fifty-second round, read after `final43.jsonl` was measured: enterprise messaging's and mainframe drivers' retried reason codes, and managed machines', printers' and key services' waits.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, verdict};

#[test]
fn queue_managers_and_drivers_failing_over_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // zatosource/zato#1037
            "MQI Error. Comp: 2, Reason 2161: FAILED: MQRC_Q_MGR_QUIESCING",
            // ibm-messaging/mq-golang#128
            "MQCALLBACK: MQCC = MQCC_WARNING [1] MQRC = MQRC_RECONNECTING [2544]",
            // apache/artemis: ActiveMQClientMessageBundle.java
            "AMQ219016: Connection failure detected. Unblocking a blocking call that will never get a response",
            "AMQ219030: The transaction was rolled back on failover to a backup server",
            // OpenLiberty/open-liberty#26809
            "[jcc][t4][2027][11212][4.31.10] A connection failed but has been re-established. Special register settings have been replayed if necessary.",
        ],
    );
}

#[test]
fn hosts_that_come_back_by_themselves_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // Arksine/moonraker: moonraker/components/klippy_connection.py
            "Klippy Disconnected",
            // OctoPrint/OctoPrint: src/octoprint/plugins/pluginmanager/__init__.py
            "There's already a plugin being installed",
            // MicrosoftDocs/SupportArticles-docs: intune app-install-error-codes.md
            "Network connection on the client was lost or interrupted. Later attempts should succeed in a better network environment.",
            // sketchfab/node-sketchfab#4
            r#"{"detail": "Enhance your calm."}"#,
        ],
    );
}

#[test]
fn waits_on_a_person_or_a_setting_last() {
    assert_lasting(&[
        // OctoPrint/OctoPrint: src/octoprint/server/api/printer.py
        "Printer is not operational or currently busy",
        // ahujasid/blender-mcp#36
        "Error getting scene info: Could not connect to Blender. Make sure the Blender addon is running.",
        // chocolatey/choco: Start-ChocolateyProcessAsAdmin.ps1
        "While preparing to install, it was determined setup cannot proceed with the installation until you restart the system. Please reboot and try again.",
        // puppetlabs/puppet: spec/integration/application/agent_spec.rb
        "Couldn't fetch certificate from CA server; you might still need to sign this agent's certificate (127.0.0.1). Exiting now because the maxwaitforcert timeout has been exceeded.",
        // kolide/fleet#1740
        "Failed enrollment request to https:// (Request error: Remote hostname missing) retrying...",
        // wp-cli/wp-cli: features/cli-check-update.feature
        "Error: Failed to get latest version (HTTP code 403). This is due to GitHub API rate limiting.",
    ]);
}

#[test]
fn the_new_words_stay_narrow() {
    // A queue manager that refuses the user is not failing over, whatever
    // the Kafka connectors retry (they retry `MQRC_NOT_AUTHORIZED` too).
    assert!(!verdict("MQI Error. Comp: 2, Reason 2035: FAILED: MQRC_NOT_AUTHORIZED").0);
    // A refusal beside a host coming back is still a refusal.
    assert_eq!(
        verdict("Klippy Disconnected; 401 Unauthorized: invalid API key"),
        (false, Confidence::Strong)
    );
}

#[test]
fn what_the_review_found_lasting_beside_them_is_not_called_passing() {
    assert_lasting(&[
        // ibm-messaging/mq-mqi-nodejs#11: a connection name without its
        // port; the connectors retry 2538, but its threads are mostly a
        // setting.
        "MQ call failed in CONNX: MQCC = MQCC_FAILED [2] MQRC = MQRC_HOST_NOT_AVAILABLE [2538]",
        // ibm-messaging/mq-golang#128: the reconnect that never finished.
        "MQCALLBACK: MQCC = MQCC_WARNING [1] MQRC = MQRC_RECONNECTING [2544]\nMQCALLBACK: MQCC = MQCC_FAILED [2] MQRC = MQRC_RECONNECT_FAILED [2548]",
        // apache/artemis: a rollback whose commit may have gone through,
        // and a failover after every server was tried.
        "AMQ219031: The transaction was rolled back on failover however commit may have been successful",
        "AMQ219016: Connection failure detected. Unblocking a blocking call that will never get a response\nAMQ219007: Cannot connect to server(s). Tried with all available servers.",
        // Clients print Moonraker's "Klippy Host not connected" for a
        // Klipper service stopped or misconfigured (Artillery-KlipperLCD's
        // README sends the user to `systemctl status klipper`).
        "Klippy Host not connected",
        // The bare phrase before a condition a person must meet (made up).
        "Later attempts should succeed once the administrator grants the Storage Blob Data Contributor role.",
    ]);
}
