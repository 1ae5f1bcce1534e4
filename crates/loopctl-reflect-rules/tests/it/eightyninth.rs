//! The eighty-ninth round, read after `final78.jsonl` was measured: font tooling, Kubernetes inner-loop tools, desktop GIS and point clouds, hardware wallets, simulation codes and chess engines.

use loopctl_reflect_rules::Confidence;

use crate::verdicts::{
    assert_all, assert_not_passing_unsure, assert_refused_beside, assert_refused_surely,
};

/// The round's passing texts: passing, weakly, and still refused beside a
/// credential word.
const WEAK_PASSING: &[&str] = &[
    // final78, okteto/okteto (errors.go)
    "buildkit service is not available at the moment",
    // final78, okteto/okteto (errors.go)
    "synchronization service is disconnected",
    // final78, gefyrahq/gefyra (bridge_mount_state.py)
    "GefyraBridgeMount not yet prepared",
    // final78, gefyrahq/gefyra (serviceaccounts.py)
    "Serviceaccount token not yet generated",
];

#[test]
fn a_service_still_starting_passes_unsure() {
    assert_all((true, Confidence::Weak), WEAK_PASSING);
    assert_refused_beside(WEAK_PASSING);
}

#[test]
fn fonts_point_clouds_devices_solvers_and_engines_that_will_not_do_last() {
    assert_all(
        (false, Confidence::Strong),
        &[
            // final78, google/woff2#151
            "ERROR: Failed to convert WOFF 2.0 font to SFNT",
            // final78, madmalik/mononoki#99
            "fontmake: Error: In 'src/mononoki-Regular.ufo': Compiling UFO failed: Unhandled open contour",
            // final78, googlefonts/gftools#992
            "fontTools.ttLib.TTLibError: Not a TrueType or OpenType font (bad sfntVersion)",
            // final78, rapidlasso/LAStoolsPluginQGIS3#26
            "ERROR: license failure. Use '-demo' to run in demo mode.",
            // final78, rapidlasso/LAStoolsPluginQGIS3#9
            "'C:/Users/Miguel' is not recognized as an internal or external command,",
            // final78, PDAL/PDAL#4095
            "PDAL: Driver 'writers.ply' for input file '/home/ostocker/travaux/test/classified_#.ply' is not streamable.",
            // final78, north-road/qgis-processing-saga-nextgen#35
            "'cmd.exe' is not recognized as an internal or external command,",
            // final78, sparrowwallet/sparrow#37
            "Could not open client or get fingerprint information: Device not paired yet. Please pair using the BitBoxApp, then close the BitBoxApp and try again.",
            // final78, Blockstream/Jade (sign_tx.c)
            "User declined to sign transaction",
            // final78, hystrath/hyStrath#7
            "bool IPstream::init(int& argc, char**& argv) : attempt to run parallel on 1 processor",
            // final78, lammps/lammps#3942
            "ERROR: Lost atoms: original 361 current 355 (../thermo.cpp:491)",
            // final78, aiidateam/aiida-quantumespresso#742
            "too many bands are not converged",
            // final78, dceresoli/qe-gipaw#34
            "S matrix not positive definite",
            // final78, cp2k/cp2k#3407
            "found an unknown keyword GLOBAL in section __ROOT__",
            // final78, Ferrite-FEM/Ferrite.jl#986
            "vtkXMLUnstructuredGridReader (0x5963923bb240): Error parsing input file.  ReadXMLInformation aborting.",
            // final78, OpenTidalFarm/OpenTidalFarm#32
            "*** Reason:  Newton solver did not converge because maximum number of iterations reached.",
            // final78, neuronsimulator/nrn#1007
            "NEURON: ca_ion is not a MECHANISM",
            // final78, haiiliin/abqpy#6088
            "OdbError: C:/project/pycharm/test2/Job5.odb is from a more recent release of Abaqus",
            // final78, LeelaChessZero/lc0#1444
            "CUDA error: no kernel image is available for execution on the device (c:\\projects\\lc0\\src\\neural\\cuda\\winograd_helper.inc:563)",
            // final78, LeelaChessZero/lc0 (network_cuda.cc)
            "No CUDA-capable devices detected",
            // final78, LeelaChessZero/lc0 (engine.cc)
            "Failed to load Syzygy tablebases!",
            // final78, cutechess/cutechess (main.cpp)
            "Could not load Syzygy tablebases",
        ],
    );
    // Lasting, unsure: the same input may not corrupt the heap again.
    assert_all(
        (false, Confidence::Weak),
        &[
            // final78, Sen2Agri/Sen2Agri-System#2
            "*** Error in `/usr/bin/otbApplicationLauncherCommandLine': malloc(): memory corruption: 0x00000000011bd940 ***",
        ],
    );
}

#[test]
fn a_fortran_file_permission_and_a_bot_s_token_are_refused() {
    assert_refused_surely(&[
        // final78, firemodels/fds#9822
        "forrtl: severe (9): permission to access file denied, unit 4, file /Users/andreastanley/FDS/FDS6/Examples/Fires/couch.smv",
        // final78, lichess-bot-devs/lichess-bot (lichess.py)
        "There was an error in retrieving information about the bot's token. Please check that it was copied correctly into your configuration file and try again.",
    ]);
}

#[test]
fn the_words_that_name_other_things_elsewhere_decide_nothing_new() {
    // The review's counter-texts: a feature switched off and a session's
    // CSRF token are no service still starting.
    assert_not_passing_unsure(&[
        // an assistant's reply with no API key set
        "AI assistant is not available at the moment.",
        // a PHP CSRF helper
        "CSRF token not yet generated",
    ]);
    // FFmpeg's spelling of the same GPU failure (nvenc).
    assert_all(
        (false, Confidence::Strong),
        &[
            "No CUDA capable devices found",
            "ERROR: there is no CUDA capable device",
        ],
    );
}
