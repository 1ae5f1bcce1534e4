//! Things a retry finds once they exist: the passing texts the hundred-and-eighth round's review found among the negations of `absence.rs`.
//!
//! `kubectl wait` run before its pods are created answers "no matching
//! resources found", and adb asked while an emulator boots answers "no
//! devices/emulators found"; each passes once the other side catches up,
//! and each would otherwise lean lasting on its "no ... found". Weak, as
//! the same words also end a wait that will never match.

use super::Category::Transient;
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    // kubernetes/kubectl (wait)
    ("no matching resources found", Transient, Weak),
    // Android's adb
    ("no devices/emulators found", Transient, Weak),
];
