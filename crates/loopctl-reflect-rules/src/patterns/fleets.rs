//! IoT platforms, photogrammetry and transcoding pipelines, infrastructure-as-code scanners and device fleets: their words for a gateway out of capacity for a moment and a step to run again, and for a setting to make sure of first.
//!
//! From `final88`'s misses, each in its system's own words:
//!
//! - Passing, weak: Eclipse Hono's "503 resource limit exceeded", sent
//!   with a Retry-After of seconds while its adapter sheds load (hiding
//!   the "limit exceeded" inside it); Tdarr's plugin that could not read
//!   its loudness report and asks to "please rerun" (a bare rerun; a rerun
//!   of another command, Netlify's `Please rerun "netlify link"`, is read
//!   by what failed).
//! - Lasting, weak, only where the text advises no retry (`UNLESS_ADVISED`
//!   in `operators.rs`): "please ensure", forty labelled texts, none
//!   passing.
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

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

/// Words that say a failure lasts only where the text advises no retry
/// (read as `operators::UNLESS_ADVISED` is).
pub(super) const UNLESS_ADVISED: &[Pattern] = &[
    // cdxgen and the labelled files
    ("please ensure", Permanent, Weak),
];

pub(super) const PATTERNS: &[Pattern] = &[
    // eclipse-hono/hono (protocol adapters' 503 with Retry-After)
    ("503 resource limit exceeded", ServerDown, Weak),
    // HaveAGitGat/Tdarr_Plugins (loudness normalisation)
    ("please rerun", Transient, Weak),
];
