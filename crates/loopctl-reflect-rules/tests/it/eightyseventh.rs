//! The eighty-seventh round, read after `final76.jsonl` was measured: typesetting tools, scientific array files, peer-to-peer stores, Python environment managers, casting and password managers.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_lasting, assert_not_lasting_surely, assert_passing, assert_refused_beside,
    assert_refused_surely,
};

/// The round's passing texts: passing, weakly, and still refused beside a
/// credential word.
const WEAK_PASSING: &[&str] = &[
    // final45, amaxwell/tlutility#132 (a re-run passed)
    "/Library/TeX/texbin/tlmgr: signature verification error of /usr/local/texlive/2022/tlpkg/texlive.tlpdb.main.2fdb20874d4fe1a3267a99dbbf353926 from https://mirror.ctan.org/systems/texlive/tlnet/tlpkg/texlive.tlpdb: cryptographic signature verification of",
    // final76, conda/conda#4134 (a truncated download; the re-run passed)
    "CondaError: Downloaded bytes did not match Content-Length",
    // final76, earth-mover/icechunk (docs: flaky-networks.md)
    "minimum throughput was specified at 1 B/s, but throughput of 0 B/s was observed",
    // final76, ipfs/kubo#2126 (a node still bootstrapping)
    "failed to find any peer in table",
    // final76, ipfs/kubo#6408 (the same connect passed seconds later)
    "Error: connect QmZKHHhDCV5Q9cacA8inHmu2cxQdRkAUZhfJVtG9CajXWR failure: failed to dial : all dials failed",
    // final76, earth-mover/icechunk#363
    "store error: unsuccessful repository operation: error contacting storage error streaming bytes from object store streaming error",
];

#[test]
fn a_cut_download_a_stalled_stream_and_an_empty_peer_table_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn command_lines_references_fonts_and_locked_files_that_will_not_do_last() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // python/cpython (Doc/library/argparse.rst)
            "usage: PROG [-h] --foo FOO\nPROG: error: the following arguments are required: --foo",
            // a notebook's stderr: Jupyter's kernel passes its own `-f`
            // (stackoverflow.com/questions/48796169)
            "ipykernel_launcher.py: error: unrecognized arguments: -f /root/.local/share/jupyter/runtime/kernel-b4c494ce-e0ba-489e-82a5-0faba307f0c1.json",
            // final76, 1Password/op-vscode#218
            "could not resolve item UUID for item AWS: More than one item matches \"AWS\". Try again and specify the item by its ID:",
        ],
    );
    // Lasting, though unsure: a passing word stands beside each ("timeout"
    // in an option's name, "internal error", EAGAIN from the lock call).
    assert_lasting(&[
        // final76, pontedilana/php-weasyprint#16
        "weasyprint: error: unrecognized arguments: --timeout /tmp/07dd8e1947cf399a3143f5e5265c5ba8.pdf",
        // final76, yeslogic/prince-docs (help-install.md)
        "prince: internal error: no available fonts",
        // final41, open-mpi/ompi#6535
        "OSError: Unable to open file (unable to lock file, errno = 11, error message = 'Resource temporarily unavailable')",
        // the review: the message alone, as a caller that catches
        // `ArgumentError` prints it
        "unrecognized arguments: --timeout /tmp/07dd8e1947cf399a3143f5e5265c5ba8.pdf",
        // the review: peers whose identity changed, after "all dials
        // failed" (filecoin-project/lotus#6592, #2651)
        "failed to connect to bootstrap peer: failed to dial 12D3KooWLrPM4WPK1YRGPCUwndWcDX8GCYgms3DiuofUmxwvhMCn: all dials failed\n  * [/ip4/52.26.5.18/tcp/1347] failed to negotiate security protocol: peer id mismatch: expected 12D3KooWLrPM4WPK1YRGPCUwndWcDX8GCYgms3DiuofUmxwvhMCn, but remote key matches 12D3KooWMHDi3LVTFG8Szqogt7RkNXvonbQYqSazxBx41A5aeuVz",
        "failed to connect to bootstrap peer: failed to dial 12D3KooWPiDV72L1bZe1aQo2CqUhVvgS2Wd84dfPubmELAM8ZxZ4: all dials failed\n  * [/ip4/54.148.168.64/tcp/1347] failed to negotiate security protocol: peer IDs don't match",
        // textileio/powergate#881: the same, without "all dials failed"
        "Unable to connect to peer ({\"ID\":\"12D3KooWP1uB9Lo7yCA3S17TD4Y5wStP5Nk7Vqh53m8GsFjkyujD\",\"Addrs\":[\"/dns4/bootstrap-2.calibration.fildev.network/tcp/1347\"]}): failed to dial 12D3KooWP1uB9Lo7yCA3S17TD4Y5wStP5Nk7Vqh53m8GsFjkyujD:\n  * [/ip4/35.163.7.162/tcp/1347] failed to negotiate security protocol: peer id mismatch: expected 12D3KooWP1uB9Lo7yCA3S17TD4Y5wStP5Nk7Vqh53m8GsFjkyujD, but remote key matches 12D3KooWA9hFfQG9GjP6bHeuQQbMD3FDtZLdW1NayxKXUT26PQZu",
    ]);
}

#[test]
fn rejected_client_secrets_logins_and_locked_vaults_and_sessions_are_refused() {
    assert_refused_surely(&[
        // final76, bitwarden/clients#6797
        "client_id or client_secret is incorrect. Try again.",
        // final76, lastpass/lastpass-cli#606
        "Review your login info and try again. If you think you entered valid info, check your email to verify login.",
        // final76, jdx/fnox#612 (Proton Pass' CLI)
        "Session is locked. Please unlock your session and try again.",
        // bitwarden/clients (apps/cli)
        "Vault is locked.",
    ]);
}

#[test]
fn a_clickhouse_session_held_by_another_query_still_passes() {
    // The bare words went weak for Proton Pass; ClickHouse's code name
    // still decides (final2, ClickHouse/clickhouse-go), and since 23.9 its
    // message names the session (DataDog/integrations-core#21885; the
    // second as an HTTP driver prints it, without the code name).
    assert_passing(&[
        "Code: 373. DB::Exception: Session is locked. (SESSION_IS_LOCKED)",
        "DB::Exception: Session 7de98854-bff0-481b-a959-aa18f3ec9e4d is locked by a concurrent client.",
    ]);
}

#[test]
fn a_vault_s_lock_file_held_by_another_process_is_no_refusal() {
    // The review: the words without Bitwarden's full stop name a lock
    // file another invocation holds for seconds.
    assert_not_lasting_surely(&["Vault is locked by another process. Try again."]);
}
