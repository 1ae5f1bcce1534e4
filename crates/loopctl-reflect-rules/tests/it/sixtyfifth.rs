//! The sixty-fifth round, read after `final56.jsonl` was measured: package managers, conferencing SDKs, remote desktops, voice assistants and schedulers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_beside, verdict};

#[test]
fn daemons_controllers_sockets_and_vms_their_clients_wait_out_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // canonical/snapd: daemon/daemon.go, interfaces/prompting/errors/errors.go,
            // overlord/devicestate/handlers_serial.go
            "daemon is restarting",
            "prompting subsystem has already been closed",
            "serial-request accepted, poll later",
            // PackageKit/PackageKit: backends/entropy/pk-backend-entropy.c
            "spawned backend requires lock",
            // 100mslive/web-sdks: ErrorFactory.ts
            "Websocket closed abnormally",
            // FreeRDP/FreeRDP: libfreerdp/core/gateway/arm.c
            "Starting your VM. It may take up to 5 minutes",
            // rustdesk/rustdesk: src/client.rs
            "Reset by the peer",
            // MycroftAI/mycroft-core: backend.down.dialog
            "I'm having trouble communicating with the Mycroft servers. Please give me a few minutes before trying to speak to me.",
            // OpenVoiceOS/ovos-bus-client: client/client.py
            "Could not send message because connection has closed",
            // rhasspy/wyoming-satellite: satellite.py
            "Mic service disconnected",
            // SchedMD/slurm: src/common/slurm_protocol_api.c
            "Slurm backup controller in standby mode",
            "Controller is in standby mode, try a different controller",
            // alexa/alexa-apis-for-nodejs: ask-smapi-model
            "This requests conflicts with another one currently being processed. ",
        ],
    );
}

#[test]
fn logins_refused_or_given_up_on_and_changes_asked_for_last() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // canonical/snapd: cmd/snapd/cli/cmd_buy_test.go
            "You need to be logged in to purchase software. Please run 'snap login' and try again.",
            // apache/guacamole-client: guacamole-auth-restrict's en.json
            "The login for this user is not allowed at this time.",
            // SchedMD/slurm: accounting_storage/slurmdbd/as_ext_dbd.c
            "Not allowed to register to external cluster, not going to try again.",
        ],
    );
    assert_lasting(&[
        // webex/webex-js-sdk: CallingClient/line/index.ts
        "An invalid phone number was detected. Check the number and try again.",
        // flux-framework/flux-core: src/modules/content/checkpoint.c
        "checkpoint get unavailable, no backing store",
        // ScoopInstaller/Scoop: lib/buckets.ps1, a quoted command to run
        // first
        "Git is required for buckets. Run 'scoop install git' and try again.",
    ]);
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(&[
        "daemon is restarting",
        "Websocket closed abnormally",
        "Controller is in standby mode",
        "currently being processed",
        "Mic service disconnected",
    ]);
}

#[test]
fn what_the_second_reader_took_out_or_narrowed_stays_so() {
    // A node not logged in and a wrong-password counter (final56's texts),
    // another system's standby and a payout that stays (constructed).
    for text in [
        "no node key",
        "Please try 1 minute later",
        "pg_ctl: cannot promote server; server is not in standby mode",
        "This payout is currently being processed and cannot be canceled",
    ] {
        assert_ne!(verdict(text), (true, Confidence::Weak), "{text}");
    }
    // No login needed is no refusal (constructed).
    assert_ne!(
        verdict("You don't need to be logged in to read this page."),
        (false, Confidence::Strong)
    );
    // Guacamole's server-side refusal of a login at this time.
    assert_eq!(
        verdict(r#"User "bob" is not allowed to log in at this time."#),
        (false, Confidence::Strong)
    );
}
