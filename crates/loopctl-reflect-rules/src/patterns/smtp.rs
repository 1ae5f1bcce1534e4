//! SMTP replies with an enhanced status code, read by the code's class: RFC 3463's class 4 is a "persistent transient failure", after which "sending in the future may be successful", and class 5 a permanent one.
//!
//! Mail servers answer a refused message with a reply code and an enhanced
//! status code, `450 4.2.0 ... Greylisted` or `550 5.1.1 ... does not
//! exist`, and the first digit of both says whether to try again later
//! (RFC 5321's 4yz, "transient negative completion"). The literal is the
//! reply code and the class (`450 4.`), and it counts only where a subject
//! and a detail number follow (`names.rs`), so `450 4.5ms` is no reply. A
//! class-4 reply passes weakly: a greylisting server or a full mailbox
//! lets a later attempt through, but not always within minutes. RFC 4954's
//! 530 and 535 are refused credentials.

use super::Category::{Auth, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("421 4.", Transient, Weak),
    ("450 4.", Transient, Weak),
    ("451 4.", Transient, Weak),
    ("452 4.", Transient, Weak),
    ("454 4.", Transient, Weak),
    ("421-4.", Transient, Weak),
    ("450-4.", Transient, Weak),
    ("451-4.", Transient, Weak),
    ("452-4.", Transient, Weak),
    ("550 5.", Permanent, Weak),
    ("551 5.", Permanent, Weak),
    ("552 5.", Permanent, Weak),
    ("553 5.", Permanent, Weak),
    ("554 5.", Permanent, Weak),
    ("550-5.", Permanent, Weak),
    ("554-5.", Permanent, Weak),
    ("530 5.", Auth, Strong),
    ("535 5.", Auth, Strong),
];
