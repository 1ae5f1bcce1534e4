//! Chart renderers, HTML extractors, date and time-zone parsers, regular expressions and encodings, spreadsheet libraries and embedded key-value stores: their words for a server, seat or replica that comes back, and for a pattern, date, encoding, workbook or store that stays wrong.
//!
//! From `final71`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: vl-convert's per-IP and global compute budgets (they
//!   refill each minute) and its server reconfiguring (it sends
//!   `Retry-After`); xlwings' busy Excel and pywin32's "Call was
//!   rejected by callee" (xlwings' own retry wrapper retries both);
//!   Berkeley DB's `DB_REP_UNAVAIL`, too few replicas for now; Python's
//!   "unknown encoding: idna", a codec two threads imported at once.
//! - Lasting: a LOCK file another process holds (Badger's "Another process
//!   is using this Badger database", LevelDB's and RocksDB's `LOCK:
//!   Resource temporarily unavailable`, "LOCK: already held by process"), which
//!   their threads trace to a second process that never lets go (strong,
//!   so that it decides beside `EAGAIN`'s words); Graphviz's missing
//!   executables and failed layout, Ghostscript missing; HTML parsers'
//!   wrong input types and empty documents; pytz's, java.time's,
//!   Joda-Time's and Moment Timezone's unknown, ambiguous or missing times
//!   and zones, and the date parsers' unmatched formats; regular
//!   expressions that do not compile and engines built without a regex
//!   library; unknown encodings and illegal byte sequences; workbooks
//!   that are encrypted, empty, of an unsupported format or too large
//!   without ZIP64; and LMDB's, Berkeley DB's, Badger's, RocksDB's,
//!   redb's and sled's full maps, version mismatches, poisoned
//!   transactions and unopened column families. Refused: a workbook
//!   protected by a password not given, and Badger's encryption key that
//!   does not match.
//!
//! A second reader turned SQLite's "locking protocol" (`SQLITE_PROTOCOL`)
//! from passing to lasting, weakly: every thread it found traced it to a
//! file system whose locks do not work (NFS, CephFS, WSL1), lasting until
//! the database moved; it narrowed
//! LevelDB's "already held by process" to its LOCK file (a distributed
//! lock another node releases says the same words); and named the first
//! lines and Windows and NFS spellings of a held LOCK file, calamine's and
//! EPPlus' protected workbooks, pywin32's busy Excel and the `idna` codec
//! race.

