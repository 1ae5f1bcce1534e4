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
//!   más tarde la petición" (retry the request later).
//! - Poland's KSeF: "Spróbuj ponownie po 30 sekundach" (try again after 30
//!   seconds) with its per-minute limits, and "Trwa przetwarzanie"
//!   (processing under way) for a session still being processed.
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
    ("reintentar mas tarde", Transient, Weak),
    ("sprobuj ponownie po", Transient, Weak),
    ("trwa przetwarzanie", Transient, Weak),
];
