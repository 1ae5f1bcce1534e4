//! The eighty-fourth round, read after `final74.jsonl` was measured: firmware and embedded Linux builds, kernel modules and boot tools, cameras, local speech engines, media players and binary analysis tools.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_refused_beside, assert_refused_surely};

/// The round's passing text, from espeak-ng's own header: passing,
/// weakly, and still refused beside a credential word.
const WEAK_PASSING: &[&str] = &[
    // espeak-ng/espeak-ng (src/libespeak-ng/error.c), and the enum name
    // its wrappers print
    "The FIFO buffer is full",
    "espeak_Synth returned EE_BUFFER_FULL",
];

#[test]
fn a_full_speech_queue_passes_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn modules_secure_boot_does_not_trust_and_clients_without_permission_are_refused() {
    assert_refused_surely(&[
        // lolo101/px1800kbd#10, JafarAkhondali/acer-predator-turbo-and-rgb-keyboard-linux-module#113
        "modprobe: ERROR: could not insert 'px1800kbd': Key was rejected by service",
        "insmod: ERROR: could not insert module src/facer.ko: Key was rejected by service",
        "modprobe: ERROR: could not insert 'nvhda': Required key not available",
        // xbmc/xbmc (xbmc/interfaces/json-rpc/JSONRPC.cpp)
        "Bad client permission.",
    ]);
}

#[test]
fn builds_boot_partitions_models_streams_and_binaries_that_will_not_do_last() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // WebPlatformForEmbedded/meta-wpe#151, openembedded/bitbake (lib/bb/monitordisk.py)
            "The following required tools (as specified by HOSTTOOLS) appear to be unavailable in PATH, please install them in order to proceed:\n  chrpath makeinfo",
            "No new tasks can be executed since the disk space monitor action is \"STOPTASKS\"!",
            // buildroot/buildroot#19, openwrt (include/prereq-build.mk)
            "OpenWrt can only be built on a case-sensitive filesystem",
            // Alphatronics/mbed-os-example-canopen#2
            "fatal: reference is not a tree\u{ff1a}a8e50277052bfb3194358eda21b663a065265d7d\n[mbed] ERROR: Unable to update \"CANopenNode\" to rev #a8e50277052b",
            // tomaspinho/rtl8821ce#63, dkms-project/dkms#472
            "Error! Bad return status for module build on kernel: 5.2.8-arch1-1-ARCH (x86_64)\nConsult /var/lib/dkms/rtl8821ce/v5.5.2_34066.20190614/build/make.log for more information.",
            "Error! One or more modules failed to install during autoinstall.\nRefer to previous errors for more information.",
            // dkms-project/dkms (dkms.in's two kernel hooks, filled here)
            "Error! dkms kernel_preinst for kernel 6.8.0-31-generic (x86_64) failed for module(s) nvidia/550.67.",
            "Error! dkms kernel_prerm for kernel 6.8.0-31-generic (x86_64) failed for module(s) nvidia/550.67.",
            // espressif/esptool (esptool/loader.py): someone has to hold BOOT
            "Wrong boot mode detected (0x13)! The chip needs to be in download mode.",
            "Download mode successfully detected, but getting no sync reply: The serial TX path seems to be down.",
            // RPi-Distro/repo#408, systemd/systemd#4024
            "mkinitramfs: failed to determine device for /",
            "File system \"/boot\" is not a FAT EFI System Partition (ESP) file system.",
            // raspberrypi/rpicam-apps#828, gphoto/gphoto2#61
            "ERROR: *** no cameras available ***",
            "*** Error: No camera found. ***",
            // computervisioneng/color-detection-opencv#1
            "OpenCV: out device of bound (0-0): 2\nOpenCV: camera failed to properly initialize!",
            // twilio/twilio-video.js#1473, samdutton/simpl#62
            "Call to getUserMedia failed: OverconstrainedError {name: \"OverconstrainedError\", message: \"\", constraint: \"width\"}",
            "NavigatorUserMediaError {constraintName: \"minHeight\", message: \"\", name: \"ConstraintNotSatisfiedError\"}",
            // ggml-org/whisper.cpp (examples/server/server.cpp), #483; thewh1teagle/vibe#430
            "{\"error\":\"no 'file' field in the request\"}",
            "whisper_model_load: failed to open 'models/ggml-tiny.bin'",
            "whisper_model_load: ERROR not all tensors loaded from model file - expected 947, got 3",
            // alphacep/vosk-api#1745, rhasspy/piper#86
            "Failed to read token [started at file position -1], expected <TransitionModel>",
            "Error: Wrong version of espeak-ng-data at '/home/piper/piper/espeak-ng-data' (expected 0x14801, got 0x68542023).",
            // coqui-ai/TTS#1270, mozilla/DeepSpeech-examples#153
            "RuntimeError: Calculated padded input size per channel: (18). Kernel size: (25). Kernel size can't be greater than actual input size",
            "RuntimeError: CreateModel failed with 'Failed to initialize memory mapped model.' (0x3000)",
            // mpv-player/mpv#7883, xiph/Icecast-Server (src/errors.c)
            "Failed to recognize file format.",
            "source mountpoint not starting with /",
            "No Content-type given",
            "Safe HTTP method used on unsafe call",
            // streamlink/streamlink (plugins/lnk.py, plugins/mediavitrina.py, stream/hls/hls.py)
            "The stream is not available in your region",
            "Stream is geo-restricted",
            "Streams containing I-frames only are not playable",
            // CreepNT/VitaLoaderRedux#23, ghidra (pyghidra/mcp/errors.py)
            "detail: Ghidra was not started with PyGhidra. Python is not available",
            "No binary loaded. Use load_binary first.",
            // angr/cle#14, angr/cle (backends/elf/elf.py)
            "cle.errors.CLEError: All backends failed loading /home/hcq/binwalk/bin/c.bin!",
            "Dynamic section contains DT_JMPREL but not DT_PLTRELSZ",
            // capstone-engine/capstone (cs.c), lief-project/LIEF#7
            "Different API version between core & binding (CS_ERR_VERSION)",
            "lief.read_out_of_bound: Offset: 0xc0312ab3 is bigger than the binary size",
            // VirusTotal/yara (cli/yara.c)
            "rules were compiled with a different version of YARA",
            "corrupt compiled rules file.",
            "stack overflow while evaluating condition (see --stack-size argument) ",
            // radareorg/radare2-r2pipe (python/r2pipe/open_async.py), Cheb57/binutils-tricore#3
            "Use 'async with' for r2pipe inside an event loop",
            "readelf: Error: Not an ELF file - it has the wrong magic bytes at the start",
        ],
    );
}

