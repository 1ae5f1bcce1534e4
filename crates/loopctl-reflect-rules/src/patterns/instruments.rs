//! Smart-contract toolchains and wallets, translation and moderation APIs, the package managers of R, Julia, Haskell, OCaml, Elixir and Perl, MIDI and synthesis tools, antivirus scanners and clocks: their words for a block not yet seen and a request still being served, and for transactions, documents, packages, ports, servers, databases and sockets that will not do.
//!
//! From `final75`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: an Ethereum node's "header not found" in the form a
//!   geth reply takes (a block a lagging node behind a balancer has not
//!   seen yet; alloy retries it),
//!   systemd-timedated's "Previous request is not finished" (a job that
//!   ends within seconds).
//! - Lasting: replacement transactions priced too low, Hardhat's nonce
//!   ahead of an automining node and its native solc, EIP-1559 on a chain
//!   without it, Anvil's fork of a node that is not there; DeepL's
//!   unreadable documents, the Perspective API's language it cannot tell,
//!   Comprehend's text over its size; R's locked library, renv's missing
//!   repositories and withdrawn consent, tools missing from `PATH`,
//!   Julia's dirty registry and read-only depot, opam's and Hex's solvers
//!   with no plan and opam's lock in safe mode, cpanm's configure that
//!   wrote no `MYMETA`; mido's, RtMidi's and python-rtmidi's ports and
//!   files, FluidSynth's SoundFonts, JACK's and scsynth's servers that did
//!   not start (weak: a server may come up), sample rates that differ,
//!   LilyPond's notes, Carla's plug-ins, MuseScore's empty export;
//!   freshclam's log held by a running daemon, its missing user, its
//!   cool-down and the CDN's 429 that starts one (hours, not seconds),
//!   Nextcloud's scanner not found or not set up; chrony's sources,
//!   ntpd's socket and servers, linuxptp's time stamps a driver does not
//!   give, gpsd with nothing to read, pynmea2's sentences.
//! - Refused: WalletConnect's relay closing with "3000 (Authorization
//!   error",
//!   Web MIDI's security policy.
//!
//! Not named, since their threads disagree or the words say nothing of
//! the cause: "nonce too low" (passed in one labelled thread, lasted in
//! another), viem's chain mismatch, MetaMask's pending permission request
//! ("please wait", for a person who has to answer), ethers' "could not
//! detect network", cpanm's failed downloads, rspamd's spent
//! retransmits, Squid's ICAP service down, a refused `ntpq` or gpsd
//! socket.

