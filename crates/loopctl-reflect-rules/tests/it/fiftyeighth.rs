//! The fifty-eighth round, read after `final49.jsonl` was measured: print spoolers, directory servers, modems and volume managers, campus platforms, and tax services in Polish and over ebMS.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn printers_peers_and_queues_that_come_back_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // OpenPrinting/cups: backend/ipp.c, socket.c, runloop.c, usb-darwin.c,
            // usb-libusb.c, usb-unix.c
            "The printer is not responding.",
            "Unable to locate printer.",
            "The printer is not connected.",
            "The printer is offline.",
            "Waiting for printer to become available.",
            "Unable to contact printer, queuing on next printer in class.",
            // openldap/openldap: servers/lloadd/client.c,
            // servers/slapd/back-asyncmeta/add.c
            "pending operation limit reached on this connection",
            "writing side backlogged, please keep reading",
            "Maximum pending ops limit exceeded",
            // krb5/krb5: src/lib/krb5/error_tables/krb5_err.et
            "A service is not available that is required to process the request",
            // SSSD/sssd: src/util/util_errors.c
            "TLS handshake was interrupted",
            // linux-mobile-broadband/ModemManager: src/mm-iface-modem.c,
            // mm-iface-modem-3gpp.c, mm-base-bearer.c,
            // plugins/altair/mm-broadband-bearer-altair-lte.c,
            // mm-broadband-modem-qmi.c, mm-iface-modem-simple.c
            "Too much time waiting to get to a final state",
            "Too much time waiting to get to a final packet service state",
            "Bearer currently being disconnected",
            "Detached from network to process SIM refresh, can't connect.",
            "QMI operation failed: No card found (retry)",
            "Connection request forbidden: operation already in progress",
            // canonical/netplan: tests/netplan_dbus/test_dbus.py
            "Another 'netplan try' process is already running",
            // longhorn/longhorn-manager: csi/controller_server.go
            "failed to wait for volume creation to complete",
            // longhorn/longhorn#1680
            "rpc error: code = InvalidArgument desc = There is no block device frontend for volume pvc-a6a95db2-b252-483a-87ca-11652657745e",
            // moodlehq/moodleapp: src/core/lang.json
            "Error opening file: you need to wait for the download to complete.",
            // kaltura/server: api_v3/lib/KalturaErrors.php,
            // batch/batches/Concat/KAsyncConcat.class.php
            "Categories are locked",
            "File not moved correctly",
            // hypothesis/lms: lms/views/api/exceptions.py
            "API token is already being refreshed",
            // turnitin/moodle-plagiarism_turnitinsim: lang/en/plagiarism_turnitinsim.php
            "There was a problem connecting to the Turnitin API",
            // CIRFMF/ksef-docs: open-api.json, api-changelog.md
            "Faktura o podanym numerze KSeF nie jest jeszcze dostępna.",
            "Przetwarzanie zostało przerwane z przyczyn wewnętrznych systemu. Spróbuj ponownie później.",
            "Osiągnięto limit trwających eksportów.",
            // CIRFMF/ksef-client-java: demo-web-app AuthController.java
            "Authentication process has not been finished yet",
            // phax/phase4: phase4-lib EEbmsErrorText.java
            "There is no message available for pulling from this MPC at this moment.",
        ],
    );
}

#[test]
fn pools_datasets_and_test_hooks_last_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // libreswan/libreswan: testing/pluto/addresspool-4in4-exhausted-ikev1-ikev2
            r#""road-any-east"[1] 192.1.3.209 #4: leasing IPv4 address failed: address pool exhausted"#,
            // NetworkManager/NetworkManager: src/core/devices/wifi/nm-device-wifi.c
            "Scanning not allowed while unavailable",
            // openzfs/zfs#12881
            "cannot destroy 'rpool/nas/docker/volumes/sonarr-media': dataset is busy",
            // topolvm/topolvm#655
            r#"resize volume "pvc-0ea5d471-e85f-40eb-ba40-fe820cd249e0" by resizer "topolvm.io" failed: rpc error: code = Internal desc = not enough space"#,
            // rook/rook#720
            "rbd: error: image still has watchers",
            // rook/rook#8464, its first line
            "rbd: sysfs write failed",
            // benfjohnson/developer-dot: avatax/errors/TimeoutRequested.md
            "You requested a timeout error for this API call.",
        ],
    );
}

#[test]
fn the_hidden_words_still_count_elsewhere() {
    // A connection pool exhausted is still a blip, and a refusal that
    // merely says "forbidden" is still a refusal.
    assert!(verdict("HikariPool-1 - Connection is not available: pool exhausted").0);
    assert_eq!(
        verdict("Connection request forbidden"),
        (false, Confidence::Strong)
    );
    // KSeF's per-hour limit, which says "po" and a long wait, is not the
    // "later" of an interrupted process.
    assert!(
        !verdict("Przekroczono limit 20 żądań na godzinę. Spróbuj ponownie po 2500 sekundach.").0
    );
    // Another argument gRPC refuses stays a wrong input, surely.
    assert_eq!(
        verdict("rpc error: code = InvalidArgument desc = volume capability access type not set"),
        (false, Confidence::Strong)
    );
    // A refusal beside a new passing word stays a refusal.
    assert_eq!(
        verdict("The printer is not responding. 401 Unauthorized: invalid credentials"),
        (false, Confidence::Strong)
    );
}
