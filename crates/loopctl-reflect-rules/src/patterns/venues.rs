//! Exchanges, tills, mail servers and batch schedulers: their own words for a queue, a lock or a link that clears, and for a client used from two threads at once.
//!
//! Every entry is weak. Sources, by family:
//!
//! - Binance's `-1003` "Too much request weight used; current limit is
//!   ... per 1 MINUTE" (its replies use a semicolon, ccxt's comment a
//!   comma; a per-minute weight, which ccxt maps to `RateLimitExceeded`;
//!   not its ban, "Way too much request weight used; IP banned until
//!   ...") and `-3037` "PNL is clearing. Wait a second."; Interactive
//!   Brokers' `2103` "Market data farm connection is broken", which its own
//!   `2104` follows within seconds (the link flaps for minutes around its
//!   nightly reset).
//! - WooCommerce's wording for Stripe's temporary decline codes ("Trying
//!   again may succeed, or try another means of payment."); Epson's ePOS
//!   `ERR_DEVICE_BUSY` ("... because the printer is operating") and its
//!   full job queue ("The number of print jobs sent to the printer has
//!   exceeded the allowable limit"), which its clients retry with backoff.
//! - Mail servers' refusals for now: maddy's, Dovecot's and Postfix's 454
//!   "Temporary authentication failure" (an authentication back end that
//!   did not answer, not a refused password, which is a 535; the whole
//!   phrase hides the strong "authentication failure", weakly, so a model
//!   behind the rules still looks at it, since a back end misconfigured
//!   says the same until someone fixes it), Dovecot's mailbox busy
//!   "Finishing vsize calculation on background" (`MAIL_ERROR_INUSE`),
//!   Exim's "421 too many messages in this connection" (a fresh
//!   connection is accepted; a sender that puts too many on one
//!   connection meets it again) and its log's "Spool file for ... is
//!   locked (another process is handling this message)".
//! - AWS Batch's reason for a reclaimed spot host, "Host EC2 (instance
//!   ...) terminated.", which Nextflow retries.
//! - Lasting: MailKit's "... client is currently busy processing a
//!   command", which its FAQ traces to one client used from several
//!   threads, a fix in the caller's code.
//!
//! A second reader took out Haraka's "Split transaction, retry soon" (the
//! same send splits the same way every time) and Harbor's "Core service
//! is not available." (its login page shows it for any 5xx, a lasting
//! LDAP misconfiguration among them, and another service's "AgentCore
//! service is not available in region" holds it), and narrowed Exim's
//! lock to the words its log prints and MailKit's to its client's.

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    (
        "too much request weight used; current limit is",
        Transient,
        Weak,
    ),
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
    ("too many messages in this connection", Transient, Weak),
    (
        "is locked (another process is handling this message)",
        Transient,
        Weak,
    ),
    ("host ec2 (instance", Transient, Weak),
    (
        "client is currently busy processing a command",
        Permanent,
        Weak,
    ),
];
