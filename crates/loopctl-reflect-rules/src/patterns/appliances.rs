//! Printer hosts, download clients, flag SDKs, backup servers and firewalls: their own words for a socket, a slot or a lock that comes back, and for an hourly allowance, a storage cap or a stale digest that does not.
//!
//! Every passing entry is weak. Sources, by family:
//!
//! - Moonraker's 503s while its socket to Klipper or Spoolman is down
//!   ("Klippy Unix Connection Not Available", "Klippy Write Request
//!   Error", "Spoolman server not available", "MQTT Disconnected"), each
//!   followed by its own reconnect loop (`klippy_connection.py`,
//!   `spoolman.py`, `mqtt.py`); the Prusa Connect SDK's "HTTP
//!   communication to Connect fails, we're getting 5XX statuses", a
//!   condition its send loop clears on the next success.
//! - qBittorrent's 409s while a magnet's metadata is still arriving
//!   ("Metadata is not yet available", "... metadata has not yet
//!   downloaded") or its torrent creator's slots are full ("Too many
//!   active tasks").
//! - LaunchDarkly's "will restart stream until successful" (its own
//!   restart of a stream whose store write failed); Seafile's "Data
//!   transfer was interrupted", a network-level error its client retries.
//! - The pfSense REST API's `MODEL_WRITE_CONFIG_LOCKED` ("Failed to write
//!   to the configuration file after multiple attempts."), sent with a
//!   `Retry-After` while another writer holds the lock; TMDb's status 25,
//!   a limit of 40 requests per ten seconds; WP-CLI's "The downloaded PHAR
//!   is broken", which asks for the same update again.
//! - Lasting: OctoPrint's "Rate limit exceeded while checking for update"
//!   (GitHub's hourly allowance for a client without a token), B2's
//!   "storage cap exceeded" (a billing cap), strong; PowerShell's "is not
//!   recognized as the name of a cmdlet", strong; Proxmox Backup Server's
//!   "file changed by other user" (the same request resends the same stale
//!   digest), ConfigCat's "refusing to redirect" and Duet's "DCS is not
//!   started", weak.
//! - Refused: "please login to proceed" (Contentstack's expired session,
//!   stronger than the generic "please login" a page banner may show),
//!   ConfigCat's "SDK Key is invalid", and requests' "403 Client Error:
//!   None for url", a 403 whose reason phrase the server left empty (a 401
//!   is refused already; GitHub's 403 "rate limit exceeded" keeps its own
//!   reason and stays a rate limit).

use super::Category::{Auth, Permanent, Quota, ServerDown, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    ("klippy unix connection not available", ServerDown, Weak),
    ("klippy write request error", Transient, Weak),
    ("spoolman server not available", ServerDown, Weak),
    ("mqtt disconnected", Transient, Weak),
    ("we're getting 5xx statuses", ServerDown, Weak),
    ("metadata is not yet available", Transient, Weak),
    ("metadata has not yet downloaded", Transient, Weak),
    ("too many active tasks", Transient, Weak),
    ("will restart stream until successful", Transient, Weak),
    ("data transfer was interrupted", Transient, Weak),
    (
        "failed to write to the configuration file after multiple attempts",
        Transient,
        Weak,
    ),
    ("is over the allowed limit of 40.", Transient, Weak),
    ("the downloaded phar is broken", Transient, Weak),
    (
        "rate limit exceeded while checking for update",
        Quota,
        Strong,
    ),
    ("storage cap exceeded", Quota, Strong),
    (
        "is not recognized as the name of a cmdlet",
        Permanent,
        Strong,
    ),
    ("file changed by other user", Permanent, Weak),
    ("refusing to redirect", Permanent, Weak),
    ("dcs is not started", Permanent, Weak),
    ("please login to proceed", Auth, Strong),
    ("sdk key is invalid", Auth, Strong),
    ("403 client error: none for url", Auth, Strong),
];
