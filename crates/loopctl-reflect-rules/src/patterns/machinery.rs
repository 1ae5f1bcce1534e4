//! Firmware and embedded Linux builds, kernel modules and boot tools, cameras, local speech engines, media players and binary analysis tools: their words for a full speech queue that drains, and for fetches, hashes, modules, boot partitions, cameras, models, streams and binaries that will not do.
//!
//! From `final74`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: espeak-ng's full FIFO (its header: call again after a
//!   while).
//! - Lasting: BitBake's fetch that no mirror answers, its missing host
//!   tools and its disk space monitor, Buildroot's hashes, OpenWrt's
//!   case-insensitive file system, esptool's board that never answers or
//!   port that is held, avrdude's silent programmer, git's missing
//!   commit under Mbed; modprobe's and insmod's refused insertion (an
//!   `EBUSY` there is a device another driver holds, not a blip), DKMS'
//!   failed builds, initramfs-tools', efibootmgr's and bootctl's boot
//!   partitions, a driver in use; libcamera's, picamera's, gphoto2's,
//!   OpenCV's and getUserMedia's cameras missing, held or refusing a
//!   format (weak where a hold can end); whisper.cpp's, Vosk's, Piper's,
//!   Riva's, Coqui's and DeepSpeech's models and inputs; mpv's, Icecast's,
//!   streamlink's, VLC's, Plex's and Jellyfin's options, mounts, regions
//!   and streams; Ghidra's, angr's, capstone's, LIEF's, YARA's, r2pipe's
//!   and readelf's binaries, rules and set-ups.
//! - Refused: a kernel refusing a module Secure Boot does not trust, and
//!   Kodi's client without the permission.
//!
//! A second reader narrowed "could not insert" to the module tools' own
//! words and Buildroot's "no hash found for" to its `ERROR:` line (both
//! are also what an application says beside a 503 or a time-out), took
//! out mpv's "error setting option" (a Consul wrapper's beside a refused
//! connection) and YARA's bare "scanning timed out" (a Wi-Fi or Bluetooth
//! scan's too), and named esptool's newer words for a board that is not
//! in download mode, Buildroot's line after any wrong hash, avrdude's
//! lost sync, DKMS' kernel hooks and the name espeak-ng's wrappers print.
//!
//! Not named, since their threads disagree or the words say nothing of
//! the cause: pyserial's "could not open port" (busy ports passed in two
//! labelled threads), a camera's `VIDIOC_DQBUF` "Resource temporarily
//! unavailable", libcamera's "failed to acquire camera", modprobe's
//! "Module ... is in use" (one was free a moment later), Icecast's
//! "Mountpoint in use", OpenCV's bare "select timeout", and downloads
//! from package lists that may come back.

