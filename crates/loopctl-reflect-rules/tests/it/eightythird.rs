//! The eighty-third round, read after `final73.jsonl` was measured: native builds, audio stacks, chemistry tools, network scanners and firewalls, disk tools and image generators.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_refused_beside, assert_refused_beside_each, assert_refused_surely,
};

/// The round's passing texts, each from its system's own files or thread:
/// passing, weakly, and still refused beside a credential word.
const WEAK_PASSING: &[&str] = &[
    // linux-nvme/nvme-cli (libnvme/src/nvme/util.c)
    "Transient Transport Error: A transient transport error was detected",
    "Command Interrupted: Command processing was interrupted and the controller is unable to successfully complete the command",
    // PortAudio/portaudio (src/common/pa_front.c)
    "Output underflowed",
    // m-ab-s/media-autobuild_suite#2079 (rustup's downloader)
    "curl: (92) HTTP/2 stream 1 was not closed cleanly before end of the underlying stream\nrustup: command failed: downloader https://static.rust-lang.org/rustup/dist/x86_64-pc-windows-gnu/rustup-init.exe",
    // microsoft/vcpkg#23512
    "Error: Failed to download from mirror set:\n\n  https://www.7-zip.org/a/7z1900-x64.msi: WinHttpSendRequest() failed: 12007\n\n  https://www.7-zip.org/a/7z1900-x64.msi: WinHttpSendRequest() failed: 12007",
];

#[test]
fn transport_blips_stream_glitches_and_failed_lookups_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
}

/// The refusals of the same systems, each from its own code or thread.
const TOOL_REFUSALS: &[&str] = &[
    // linux-nvme/nvme-cli (libnvme/src/nvme/util.c)
    "Operation Denied: The command was denied due to lack of access rights",
    // robertdavidgraham/masscan (src/rawsock.c)
    "ERR:libpcap: no adapters found, are you sure you are root?",
    // nmap/nmap (nmap.cc)
    "Traceroute has to be run as root",
    // smartmontools/smartmontools#227
    "Smartctl open device: /dev/sdc [USB NVMe Realtek] failed: \\\\.\\PhysicalDrive2: Open failed, Error=5",
    // mbroz/cryptsetup (src/utils_password.c)
    "No key available with this passphrase.",
    // invoke-ai/InvokeAI (invokeai/app/api/routers/images.py)
    "Only admins can clear all intermediates",
];

#[test]
fn refusals_beside_the_new_passing_words_stay_refused() {
    assert_refused_beside(WEAK_PASSING);
    assert_refused_surely(TOOL_REFUSALS);
    assert_refused_beside_each(WEAK_PASSING, TOOL_REFUSALS);
}

#[test]
fn what_a_program_holds_or_a_server_not_running_lasts() {
    // Weak: the bare "Device or resource busy" and "Connection refused"
    // stay blips, and a hold can end.
    assert_all(
        (false, Confidence::Weak),
        &[
            // adafruit/Raspberry-Pi-Installer-Scripts#64
            "aplay: main:788: audio open error: Device or resource busy",
            // googlecreativelab/open-nsynth-super#36
            "Playback open error: -16, Device or resource busy",
            // alsa-utils' speaker-test prints it without the space
            // (speaker-test.c's format, filled here)
            "Playback open error: -16,Device or resource busy",
            // tytso/e2fsprogs (e2fsck/unix.c)
            "e2fsck: Device or resource busy while trying to open /dev/sdb1\nFilesystem mounted or opened exclusively by another program?",
            // teodly/inferno#17, meta-qcom-distro#174, xbmc/xbmc#22644
            "Error: \"failed to connect: Host is down\"",
            "error: pw_context_connect() failed: Host is down",
            "CPipewireCore: failed to create core: Host is down",
            // muammar/mkchromecast#90
            "Connection failure: Connection refused\npa_context_connect() failed: Connection refused",
            // Uberi/speech_recognition#571, spatialaudio/python-sounddevice#199
            "OSError: [Errno -9985] Device unavailable",
            "sounddevice.PortAudioError: Error opening OutputStream: Device unavailable [PaErrorCode -9985]",
            // mitmproxy/mitmproxy#5041: asyncio's words for a server's bind
            "OSError: [Errno 10048] error while attempting to bind on address ('0.0.0.0', 8080): only one usage of each socket address (protocol/network address/port) is normally permitted",
            // firewalld/firewalld (src/firewall-cmd.in): it has waited already
            "FirewallD is not running",
            // yunionio/cloudpods#20323, aleofreddi/csi-sanlock-lvm#21
            "LV locked by other host: cluster-vg/73bd7f2a-9779-46d6-885d-92783ac4f6b9\n  Failed to lock logical volume cluster-vg/73bd7f2a-9779-46d6-885d-92783ac4f6b9.",
            "Global lock failed: error -210",
            // freedombox/FreedomBox#627
            "Warning: Partition /dev/sdb2 is being used. Are you sure you want to continue?",
            // zoglauer/megalib#22: out of memory while compiling
            "c++: internal compiler error: Killed (program cc1plus)\nPlease submit a full bug report,\nwith preprocessed source if appropriate.",
        ],
    );
}

