//! The eightieth round, read after `final71.jsonl` was measured: chart renderers, HTML extractors, date and time-zone parsers, regular expressions and encodings, spreadsheet libraries and embedded key-value stores.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_not_lasting_surely, assert_refused_beside, assert_refused_surely,
};

/// The round's passing texts, each from its system's own files or thread:
/// passing, weakly, and still refused beside a credential word.
const WEAK_PASSING: &[&str] = &[
    // pywin32's busy Excel, which xlwings' wrapper retries (named by the
    // review, xlwings#1837)
    "pywintypes.com_error: (-2147418111, 'Call was rejected by callee.', None, None)",
    // vega/vl-convert
    "server reconfiguring; retry shortly",
    // vega/vl-convert
    "per-IP compute budget exhausted",
    // vega/vl-convert
    "global compute budget exhausted",
    // xlwings/xlwings
    "Excel application is not responding",
    // berkeleydb/libdb
    "DB_REP_UNAVAIL: Too few remote sites to complete operation",
];

#[test]
fn budgets_busy_apps_replicas_and_codec_races_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    // Named by the review: the `idna` codec imported by two threads at
    // once (aws-cli#4073, requests#3578), a strong literal that still
    // passes only weakly and lasts beside a refusal.
    assert_all(
        (true, Confidence::Weak),
        &["LookupError: unknown encoding: idna"],
    );
    assert_all(
        (false, Confidence::Weak),
        &["LookupError: unknown encoding: idna; invalid api key"],
    );
}

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn a_lock_file_another_process_holds_lasts() {
    // Strong, so that it decides beside `EAGAIN`'s words; beside a
    // passing word that is strong itself it lasts, unsure.
    assert_all(
        (false, Confidence::Strong),
        &["IO error: lock auth_times.db/LOCK: Resource temporarily unavailable"],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            // LMDB/lmdb
            "MDB_MAP_RESIZED: Database contents grew beyond environment mapsize",
            // dgraph-io/badger#643
            "Cannot acquire directory lock on \"/tmp/badger\". Another process is using this Badger database.: resource temporarily unavailable",
        ],
    );
}

