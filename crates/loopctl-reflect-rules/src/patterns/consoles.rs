//! Hosting panels, self-hosted trackers, proof assistants and computer algebra, VPN clients, installers and updaters, and game launchers: their words for a download cut short, and for an archived project, a missing adapter, a kernel gone, an install that needs a person, and a key or a right refused.
//!
//! From `final80`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: opam's "Download command failed" (a maintainer of
//!   Coq's Equations called it a passing network error), umu-launcher's
//!   "install due to network error" (it keeps the partial download, so a
//!   re-run resumes it); and from the review, texts the ninety-first
//!   round's credential words would refuse or its leaning words read as
//!   lasting: ZooKeeper's C and Go session expiry, PgBouncer's server
//!   login retry, WSAENETUNREACH, SteamCMD's "No Connection", a server
//!   not accepting new connections, GitHub's 202 while it computes.
//! - Lasting: Redmine's stale edit ("Data has been updated by another
//!   user", python-redmine's "newer than on the client") and its archived
//!   project (Vikunja's too), its HTTPS redirect; Taiga's project slots;
//!   coq-lsp's error ceiling; a Wolfram kernel that has exited (weakly:
//!   the next evaluation starts another); Maxima's,
//!   GAP's, SymPy's and Macaulay2's answers that the problem is beyond
//!   them; OpenVPN's TAP adapters and the TUN and Wintun adapters others
//!   fail to create; a firewall that blocks Mullvad's API (weakly, as
//!   "offline mode": the app says it of any failure to reach the API);
//!   Velopack's MSI
//!   install and its missing `Update.exe`; an NSIS installer that fails
//!   its own integrity check; Tauri's temporary directory on another
//!   mount; electron-updater's repository with no release; Sparkle's feed
//!   it cannot parse; legendary's CrossOver still running and its game out
//!   of date; umu-launcher on musl; Lutris' Proton with a 32-bit prefix;
//!   Bottles offline; winetricks' stale checksum (though it ends "try
//!   again") and its missing downloader; Dolphin too old for the
//!   traversal server; MySQL's 1396; a wrong system clock.
//! - Refused: cPanel's "do not have sufficient permissions", CyberPanel's
//!   "Could not authorize access", aaPanel's key verification and its
//!   lock-out after consecutive failures, ISPConfig's "do not have the
//!   permissions", Phabricator's "not the owner", WeKan's write access,
//!   an OAuth access token refused.
//!
//! Not named, since their threads disagree or the words say nothing of
//! the cause: NetBird's management server that timed out or answered 502
//! (a broken resolver and a misrouting proxy, in the threads), a 500 from
//! the PowerShell Gallery and from Redmine (bugs that lasted weeks), itch's
//! time-out connecting to its own daemon (fixed by an upgrade), and Let's
//! Encrypt's failures as the panels print them.

