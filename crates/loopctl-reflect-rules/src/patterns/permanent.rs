//! Integrity failures: corrupt data and checksums that do not match, which no retry repairs.
//!
//! Sources: package managers' integrity checks (npm's `EINTEGRITY`, pip's
//! hash-checking mode, Go's module checksum database) and the storage
//! engines' own corruption messages.

use super::Category::Corrupt;
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("checksum mismatch", Corrupt, Strong),
    ("eintegrity", Corrupt, Strong),
    ("integrity checksum failed", Corrupt, Strong),
    ("do not match the hashes", Corrupt, Weak), // right 1 of 2 times it decided
    ("data corruption", Corrupt, Strong),
    ("data is corrupted", Corrupt, Strong),
    ("corrupted", Corrupt, Weak), // right 14 of 16 times it decided strongly, with `final60` counted
    // GNU tar on an archive cut short: the file on disk is incomplete.
    ("unexpected eof in archive", Corrupt, Strong),
];
