//! Model files, serialization formats, linters, cryptography tools, archives and trip planners: their words for a registry, lock, keyserver or backend that comes back, and for a file, schema, key, archive or query that stays wrong.
//!
//! From `final70`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: OpenVINO Model Server's version "not loaded yet" (its
//!   status table answers UNAVAILABLE); the Confluent Schema Registry's
//!   500 while listing contexts (its client retries a 500); golangci-lint's
//!   lock held by a parallel run (it waits, then exits); gpg's failed keyserver
//!   receives (the pool answers again, in four threads of two files);
//!   tar's directory renamed under it while extracting; and hafas-client's
//!   errors that its own `shouldRetry` flag retries (an internal
//!   communication error, an unknown problem during a search, an
//!   interrupted leg query, a backend it could not reach). Each longer
//!   phrase hides the lasting words inside it ("terminated due to an
//!   error", "couldn't be established"), so none needs to be strong.
//! - Lasting: a model file or engine built for another version, device or
//!   runtime, an operator no runtime implements, a caller's workspace or
//!   time limit (golangci-lint's `--timeout`), Black's unstable or invalid
//!   output; a decode or schema error of Protocol Buffers, Avro,
//!   MessagePack, CBOR, Kafka's serializers and ajv; a linter's
//!   conflicting options, missing daemon or toolchain component; gpg's
//!   missing terminal or pinentry, OpenSSL's failed decryption and missing
//!   legacy provider, PyNaCl's failed verification; a truncated, corrupt
//!   or unsupported archive and an entry escaping the target; and a trip
//!   planner's unknown place, past date or too complex query. Refused:
//!   gpg's missing secret key, age's unmatched identity, sops' data keys
//!   no key could open, an encrypted private key given no password, and
//!   Transitland's missing secret.

