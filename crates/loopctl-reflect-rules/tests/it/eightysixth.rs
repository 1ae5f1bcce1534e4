//! The eighty-sixth round, read after `final75.jsonl` was measured: smart-contract toolchains and wallets, translation and moderation APIs, the package managers of R, Julia, Haskell, OCaml, Elixir and Perl, MIDI and synthesis tools, antivirus scanners and clocks.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{assert_all, assert_refused_beside, assert_refused_surely};

/// The round's passing texts: passing, weakly, and still refused beside a
/// credential word.
const WEAK_PASSING: &[&str] = &[
    // final37, attestate/eth-fun#14 (geth behind a balancer; a re-run
    // passed)
    "RPCError {\n  message: 'header not found Code: -32000',\n}",
    // systemd/systemd (timedated.c)
    "Previous request is not finished, refusing.",
];

#[test]
fn a_block_not_seen_yet_and_a_job_still_running_pass_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn a_relay_closing_on_authorization_and_web_midi_s_policy_are_refused() {
    assert_refused_surely(&[
        // rainbow-me/rainbowkit#1322
        "Error: WebSocket connection closed abnormally with code: 3000 (Authorization error: Unauthorized: invalid key)",
        // helikonlabs/multix#353
        "Error: WebSocket connection closed abnormally with code: 3000 (Authorization error: Project ID is missing)",
        // cwilso/WebMIDIAPIShim#65
        "An attempt was made to break through the security policy of the user agent.",
    ]);
}