#[test]
fn the_generic_words_inside_them_still_pass() {
    assert_all(
        (true, Confidence::Weak),
        &[
            "Device or resource busy",
            "Connection refused",
            "Host is down",
        ],
    );
}

#[test]
fn formats_parameters_molecules_disks_and_models_that_will_not_do_last() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // PortAudio/portaudio (src/common/pa_front.c)
            "Illegal combination of I/O devices",
            "Can't read from a callback stream",
            "Can't write to a callback stream",
            "Can't read from an output only stream",
            "Can't write to an input only stream",
            "Incompatible host API specific stream info",
            "Invalid number of channels",
            "Sample format not supported",
            "Host API not found",
            // RVC-Project/Retrieval-based-Voice-Conversion-WebUI#1474
            "sounddevice.PortAudioError: Error opening Stream: Invalid sample rate [PaErrorCode -9997]",
            // linux-nvme/nvme-cli#1118: the Do Not Retry bit is set
            "The command was not completed successfully due to an internal error(0x4006)",
            // discord/erlpack#18
            "gyp ERR! configure error\ngyp ERR! stack Error: Can't find Python executable \"python\", you can set the PYTHON env variable.",
            // mesonbuild/meson#9688
            "meson.build:147:0: ERROR: Subproject exists but has no meson.build file",
            // maximal/audio-waveform-php#3, desbma/GoogleSpeech#20
            "sox FAIL formats: no handler for file extension `mp3'",
            "sox FAIL formats: no handler for given file type `mp3'",
            // SoX (src/formats.c, filled here), src/mp3.c
            "sox FAIL formats: no handler for detected file type `flac'",
            "Unable to load MAD decoder library",
            // Koischizo/AI-Vtuber#26
            "pydub.exceptions.CouldntDecodeError: Decoding failed. ffmpeg returned error code: 1",
            // jiaaro/pydub (pydub/audio_segment.py)
            "Unable to process >4GB files",
            // libsndfile/libsndfile#365, bastibe/python-soundfile#418
            "File contains data in an unknown format.",
            // bastibe/python-soundfile#251
            "File contains data in an unimplemented format.",
            "soundfile.LibsndfileError: Error opening <_io.BytesIO object at 0x0000022B81C21850>: Format not recognised.",
            // CorentinJ/Real-Time-Voice-Cloning#22
            "audioread.exceptions.NoBackendError",
            // librosa/librosa (librosa/util/utils.py)
            "Audio buffer is not finite everywhere",
            // bilibili/flv.js#531
            "DOMException: play() failed because the user didn't interact with the document first",
            // rdkit/rdkit (Docs/Book, rdchem.cpp)
            "Explicit valence for atom # 1 N, 4, is greater than permitted",
            "rdkit.Chem.rdchem.KekulizeException: Can't kekulize mol.  Unkekulized atoms: 1 2 3 4 5",
            "Bad Conformer Id",
            "non-ring atom 0 marked aromatic",
            // openbabel/openbabel (smilesformat.cpp, forcefield.cpp)
            "InChI format not available",
            "Could not setup force field.",
            // openmm/openmm (OpenCLContext.cpp, CommonKernels.cpp), #1829
            "No compatible OpenCL platform is available",
            "Checkpoint was created with a different version of OpenMM",
            "CUDA platform error: Error initializing CUDA: CUDA_ERROR_NO_DEVICE (100) at /openmm/platforms/cuda/src/CudaContext.cpp:148",
            // gromacs/gromacs (docs/user-guide/run-time-errors.rst)
            "No force fields found (files with name 'forcefield.itp' in subdirectories ending on '.ff')",
            "The cut-off length is longer than half the shortest box vector or longer than the smallest box diagonal element. Increase the box size or decrease rlist",
            "An input file contains a line longer than 4095 characters",
            "Too many warnings (1).\nIf you are sure all warnings are harmless, use the -maxwarn option to override.",
            "There is no domain decomposition for 16 ranks that is compatible with the given box and a minimum cell size of 1.2 nm",
            "Found a second defaults directive",
            // ase (atoms.py, calculators/calculator.py)
            "Atoms object has no calculator.",
            "Calculator has no atoms",
            // robertdavidgraham/masscan (main-initadapter.c, main.c)
            "[-] FAIL: could not determine default interface\n    [hint] try \"--interface ethX\"",
            "FAIL: target IP address list empty\n [hint] try something like \"--range 10.0.0.0/8\"",
            // mitmproxy/mitmproxy (mitmproxy/addons/proxyserver.py)
            "Request destination unknown. Unable to figure out where this request should be forwarded to.",
            // vel21ripn/nDPI#117, puppetlabs/puppetlabs-firewall#318
            "iptables: Bad rule (does a matching rule exist in that chain?).",
            "iptables: No chain/target/match by that name.",
            // ytisf/LookingGlass#1
            "scapy.error.Scapy_Exception: Not a pcap capture file (bad magic)",
            // Linuxfabrik/monitoring-plugins#671
            "A mandatory SMART command failed: exiting. To continue, add one or more '-T permissive' options.",
            // piraeusdatastore/piraeus-operator#639
            "Can't initialize physical volume \"/dev/sdb\" of volume group \"piraeus\" without -ff\n  /dev/sdb: physical volume not initialized.",
            // infochimps-labs/ironfan#220
            "mdadm: device /dev/xvdb not suitable for any style of array",
            // MentorEmbedded/meta-mentor#1208, eupnea-linux/depthboot-builder#46
            "/dev/sdb1 is apparently in use by the system; will not make a filesystem here!",
            "/dev/sda3 is mounted; will not make a filesystem here!",
            // tytso/e2fsprogs (e2fsck/unix.c)
            "Disk write-protected; use the -n option to do a read-only\ncheck of the device.",
            "The filesystem revision is apparently too high for this version of e2fsck.\n(Or the filesystem superblock is corrupt)",
            // linuxkit/linuxkit#736
            "boot2docker-data: UNEXPECTED INCONSISTENCY; RUN fsck MANUALLY.\n    (i.e., without -a or -p options)",
            // invoke-ai/InvokeAI, comfyanonymous/ComfyUI, vladmandic/sdnext
            "Unable to identify model format",
            "No model found with these attributes",
            "Prompt has no outputs",
            "Init image is none",
            // lllyasviel/Fooocus (troubleshoot.md)
            "Found no NVIDIA driver on your system",
            "NVIDIA driver too old",
        ],
    );
}

