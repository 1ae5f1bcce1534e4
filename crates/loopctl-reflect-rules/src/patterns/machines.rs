//! Hypervisors and network devices: which of their own faults their management clients wait out, and which they give up on.
//!
//! Every entry is weak: a lock or a daemon that is busy for seconds in one
//! report can be stuck for good in another, so `rules+llm` hands what these
//! decide to the model. Sources, by family:
//!
//! - VirtualBox: `VBOX_E_INVALID_OBJECT_STATE` for a machine "already locked
//!   by a session" while another `VBoxManage` call holds it; Packer's
//!   VirtualBox plugin retries such calls, a minute apart.
//! - oVirt: a disk or VM "in Image Locked status" while a snapshot or copy
//!   runs; the engine releases the lock when the task ends.
//! - vSphere: govmomi's `fault.IsTransientError` lists `HostCommunication`
//!   (the host did not answer vCenter) among the faults it retries.
//! - Proxmox VE: the Terraform provider's `IsTransientAPIError` retries "got
//!   no worker upid", a task worker that could not be started yet.
//! - Xen Orchestra retries XAPI's `VDI_IN_USE` while another operation holds
//!   the disk.
//! - Junos: "management daemon not responding" while `mgd` is still
//!   starting after a boot.
//!
//! Left out after a review: SNMPv3's "Unknown SNMP engine ID" and "not in
//! windows of trust", which pysnmp and net-snmp already retry themselves
//! (what reaches a tool is the retry that failed: a wrong engine id or
//! clock, in their threads), and Ansible's "command timeout triggered",
//! which real threads show passing on some runs and failing on others until
//! `ansible_command_timeout` is raised.

use super::Category::{ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    (
        "already locked by a session (or being locked or unlocked)",
        Transient,
        Weak,
    ),
    (
        "already locked for a session (or being unlocked)",
        Transient,
        Weak,
    ),
    ("in image locked status", Transient, Weak),
    ("vmodl.fault.hostcommunication", ServerDown, Weak),
    ("got no worker upid", Transient, Weak),
    ("vdi_in_use", Transient, Weak),
    ("management daemon not responding", ServerDown, Weak),
];