#[test]
fn transactions_documents_packages_ports_servers_and_clocks_that_will_not_do_last() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // NomicFoundation/hardhat (descriptors.ts)
            "A native version of solc failed to run.\n\nIf you are running MacOS, try installing Apple Rosetta.\n\nIf this error persists, run \"npx hardhat clean --global\".",
            // NomicFoundation/hardhat#3310
            "Nonce too high. Expected nonce to be 0 but got 1. Note that transactions can't be queued when automining.",
            // foundry-rs/foundry#579
            "custom error: EIP-1559 not activated",
            // DeepL/deepl-python#117
            "deepl.exceptions.DocumentTranslationException: Error occurred while translating document: Failed to open the uploaded document.",
            // sloria/perspective-api-client#123
            "response error unable to detect language",
            // amazon-connect/amazon-connect-salesforce-lambda#20
            "TextSizeLimitExceededException: An error occurred (TextSizeLimitExceededException) when calling the DetectSentiment operation: Input text size exceeds limit. Max length of request text allowed is 5000 bytes while in this request the text size is 12945 bytes",
            // rstudio/renv (plan.R)
            "no package repositories are available",
            // rstudio/renv (consent.R)
            "consent has been explicitly withdrawn",
            // rstudio/renv (git.R)
            "'git' is not available on the PATH",
            // JuliaLang/Pkg.jl (Operations.jl)
            "The primary depot is not writable",
            // JuliaLang/julia#30170
            "Some registries failed to update:\n│     — `~/.julia/registries/General` — registry dirty",
            // ocaml/opam (opamSolution.ml)
            "No solution found, exiting",
            // ocaml/opam (opamSystem.ml)
            "Write lock attempt in safe mode",
            // hexpm/hex (remote_converger.ex)
            "Hex dependency resolution failed",
            // miyagawa/cpanminus (Compat.pm)
            "No MYMETA file is found after configure. Your toolchain is too old?",
            // mido/mido (midifiles.py)
            "no MTrk header at start of track",
            // SpotlightKid/python-rtmidi (_rtmidi.pyx)
            "No port currently opened.",
            // thestk/rtmidi (RtMidi.cpp)
            "MidiOutAlsa::sendMessage: event parsing error!",
            // FluidSynth/fluidsynth (fluid_sffile.c)
            "Not a SoundFont file",
            // sonic-pi-net/sonic-pi#1208
            "input and output sample rates do not match. 44100 != 48000",
            // sonic-pi-net/sonic-pi#1450
            "Unable to boot sound synthesis engine: the input and output rates of your audio card are not the same. Got in: 44100.0, out: 48000.0.",
            // sonic-pi-net/sonic-pi#572
            "Failed to start server: Boot - Unable to connect to scsynth",
            // svenax/bagpipemusic#7
            "skye_boat_song.ly:34:5: error: unknown escaped string: `\\dblf'",
            // svenax/bagpipemusic#7
            "skye_boat_song.ly:33:32: error: not a note name: A",
            // frescobaldi/frescobaldi#1750
            "fatal error: failed files: \"/redacted/Emmanuelmis: Gloria.ly\"",
            // falkTX/Carla#1499
            "Failed to load a plugin 'EsPhaser', error was:\nFailed to find the requested plugin",
            // musescore/MuseScore#34580
            "No audio to export",
            // Cisco-Talos/clamav-documentation (faq-freshclam.md)
            "ERROR: Failed to get information about user \"clamav\".",
            // Cisco-Talos/clamav-documentation (faq-freshclam.md)
            "ERROR: Can't create freshclam.dat in /usr/local/share/clamav",
            // Cisco-Talos/clamav#1609
            "You are still on cool-down until after: 2025-10-20 14:44:46",
            // nextcloud/files_antivirus#183
            "The antivirus executable could not be found at /usr/bin/clamscan",
            // nextcloud/files_antivirus (ExternalClam.php)
            "The ClamAV port and host are not set up.",
            // mlichvar/chrony (client.c)
            "512 Too many sources present",
            // ajenti/ajenti#997
            "the NTP socket is in use, exiting",
            // xtrx-sdr/images#88
            "can't run with neither control socket nor devices open",
            // Knio/pynmea2#43
            "pynmea2.nmea.ParseError: could not parse data: '$GPRMC,114130,A,3809.1250,N,02415.8050,E,12195.6,341.5,280915,5,E,A*1\\r\\n'",
            // Knio/pynmea2#56
            "pynmea2.nmea.SentenceTypeError: Unknown sentence type GPPWR,",
        ],
    );
    assert_all(
        (false, Confidence::Weak),
        &[
            // ethers-io/ethers.js (provider-jsonrpc.ts)
            "replacement fee too low",
            // thirdweb-dev/typescript-sdk#46
            "{\"jsonrpc\":\"2.0\",\"id\":90,\"error\":{\"code\":-32000,\"message\":\"replacement transaction underpriced\"}}",
            // freedomofpress/securedrop#2127
            "no servers can be used, exiting",
            // foundry-rs/foundry#8047
            "Failed to get EIP-1559 fees",
            // foundry-rs/foundry#4622
            "Could not instantiate forked environment with fork url: http://127.0.0.1:8545/",
            // openethereum/parity-ethereum#2908
            "Transaction gas price is too low. There is another transaction with same nonce in the queue. Try increasing the gas price or incrementing the nonce.",
            // r-lib/processx#295
            "ERROR: failed to lock directory 'C:/Users/'myname'/Documents/R/win-library/4.0' for modifying\nTry removing 'C:/Users/'myname'/Documents/R/win-library/4.0/00LOCK-processx'",
            // kevinblighe/EnhancedVolcano#64
            "Error: Failed to install 'EnhancedVolcano' from GitHub:\n  ERROR: failed to lock directory ‘C:\\Users\\venura\\Documents\\R\\win-library\\4.0’ for modifying\nTry removing ‘C:\\Users\\venura\\Documents\\R\\win-library\\4.0/00LOCK’",
            // JuliaLang/Pkg.jl (Registry.jl)
            "no `Registry.toml` file in cloned registry.",
            // dinchak/node-easymidi#36
            "MidiInWinMM::openPort: error creating Windows MM MIDI input port.",
            // SpotlightKid/python-rtmidi#65
            "MidiOutWinMM::openPort: error creating Windows MM MIDI output port.",
            // jonof/jfduke3d#10
            "Failed to connect to Jack server",
            // jacktrip/jacktrip#859
            "JackServer::Open failed with -1",
            // sonic-pi-net/sonic-pi#572
            "Exception in World_OpenUDP: unable to bind udp socket",
            // supercollider/supercollider#5698
            "No networking: unable to bind udp socket",
            // sonic-pi-net/sonic-pi#3073
            "scsynth boot - Unable to connect to SuperCollider Audio Server (Promise timed out after 30 seconds.). Exiting...",
            // falkTX/Carla#1087
            "Could not connect to Audio backend 'JACK', possible reasons: Failed to create new JACK client",
            // falkTX/Carla#988
            "Failed to init engine, error was:\nFailed to init temporary jack client",
            // geerlingguy/ansible-role-clamav#3
            "ERROR: /var/log/clamav/freshclam.log is locked by another process",
            // GoogleCloudPlatform/docker-clamav-malware-scanner#41
            "FreshClam received error code 429 from the ClamAV Content Delivery Network (CDN).",
            // bluesentry/bucket-antivirus-function#39
            "Unexpected exit code from clamscan: -9.",
            // simonrupf/docker-chronyd#14
            "Could not open NTP socket on 0.0.0.0:123",
            // canonical/checkbox#2746
            "timed out while polling for tx timestamp\nincreasing tx_timestamp_timeout or increasing kworker priority may correct this issue, but a driver bug likely causes it",
            // raspberrypi/linux#5947
            "timed out while polling for tx timestamp\nincreasing tx_timestamp_timeout may correct this issue, but it is likely caused by a driver bug",
        ],
    );
}