use super::Category::{Auth, Input, Permanent, ServerDown, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Passing.
    ("per-ip compute budget exhausted", Transient, Weak),
    ("global compute budget exhausted", Transient, Weak),
    ("server reconfiguring", ServerDown, Weak),
    ("excel application is not responding", Transient, Weak),
    ("db_rep_unavail", ServerDown, Weak),
    // SQLite's `SQLITE_PROTOCOL` on a file system whose locks do not work
    // (NFS, CephFS, WSL1): lasting until the database moves, weakly, since
    // SQLite also retries a brief race itself.
    ("locking protocol", Permanent, Weak),
    // pywin32's `RPC_E_CALL_REJECTED` while Excel is busy, which xlwings'
    // wrapper retries.
    ("call was rejected by callee", Transient, Weak),
    // A codec imported by two threads at once (aws-cli, requests); strong,
    // since it holds the strong "unknown encoding" inside it.
    ("unknown encoding: idna", Transient, Strong),
    // A LOCK file another process holds.
    (
        "another process is using this badger database",
        Permanent,
        Strong,
    ),
    ("/lock: resource temporarily unavailable", Permanent, Strong),
    ("lock: already held by process", Permanent, Strong),
    // The first lines of the same failure, which survive a wrapped line,
    // and its Windows and NFS spellings.
    ("while lock file:", Permanent, Strong),
    ("cannot acquire directory lock on", Permanent, Strong),
    (
        "lock: the process cannot access the file because it is being used by another process",
        Permanent,
        Strong,
    ),
    ("lock: no locks available", Permanent, Strong),
    // Chart and diagram rendering.
    ("not in valid base64 scheme", Input, Strong),
    ("reserved keywords are prohibited", Input, Strong),
    (
        "make sure the graphviz executables are on your",
        Permanent,
        Strong,
    ),
    ("triangulation failed", Permanent, Strong),
    (
        "failed to find a ghostscript installation",
        Permanent,
        Strong,
    ),
    ("can only output finite numbers", Input, Strong),
    // HTML parsing and extraction.
    (
        "version of beautiful soup under python 2",
        Permanent,
        Strong,
    ),
    ("html.parser will not accept bytestrings", Input, Strong),
    ("parsererror: document is empty", Input, Strong),
    ("is now a separate project", Permanent, Strong),
    ("serialisationerror: io_encoder", Input, Strong),
    ("should be a document object", Input, Strong),
    ("cheerio.load() expects a string", Input, Strong),
    ("system, file type or buffer encoding", Input, Strong),
    ("exceeds max_file_size", TooLarge, Strong),
    ("only usable in bare_extraction", Input, Strong),
    ("input url bad format", Input, Strong),
    ("can't parse css selector", Input, Strong),
    // Dates, times and zones.
    ("ambiguoustimeerror", Input, Strong),
    ("nonexistenttimeerror", Input, Strong),
    ("unknowntimezoneerror", Input, Strong),
    ("unknown iso components", Input, Strong),
    ("hour may only be 24 at 24:00", Input, Strong),
    ("could not match input to any of", Input, Strong),
    ("unable to parse string", Input, Strong),
    ("datetimeparseexception", Input, Strong),
    ("zone offset not in valid range", Input, Strong),
    ("no time-zone data files registered", Permanent, Strong),
    ("unknown time-zone id", Input, Strong),
    ("illegalinstantexception", Input, Strong),
    ("moment timezone has no data for", Input, Strong),
    ("encountered without an accompanying begin", Input, Strong),
    ("may only appear in yearly rules", Input, Strong),
    // Regular expressions and encodings.
    ("nothing to repeat", Input, Strong),
    ("bad escape", Input, Strong),
    ("repeat count too big", Input, Strong),
    ("failed to compile set", Input, Strong),
    ("was compiled without oniguruma", Permanent, Strong),
    ("u_regex_stack_overflow", Permanent, Strong),
    ("unknown encoding", Input, Strong),
    ("expected object of type bytes or bytearray", Input, Strong),
    ("string argument without an encoding", Input, Strong),
    (
        "expected a bytes object, not a unicode object",
        Input,
        Strong,
    ),
    ("illegal input sequence at position", Input, Strong),
    ("incomplete character or shift sequence", Input, Strong),
    (
        "detected an illegal character in input string",
        Input,
        Strong,
    ),
    ("iconv: illegal byte sequence", Input, Strong),
    // Spreadsheet files.
    ("contains no valid workbook part", Input, Strong),
    ("worksheet is unsized", Input, Strong),
    ("workbook is encrypted", Permanent, Strong),
    ("can't find workbook in ole2", Input, Strong),
    ("would require zip64 extensions", Input, Strong),
    ("is not a spreadsheet", Input, Strong),
    ("no vba project", Permanent, Strong),
    ("continued record too short", Input, Strong),
    ("poi only supports biff8", Input, Strong),
    ("isn't currently supported", Permanent, Strong),
    ("the supplied file was empty", Input, Strong),
    (
        "spreadsheet is protected, but no password was supplied",
        Auth,
        Strong,
    ),
    ("file is password-protected", Auth, Strong),
    // calamine's and EPPlus' wordings.
    ("workbook is password protected", Auth, Strong),
    (
        "if this is an encrypted package, please supply the password",
        Auth,
        Strong,
    ),
    // Embedded key-value stores.
    ("mdb_txn_full", TooLarge, Strong),
    ("mdb_panic", Permanent, Strong),
    ("mdb_version_mismatch", Permanent, Strong),
    ("mdb_map_resized", Permanent, Weak),
    ("database reached maximum size", Permanent, Strong),
    ("database is in read-only mode", Permanent, Strong),
    ("txn is too big to fit into one request", TooLarge, Strong),
    ("encryption key mismatch", Auth, Strong),
    ("you have to open all column families", Input, Strong),
    ("corruption: bad entry in block", Permanent, Strong),
    ("db_version_mismatch", Permanent, Strong),
    ("previous i/o error occurred", Permanent, Strong),
    ("transaction was poisoned", Permanent, Strong),
    (
        "unknown version number when reading settings",
        Permanent,
        Strong,
    ),
];
