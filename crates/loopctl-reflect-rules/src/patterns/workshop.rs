//! Native builds, audio stacks, chemistry tools, network scanners and firewalls, disk tools and image generators: their words for a transfer, stream or NVMe command that comes back, and for a device held by another program, a server that is not running, a molecule, box or buffer that will not do, and a disk that is in use.
//!
//! From `final73`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: NVMe's "Transient Transport Error" and "Command
//!   Interrupted" (libnvme's status comments: the host should retry),
//!   unless nvme-cli prints the Do Not Retry bit after them; PortAudio's
//!   `paOutputUnderflowed`, which its documentation calls non-fatal;
//!   curl's HTTP/2 stream that "was not closed cleanly" (rustup's
//!   download); WinHTTP's failed name lookup (12007) under vcpkg's
//!   downloads, read as the bare "could not resolve host" is.
//! - Lasting: ALSA's "Device or resource busy" where another program holds
//!   the card, and e2fsck's disk "opened exclusively by another program"
//!   (the bare words stay a blip); PipeWire's and PulseAudio's words when
//!   the sound server is not running; PortAudio's unavailable device and
//!   its own error table's words for parameters and streams that will not
//!   do; libnvme's errors carrying the Do Not Retry bit and a namespace
//!   limit reached; GCC killed while compiling (out of memory); node-gyp
//!   without Python; Meson's subproject without a build file; SoX, pydub,
//!   libsndfile, audioread and librosa refusing a format or a buffer; the
//!   browser's autoplay rule; RDKit's, Open Babel's, OpenMM's, GROMACS'
//!   and ASE's molecules, systems and set-ups that will not do, and
//!   simulations that blow up (weak: another seed or step may pass);
//!   masscan's and libpcap's interfaces; mitmproxy's port held and
//!   destination unknown; iptables' and firewalld's rules and daemon;
//!   scapy's file that is no capture; smartctl's, LVM's, mdadm's,
//!   parted's and e2fsprogs' disks in use, locked or needing a manual
//!   check; InvokeAI's, ComfyUI's, SD.Next's and Fooocus' models, prompts,
//!   images and drivers.
//! - Refused: NVMe's "lack of access rights", masscan's adapters seen only
//!   by root, nmap's traceroute without root, smartctl's Windows access
//!   denied (`Error=5`), cryptsetup's wrong passphrase and InvokeAI's
//!   admin-only actions.
//!
//! A second reader took out wipefs' busy disk (a udev race that a retry
//! or `udevadm settle` ended in four of five threads), PortAudio's
//! `paInputOverflowed` (four of five threads fixed it in code) and
//! Windows' bare "Only one usage of each socket address" (a client out of
//! ephemeral ports, which clears in minutes), and named the Do Not Retry
//! forms and the other words of the same systems.
//!
//! Not named: a umount's "target is busy" (udisks' maintainer: lasting
//! while a shell sits in the mount; a labelled umount passed), parted's
//! kernel that was not told of a new table (one project's fix was a longer
//! sleep, the message says to reboot), and the generic network words
//! whose rows lasted only behind a proxy, a sandbox or a week-long outage.