#[test]
fn entries_whose_real_texts_hide_their_tier_decide_by_it_alone() {
    // A scsynth boot's "timed out" and the CDN's 429
    // make the real texts above weak; the entries' own words, filled in
    // the systems' forms (constructed), are strong.
    assert_all(
        (false, Confidence::Strong),
        &[
            "scsynth boot - Unable to connect to SuperCollider Audio Server. Exiting...",
            "FreshClam received error code 500 from the ClamAV Content Delivery Network (CDN).",
        ],
    );
}

#[test]
fn weak_entries_stay_weak_alone() {
    // Carla's, linuxptp's and Parity's real texts above also hold a
    // passing word or advice ("could not connect", "timed out", "try")
    // that would make any lasting entry weak; the entries' own words alone
    // (constructed) are weak too, since a JACK server may come up, a time
    // stamp may arrive late and a pending transaction may be mined.
    assert_all(
        (false, Confidence::Weak),
        &[
            "Failed to create new JACK client",
            "Transaction gas price is too low.",
            "timed out while polling for tx timestamp",
        ],
    );
}

#[test]
fn what_the_threads_disagree_on_is_left_to_the_model() {
    assert_all(
        (false, Confidence::Unmatched),
        &[
            // foundry-rs/foundry: lasting there, passing in a labelled
            // thread that retried across providers
            "nonce too low",
        ],
    );
}

#[test]
fn what_the_review_narrowed_stays_so() {
    // A missing HTTP header is a refusal or a bad request, a zip without
    // its end header is corrupt, a MIDI file without `MThd` is bad input:
    // the bare words are no Ethereum node's lag (final75's bare form from
    // alloy's list is left to the model).
    assert_all(
        (false, Confidence::Weak),
        &[
            // Flask's, revel's and Azure Functions' middleware, with a 401
            "Authorization header not found",
            "header not found",
            // Gradle's wrapper unzipping a truncated distribution
            "Exception in thread \"main\" java.util.zip.ZipException: zip END header not found",
            // JS MIDI parsers
            "Error: Invalid MIDI file: MThd header not found",
        ],
    );
    // Kubernetes' authorizer call failing (a 500), and foundry's wrappers
    // around a node's time-out or 503 (their own formats; the causes
    // constructed): passing, weakly.
    assert_all(
        (true, Confidence::Weak),
        &[
            "Error from server (InternalError): Internal error occurred: Authorization error (user=kube-apiserver-kubelet-client, verb=get, resource=nodes, subresource=proxy)",
            "[FAIL: vm.createSelectFork: could not instantiate forked environment with provider eth-mainnet.g.alchemy.com; error sending request for url (https://eth-mainnet.g.alchemy.com/v2/KEY); operation timed out] setUp() (gas: 0)",
            "Error: Failed to get EIP-1559 fees: HTTP error 503 with body: Service Unavailable",
        ],
    );
    assert_all(
        (false, Confidence::Strong),
        &[
            // sonic-pi-net/sonic-pi#1460, #3058, #2011
            "Failed to start server: Boot - Unable to connect to SuperCollider",
            // opam (src/solver/opamCudf.ml), the message's first line
            "Sorry, resolution of the request timed out.",
            // libfreshclam's first cool-down line, its fixed words
            "You are on cool-down until after: 2025-10-20 14:44:46",
        ],
    );
}