use super::Category::{Auth, Input, NotFound, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // ocaml/opam (OpamDownload); rocq-prover/equations#446. Weak: the
    // same words follow a 404
    ("download command failed", Transient, Weak),
    // Open-Wine-Components/umu-launcher (umu_runtime.py, umu_proton.py)
    ("install due to network error", Transient, Weak),
    // The review, from texts the credential words of the ninety-first
    // round would refuse: ZooKeeper's C and Go clients' session expiry
    // (the client opens a new session; Java's and ClickHouse's wordings
    // are read elsewhere), PgBouncer's `server_login_retry`, Windows'
    // WSAENETUNREACH behind frp's "login to server failed", SteamCMD's
    // "Login Failure: No Connection", a server that takes no new
    // connections for now (full, starting or draining), and GitHub's 202
    // while its statistics are computed
    ("session has been expired by the server", ServerDown, Strong),
    ("server login has been failing", Transient, Weak),
    ("attempted to an unreachable network", Transient, Weak),
    ("failure: no connection", Transient, Weak),
    ("not accepting new connections", ServerDown, Weak),
    ("202 accepted", Transient, Weak),
    // redmine/redmine (config/locales/en.yml: notice_locking_conflict);
    // maxtepkeev/python-redmine (ConflictError on a 409)
    ("has been updated by another user", Permanent, Strong),
    ("is newer than on the client", Permanent, Strong),
    // redmine/redmine (notice_not_authorized_archived_project);
    // go-vikunja/vikunja (ErrProjectIsArchived)
    (
        "project you're trying to access has been archived",
        Permanent,
        Strong,
    ),
    ("this project is archived", Permanent, Strong),
    // maxtepkeev/python-redmine (HTTPProtocolError)
    ("protocol redirect detected", Input, Strong),
    // taigaio/taiga-back (NotEnoughSlotsForProject)
    ("no room left for more projects", Quota, Strong),
    // ejgallego/coq-lsp (fleche/doc.ml)
    ("maximum number of errors reached", Permanent, Strong),
    // WolframResearch/WolframClientForPython (the kernel process exited);
    // weak, since its next evaluation starts a new kernel unless the
    // expression itself is what killed it (the review)
    ("kernel is not running anymore", Permanent, Weak),
    // Maxima's algsys and sign; GAP's method selection; SymPy's dsolve;
    // Macaulay2's Hom
    ("system too complicated", Permanent, Strong),
    ("sign or asksign: insufficient information", Input, Strong),
    ("no method found for", Permanent, Strong),
    ("solutions for constants", Input, Strong),
    ("no strategy found for the given input", Input, Strong),
    // OpenVPN (Nyr/openvpn-install#233, portapps/openvpn-portable#36,
    // OpenVPN/openvpn#676), eduVPN, SoftEther's vpncmd; in each wording
    // OpenVPN has had (TAP-Win32, TAP-Windows6, Wintun, ovpn-dco; the
    // review)
    (
        "adapters on this system are currently in use",
        Permanent,
        Strong,
    ),
    ("there are no tap-win", Permanent, Strong),
    ("creating tun/tap adapter failed", Permanent, Strong),
    ("creating wintun adapter failed", Permanent, Strong),
    ("network adapter device driver failed", Permanent, Strong),
    // mullvad/mullvadvpn-app#503; weak, since the app shows it for any
    // failure to reach its API, a time-out and a reset too (the review)
    ("is blocked, please check your firewall", Permanent, Weak),
    // velopack/velopack (uninstall.rs, update.rs)
    ("msi installation detected", Permanent, Strong),
    ("failed to locate update.exe", Permanent, Strong),
    // NSIS' own CRC check of the installer
    ("installer integrity check has failed", Permanent, Strong),
    // tauri-apps/plugins-workspace (updater)
    ("not on the same mount point", Permanent, Strong),
    // electron-userland/electron-builder (ERR_UPDATER_NO_PUBLISHED_VERSIONS)
    ("no published versions on github", Permanent, Strong),
    // sparkle-project/Sparkle (SUAppcastParseError)
    (
        "error occurred while parsing the update feed",
        Permanent,
        Strong,
    ),
    // derrod/legendary (cli.py)
    ("is still running, please quit it", Permanent, Strong),
    ("game is out of date, please update", Permanent, Strong),
    // Open-Wine-Components/umu-launcher (__main__.py)
    ("not designed to run on musl", Permanent, Strong),
    // lutris/lutris (runners/wine.py)
    ("is not compatible with 32-bit prefixes", Permanent, Strong),
    // bottlesdevs/Bottles (component manager); weak, since other programs
    // go offline by themselves when the network drops (the review)
    ("not available in offline mode", Permanent, Weak),
    // Winetricks/winetricks#1642, #1801: Microsoft replaced the file in
    // place, and the recorded hash is stale until winetricks is updated,
    // whatever its "try again" says. Only winetricks' own words: other
    // downloaders say "sha256sum mismatch" of a download cut short, which
    // a re-run fetches again (the review)
    ("sha256sum mismatch! rename", Permanent, Strong),
    // Winetricks/winetricks (w_download_to)
    ("please install wget or aria2c", Permanent, Strong),
    // dolphin-emu/dolphin (NetPlay: VersionTooOld)
    ("is too old for traversal server", Permanent, Strong),
    // MySQL's ER_CANNOT_USER, as CloudPanel prints it
    ("error 1396 (hy000)", Permanent, Strong),
    // bottlesdevs/Bottles: a clock or a trust store to fix
    ("wrong date/time or wrong certificates", Permanent, Strong),
    // minigalaxy: a program not installed
    ("wine wasn't found", NotFound, Strong),
    // engintron/engintron#143 (WHM), cyberkathosting/ispconfig3 (remote
    // functions), usmannasir/cyberpanel (api/views.py), aaPanel
    // (class/common.py), phacility/arcanist, wekan/wekan,
    // nextcloud/integration_openproject
    ("do not have sufficient permissions", Auth, Strong),
    ("do not have the permissions to access", Auth, Strong),
    ("could not authorize access", Auth, Strong),
    ("key verification failed", Auth, Strong),
    ("consecutive verification failures", Auth, Strong),
    ("you are not the owner", Auth, Strong),
    ("do not have write access", Auth, Strong),
    ("access token refused", Auth, Strong),
];