use super::Category::{Auth, Corrupt, NotFound, Permanent, TooLarge, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // linux-nvme/nvme-cli: libnvme/src/nvme/util.c, nvme-types-base.h
    ("transient transport error", Transient, Weak),
    ("command processing was interrupted", Transient, Weak),
    // The same two with the Do Not Retry bit set, as nvme-cli prints the
    // status after its text: a resubmission fails
    (
        "transient transport error was detected(0x4022)",
        Permanent,
        Strong,
    ),
    (
        "successfully complete the command(0x4021)",
        Permanent,
        Strong,
    ),
    // PortAudio/portaudio: src/common/pa_front.c, portaudio.h
    ("output underflowed", Transient, Weak),
    // curl's CURLE_HTTP2_STREAM (92) under rustup's downloader
    (
        "was not closed cleanly before end of the underlying stream",
        Transient,
        Weak,
    ),
    // microsoft/vcpkg#23512: ERROR_WINHTTP_NAME_NOT_RESOLVED
    ("winhttpsendrequest() failed: 12007", Transient, Weak),
    // alsa-utils' aplay and speaker-test: a service holds the card
    ("audio open error: device or resource busy", Permanent, Weak),
    ("open error: -16, device or resource busy", Permanent, Weak),
    ("open error: -16,device or resource busy", Permanent, Weak),
    // e2fsck on a mounted disk (e2fsck/unix.c)
    ("opened exclusively by another program", Permanent, Weak),
    // PipeWire's, its clients' and PulseAudio's words with no server
    // running
    ("failed to connect: host is down", Permanent, Weak),
    ("pw_context_connect() failed: host is down", Permanent, Weak),
    ("failed to create core: host is down", Permanent, Weak),
    (
        "pa_context_connect() failed: connection refused",
        Permanent,
        Weak,
    ),
    // PortAudio's paDeviceUnavailable as PyAudio and sounddevice print it
    ("[errno -9985]", Permanent, Weak),
    ("[paerrorcode -9985]", Permanent, Weak),
    // PortAudio's own table (pa_front.c)
    ("illegal combination of i/o devices", Permanent, Strong),
    ("can't read from a callback stream", Permanent, Strong),
    ("can't write to a callback stream", Permanent, Strong),
    ("can't read from an output only stream", Permanent, Strong),
    ("can't write to an input only stream", Permanent, Strong),
    (
        "incompatible host api specific stream info",
        Permanent,
        Strong,
    ),
    ("invalid sample rate", Permanent, Strong),
    ("invalid number of channels", Permanent, Strong),
    ("host api not found", NotFound, Strong),
    // libnvme: an internal error with the Do Not Retry bit (0x4000) set,
    // strong since the bit says a resubmission fails (and NVMe's
    // "status: INTERNAL" reads as gRPC's passing code), and the namespace
    // limit
    ("internal error(0x4006)", Permanent, Strong),
    (
        "number of namespaces supported has been exceeded",
        Permanent,
        Strong,
    ),
    ("denied due to lack of access rights", Auth, Strong),
    // GCC's compiler killed by the kernel, out of memory; weak, since
    // fewer parallel jobs pass
    ("internal compiler error: killed", Permanent, Weak),
    // nodejs/node-gyp: lib/find-python.js
    ("can't find python executable", NotFound, Strong),
    // mesonbuild/meson
    (
        "subproject exists but has no meson.build file",
        Permanent,
        Strong,
    ),
    // SoX, pydub, libsndfile, audioread, librosa
    ("no handler for file extension", Permanent, Strong),
    ("no handler for given file type", Permanent, Strong),
    ("no handler for detected file type", Permanent, Strong),
    ("unable to load mad decoder library", Permanent, Strong),
    ("couldntdecodeerror", Permanent, Strong),
    ("unable to process >4gb files", TooLarge, Strong),
    ("file contains data in an unknown format", Permanent, Strong),
    (
        "file contains data in an unimplemented format",
        Permanent,
        Strong,
    ),
    // libsndfile's own internal error, which the generic "internal error"
    // would read as a server failing
    ("sf_info struct incomplete", Permanent, Weak),
    ("format not recognised", Permanent, Strong),
    ("audioread.exceptions.nobackenderror", NotFound, Strong),
    ("audio buffer is not finite everywhere", Permanent, Strong),
    // Chrome's autoplay policy: only a user's gesture lets it play
    (
        "because the user didn't interact with the document first",
        Permanent,
        Strong,
    ),
    // rdkit/rdkit, openbabel/openbabel
    ("explicit valence for atom", Permanent, Strong),
    ("can't kekulize mol", Permanent, Strong),
    ("marked aromatic", Permanent, Strong),
    ("bad conformer id", Permanent, Strong),
    ("could not embed molecule", Permanent, Weak),
    ("inchi format not available", Permanent, Strong),
    ("could not setup force field", Permanent, Strong),
    ("molecule failed to charge", Permanent, Weak),
    // openmm/openmm: a simulation that blew up (weak: another seed or
    // step may pass), a platform or device missing, an old checkpoint
    ("particle coordinate is nan", Permanent, Weak),
    ("energy is nan", Permanent, Weak),
    (
        "no compatible opencl platform is available",
        Permanent,
        Strong,
    ),
    (
        "checkpoint was created with a different version of openmm",
        Permanent,
        Strong,
    ),
    ("cuda_error_no_device", Permanent, Strong),
    // gromacs: docs/user-guide/run-time-errors.rst and its sources
    ("no force fields found", NotFound, Strong),
    (
        "longer than half the shortest box vector",
        Permanent,
        Strong,
    ),
    (
        "an input file contains a line longer than",
        Permanent,
        Strong,
    ),
    ("use the -maxwarn option", Permanent, Strong),
    ("found a second defaults directive", Permanent, Strong),
    ("there is no domain decomposition for", Permanent, Strong),
    ("software inconsistency error", Permanent, Weak),
    ("force on at least one atom is not finite", Permanent, Weak),
    (
        "moved too far between two domain decomposition steps",
        Permanent,
        Weak,
    ),
    // ase (and SciPy's optimizer under it)
    ("atoms object has no calculator", Permanent, Strong),
    ("calculator has no atoms", Permanent, Strong),
    (
        "desired error not necessarily achieved due to precision loss",
        Permanent,
        Weak,
    ),
    // robertdavidgraham/masscan, the-tcpdump-group/libpcap
    ("could not determine default interface", Permanent, Strong),
    ("target ip address list empty", Permanent, Strong),
    ("failed to detect router for interface", Permanent, Weak),
    ("no adapters found, are you sure you are root", Auth, Strong),
    // nmap: nmap.cc
    ("traceroute has to be run as root", Auth, Strong),
    ("the interface disappeared", Permanent, Weak),
    // mitmproxy's listening port held (asyncio's words for a server's
    // bind); not Windows' bare WSAEADDRINUSE, which a client out of
    // ephemeral ports also meets (dotnet/corefx#38911)
    ("error while attempting to bind on address", Permanent, Weak),
    ("request destination unknown", Permanent, Strong),
    // iptables, firewalld (firewall-cmd has already waited for it)
    (
        "bad rule (does a matching rule exist in that chain?)",
        Permanent,
        Strong,
    ),
    ("no chain/target/match by that name", NotFound, Strong),
    ("firewalld is not running", Permanent, Weak),
    ("failed: iptables-restore: line", Permanent, Weak),
    // secdev/scapy
    ("not a pcap capture file", Permanent, Strong),
    // smartmontools, lvm2, cryptsetup, mdadm, parted, e2fsprogs
    ("a mandatory smart command failed", Permanent, Strong),
    ("open failed, error=5", Auth, Strong),
    ("locked by other host", Permanent, Weak),
    ("global lock failed: error -210", Permanent, Weak),
    ("without -ff", Permanent, Strong),
    ("no key available with this passphrase", Auth, Strong),
    ("not suitable for any style of array", Permanent, Strong),
    (
        "is being used. are you sure you want to continue",
        Permanent,
        Weak,
    ),
    ("will not make a filesystem here", Permanent, Strong),
    ("run fsck manually", Corrupt, Strong),
    ("disk write-protected; use the -n option", Permanent, Strong),
    (
        "filesystem revision is apparently too high",
        Permanent,
        Strong,
    ),
    // invoke-ai/InvokeAI, Comfy-Org/ComfyUI, vladmandic/sdnext,
    // lllyasviel/Fooocus
    ("unable to identify model format", Permanent, Strong),
    ("no model found with these attributes", NotFound, Strong),
    ("only admins can", Auth, Strong),
    ("prompt has no outputs", Permanent, Strong),
    ("init image is none", Permanent, Strong),
    ("found no nvidia driver on your system", Permanent, Strong),
    ("nvidia driver too old", Permanent, Strong),
];
