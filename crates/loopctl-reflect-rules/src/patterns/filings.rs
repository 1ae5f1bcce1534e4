//! Tax authorities' and e-invoicing services' status texts, in the languages they are printed in: which say to come back, and which say the service is gone for now.
//!
//! Every entry is weak. Sources, by family:
//!
//! - Brazil's SEFAZ (the `cStat` table nfephp's documentation reprints):
//!   105 "Lote em processamento" (the batch is still being processed; ask
//!   again) and 108 "Serviço Paralisado Momentaneamente (curto prazo)" (a
//!   short stoppage) pass; 109 "Serviço Paralisado sem Previsão" (stopped
//!   with no forecast of its return) does not, within minutes.
//! - Mexico's SAT bulk-download service: "Error no controlado: Reintentar
//!   más tarde la petición" (retry the request later), its whole sentence:
//!   a bare "reintentar más tarde" is also other services' word for a
//!   refusal that lasts (an integration switched off, a blocked client).
//! - Poland's KSeF: "... na minutę. Spróbuj ponownie po 30 sekundach" (try
//!   again after 30 seconds) with its per-minute limits only, as its hourly
//!   limits say the same after 2,500 seconds and more; and "Trwa
//!   przetwarzanie" (processing under way) for a session still being
//!   processed. Also its invoice "nie jest jeszcze dostępna" (not yet
//!   available; only in its own two sentences, as the bare words are
//!   everyday Polish for features and plans), a process interrupted "z
//!   przyczyn wewnętrznych systemu" (for the system's own reasons; not its
//!   bare "Spróbuj ponownie później", which a refused password can end
//!   with), and the limit of exports under way ("Osiągnięto limit
//!   trwających eksportów"). A second reader took out "Authentication
//!   process has not been finished yet": a demo client's, thrown for a
//!   revoked token too.
//! - ebMS 3's warning `EBMS:0006` (`EmptyMessagePartitionChannel`), as
//!   phase4 prints it: "There is no message available for pulling from
//!   this MPC at this moment", a queue empty for now.
//!
//! The texts are folded to ASCII before matching, so the literals carry no
//! accents.

use super::Category::{Permanent, ServerDown, Transient};
use super::Pattern;
use super::Tier::Weak;

pub(super) const PATTERNS: &[Pattern] = &[
    ("lote em processamento", Transient, Weak),
    ("paralisado momentaneamente", ServerDown, Weak),
    ("paralisado sem previsao", Permanent, Weak),
    ("reintentar mas tarde la peticion", Transient, Weak),
    ("na minute. sprobuj ponownie po", Transient, Weak),
    ("trwa przetwarzanie", Transient, Weak),
    ("numerze ksef nie jest jeszcze dostepna", Transient, Weak),
    (
        "przetworzona, ale nie jest jeszcze dostepna",
        Transient,
        Weak,
    ),
    ("przerwane z przyczyn wewnetrznych systemu", Transient, Weak),
    ("osiagnieto limit trwajacych eksportow", Transient, Weak),
    ("no message available for pulling", Transient, Weak),
];
