//! The ninety-second round, read after `final80.jsonl` was measured: hosting panels, self-hosted trackers, proof assistants and computer algebra, VPN clients, installers and updaters, and game launchers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_not_lasting_surely, assert_refused_beside, assert_refused_surely,
};

/// The round's passing texts: passing, weakly, and still refused beside a
/// credential word.
const WEAK_PASSING: &[&str] = &[
    // final80, rocq-prover/equations#446 (opam)
    "[ERROR] Failed to get sources of coq-equations.1.3~beta2+8.13: Download command failed",
    // final80, Open-Wine-Components/umu-launcher (umu_runtime.py,
    // umu_proton.py)
    "Aborting steamrt install due to network error",
    "Aborting Proton install due to network error",
];

#[test]
fn a_download_cut_short_passes_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn what_needs_a_person_an_install_or_a_fix_lasts() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // final80, redmine/redmine (en.yml), maxtepkeev/python-redmine
            "Data has been updated by another user.",
            "Resource version on the server is newer than on the client",
            "The project you're trying to access has been archived.",
            "Protocol redirect detected, Redmine URL expects HTTPS, but code uses HTTP or vice versa",
            // final80, go-vikunja/vikunja, taigaio/taiga-back
            "This project is archived. Editing or creating new tasks is not possible.",
            "No room left for more projects.",
            // final80, coq-lsp, wolframclient, Maxima, GAP, SymPy, Macaulay2
            "Maximum number of errors reached",
            "algsys: system too complicated; give up.",
            "sign or asksign: insufficient information.",
            "no method found for comparing two infinite domains",
            "Initial conditions produced too many solutions for constants",
            "Hom: no strategy found for the given input",
            // final80, OpenVPN, eduVPN, SoftEther, Mullvad
            "All TAP-Windows adapters on this system are currently in use.",
            "There are no TAP-Windows adapters on this system.",
            "Creating TUN/TAP adapter failed (error 0xe0000203).",
            "Creating Wintun adapter failed",
            "Installation of the Virtual Network Adapter device driver failed.",
            // final80, Velopack, NSIS, Tauri, electron-updater, Sparkle
            "MSI installation detected. Uninstall should be performed via msiexec, not Update.exe.",
            "Failed to locate Update.exe in parent directories, so it could not be updated.",
            "Installer integrity check has failed. Common causes include incomplete download and damaged media.",
            "temp directory is not on the same mount point as the AppImage",
            "No published versions on GitHub",
            "Sparkle Error (continued): An error occurred while parsing the update feed.",
            // final80, legendary, umu-launcher, Lutris, Bottles, winetricks,
            // minigalaxy, Dolphin
            "CrossOver is still running, please quit it before proceeding.",
            "Game is out of date, please update or launch with update check skipping!",
            "This script is not designed to run on musl-based systems",
            "Proton is not compatible with 32-bit prefixes.",
            "Download failed due to a SSL error. Your system may have a wrong date/time or wrong certificates.",
            "Please install wget or aria2c (or, if those aren't available, curl)",
            "Wine wasn't found. Windows games will be shown but not be installable.",
            "Dolphin is too old for traversal server",
            // final80, CloudPanel's MySQL
            "Command \" : /usr/bin/sudo /usr/bin/mysql --defaults-extra-file=/tmp/phpFijIC5 < /tmp/phpSDRO41\" failed, error message: ERROR 1396 (HY000) at line 1: Operation ALTER USER failed for 'root'@'127.0.0.1'",
        ],
    );
}

#[test]
fn a_stale_checksum_lasts_whatever_its_try_again_says() {
    // final80, Winetricks/winetricks#1642: Microsoft replaced the file in
    // place, and the recorded hash stays stale until winetricks is updated.
    assert_all(
        (false, Confidence::Strong),
        &[
            "sha256sum mismatch! Rename /home/username/.cache/winetricks/vcrun2019/vc_redist.x86.exe and try again.",
        ],
    );
}

#[test]
fn a_key_or_a_right_refused_is_refused() {
    assert_refused_surely(&[
        // final80, engintron/engintron#143 (WHM), ISPConfig's remote API,
        // CyberPanel, aaPanel, Arcanist, WeKan, the OpenProject integration
        "You do not have sufficient permissions to access this page",
        "You do not have the permissions to access this function.",
        "Could not authorize access to API",
        "Secret key verification failed",
        "20 consecutive verification failures, prohibited for 1 hour",
        "Aborted update of revision: You are not the owner.",
        "You do not have write access to this board.",
        "OAuth access token refused",
    ]);
}

#[test]
fn what_the_review_found_lasting_only_sometimes_is_left_unsure() {
    // wolframclient starts a new kernel on the next evaluation; Mullvad
    // shows its firewall message for any failure to reach its API; other
    // programs go offline by themselves when the network drops.
    assert_all(
        (false, Confidence::Weak),
        &[
            // final80, WolframClientForPython, mullvadvpn-app#503, Bottles
            "Kernel is not running anymore.",
            "api.mullvad.net is blocked, please check your firewall",
            "File is not available in offline mode.",
        ],
    );
    // Other downloaders' bare "sha256sum mismatch" follows a download cut
    // short, which a re-run fetches again: not lasting surely.
    assert_not_lasting_surely(&["sha256sum mismatch: want 5e1c0d0b; got 9f2a77c1"]);
}

#[test]
fn every_wording_of_openvpn_s_missing_adapters_lasts() {
    // The review: the wordings of OpenVPN 2.4 to 2.6.
    assert_all(
        (false, Confidence::Strong),
        &[
            "All wintun adapters on this system are currently in use or disabled.",
            "There are no TAP-Windows6 adapters on this system.",
            "There are no TAP-Win32 adapters on this system.",
            "There are no TAP-Windows, Wintun or ovpn-dco adapters on this system. You should be able to create an adapter by using tapctl.exe utility.",
        ],
    );
}

#[test]
fn a_server_taking_no_new_connections_and_a_statistic_still_computed_pass_unsure() {
    // The review: RakNet's ID_NO_FREE_INCOMING_CONNECTIONS text, and
    // GitHub's 202 while it computes a repository's statistics
    // (rundel/ghclass#117 retries it).
    assert_all(
        (true, Confidence::Weak),
        &[
            "The system we attempted to connect to is not accepting new connections.",
            "Unexpected status code 202 Accepted",
        ],
    );
}
