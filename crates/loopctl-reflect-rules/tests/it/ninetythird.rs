//! The ninety-third round, read after `final81.jsonl` was measured: local Kubernetes distributions, NAS systems, database backups, self-hosted CI, self-hosted PaaS and smart cards.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, assert_refused_beside};

/// The round's passing texts: passing, weakly, and still refused beside a
/// credential word.
const WEAK_PASSING: &[&str] = &[
    // final81, ai-dynamo/grove#327 (k3d), projectcalico/node#996 (kind)
    "Failed Cluster Start: Failed to add one or more agents: Node k3d-shared-e2e-test-cluster-agent-16 failed to get ready: error waiting for log line `successfully registered node` from node 'k3d-shared-e2e-test-cluster-agent-16': stopped returning log lines: node k3d-shared-e2e-test-cluster-agent-16 is running=true in status=restarting",
    "ERROR: failed to create cluster: failed to generate kubeadm config content: failed to get kubernetes version from node: failed to get file: command \"docker exec --privileged kind-worker cat /kind/version\" failed with error: exit status 1",
    // final81, siderolabs/talos (v1alpha1_server.go)
    "time is not in sync yet",
    "bootstrap is not available yet",
    // the review: as talosctl prints them, beside gRPC's FailedPrecondition
    "rpc error: code = FailedPrecondition desc = time is not in sync yet",
    "10.5.0.2: rpc error: code = FailedPrecondition desc = bootstrap is not available yet",
    // final81, truenas/midcli (context.py)
    "middleware is not responding.",
    "Failed connection handshake.",
    // final81, unraid/api
    "CSRF token not found yet",
    // final81, YunoHost (locales/en.json)
    "This command can't be run right now because another program seems to be using the lock of dpkg (the system package manager)",
    // final81, pgbackrest/pgbackrest#311
    "ERROR [125]: remote process terminated on msp0llexp039 host: unable to acquire archive-get lock on file /tmp/pgbackrest/model_archive-get_remote.lock",
    // final81, concourse/concourse#8997
    "Get \"/volumes/46868a3f-8ff4-4bab-6f18-eafb5f070586\": worker ip-11-221-153-38 disappeared while trying to reach it",
    // final81, jenkinsci/workflow-durable-task-step-plugin, Jenkins'
    // helpdesk#2984
    "Agent was removed",
    "Unable to create live FilePath for jnlp-maven-11-3rsmr",
    // final81, buildbot/buildbot (process/build.py), barosl/homu#53
    "worker not pinged",
    "worker not building",
    "retry exception slave lost",
    // final81, Cloud-Foundations/keymaster#147, LudovicRousseau/PCSC#125
    "hid: general error",
    "GPG: selecting card failed: End of file",
];

#[test]
fn a_cluster_a_worker_or_a_card_not_ready_yet_passes_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn what_a_person_must_do_first_lasts_whatever_try_again_says() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // final81, N4S4/synology-api (error codes)
            "Unable to perform this operation due to invalid database format. Please restart your NAS and try again.",
            // final81, unraid/api, rockstor/rockstor-core#1613
            "Graceful shutdown failed, please force stop the VM and try again",
            "Cannot add/remove volume definitions of the container(plex-linuxserver.io) as it belongs to an installed Rock-on(Plex). Uninstall it first and try again.",
            // final81, portainer/portainer (adminmonitor)
            "Administrator initialization timeout",
        ],
    );
}

#[test]
fn a_day_to_wait_lasts_though_only_weakly_as_the_nineteenth_round_asked() {
    // final81, N4S4/synology-api; final11, open-meteo#854
    assert_all(
        (false, Confidence::Weak),
        &[
            "This Synology NAS has exceeded its daily number of new Synology Accounts. Please try again tomorrow.",
            "Daily API request limit exceeded. Please try again tomorrow.",
        ],
    );
}

#[test]
fn a_card_another_program_holds_or_that_stopped_answering_lasts_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // final81, yawn/ykoath#14 and two more of its texts
            "failed to connect to reader: scard: Sharing violation.",
            "Error: SCardConnect error: Sharing violation.(0x8010000b)",
            // final81, OpenSC/OpenSC#546
            "Failed to connect to card: Unresponsive card (correctly inserted?)",
        ],
    );
}

#[test]
fn what_the_review_found_the_round_s_words_say_elsewhere() {
    // k3d wraps every failure in "Failed Cluster Start"; a port already
    // allocated stays lasting (unikubehq/cli#229).
    assert_lasting(&[
        "Failed Cluster Start: Failed to start server k3d-unikube-server-0: Bind for 0.0.0.0:80 failed: port is already allocated",
    ]);
    // A browser's worker that does not exist is no worker of Buildbot's
    // that will answer: not called passing.
    for text in [
        "Service Worker not available",
        "FAILURE: SharedWorker not available",
    ] {
        assert!(!crate::verdicts::verdict(text).0, "{text}");
    }
    // A file another program holds for a moment passes; a card another
    // program holds lasts, in every name the PC/SC stacks give it.
    assert_all(
        (true, Confidence::Weak),
        &["IOException: Sharing violation on path C:\\Users\\u\\AppData\\save.dat"],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            "SCardConnect failed: SCARD_E_SHARING_VIOLATION",
            "SCardStatus: SCARD_W_UNRESPONSIVE_CARD",
            "Card is unresponsive",
        ],
    );
}
