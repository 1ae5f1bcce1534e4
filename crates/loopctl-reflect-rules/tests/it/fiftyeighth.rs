//! The fifty-eighth round, read after `final49.jsonl` was measured: print spoolers, directory servers, modems and volume managers, campus platforms, and tax services in Polish and over ebMS.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, verdict};

#[test]
fn printers_peers_and_queues_that_come_back_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // OpenPrinting/cups: backend/usb-unix.c
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
            // hypothesis/lms: lms/views/api/exceptions.py
            "API token is already being refreshed",
            // turnitin/moodle-plagiarism_turnitinsim: lang/en/plagiarism_turnitinsim.php
            "There was a problem connecting to the Turnitin API",
            // CIRFMF/ksef-docs: open-api.json, api-changelog.md
            "Faktura o podanym numerze KSeF nie jest jeszcze dostępna.",
            "Przetwarzanie zostało przerwane z przyczyn wewnętrznych systemu. Spróbuj ponownie później.",
            "Osiągnięto limit trwających eksportów.",
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
            // topolvm/topolvm#655
            r#"resize volume "pvc-0ea5d471-e85f-40eb-ba40-fe820cd249e0" by resizer "topolvm.io" failed: rpc error: code = Internal desc = not enough space"#,
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
    // gRPC's `InvalidArgument` stays a wrong input, weakly since the
    // calibration counted `final49` (right 4 of 5 times it decided).
    assert_eq!(
        verdict("rpc error: code = InvalidArgument desc = volume capability access type not set"),
        (false, Confidence::Weak)
    );
    // A refusal beside a new passing word stays a refusal.
    assert_eq!(
        verdict(
            "Unable to contact printer, queuing on next printer in class. 401 Unauthorized: invalid credentials"
        ),
        (false, Confidence::Strong)
    );
}

#[test]
fn what_the_second_reader_took_out_stays_out() {
    // CUPS' states for a printer unplugged, off or misnamed (apple/cups#4193,
    // #6139), a Longhorn frontend that is wrong or disabled (longhorn#1683),
    // everyday words of other programs, NetworkManager's and ZFS' and
    // Ceph's words the round first called lasting, a demo client's sign-in
    // and KSeF's words outside its own sentences: none decides passing.
    for text in [
        "The printer is not responding.",
        "Unable to locate printer.",
        "The printer is not connected.",
        "The printer is offline.",
        "Waiting for printer to become available.",
        "rpc error: code = InvalidArgument desc = There is no block device frontend for volume pvc-1",
        "Error opening file: you need to wait for the download to complete.",
        "Categories are locked",
        "File not moved correctly",
        "Authentication process has not been finished yet",
        "Ta funkcja nie jest jeszcze dostępna.",
        "Nieprawidłowy login. Spróbuj ponownie później.",
        // A Java helper that swallows the driver's exception, a wrong
        // password among them.
        "There was a problem connecting to the database: jdbc:mysql://localhost:3306/shop",
    ] {
        assert!(!verdict(text).0, "{text}");
    }
    // Words the round first called lasting, which their passing words
    // ("unavailable", "busy", "try again after 30s") decide again.
    for text in [
        "Scanning not allowed while unavailable",
        "cannot destroy 'rpool/nas/docker/volumes/sonarr-media': dataset is busy",
        "rbd: error: image still has watchers\nThis means the image is still open or the client using it crashed. Try again after 30s",
    ] {
        assert!(
            verdict(text).0 || verdict(text).1 == Confidence::Unmatched,
            "{text}"
        );
    }
    // Only TopoLVM's form after gRPC's `desc =` is a full volume group for
    // sure; a buffer with no room for now still passes.
    assert!(
        verdict(
            "write failed: not enough space in the send buffer; connection reset by peer, retrying"
        )
        .0
    );
    // A credential refusal the tables named only now.
    assert_eq!(
        verdict(
            "Censys raised NotAuthorizedException. Please check your credentials. Service unavailable, retry"
        ),
        (false, Confidence::Strong)
    );
}