use super::Category::{Auth, Corrupt, NotFound, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // espeak-ng: src/libespeak-ng/error.c and speak_lib.h (EE_BUFFER_FULL,
    // the name its wrappers print)
    ("the fifo buffer is full", Transient, Weak),
    ("ee_buffer_full", Transient, Weak),
    // openembedded/bitbake: lib/bb/fetch2, lib/bb/monitordisk.py,
    // meta/classes/sanity.bbclass
    ("unable to fetch url from any source", Permanent, Weak),
    ("appear to be unavailable in path", NotFound, Strong),
    ("disk space monitor action is", Permanent, Strong),
    // buildroot: support/download/check-hash
    ("has wrong sha256 hash", Permanent, Weak),
    ("incomplete download, or man-in-the-middle", Permanent, Weak),
    // weak: an application's own "No hash found for txId" may sit beside a
    // time-out
    ("error: no hash found for", Permanent, Weak),
    // openwrt: include/prereq-build.mk
    (
        "can only be built on a case-sensitive filesystem",
        Permanent,
        Strong,
    ),
    // espressif/esptool: the chip is not in its bootloader, or another
    // program holds the port (strong, so that the `EAGAIN` it quotes,
    // "Resource temporarily unavailable", does not make it a blip)
    ("timed out waiting for packet header", Permanent, Weak),
    // and its newer words for the same board (esptool/loader.py): someone
    // has to hold BOOT
    ("the chip needs to be in download mode", Permanent, Strong),
    (
        "download mode successfully detected, but getting no sync reply",
        Permanent,
        Strong,
    ),
    ("no serial data received", Permanent, Weak),
    ("the port is busy or doesn't exist", Permanent, Strong),
    ("could not exclusively lock port", Permanent, Strong),
    // avrdude
    ("programmer is not responding", Permanent, Weak),
    ("programmer did not respond to command", Permanent, Weak),
    ("not in sync: resp=", Permanent, Weak),
    // git under Mbed: the commit is not in the repository
    ("reference is not a tree", NotFound, Strong),
    // kmod, busybox: the module's own init refused it, or it is in use
    // (busybox quotes the `EAGAIN` of a module in use); the module tools'
    // own words, since an application's own "could not insert" a row may
    // sit beside a 503
    ("modprobe: error: could not insert", Permanent, Weak),
    ("insmod: error: could not insert module", Permanent, Weak),
    ("can't unload module", Permanent, Strong),
    // Secure Boot refusing an unsigned or wrongly signed module
    ("key was rejected by service", Auth, Strong),
    ("required key not available", Auth, Strong),
    // dkms
    (
        "bad return status for module build on kernel",
        Permanent,
        Strong,
    ),
    (
        "one or more modules failed to install during autoinstall",
        Permanent,
        Strong,
    ),
    ("dkms kernel_preinst for kernel", Permanent, Strong),
    ("dkms kernel_prerm for kernel", Permanent, Strong),
    // initramfs-tools, efibootmgr, systemd's bootctl, NVIDIA's container
    ("failed to determine device for /", Permanent, Strong),
    ("could not prepare boot variable", Permanent, Weak),
    ("is not a fat efi system partition", Permanent, Strong),
    (
        "could not unload nvidia driver kernel modules",
        Permanent,
        Weak,
    ),
    // raspberrypi/libcamera and rpicam-apps, picamera, gphoto2
    ("no cameras available", NotFound, Strong),
    ("camera frontend has timed out", Permanent, Weak),
    ("timed out waiting for capture to end", Permanent, Weak),
    ("could not claim the usb device", Permanent, Weak),
    ("no camera found", NotFound, Strong),
    // opencv/opencv: videoio's back ends
    ("can't grab frame", Permanent, Weak),
    ("can't open camera by index", Permanent, Weak),
    ("camera failed to properly initialize", Permanent, Weak),
    ("out device of bound", Permanent, Strong),
    // V4L2 under Motion and librealsense: another program holds it
    ("vidioc_s_input: resource busy", Permanent, Weak),
    (
        "(vidioc_s_fmt) failed last error: device or resource busy",
        Permanent,
        Weak,
    ),
    // getUserMedia: constraints the camera cannot meet, a camera another
    // application holds
    ("overconstrainederror", Permanent, Strong),
    ("constraintnotsatisfiederror", Permanent, Strong),
    ("failed to allocate videosource", Permanent, Weak),
    // ggml-org/whisper.cpp: examples/server, src/whisper.cpp
    ("no 'file' field in the request", Permanent, Strong),
    ("ffmpeg conversion failed", Permanent, Weak),
    ("failed to read audio data", Permanent, Weak),
    ("not all tensors loaded from model file", Permanent, Strong),
    ("whisper_model_load: failed to open", NotFound, Strong),
    ("failed to initialize whisper context", Permanent, Weak),
    // alphacep/vosk-api, rhasspy/piper, nvidia-riva, coqui, deepspeech
    ("failed to create a model", Permanent, Weak),
    ("expected <transitionmodel>", Permanent, Strong),
    ("failed to initialize espeak-ng", Permanent, Weak),
    ("wrong version of espeak-ng-data", Permanent, Strong),
    ("failed to set espeak-ng voice", Permanent, Weak),
    ("unavailable model requested", Permanent, Weak),
    (
        "kernel size can't be greater than actual input size",
        Permanent,
        Strong,
    ),
    (
        "failed to initialize memory mapped model",
        Permanent,
        Strong,
    ),
    // mpv-player/mpv: libmpv/client.h's error strings
    ("no audio or video data played", Permanent, Weak),
    ("failed to recognize file format", Permanent, Strong),
    // xiph/icecast-server: src/errors.h
    ("source mountpoint not starting with /", Permanent, Strong),
    ("no content-type given", Permanent, Strong),
    ("safe http method used on unsafe call", Permanent, Strong),
    // streamlink: a region or a stream that will not play; a live stream
    // that is offline, weakly
    ("not available in your region", Permanent, Strong),
    ("stream is geo-restricted", Permanent, Strong),
    (
        "streams containing i-frames only are not playable",
        Permanent,
        Strong,
    ),
    ("no playable streams found", Permanent, Weak),
    // xbmc/xbmc: xbmc/interfaces/json-rpc
    ("bad client permission", Auth, Strong),
    // VLC, Plex's and Jellyfin's transcoders
    ("vlc is unable to open the mrl", Permanent, Weak),
    (
        "the transcoder crashed or failed to start up",
        Permanent,
        Weak,
    ),
    ("the transcoder exited due to an error", Permanent, Weak),
    // jellyfin#13071: a bug, whatever its "try again later" says
    (
        "no compatible streams are currently available",
        Permanent,
        Weak,
    ),
    ("playbackerrornocompatiblestream", Permanent, Weak),
    // NationalSecurityAgency/ghidra, pyghidra
    ("decompiler process died", Permanent, Weak),
    ("ghidra was not started with pyghidra", Permanent, Strong),
    ("no binary loaded", Permanent, Strong),
    // binwalk, angr/cle, capstone, LIEF
    ("one or more files failed to extract", Permanent, Weak),
    ("all backends failed loading", Permanent, Strong),
    ("contains dt_jmprel but not dt_pltrelsz", Permanent, Strong),
    ("cs_err_version", Permanent, Strong),
    ("cs_err_detail", Permanent, Strong),
    ("lief.read_out_of_bound", Permanent, Strong),
    // VirusTotal/yara: the same file and time limit time out again (its
    // Python binding's name: the CLI's bare "scanning timed out" is also a
    // Wi-Fi or Bluetooth scan's, which passes)
    ("yara.timeouterror", Permanent, Weak),
    (
        "rules were compiled with a different version of yara",
        Permanent,
        Strong,
    ),
    ("corrupt compiled rules file", Corrupt, Strong),
    (
        "stack overflow while evaluating condition",
        Permanent,
        Strong,
    ),
    // radare2's r2pipe, binutils' readelf
    ("for r2pipe inside an event loop", Permanent, Strong),
    (
        "not an elf file - it has the wrong magic bytes",
        Permanent,
        Strong,
    ),
];
