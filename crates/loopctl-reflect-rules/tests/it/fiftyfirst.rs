//! The fifty-first round, read after `final42.jsonl` was measured: hypervisors' and network devices' passing faults, tax authorities' status texts in their own languages, and bioinformatics and music services' retried failures.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_lasting, verdict};

#[test]
fn hypervisor_and_device_faults_their_clients_wait_out_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // Orange-Cyberdefense/GOAD#126
            "VBoxManage: error: The machine 'DC01' is already locked by a session (or being locked or unlocked)",
            // hashicorp/packer#184
            "VBoxManage: error: The machine 'packer-centos-6_4-64-hdp' is already locked for a session (or being unlocked)",
            // oVirt/terraform-provider-ovirt#37
            "[Cannot attach Virtual Disk because the VM is in Image Locked status.]",
            // ansible-collections/community.vmware#78
            "pyVmomi.VmomiSupport.HostCommunication: (vmodl.fault.HostCommunication) { msg = 'An error occurred while communicating with the remote host.' }",
            // bpg/terraform-provider-proxmox: proxmox/nodes/containers/containers_test.go
            "got no worker upid - start worker failed",
            // vatesfr/xen-orchestra#7956
            "VDI_IN_USE(OpaqueRef:d525416f-65c7-48b6-ad1c-200e8b315014, destroy)",
            // vrnetlab/vrnetlab#34
            "could not open user interface connection: management daemon not responding",
        ],
    );
}

#[test]
fn what_a_library_already_retried_is_not_called_passing() {
    // pysnmp and net-snmp rediscover the engine and resync its clock
    // themselves, so what reaches a tool is the retry that failed: a wrong
    // engine id or user (etingof/snmpfwd#16, etingof/pysnmp#444), a clock
    // never in step (etingof/pysnmp#388, markabrahams/node-net-snmp#309).
    // Syncthing retries a pull every few minutes and prints this while the
    // one device holding the version stays away, for hours to months
    // (syncthing/syncthing#6818, #9482).
    assert_lasting(&[
        "Unknown SNMP engine ID encountered",
        "SNMP message timing parameters not in windows of trust",
        "no connected device has the required version of this file",
    ]);
}

#[test]
fn tax_authorities_status_texts_in_their_own_languages() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // nfephp-org/sped-nfe: docs/cStat.md
            "105 - Lote em processamento",
            "108 - Serviço Paralisado Momentaneamente (curto prazo)",
            // phpcfdi/sat-ws-descarga-masiva: docs/CodigosDeServicios.md
            "Error no controlado: Reintentar más tarde la petición",
            // CIRFMF/ksef-docs: limity/limity-api.md, open-api.json
            "Przekroczono limit 20 żądań na minutę. Spróbuj ponownie po 30 sekundach.",
            "Trwa przetwarzanie",
        ],
    );
    assert_eq!(
        verdict("109 - Serviço Paralisado sem Previsão"),
        (false, Confidence::Weak)
    );
}

#[test]
fn bioinformatics_and_music_services_retried_failures_pass_unsure() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // broadinstitute/cromwell#5136
            "Task test_combine.combine:NA:1 failed. The job was stopped before the command finished. PAPI error code 10. The assigned worker has failed to complete the operation",
            // nextflow-io/nextflow: plugins/nf-k8s/src/test/nextflow/k8s/client/K8sClientTest.groovy
            "K8s pod 'nf-xyz' execution failed - reason: Shutdown - message: Node is shutting, evicting pods",
            "K8s pod 'nf-3b344812fe0aeb9554424bcf6caa7ffb' execution failed - reason: OutOfcpu - message: Pod Node didn't have enough resource: cpu, requested: 4000, used: 2100, capacity: 6000",
            // pylast/pylast#297
            "MalformedResponseError: Malformed response from Last.fm. Underlying error: mismatched tag: line 6, column 2",
            // BackInBash/DeezerSync#6, and as Python's `json.dumps` spaces it
            r#"{"error":{"type":"Exception","message":"Quota limit exceeded","code":4}}"#,
            r#"{"error": {"type": "Exception", "message": "Quota limit exceeded", "code": 4}}"#,
            // qbittorrent/qBittorrent: src/webui/api/torrentcreatorcontroller.cpp
            "Torrent creation is still unfinished.",
        ],
    );
    // Prowlarr/Prowlarr: src/NzbDrone.Core/Localization/Core/en.json
    assert_eq!(
        verdict("All applications are unavailable due to failures for more than 6 hours"),
        (false, Confidence::Weak)
    );
}

