//! Model files, serialization formats, linters, cryptography tools, archives and trip planners: their words for a registry, lock or backend that comes back, and for a file, schema, key, archive or query that stays wrong.
//!
//! From `final70`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: the Confluent Schema Registry's 500 while listing
//!   contexts (its client retries a 500); golangci-lint's lock held by a
//!   parallel run (it waits, then exits); and hafas-client's errors that
//!   its own `shouldRetry` flag retries (an internal communication error,
//!   an unknown problem during a search, an interrupted leg query, a
//!   backend it could not reach). Each longer phrase hides the lasting
//!   words inside it ("terminated due to an error", "couldn't be
//!   established"), so none needs to be strong.
//! - Lasting: a model file or engine built for another version, device or
//!   runtime, an operator no runtime implements, a caller's workspace or
//!   time limit (golangci-lint's `--timeout`), Black's unstable output; a
//!   decode or schema error of Protocol Buffers, Avro, MessagePack, CBOR,
//!   Kafka's serializers and ajv; a linter's conflicting options, missing
//!   daemon or toolchain component; gpg's signing without a terminal,
//!   pinentry or typed passphrase, OpenSSL's failed decryption in its 1.1
//!   and 3 spellings and missing legacy provider, PyNaCl's failed
//!   verification; gpg without dirmngr and the keyserver pool whose DNS
//!   was withdrawn (weakly); a truncated, corrupt or unsupported archive
//!   and an entry escaping the target; and a trip planner's unknown place,
//!   past date or too complex query. Refused: gpg's missing secret key and
//!   bad passphrase, age's unmatched identity, sops' data keys no key
//!   could open, an encrypted private key given no password, the Schema
//!   Registry's 401 and 403 codes, Apicurio's `NotAuthorizedException`
//!   and Transitland's missing secret.
//!
//! A second reader took out four: gpg's "keyserver receive failed" (the
//! reason after it decides, and the pool's withdrawn DNS lasts for good),
//! tar's "Directory renamed before its status could be extracted"
//! (lasting in every thread it found, a file system's or a command's
//! fault), OpenVINO Model Server's "Model with requested version is not
//! loaded yet" (also its answer after a load failed, until someone fixes
//! the configuration) and the bare "Inappropriate ioctl for device"
//! (`stty`'s noise in many logs, which would outweigh the real failure);
//! it made MessagePack's "received extra data" weak, in its own spelling
//! (python-can's UDP bus meets it when two datagrams merge, and a retry
//! passes), and buf's "you have found a bug" (buf appends whatever error
//! it hit).

use super::Category::{Auth, Input, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // Passing.
    ("error while listing contexts", Transient, Weak),
    ("parallel golangci-lint is running", Transient, Weak),
    // No keyserver client to ask: gpg without dirmngr installed (final43),
    // and the pool whose DNS records were withdrawn for good.
    ("no dirmngr", Permanent, Strong),
    ("keyserver receive failed: no name", Permanent, Weak),
    (
        "keyserver receive failed: no keyserver available",
        Permanent,
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
    ("metadataincompletebuffer", Permanent, Strong),
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
    // The Schema Registry's 401 and 403 codes and its RBAC refusal, and
    // Apicurio's.
    ("error code: 40101", Auth, Strong),
    ("error code: 40301", Auth, Strong),
    ("user is denied operation", Auth, Strong),
    ("notauthorizedexception", Auth, Strong),
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
    ("unpack(b) received extra data", Input, Weak),
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
    ("it looks like you have found a bug in", Permanent, Weak),
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
    (
        "signing failed: inappropriate ioctl for device",
        Permanent,
        Strong,
    ),
    ("signing failed: no pinentry", Permanent, Strong),
    // Pinentry waiting for a passphrase nobody types.
    ("signing failed: timeout", Permanent, Strong),
    ("signing failed: no secret key", Auth, Strong),
    ("signing failed: bad passphrase", Auth, Strong),
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
    // OpenSSL 3's spellings of the same two failures.
    ("provider routines::bad decrypt", Permanent, Strong),
    (
        "provider routines::wrong final block length",
        Permanent,
        Strong,
    ),
    ("ossl_cipher_unpadblock:bad decrypt", Permanent, Strong),
    (
        "ossl_cipher_generic_block_final:wrong final block length",
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