#[test]
fn fetches_holds_timeouts_and_failed_set_ups_last_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // WindRiver-OpenSourceLabs/wr-core#81
            "Function failed: Fetcher failure for URL: 'http://neil.brown.name/wiggle/wiggle-1.0.tar.gz'. Unable to fetch URL from any source.",
            // buildroot/buildroot#19, skiffos/buildroot#16
            "ERROR: No hash found for gcc-4.9.3.tar.bz2",
            "ERROR: containerd-1.5.7.tar.gz has wrong sha256 hash:\nERROR: expected: 7d8f7014a74b063da9cdf7fe8673db8dc338747efdbb9b6a6a919d5137b1987e\nERROR: got     : 09be0cedea77568029aa0c7be9a323b89fa6886b402b5d223780a05b8c7cd45a",
            // espressif/esptool#376
            "/dev/ttyUSB0 failed to connect: Failed to connect to Espressif device: Timed out waiting for packet header\nA fatal error occurred: All of the 1 available serial ports could not connect to a Espressif device.",
            // espressif/esptool#1051, vscode-esp-idf-extension#1494: strong,
            // but beside "failed to connect" and the `EAGAIN` they quote
            "COM12 failed to connect: Could not open COM12, the port is busy or doesn't exist.",
            "A fatal error occurred: Could not open /dev/ttyUSB1, the port is busy or doesn't exist.\n([Errno 11] Could not exclusively lock port /dev/ttyUSB1: [Errno 11] Resource temporarily unavailable)",
            // damellis/attiny#56, redbear/STM32-Arduino#2
            "avrdude: stk500_recv(): programmer is not responding",
            "avrdude: error: programmer did not respond to command: write block",
            // macmpi/alpine-linux-headless-bootstrap#58
            "rmmod: can't unload module 'brcmfmac': Resource temporarily unavailable.",
            // rhboot/efibootmgr#84, NVIDIA/gpu-driver-container#869
            "Could not prepare Boot variable: Inappropriate ioctl for device",
            "Could not unload NVIDIA driver kernel modules, driver is in use",
            // raspberrypi/rpicam-apps#650, waveform80/picamera#242, gphoto/libgphoto2#617
            "Dequeue timer of 5000000.00us has expired! ERROR: Camera frontend has timed out!",
            "picamera.exc.PiCameraRuntimeError: Timed out waiting for capture to end",
            "An error occurred in the io-library ('Could not claim the USB device')",
            // hacksider/Deep-Live-Cam#194, ExpiredPopsicle/SnekStudio#58
            "CvCapture_MSMF::grabFrame videoio(MSMF): can't grab frame. Error: -2147483638",
            "open VIDEOIO(V4L2:/dev/video0): can't open camera by index",
            // Motion-Project/motion#1301, realsenseai/librealsense#1828:
            // "busy" alone would pass
            "v4l2_input_select: Error selecting input 0 VIDIOC_S_INPUT: Resource busy",
            "xioctl(VIDIOC_S_FMT) failed Last Error: Device or resource busy",
            // peers/peerjs#367
            "NotReadableError: Failed to allocate videosource",
            // ggml-org/whisper.cpp (examples/server/server.cpp), #483
            "{\"error\":\"FFmpeg conversion failed.\"}",
            "{\"error\":\"failed to read audio data\"}",
            "error: failed to initialize whisper context",
            // alphacep/vosk-api#1473, rhasspy/piper, nvidia-riva/tutorials#78
            "Exception: Failed to create a model",
            "Failed to initialize eSpeak-ng",
            "RuntimeError: Failed to set eSpeak-ng voice",
            "RPC failed: Error: Unavailable model requested. Lang: en-US, Type: offline",
            // mpv-player/mpv (player/client.c)
            "no audio or video data played",
            // streamlink/streamlink#1472, streamlink-twitch-gui#670
            "error: No playable streams found on this URL: https://www.youtube.com/watch?v=vE58KB1AoiA",
            "Your input can't be opened:\nVLC is unable to open the MRL 'file://./pipe/streamlinkpipe-4632'. Check the log for details.",
            // linuxserver/docker-plex#95, jaymoulin/docker-plex#23
            "Conversion failed. The transcoder crashed or failed to start up. Its exit code was 1",
            "Conversion failed. The transcoder exited due to an error.",
            // jellyfin/jellyfin#281 (a bug, whatever "try again later" says), #2048
            "No compatible streams are currently available. Please try again later or contact your system administrator for details.",
            "Playback error: PlaybackErrorNoCompatibleStream",
            // NationalSecurityAgency/ghidra#6005, Zeecka/AperiSolve#70
            "Exception while decompiling 102135454: Decompiler process died",
            "WARNING: One or more files failed to extract: either no utility was found or it's unimplemented",
            // capstone-engine/capstone (cs.c): strong, but beside "unavailable"
            "Details are unavailable (CS_ERR_DETAIL)",
            // VirusTotal/yara-python: its time-out, by its class name
            "yara.TimeoutError: scanning timed out",
            // espressif/esptool (esptool/loader.py): no answer from a board
            // that is not in download mode
            "A fatal error occurred: Failed to connect to ESP32: No serial data received.",
            // the same, strong, but beside "Failed to connect"
            "A fatal error occurred: Failed to connect to ESP32: Wrong boot mode detected (0x13)! The chip needs to be in download mode.",
            // avrdude's lost sync with the bootloader
            "avrdude: stk500_getsync() attempt 10 of 10: not in sync: resp=0x00",
            // buildroot (support/download/check-hash): after a wrong hash of
            // any algorithm
            "ERROR: Incomplete download, or man-in-the-middle (MITM) attack",
        ],
    );
}

