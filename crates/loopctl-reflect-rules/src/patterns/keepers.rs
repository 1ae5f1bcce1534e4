//! Typesetting tools, scientific array files, peer-to-peer stores, Python environment managers, casting and password managers: their words for a download cut short, a stalled stream and a peer table still empty, and for locked vaults, rejected client secrets, command lines and files that will not do.
//!
//! From `final76`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: tlmgr's signature check of a `texlive.tlpdb` a mirror
//!   is still writing (TeX Live's `TLPDB.pm` dies with it; passing on a
//!   re-run in two labelled threads), conda's download shorter than its
//!   `Content-Length` (`conda/gateways/connection/download.py`; a
//!   truncated transfer, nothing inside conda retries it), the AWS SDK's
//!   stalled-stream protection (`aws-smithy-runtime`; the transfer is
//!   cut and retried as a time-out), a DHT routing table with no peer
//!   yet (`go-libp2p-kbucket`'s `ErrLookupFailure`, right after a node
//!   starts), go-libp2p's "all dials failed" (a peer not reached this
//!   time; go-libp2p's peer whose identity changed is lasting),
//!   icechunk's object store that broke off a stream.
//! - Lasting: Python's `argparse` refusing a command line (an option the
//!   installed version lacks is not there a minute later), 1Password's
//!   reference matching several items, Prince with no fonts installed,
//!   HDF5's file lock held by another program or refused by the file
//!   system (h5py's and PyTables' answer is to close the other writer or
//!   set `HDF5_USE_FILE_LOCKING`).
//! - Refused: Bitwarden's rejected API key ("client_id or client_secret
//!   is incorrect"), its CLI's locked vault ("Vault is locked.", not a
//!   vault's lock file held by another process), LastPass' rejected
//!   login, Proton Pass' locked session.
//!
//! Not named, since their threads disagree or the words say nothing of
//! the cause: Bee's "batch not usable yet or does not exist" (a batch
//! still being confirmed, or none), a refused connection to a local IPFS
//! or Kodi port (a daemon starting, or not running), uv's and libmamba's
//! failed downloads, wkhtmltopdf's and Typst's network errors.

use super::Category::{Auth, Input, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // TeX Live (tlpkg/TeXLive/TLPDB.pm): a mirror's database and its
    // signature read in the middle of an update
    ("signature verification error of", Transient, Weak),
    // conda (gateways/connection/download.py)
    (
        "downloaded bytes did not match content-length",
        Transient,
        Weak,
    ),
    // smithy-lang/smithy-rs (aws-smithy-runtime, stalled-stream protection)
    ("minimum throughput was specified at", Transient, Weak),
    // libp2p/go-libp2p-kbucket (ErrLookupFailure) and go-libp2p's swarm
    ("failed to find any peer in table", Transient, Weak),
    ("all dials failed", Transient, Weak),
    // go-libp2p's security handshake: a peer whose identity changed (a
    // reset network, a new fleet), which every dial will meet (the
    // review: it follows "all dials failed" in lotus#6592)
    ("peer id mismatch: expected", Permanent, Strong),
    // its older wording (lotus#2651, a reset calibration network)
    ("peer ids don't match", Permanent, Strong),
    // earth-mover/icechunk (its retry settings match a broken stream)
    ("error streaming bytes from object store", Transient, Weak),
    // CPython (Lib/argparse.py): the two refusals of a command line,
    // without the "error: " a caller that catches `ArgumentError` leaves
    // out (the review)
    ("unrecognized arguments:", Input, Strong),
    ("the following arguments are required:", Input, Strong),
    // 1Password's CLI: a reference that names several items
    ("more than one item matches", Input, Strong),
    // yeslogic/prince-docs (help-install.md)
    ("no available fonts", Permanent, Strong),
    // HDF5 (H5FDsec2.c), through h5py and PyTables: the lock is another
    // program's, or the file system has none
    ("unable to lock file, errno", Permanent, Strong),
    // bitwarden/server (identity), bitwarden/clients (cli), lastpass-cli,
    // Proton Pass' CLI: a secret, a vault or a session only the user can
    // open
    ("client_secret is incorrect", Auth, Strong),
    // with its full stop: "vault is locked by another process" is a lock
    // file held for seconds (the review)
    ("vault is locked.", Auth, Strong),
    ("review your login info", Auth, Strong),
    ("unlock your session", Auth, Strong),
];