#[test]
fn runs_that_may_pass_with_another_seed_or_setting_last_unsure() {
    assert_all(
        (false, Confidence::Weak),
        &[
            // rdkit/rdkit (rdkit/Chem/AllChem.py), openbabel (pybel.py)
            "Could not embed molecule.",
            "Molecule failed to charge.",
            // openmm/openmm (ComputeContext.cpp, statedatareporter.py)
            "Particle coordinate is NaN.  For more information, see https://github.com/openmm/openmm/wiki/Frequently-Asked-Questions#nan",
            "Energy is NaN.  For more information, see https://github.com/openmm/openmm/wiki/Frequently-Asked-Questions#nan",
            // gromacs/gromacs (run-time-errors.rst, domdec/redistribute.cpp)
            "Software inconsistency error: Some interactions seem to be assigned multiple times",
            "Energy minimization has stopped because the force on at least one atom is not finite",
            "One or more atoms moved too far between two domain decomposition steps.\nThis usually means that your system is not well equilibrated",
            // ase (optimize/sciopt.py), SciPy's optimizer under it
            "Warning: Desired error not necessarily achieved due to precision loss",
            // robertdavidgraham/masscan#220, the-tcpdump-group/libpcap
            "FAIL: failed to detect router for interface: \"tap0\"\n [hint] try something like \"--router-mac 66-55-44-33-22-11\"",
            "The interface disappeared",
            // firewalld/firewalld#440
            "ERROR: COMMAND_FAILED: Direct: '/usr/sbin/iptables-restore -w -n' failed: iptables-restore: line 4 failed",
            // BatchDrake/SigDigger#186: libsndfile's own internal error,
            // not a server failing
            "Failed to open /usr/testsample.wav as audio file: Internal error : SF_INFO struct incomplete.",
        ],
    );
}

