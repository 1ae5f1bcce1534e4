//! Printer hosts, download clients, flag SDKs, backup servers and firewalls: their own words for a socket, a slot or a lock that comes back, and for an hourly allowance, a storage cap or a stale digest that does not.
//!
//! Every passing entry is weak. Sources, by family:
//!
//! - Moonraker's 503s while its socket to Klipper or Spoolman is down
//!   ("Klippy Unix Connection Not Available", "Klippy Write Request
//!   Error", "Spoolman server not available", and the "MQTT Disconnected"
//!   its power devices and sensors answer), each followed by its own
//!   reconnect loop (`klippy_connection.py`, `spoolman.py`, `mqtt.py`); the Prusa Connect SDK's "HTTP
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
//!   a limit of 40 requests per ten seconds, in its replies' and its
//!   documentation's forms; requests' "429 Client Error: None for url", a
//!   429 without its reason phrase (HTTP/2, or a server that sends none).
//! - Lasting: OctoPrint's "Rate limit exceeded while checking for update"
//!   (GitHub's hourly allowance for a client without a token), B2's
//!   "storage cap exceeded" (a billing cap), strong; PowerShell's "... the
//!   name of a cmdlet, function, script file, or ..." (and PowerShell 7's
//!   "a name of"), strong, whatever its "try again" says; Proxmox Backup
//!   Server's "file changed by other user" (the same request resends the
//!   same stale digest), ConfigCat's "refusing to redirect" and Duet's
//!   start errors "operating in stand-alone mode" and "refused protocol
//!   version" (the firmware's mode or version), weak.
//! - Refused: "please login to proceed" (Contentstack's expired session,
//!   stronger than the generic "please login" a page banner may show),
//!   ConfigCat's "SDK Key is invalid" and its server's "your SDK Key seems
//!   to be wrong", and requests' "403 Client Error: None for url", a 403
//!   without its reason phrase (a 401 is refused already). Over HTTP/1.1
//!   GitHub's 403 "rate limit exceeded" keeps its reason and stays a rate
//!   limit; over HTTP/2 it has none and is now refused surely, where its
//!   bare 403 was refused weakly.
//!
//! A second reader took out WP-CLI's "The downloaded PHAR is broken" (its
//! hash is checked first, so the message means a broken PHP set-up or
//! build, and it repeats) and Duet's "DCS is not started" (DCS restarts
//! itself every five seconds; a lasting failure answers with its start
//! error instead), narrowed PowerShell's sentence to the words both of its
//! versions print, and added TMDb's documented form, the 429 without its
//! reason, ConfigCat's server refusal and Duet's start errors.

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
    ("is over the allowed limit of (40)", Transient, Weak),
    ("429 client error: none for url", Transient, Weak),
    (
        "rate limit exceeded while checking for update",
        Quota,
        Strong,
    ),
    ("storage cap exceeded", Quota, Strong),
    (
        "name of a cmdlet, function, script file, or",
        Permanent,
        Strong,
    ),
    ("file changed by other user", Permanent, Weak),
    ("refusing to redirect", Permanent, Weak),
    ("operating in stand-alone mode", Permanent, Weak),
    ("refused protocol version", Permanent, Weak),
    ("please login to proceed", Auth, Strong),
    ("sdk key is invalid", Auth, Strong),
    ("your sdk key seems to be wrong", Auth, Strong),
    ("403 client error: none for url", Auth, Strong),
];
