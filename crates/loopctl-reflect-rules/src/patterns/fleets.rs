//! IoT platforms, photogrammetry and transcoding pipelines, infrastructure-as-code scanners and device fleets: their words for a gateway out of capacity for a moment and a step to run again.
//!
//! From `final88`'s misses, each in its system's own words:
//!
//! - Passing, weak: Eclipse Hono's "503 resource limit exceeded", sent
//!   with a Retry-After of seconds while its adapter sheds load (hiding
//!   the "limit exceeded" inside it); Tdarr's plugin that could not read
//!   its loudness report and asks to rerun, in its own words (ten of
//!   eleven other systems' "please rerun" ask to rerun with something
//!   changed, the review found).
//!
//! "Please ensure" (forty labelled texts, none passing) leans lasting in
//! `faint.rs`, deciding only where nothing else matched.
//!
//! Not named: cdxgen's GitHub rate limit, which asks to "Please ensure
//! GITHUB_TOKEN is set" (without a token the limit is an hour's) but which
//! the strong "rate limit exceeded" still reads as passing; Headwind
//! MDM's "internal error. Please reboot the device and retry the action",
//! whose "internal error" names a passing failure beside the advice;
//! Tdarr's node ID "already taken", which its node retried on
//! its own nine seconds later but which every other system's "already
//! taken" keeps; a 503 from ThingsBoard's error page and COLMAP's "database
//! is locked", each lasting in its thread; Orion's database alarm, cut off
//! where the cause would be.

use super::Category::{ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    // eclipse-hono/hono (protocol adapters' 503 with Retry-After)
    ("503 resource limit exceeded", ServerDown, Weak),
    // HaveAGitGat/Tdarr_Plugins (loudness normalisation)
    ("in report, please rerun", Transient, Weak),
];
