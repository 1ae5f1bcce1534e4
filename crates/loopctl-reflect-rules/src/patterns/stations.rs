//! Solar and battery monitors, observatory control, weather stations, radio automation, video recorders and CNC controllers: their words for a serial frame garbled on the wire, a bus another device held, and a stream or a reconfiguration caught mid-way.
//!
//! From `final90`'s misses, each in its system's own words:
//!
//! - Passing, weak: WeeWX's station reads that "failed CRC check" or
//!   could not "pass CRC16 check" (a frame garbled on the serial line,
//!   which WeeWX reads again); Huawei's inverter library asking whether
//!   "another device interrupted the connection" (a Modbus bus shared for
//!   a moment); Moonfire NVR's "stream closed before first frame", which
//!   it opens again after a second; Kerberos.io's "Already reconfiguring",
//!   a save still running.
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

use super::Category::Transient;
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    // weewx/weewx (Vantage driver)
    ("loop buffer failed crc check", Transient, Weak),
    ("unable to pass crc16 check", Transient, Weak),
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