#[test]
fn renderers_parsers_patterns_workbooks_and_stores_last_surely() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // yuzutech/kroki
            "Unable to decode the source. The source is not in valid Base64 scheme.",
            // terrastruct/d2
            "reserved keywords are prohibited in edges",
            // xflr6/graphviz#162
            "ExecutableNotFound: failed to execute WindowsPath('dot'), make sure the Graphviz executables are on your systems' PATH",
            // DigitalPhonetics/adviser#5
            "graphviz.backend.ExecutableNotFound: failed to execute ['dot', '-Tpng', '-O', 'tutorial.gv'], make sure the Graphviz executables are on your systems' PATH",
            // ellson/MOTHBALLED-graphviz#1213
            "libpath/shortest.c:324: triangulation failed\nlibpath/shortest.c:192: source point not in any triangle\nError: in routesplines, Pshortestpath failed\nError: lost V1 V9 edge",
            // matplotlib/matplotlib
            "Failed to find a Ghostscript installation",
            // matplotlib/matplotlib
            "Can only output finite numbers in PDF",
            // git.launchpad.net
            "You are trying to use a Python 3-specific version of Beautiful Soup under Python 2. This will not work. The final version of Beautiful Soup to support Python 2 was 4.9.3.",
            // git.launchpad.net
            "Could not convert input to Unicode, and html.parser will not accept bytestrings.",
            // ThomasTNO/mkdocs-pdf#3
            "lxml.etree.ParserError: Document is empty",
            // lxml/lxml
            "lxml.html.clean module is now a separate project lxml_html_clean.\nInstall lxml[html-clean] or lxml_html_clean directly.",
            // buriy/python-readability#144
            "lxml.etree.SerialisationError: IO_ENCODER",
            // mozilla/readability
            "First argument to Readability constructor should be a document object.",
            // cheeriojs/cheerio#1087
            "cheerio.load() expects a string",
            // adbar/trafilatura
            "ERROR: system, file type or buffer encoding",
            // adbar/trafilatura
            "decompressed content exceeds MAX_FILE_SIZE",
            // adbar/trafilatura
            "'python' format only usable in bare_extraction() function",
            // AndyTheFactory/newspaper4k
            "input url bad format",
            // rushter/selectolax#145
            "selectolax.lexbor.SelectolaxError: Can't parse CSS selector.",
            // pypi.org
            "pytz.exceptions.AmbiguousTimeError: 2002-10-27 01:30:00",
            // pypi.org
            "pytz.exceptions.NonExistentTimeError: 2002-04-07 02:30:00",
            // bellingcat/ShadowFinder#33
            "pytz.exceptions.UnknownTimeZoneError: 'America/Coyhaique'",
            // agronholm/apscheduler#376
            "pytz.exceptions.UnknownTimeZoneError: 'Can not find any timezone configuration'",
            // dateutil/dateutil
            "String contains unknown ISO components",
            // dateutil/dateutil
            "Hour may only be 24 at 24:00:00.000",
            // ics-py/ics-py#189
            "arrow.parser.ParserError: Could not match input to any of ['YYYY-MM-DD HH:mm:ss'] on '20140101 00:00:00'",
            // arrow-py/arrow#535
            "arrow.parser.ParserError: Could not match input to any of ['YYYY.M.D'] on '20171017'",
            // python-pendulum/pendulum#349
            "ParserError: Unable to parse string [2016-1-17]",
            // sargue/java-time-jsptags#8
            "java.time.format.DateTimeParseException: Text '2018-02-06' could not be parsed at index 4",
            // sargue/java-time-jsptags#9
            "java.time.format.DateTimeParseException: Text '2018-05-01T10:30:55' could not be parsed, unparsed text found at index 10",
            // openjdk/jdk
            "Zone offset not in valid range: -18:00 to +18:00",
            // openjdk/jdk
            "No time-zone data files registered",
            // alisonthemonster/Presently#329
            "Unknown time-zone ID: America/Ciudad_Juarez",
            // JodaOrg/joda-time#258
            "org.joda.time.IllegalInstantException: Cannot parse \"2015-03-22\": Illegal instant due to time zone offset transition (Asia/Tehran)",
            // azakordonets/fabricator#27
            "org.joda.time.IllegalInstantException: Illegal instant due to time zone offset transition (daylight savings time 'gap'): 2011-03-13T02:51:00.000 (America/Los_Angeles)",
            // JodaOrg/joda-time#391
            "Fatal Exception: org.joda.time.IllegalInstantException: Cannot parse \"2016-04-01\": Illegal instant due to time zone offset transition (Asia/Amman)",
            // moment/moment-timezone#818
            "Moment Timezone has no data for Asia/Qostanay",
            // moment/moment-timezone#249
            "Moment Timezone has no data for PST. See http://momentjs.com/timezone/docs/#/data-loading/.",
            // collective/icalendar
            "END encountered without an accompanying BEGIN!",
            // unpkg.com
            "BYYEARDAY may only appear in YEARLY rules",
            // python/cpython
            "nothing to repeat",
            // autotest/tp-libvirt#5420
            "bad escape \\s at position 0",
            // amimo/dcc#27
            "sre_constants.error: bad escape \\L at position 15",
            // egbertbouman/youtube-comment-downloader#109
            "Error: bad escape \\d at position 7",
            // mrabarnett/mrab-regex
            "repeat count too big",
            // google/re2#382
            "re2.error: failed to compile Set",
            // cloudfoundry-community/jumpbox-boshrelease#64
            "jq: error (at <stdin>:171): jq was compiled without ONIGURUMA regex libary. match/test/sub and related functions are not available.",
            // gagolews/stringi#355
            "Regular expression backtrack stack overflow. (U_REGEX_STACK_OVERFLOW)",
            // jeffkaufman/icdiff#145
            "LookupError: unknown encoding: ISO-8859",
            // ejwa/gitinspector#249
            "LookupError: unknown encoding: cp65001",
            // scrapy/parsel#56
            "LookupError: unknown encoding: 'unicode'",
            // modoboa/modoboa-webmail#41
            "unknown encoding: windows-874",
            // frappe/frappe#8059
            "Expected object of type bytes or bytearray, got: <class 'str'>",
            // chardet/chardet#145
            "TypeError: string argument without an encoding",
            // chardet/chardet#56
            "Expected a bytes object, not a unicode object",
            // obophenotype/uberon#2327
            "iconv: illegal input sequence at position 12175012",
            // bminor/glibc
            "incomplete character or shift sequence at end of buffer",
            // paquettg/string-encoder#3
            "iconv(): Detected an illegal character in input string",
            // nunuhara/alice-tools#3
            "*ERROR*(../src/tools/conv.c:convert_text:35): iconv: Illegal byte sequence",
            // foss.heptapod.net
            "File contains no valid workbook part",
            // foss.heptapod.net
            "Worksheet is unsized, use calculate_dimension(force=True)",
            // python-excel/xlrd
            "Workbook is encrypted",
            // python-excel/xlrd
            "Can't find workbook in OLE2 compound document",
            // jmcnamara/XlsxWriter
            "Filesize would require ZIP64 extensions. Use workbook.use_zip64().",
            // unpkg.com
            "PNG Image File is not a spreadsheet",
            // tafia/calamine
            "No VBA project",
            // tafia/calamine
            "Continued record too short while reading extended string",
            // apache/poi
            "The supplied spreadsheet seems to be Excel 5.0/7.0 (BIFF5) format. POI only supports BIFF8 format (from Excel versions 97/2000/XP/2003)",
            // apache/poi
            "Strict OOXML isn't currently supported, please see bug #57699",
            // apache/poi
            "The supplied file was empty (zero bytes long)",
            // LMDB/lmdb
            "MDB_TXN_FULL: Transaction has too many dirty pages - transaction too big",
            // LMDB/lmdb
            "MDB_PANIC: Update of meta page failed or environment had fatal error",
            // LMDB/lmdb
            "MDB_VERSION_MISMATCH: Database environment version mismatch",
            // etcd-io/bbolt
            "database reached maximum size",
            // etcd-io/bbolt
            "database is in read-only mode",
            // dgraph-io/badger
            "Txn is too big to fit into one request",
            // dgraph-io/badger#424
            "Cannot create pid lock file \"C:\\\\Users\\\\User\\\\Desktop\\\\chain.exe\\\\datadir\\\\LOCK\".  Another process is using this Badger database: open C:\\Users\\User\\Desktop\\chain.exe\\datadir\\LOCK: The file exists.",
            // facebook/rocksdb#10447
            "You have to open all column families. Column families not opened: usertable",
            // Level/levelup#667
            "OpenError: IO error: lock ./db-users/LOCK: already held by process",
            // google/leveldb#704
            "Corruption: bad entry in block",
            // berkeleydb/libdb
            "DB_VERSION_MISMATCH: Database environment version mismatch",
            // cberner/redb
            "Previous I/O error occurred. Please close and re-open the database.",
            // cberner/redb
            "Transaction was poisoned by a panic or a failed operation",
            // spacejam/sled
            "encountered unknown version number when reading settings cookie",
        ],
    );
}