use super::Category::{Auth, Input, NotFound, Permanent, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Faint, Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // alloy-rs/alloy (json-rpc response/error.rs): retried as a node that
    // has not seen the block yet; only in the form a geth node's reply
    // takes (the quoted form is read in `services.rs`), since the bare
    // words also name a missing HTTP header ("Authorization header not
    // found", a 401), a truncated zip and a MIDI file without `MThd` (the
    // round's review)
    ("header not found code: -32000", Transient, Weak),
    // ethers.js (providers), go-ethereum (core/txpool), parity: weak, since
    // a re-run passed in four threads (the first transaction mined
    // meanwhile) and lasted in three
    ("replacement fee too low", Permanent, Weak),
    ("replacement transaction underpriced", Permanent, Weak),
    ("transaction gas price is too low", Permanent, Weak),
    // NomicFoundation/hardhat (hardhat-errors descriptors, automining)
    ("nonce too high. expected nonce to be", Permanent, Strong),
    ("a native version of solc failed to run", Permanent, Strong),
    // foundry-rs/foundry (anvil, cast)
    ("eip-1559 not activated", Permanent, Strong),
    // faint: foundry wraps a node's time-out or 503 in these words
    // (crates/evm/core/src/opts.rs, crates/script/src/providers.rs)
    ("failed to get eip-1559 fees", Permanent, Faint),
    ("could not instantiate forked environment", Permanent, Faint),
    // WalletConnect's relay closes with 3000 and this reason; elsewhere
    // the words also wrap a back end's time-out (Casbin's "authorization
    // error: %w"), and Kubernetes' "Authorization error (user=" is its
    // authorizer call failing with a 500 (a refusal reads "Forbidden");
    // the bare words are left to the generic credential word inside them
    ("3000 (authorization error", Auth, Strong),
    ("authorization error (user=", ServerDown, Weak),
    // DeepLcom/deepl-python (DocumentTranslationException), the
    // Perspective API, Amazon Comprehend
    ("failed to open the uploaded document", Permanent, Strong),
    ("unable to detect language", Permanent, Strong),
    ("textsizelimitexceededexception", TooLarge, Strong),
    // R (a leftover 00LOCK directory; weak, since a running install holds
    // it too) and rstudio/renv
    ("failed to lock directory", Permanent, Weak),
    ("no package repositories are available", Permanent, Strong),
    ("consent has been explicitly withdrawn", Permanent, Strong),
    ("is not available on the path", NotFound, Strong),
    // JuliaLang/Pkg.jl, ocaml/opam, hexpm/hex, miyagawa/cpanminus
    ("registry dirty", Permanent, Strong),
    ("primary depot is not writable", Permanent, Strong),
    ("in cloned registry", Permanent, Weak),
    ("no solution found, exiting", Permanent, Strong),
    ("resolution of the request timed out", Permanent, Strong),
    ("write lock attempt in safe mode", Permanent, Strong),
    ("hex dependency resolution failed", Permanent, Strong),
    ("no mymeta file is found after configure", Permanent, Strong),
    // mido, python-rtmidi, RtMidi (RtMidi.cpp), FluidSynth
    ("no mtrk header at start of track", Input, Strong),
    ("no port currently opened", Permanent, Strong),
    ("error creating windows mm midi", Permanent, Weak),
    ("sendmessage: event parsing error", Input, Strong),
    ("not a soundfont file", Input, Strong),
    // JACK's server (weak: a server may come up)
    ("failed to connect to jack server", Permanent, Weak),
    ("jackserver::open failed", Permanent, Weak),
    ("failed to create new jack client", Permanent, Weak),
    ("failed to init temporary jack client", Permanent, Weak),
    // Sonic Pi and supercolliderjs booting their own scsynth: a boot that
    // failed (strong, or the generic "unable to connect to" inside would
    // read it as a blip)
    ("unable to connect to supercollider", Permanent, Strong),
    ("unable to connect to scsynth", Permanent, Strong),
    ("unable to bind udp socket", Permanent, Weak),
    ("sample rates do not match", Permanent, Strong),
    (
        "rates of your audio card are not the same",
        Permanent,
        Strong,
    ),
    // LilyPond, Carla, MuseScore
    ("error: unknown escaped string", Input, Strong),
    ("error: not a note name", Input, Strong),
    ("fatal error: failed files:", Permanent, Strong),
    ("failed to find the requested plugin", NotFound, Strong),
    ("no audio to export", Permanent, Strong),
    // Chrome's Web MIDI SecurityError
    (
        "break through the security policy of the user agent",
        Auth,
        Strong,
    ),
    // Cisco-Talos/clamav (freshclam) and its FAQ on the CDN's cool-down
    (
        "freshclam.log is locked by another process",
        Permanent,
        Weak,
    ),
    (
        "failed to get information about user \"clamav\"",
        Permanent,
        Strong,
    ),
    ("can't create freshclam.dat", Permanent, Strong),
    ("on cool-down until after", Permanent, Strong),
    (
        "from the clamav content delivery network",
        Permanent,
        Strong,
    ),
    ("unexpected exit code from clamscan", Permanent, Weak),
    // nextcloud/files_antivirus
    (
        "the antivirus executable could not be found",
        NotFound,
        Strong,
    ),
    ("clamav port and host are not set up", Permanent, Strong),
    // chrony, ntp, linuxptp, systemd-timedated, gpsd, pynmea2
    ("too many sources present", Permanent, Strong),
    ("could not open ntp socket", Permanent, Weak),
    ("the ntp socket is in use", Permanent, Strong),
    // weak: at boot, a DNS that comes up a second later clears it
    ("no servers can be used", Permanent, Weak),
    ("timed out while polling for tx timestamp", Permanent, Weak),
    ("previous request is not finished", Transient, Weak),
    ("neither control socket nor devices open", Permanent, Strong),
    ("pynmea2.nmea.parseerror", Input, Strong),
    ("pynmea2.nmea.sentencetypeerror", Input, Strong),
];