#[test]
fn a_disk_error_beside_a_passing_word_stays_lasting() {
    // The strong lasting entries read in texts whose other words pass:
    // NVMe's "status: INTERNAL", the "temporary" of Python's
    // `_TemporaryFileWrapper`. Lasting, unsure of itself.
    assert_all(
        (false, Confidence::Weak),
        &[
            "NVMe status: INTERNAL: The command was not completed successfully due to an internal error(0x4006)",
            "NVMe Status:NS_ID_UNAVAILABLE: The number of namespaces supported has been exceeded(116)",
            "soundfile.LibsndfileError: Error opening <tempfile._TemporaryFileWrapper object at 0x7feadae59070>: Format not recognised.",
            // The two passing NVMe statuses with the Do Not Retry bit, in
            // nvme-cli's format (constructed: libnvme's words, its `%s(%#x)`)
            "NVMe status: Transient Transport Error: A transient transport error was detected(0x4022)",
            "NVMe status: Command Interrupted: Command processing was interrupted and the controller is unable to successfully complete the command(0x4021)",
        ],
    );
}

#[test]
fn each_entry_is_as_sure_as_its_texts_allow() {
    // Alone, without the words beside them in their real texts ("Transient
    // Transport Error:", "busy", "Connection refused", "unavailable",
    // "Internal error"): the Do Not Retry forms are sure, the holds and
    // the internal error are not.
    assert_all(
        (false, Confidence::Strong),
        &[
            "A transient transport error was detected(0x4022)",
            "The controller is unable to successfully complete the command(0x4021)",
        ],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            "Filesystem mounted or opened exclusively by another program?",
            "pa_context_connect() failed: Connection refused",
            "[Errno -9985]",
            "[PaErrorCode -9985]",
            "SF_INFO struct incomplete.",
        ],
    );
}

#[test]
fn json_escaped_slashes_are_read_as_slashes() {
    // PHP's `json_encode` and others escape every slash.
    assert_all(
        (false, Confidence::Strong),
        &[
            "Illegal combination of I\\/O devices",
            "iptables: No chain\\/target\\/match by that name.",
        ],
    );
}

#[test]
fn what_the_second_reader_took_out_is_read_as_before() {
    assert_all(
        (true, Confidence::Weak),
        &[
            // gluster/gluster-kubernetes#359; a udev race that a retry
            // ended in four of five other threads (cockpit#5246,
            // libblockdev#145, container-storage-setup#185)
            "wipefs: error: /dev/sdb: probing initialization failed: Device or resource busy",
        ],
    );
    assert_all(
        (false, Confidence::Unmatched),
        &[
            // pirate/mac-hardware-toys#5: fixed in code in four threads of five
            "OSError: [Errno -9981] Input overflowed",
            // dotnet/corefx#38911: a client out of ephemeral ports, which
            // clears in minutes
            "System.Net.Http.HttpRequestException: Only one usage of each socket address (protocol/network address/port) is normally permitted.",
        ],
    );
}