#[test]
fn parameter_refusals_are_input_whatever_else_they_say() {
    // browniebroke/deezer-python: tests/cassettes/TestClient.test_no_editorial_raise.yaml
    assert_eq!(
        verdict(
            r#"{"error":{"type":"ParameterException","message":"Wrong parameter","code":500}}"#
        ),
        (false, Confidence::Strong)
    );
    // An exchange's nonce raced by another request: the next call carries a
    // larger one (poloniex/poloniex.js#9, near/near-api-js#52).
    assert_eq!(
        verdict("Nonce must be greater than 147418210956000. You provided 147418210955800."),
        (true, Confidence::Weak)
    );
    // Jackett/Jackett: src/Jackett.Server/Controllers/ServerConfigurationController.cs;
    // unsure, as "Timeout" beside it leans the other way.
    assert_eq!(
        verdict("FlareSolverr Max Timeout must be greater than 5000 ms."),
        (false, Confidence::Weak)
    );
}

#[test]
fn the_new_words_stay_narrow() {
    // A refusal beside a passing fault is still a refusal.
    assert_eq!(
        verdict("VDI_IN_USE(OpaqueRef:1, destroy); 401 Unauthorized: invalid API key"),
        (false, Confidence::Strong)
    );
    // Cromwell's code 9 is the task's own command failing, and Deezer's
    // other codes and other services' quota texts are not its 5-second limit.
    assert_ne!(
        verdict(
            "Task a.b:1:1 failed. PAPI error code 9.  Message: Execution failed: action 14: unexpected exit status 1 was not ignored"
        ),
        (true, Confidence::Weak)
    );
    assert_ne!(
        verdict("Task a.b:1:1 failed. PAPI error code 100. Message: unknown"),
        (true, Confidence::Weak)
    );
    assert_ne!(
        verdict(r#"{"error":{"type":"Exception","message":"Quota limit exceeded","code":40}}"#),
        (true, Confidence::Weak)
    );
    assert_ne!(
        verdict("Quota limit exceeded for project 1234: 10000 requests per day"),
        (true, Confidence::Weak)
    );
}

#[test]
fn the_narrowed_phrases_leave_their_namesakes_undecided_or_lasting() {
    assert_lasting(&[
        // A usage-policy block, and a switched-off integration, each with
        // "reintentar más tarde" but not SAT's whole sentence.
        "Nominatim respondió HTTP 403 dos veces seguidas: se detiene la corrida (política de uso). Reintentar más tarde.",
        "La integración está inactiva; active la integración antes de reintentar más tarde el envío",
        // KSeF's hourly limit, in the shape of CIRFMF/ksef-api#595: 45
        // minutes away, and a retry that waits on a person.
        "Przekroczono limit 20 żądań na godzinę. Spróbuj ponownie po 2680 sekundach.",
        "Nieprawidłowy NIP. Spróbuj ponownie po poprawieniu danych.",
        // pylast's other malformed responses repeat (pylast/pylast#186,
        // #373): an empty body and a page it cannot parse.
        "pylast.MalformedResponseError: Malformed response from Last.fm. Underlying error: no element found: line 1, column 0",
        "pylast.MalformedResponseError: Malformed response from Last.fm. Underlying error: syntax error: line 1, column 0",
        // Work nobody is doing (a theme's README, a package upgrade).
        "This theme is still unfinished.",
        "The previous upgrade is still unfinished; run 'dpkg --configure -a' to correct the problem",
    ]);
}