use super::Category::{Auth, Input, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Passing.
    (
        "model with requested version is not loaded yet",
        Transient,
        Weak,
    ),
    ("error while listing contexts", Transient, Weak),
    ("parallel golangci-lint is running", Transient, Weak),
    ("keyserver receive failed", Transient, Weak),
    // No keyserver client to ask: gpg without dirmngr installed (final43).
    ("no dirmngr", Permanent, Strong),
    (
        "directory renamed before its status could be extracted",
        Transient,
        Weak,
    ),
    ("internal communication error", Transient, Weak),
    ("an unknown problem occured during search", Transient, Weak),
    ("leg query interrupted", Transient, Weak),
    (
        "a connection to the backend server couldn't be established",
        Transient,
        Weak,
    ),
    // Model files, engines and runtimes.
    (
        "incomplete metadata, file not fully covered",
        Permanent,
        Strong,
    ),
    ("overflow computing buffer size", Permanent, Strong),
    ("headertoolarge", Permanent, Strong),
    (
        "installed from an egg rather than a wheel",
        Permanent,
        Strong,
    ),
    ("data may be truncated or corrupt", Permanent, Strong),
    ("bfcarena::allocaterawinternal", Permanent, Weak),
    (
        "plan file is not compatible with this version of tensorrt",
        Permanent,
        Strong,
    ),
    ("try increasing the workspace size", Permanent, Strong),
    ("unresolved custom op", Permanent, Strong),
    ("unable to read the model", Permanent, Strong),
    (
        "is not registered in the openvino runtime",
        Permanent,
        Strong,
    ),
    ("model with requested version is retired", Permanent, Strong),
    // Serialization and schema registries.
    ("unknown magic byte", Input, Strong),
    ("error deserializing key/value for partition", Input, Strong),
    ("protobuf.message.decodeerror", Input, Strong),
    ("decodeerror: truncated", Input, Strong),
    ("decodeerror: field number", Input, Strong),
    (
        "input ended unexpectedly in the middle of a field",
        Input,
        Strong,
    ),
    ("illegal buffer", Input, Strong),
    ("received extra data", Input, Strong),
    ("unpack failed: incomplete input", Input, Strong),
    (
        "break code encountered where a data item was expected",
        Input,
        Strong,
    ),
    ("no default timezone has been set", Input, Strong),
    ("cyclic data structure detected", Input, Strong),
    ("avrotypeexception", Input, Strong),
    ("bigger than allowed by schema", Input, Strong),
    ("no schema with key or ref", Input, Strong),
    ("it looks like you have found a bug in", Permanent, Strong),
    // Linters, formatters and type checkers.
    (
        "timeout exceeded: try increasing it by passing --timeout",
        Permanent,
        Strong,
    ),
    ("lower than the targeted go version", Permanent, Strong),
    ("can't combine option", Input, Strong),
    ("black produced different code", Permanent, Strong),
    ("daemon is still alive", Input, Strong),
    ("no status file found", Permanent, Strong),
    ("is valid only when used with", Input, Strong),
    ("no running instance of the biome daemon", Permanent, Strong),
    ("formatting aborted due to parsing errors", Input, Strong),
    ("is not installed for the toolchain", Permanent, Strong),
    // Cryptography and signing.
    ("inappropriate ioctl for device", Permanent, Strong),
    ("signing failed: no pinentry", Permanent, Strong),
    (
        "can't connect to the agent: ipc connect call failed",
        Permanent,
        Weak,
    ),
    ("decryption failed: no secret key", Auth, Strong),
    ("evp_decryptfinal_ex:bad decrypt", Permanent, Strong),
    (
        "evp_decryptfinal_ex:wrong final block length",
        Permanent,
        Strong,
    ),
    ("unable to load provider legacy", Permanent, Strong),
    (
        "password was not given but private key is encrypted",
        Auth,
        Strong,
    ),
    ("key encrypted with unknown cipher", Input, Strong),
    ("no identity matched any of the recipients", Auth, Strong),
    ("unknown recipient type", Input, Strong),
    ("refusing to output binary to the terminal", Input, Strong),
    (
        "failed to encrypt new data key with master key",
        Auth,
        Strong,
    ),
    ("no matching creation rules found", Input, Strong),
    (
        "could not be decrypted with any of the pgp entries",
        Auth,
        Strong,
    ),
    ("ciphertext failed verification", Permanent, Strong),
    (
        "an error occurred trying to decrypt the message",
        Permanent,
        Strong,
    ),
    // Archives and compression.
    ("truncated tar archive", Permanent, Strong),
    ("tarfile.readerror", Permanent, Strong),
    ("unavailable start of archive", Permanent, Strong),
    ("refusing to overwrite archive", Input, Strong),
    ("bad crc", Permanent, Weak),
    ("crc failed", Permanent, Weak),
    ("file format not recognized", Input, Strong),
    ("compressed data is corrupt", Permanent, Strong),
    ("path escaped extraction target", Input, Strong),
    ("path excessively deep", Input, Strong),
    ("no archiver found for the stream signature", Input, Strong),
    ("bad magic number for file header", Permanent, Strong),
    ("need pk compat", Permanent, Strong),
    // Trip planners and transit feeds.
    ("query too complex", Input, Strong),
    ("departure & arrival are too near", Input, Strong),
    ("no transit times available", Permanent, Strong),
    ("origin is unknown", Input, Strong),
    ("destination is unknown", Input, Strong),
    (
        "no stops could be found within the search radius",
        Permanent,
        Strong,
    ),
    (
        "within a trivial distance of the destination",
        Input,
        Strong,
    ),
    ("no region nor coordinates given", Input, Strong),
    ("unable to parse region", Input, Strong),
    ("servicedateoutofrange", Input, Strong),
    ("noservicethatday", Permanent, Strong),
    ("argument to valid date", Input, Strong),
    ("no matching secret found", Auth, Strong),
    ("is not of a valid spec", Input, Strong),
    ("error parsing message with type", Input, Strong),
];
