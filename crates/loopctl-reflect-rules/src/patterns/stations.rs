//! Solar and battery monitors, observatory control, weather stations, radio automation, video recorders and CNC controllers: their words for a serial frame garbled on the wire, a bus another device held, and a stream or a reconfiguration caught mid-way.
//!
//! From `final90`'s misses, each in its system's own words:
//!
//! - Passing, weak: WeeWX's station reads that "failed CRC check" or
//!   could not "pass CRC16 check while getting data" (a frame garbled on
//!   the serial line, which WeeWX reads again; the same words "while
//!   sending data" are a write the console rejected, and WeeWX's own
//!   "max batch errors" and "DMPAFT max tries" say its retries are spent,
//!   which lasts); Huawei's inverter library asking whether "another
//!   device interrupted the connection" (the inverter takes one Modbus
//!   connection at a time: a blip, or another app that stays connected
//!   until closed, so only weakly); Moonfire NVR's "stream closed before
//!   first frame" (a camera that hung up after starting, passing while it
//!   reboots, lasting if a relay always drops the session); Kerberos.io's
//!   "Already reconfiguring", a save that ends within seconds.
//!
//! Not named: N.I.N.A.'s "Camera connection lost! Please reconnect
//! camera!", a person's hand on the cable, which its strong "connection
//! lost" still reads as passing; AzuraCast's "You have attempted to log in too many times.
//! Please wait 30 seconds and try again", a login limit of seconds, which
//! stays refused surely with every login limit, since OpenMRS says the
//! same words of a lockout; WeeWX's "Max retries exceeded" and a
//! controller's refused connections, each lasting elsewhere; INDI's
//! crashed driver and rtl_433's stalled read, a hardware fault as often
//! as a blip.

use super::Category::{Permanent, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    // weewx/weewx (Vantage driver)
    ("loop buffer failed crc check", Transient, Weak),
    (
        "unable to pass crc16 check while getting data",
        Transient,
        Weak,
    ),
    // ...but not once its own retries are spent (the review)
    ("max batch errors", Permanent, Weak),
    ("dmpaft max tries", Permanent, Weak),
    // wlcrs/huawei-solar-lib
    (
        "has another device interrupted the connection",
        Transient,
        Weak,
    ),
    // scottlamb/moonfire-nvr (its streamer reopens after a second)
    ("stream closed before first frame", Transient, Weak),
    // kerberos-io/agent
    ("already reconfiguring", Transient, Weak),
];
