//! Managed machines, printers and key services: their agents' and hosts' own words for a wait that ends by itself, and for one that waits on a person.
//!
//! Every entry is weak. Sources, by family:
//!
//! - Moonraker (`klippy_connection.py`): "Klippy Disconnected" while
//!   Klipper restarts (a firmware restart, a configuration reload);
//!   Moonraker reconnects by itself. Not its "Klippy Host not connected",
//!   which clients print as often for a Klipper service that is stopped or
//!   misconfigured.
//! - OctoPrint's plugin manager answers 409 "There's already a plugin being
//!   installed" while another install runs; its printer API answers 409
//!   "Printer is not operational or currently busy" while a print (hours)
//!   runs or the printer is disconnected, which does not pass in minutes.
//! - blender-mcp: "Make sure the Blender addon is running" waits on a
//!   person to start the add-on in Blender.
//! - Intune's app-install error reference: "Later attempts should succeed
//!   in a better network environment.", its whole clause: a bare "later
//!   attempts should succeed" also sits before a condition a person must
//!   meet.
//! - Chocolatey (`Start-ChocolateyProcessAsAdmin.ps1`): an installer that
//!   "cannot proceed ... until you restart the system. Please reboot and
//!   try again." needs a restart first.
//! - Puppet's agent: "you might still need to sign this agent's
//!   certificate" waits on an administrator to sign it on the CA.
//! - Fleet's osquery enrollment: "Remote hostname missing" is an
//!   enrollment URL with no host, a setting.
//!
//! Cloud KMS' key version "is not enabled, current state is:
//! PENDING_GENERATION" passes once the key is generated, but its gRPC code,
//! `FailedPrecondition`, reads as lasting beside it, and one text is no
//! ground to overrule that.

use super::Category::{Auth, Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    ("klippy disconnected", ServerDown, Weak),
    ("already a plugin being installed", Transient, Weak),
    (
        "printer is not operational or currently busy",
        Permanent,
        Weak,
    ),
    ("make sure the blender addon is running", Permanent, Weak),
    (
        "later attempts should succeed in a better network environment",
        Transient,
        Weak,
    ),
    ("please reboot and try again", Permanent, Weak),
    ("need to sign this agent's certificate", Auth, Weak),
    ("remote hostname missing", Permanent, Weak),
];
