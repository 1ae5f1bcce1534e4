//! Exchanges, tills, mail servers, registries and batch schedulers: their own words for a queue, a lock or a link that clears, and for a client used from two threads at once.
//!
//! Every entry is weak. Sources, by family:
//!
//! - Binance's `-1003` "Too much request weight used, current limit is
//!   ... per 1 MINUTE" (a per-minute weight, which ccxt maps to
//!   `RateLimitExceeded`; not its ban, "Way too much request weight used;
//!   IP banned until ...") and `-3037` "PNL is clearing. Wait a second.";
//!   Interactive Brokers' `2103` "Market data farm connection is broken",
//!   which its own `2104` follows within a second.
//! - Stripe Terminal's message for a temporary decline ("Trying again may
//!   succeed, or try another means of payment."); Epson's ePOS
//!   `ERR_DEVICE_BUSY` ("... because the printer is operating") and its
//!   full job queue ("The number of print jobs sent to the printer has
//!   exceeded the allowable limit"), which its clients retry with backoff.
//! - Mail servers' refusals for now: maddy's, Dovecot's and RFC 4954's 454
//!   "Temporary authentication failure" (an authentication back end that
//!   did not answer, not a refused password, which is a 535; the whole
//!   phrase hides the strong "authentication failure", weakly, so a model
//!   behind the rules still looks at it), Dovecot's mailbox busy
//!   "Finishing vsize calculation on background" (`MAIL_ERROR_INUSE`),
//!   Haraka's soft "Split transaction, retry soon", Exim's "421 too many
//!   messages in this connection" (a fresh connection is accepted) and its
//!   "spool file locked" (another Exim process holds the message).
//! - Harbor's "Core service is not available." while its core starts;
//!   AWS Batch's reason for a reclaimed spot host, "Host EC2 (instance
//!   ...) terminated.", which Nextflow retries.
//! - Lasting: MailKit's "... is currently busy processing a command",
//!   which its FAQ traces to one client used from several threads, a fix
//!   in the caller's code.

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    (
        "too much request weight used, current limit is",
        Transient,
        Weak,
    ),
    ("pnl is clearing", Transient, Weak),
    ("market data farm connection is broken", ServerDown, Weak),
    ("trying again may succeed", Transient, Weak),
    ("because the printer is operating", Transient, Weak),
    (
        "print jobs sent to the printer has exceeded the allowable limit",
        Transient,
        Weak,
    ),
    ("temporary authentication failure", Transient, Weak),
    ("finishing vsize calculation on background", Transient, Weak),
    ("split transaction, retry soon", Transient, Weak),
    ("too many messages in this connection", Transient, Weak),
    ("spool file locked", Transient, Weak),
    ("core service is not available", ServerDown, Weak),
    ("host ec2 (instance", Transient, Weak),
    ("is currently busy processing a command", Permanent, Weak),
];
