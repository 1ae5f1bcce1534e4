//! Font tooling, Kubernetes inner-loop tools, desktop GIS and point clouds, hardware wallets, simulation codes and chess engines: their words for a service still starting, and for fonts, point clouds, devices, solvers, mechanisms, licences and engines that will not do.
//!
//! From `final78`'s misses, each from the system's own code, error table
//! or thread:
//!
//! - Passing, weak: Okteto's BuildKit "not available at the moment" and
//!   its synchronization service disconnected (both on its own transient
//!   list), Gefyra's bridge mount not yet prepared and its service
//!   account token not yet generated (raised as temporary, which its
//!   operator framework retries).
//! - Lasting: Windows' "is not recognized as an internal or external
//!   command", fontTools' font that is no TrueType or OpenType, fontmake's
//!   UFO that did not compile, woff2's failed conversion, PDAL's writers
//!   that cannot stream, a hardware wallet not paired or a person who
//!   declined on it, Quantum ESPRESSO's bands not converged, FEniCS'
//!   Newton solver, a matrix not positive definite, LAMMPS' lost atoms,
//!   OpenFOAM run in parallel on one processor, CP2K's unknown keyword,
//!   VTK's unparsable input, NEURON's unknown mechanism, Abaqus' output
//!   database from a newer release, LAStools without a licence, a GPU with no
//!   kernel for it or no CUDA device at all, Syzygy tablebases that did
//!   not load, a heap's memory corruption (weakly).
//! - Refused: Fortran's "permission to access file denied" (FDS),
//!   lichess-bot's token it cannot read.
//!
//! Not named, since their threads disagree or the words say nothing of
//! the cause: Google Fonts fetches that failed (retried by Next.js, lasting
//! in others), a 404 from Google's font CDN that passed, fontist's 429
//! inside an invalid URL, a redacted host not found, SU2's restart file
//! that one run of four could not open, HWI's "open failed".

use super::Category::{Auth, Input, NotFound, Permanent, Transient};
use super::Pattern;
use super::Tier::{Strong, Weak};

pub(super) const PATTERNS: &[Pattern] = &[
    // okteto/okteto (its transient error list), in its own words: the
    // bare words also name a feature switched off ("AI assistant is not
    // available at the moment", with no API key set; the review)
    (
        "buildkit service is not available at the moment",
        Transient,
        Weak,
    ),
    ("synchronization service is disconnected", Transient, Weak),
    // gefyra/gefyra (operator: kopf.TemporaryError)
    ("bridgemount not yet prepared", Transient, Weak),
    // its service account's token; a CSRF token "not yet generated"
    // lasts (the review)
    ("serviceaccount token not yet generated", Transient, Weak),
    // cmd.exe
    (
        "is not recognized as an internal or external command",
        NotFound,
        Strong,
    ),
    // fonttools/fonttools, googlefonts/fontmake, google/woff2
    ("not a truetype or opentype font", Input, Strong),
    ("compiling ufo failed", Input, Strong),
    ("failed to convert woff 2.0 font", Input, Strong),
    // PDAL (its streaming writers)
    ("is not streamable", Input, Strong),
    // BitBox02 through HWI, Trezor Connect: a person has to act
    ("device not paired", Permanent, Strong),
    ("user declined", Permanent, Strong),
    // Quantum ESPRESSO, FEniCS, LAPACK's Cholesky, LAMMPS, OpenFOAM, CP2K,
    // VTK, NEURON, Abaqus, LAStools
    ("bands are not converged", Permanent, Strong),
    ("newton solver did not converge", Permanent, Strong),
    ("not positive definite", Input, Strong),
    ("lost atoms", Permanent, Strong),
    ("attempt to run parallel on 1 processor", Input, Strong),
    ("found an unknown keyword", Input, Strong),
    // VTK's XML readers, in the words that end their message: the bare
    // "error parsing input file" wraps a reset connection too (the review)
    ("readxmlinformation aborting", Input, Strong),
    ("is not a mechanism", Input, Strong),
    ("is from a more recent release of", Permanent, Strong),
    // LAStools without a licence, in its own words: a licence server's
    // shortage passes in minutes (Cadence's SPECTRE-209; the review)
    ("license failure. use '-demo'", Permanent, Strong),
    // CUDA (lc0): a GPU without the kernel, or none
    (
        "no kernel image is available for execution",
        Permanent,
        Strong,
    ),
    ("no cuda-capable device", Permanent, Strong),
    // FFmpeg's and CUDA samples' spelling (the review)
    ("no cuda capable device", Permanent, Strong),
    // lc0, cutechess
    ("load syzygy tablebases", Permanent, Strong),
    // glibc's abort (Orfeo ToolBox): the same input corrupts the heap
    // again, though a race may not (weak)
    ("memory corruption", Permanent, Weak),
    // Intel Fortran's runtime (forrtl severe 9), lichess-bot
    ("permission to access file denied", Auth, Strong),
    ("information about the bot's token", Auth, Strong),
];