#[test]
fn a_refused_module_insertion_lasts_whatever_errno_it_quotes() {
    // kmod's "could not insert" with the `EBUSY` of a device another driver
    // holds: "busy" alone would pass.
    assert_all(
        (false, Confidence::Weak),
        &[
            "modprobe: ERROR: could not insert 'rtl8812au': Device or resource busy",
            "insmod: ERROR: could not insert module lake_kapi.ko: Device or resource busy",
        ],
    );
    assert_all((true, Confidence::Weak), &["Device or resource busy"]);
}

#[test]
fn what_the_second_reader_narrowed_or_took_out_passes_beside_a_blip() {
    // An application's own words beside a passing failure: the module
    // tools', Buildroot's, mpv's and YARA's CLI's words no longer decide.
    assert_all(
        (true, Confidence::Weak),
        &[
            "Could not insert new reply: {\"code\":\"503\",\"message\":\"Service Unavailable\"}",
            "could not insert the data: dial tcp 127.0.0.1:27017: connect: connection refused",
            "Error: No hash found for txId (cause: connect ETIMEDOUT 10.0.0.7:443)",
            "error setting option: Get \"http://127.0.0.1:8500/v1/agent/self\": dial tcp 127.0.0.1:8500: connect: connection refused",
            "Wi-Fi scanning timed out; the networks received so far are available to select.",
        ],
    );
}

#[test]
fn each_entry_is_as_sure_as_its_texts_allow() {
    // Alone, without the words beside them in their real texts ("failed to
    // connect", "busy", "timed out", "unavailable", "out device of bound",
    // the quoted `EAGAIN`).
    assert_all(
        (false, Confidence::Strong),
        &[
            "Could not open /dev/ttyUSB1, the port is busy or doesn't exist.",
            "CS_ERR_DETAIL",
        ],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            "Timed out waiting for packet header",
            "No serial data received.",
            "Could not exclusively lock port /dev/ttyUSB1: [Errno 11] Resource temporarily unavailable",
            // hannesmann/gcadapter-oc-kmod#7: the module built for
            // another kernel
            "insmod: ERROR: could not insert module gcadapter_oc.ko: Invalid module format",
            // the same through modprobe (constructed: kmod's words)
            "modprobe: ERROR: could not insert 'v4l2loopback': Invalid module format",
            "OpenCV: camera failed to properly initialize!",
            "yara.TimeoutError",
        ],
    );
}