/// The refusals: a workbook protected by a password not given, an
/// encryption key that does not match.
const REFUSED: &[&str] = &[
    // calamine's and EPPlus' protected workbooks, named by the review
    "Workbook is password protected",
    "Can not open the package. Package is an OLE compound document. If this is an encrypted package, please supply the password",
    // unpkg.com
    "File is password-protected",
    // apache/poi
    "The supplied spreadsheet is protected, but no password was supplied",
    // dgraph-io/badger
    "Encryption key mismatch",
];

#[test]
fn protected_workbooks_and_wrong_keys_are_refused() {
    assert_refused_surely(REFUSED);
}

#[test]
fn what_the_review_named_lasts_or_is_refused() {
    // A LOCK file held by another process, in its first lines and its
    // Windows and NFS spellings (levelup#476, fastonosql#57), and the
    // wrapped form a line break would otherwise split.
    assert_all(
        (false, Confidence::Strong),
        &[
            "IO error: LOCK: The process cannot access the file because it is being used by another process.",
            "IO error: lock /var/lib/app/db/LOCK: No locks available",
            "Cannot acquire directory lock on \"/data/badger\". Another process is using this\nBadger database.",
        ],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            "IO error: While lock file: /root/.rocksdb/LOCK: Resource temporarily unavailable",
            // its first line alone, as a log that splits lines keeps it
            "IO error: While lock file: /root/.rocksdb/LOCK:",
        ],
    );
    // Wrapped where a terminal broke the line: the first line still
    // decides, beside `EAGAIN`'s words, unsure.
    assert_all(
        (false, Confidence::Weak),
        &["IO error: While lock file: /root/.rocksdb/LOCK:\nResource temporarily unavailable"],
    );
}

#[test]
fn what_the_review_took_out_or_narrowed_is_no_blip_or_lock() {
    // SQLite's `SQLITE_PROTOCOL` on a file system whose locks do not work
    // lasts until the database moves (charmbracelet/crush#3461,
    // NousResearch/hermes-agent#22032, shadowmoose/RedditDownloader#80),
    // beside "failed to connect" too.
    assert_all(
        (false, Confidence::Weak),
        &[
            "Failed to connect to database: locking protocol (15).",
            "sqlite3.OperationalError: locking protocol",
            "sqlalchemy.exc.OperationalError: (sqlite3.OperationalError) locking protocol",
        ],
    );
    // A distributed lock another node releases later says "already held by
    // process" too (Replicante's coordinator, its format filled in by the
    // review): no LOCK file, so not surely lasting.
    assert_not_lasting_surely(&[
        "lock 'replicante.io/cluster/refresh' is already held by process 'node-2'",
    ]);
}
