//! The HTTP status codes the one pass finds, each confirmed by the words around it before it counts.

use super::{Category, Pattern, Tier};

/// HTTP status codes, found in the same pass and then confirmed by the words
/// around them (see [`crate::http_status::confirm`]). A bare code ranks below any
/// word: a phrase that names the failure outranks it (GitHub's rate limit
/// comes as a 403, AWS's SlowDown as a 503, Azure's "being deleted, try
/// operation later" as a 409). The credential codes are weak rather than
/// faint, so that a weak "try again" never outranks a 401.
pub(super) const STATUS_CODES: &[Pattern] = &[
    ("400", Category::Input, Tier::Faint),
    ("401", Category::Auth, Tier::Weak),
    // Payment Required: a plan or credits, never a moment; faint, since
    // "error" confirms ids and line numbers too. The providers' table
    // holds its unambiguous forms.
    ("402", Category::Quota, Tier::Faint),
    ("403", Category::Auth, Tier::Weak),
    ("404", Category::NotFound, Tier::Faint),
    ("405", Category::Permanent, Tier::Faint),
    ("407", Category::Auth, Tier::Weak),
    ("408", Category::Transient, Tier::Faint),
    ("409", Category::Permanent, Tier::Faint),
    ("410", Category::NotFound, Tier::Faint),
    ("413", Category::TooLarge, Tier::Faint),
    ("422", Category::Input, Tier::Faint),
    ("423", Category::Transient, Tier::Faint),
    ("425", Category::Transient, Tier::Faint),
    ("429", Category::Transient, Tier::Faint),
    ("500", Category::ServerDown, Tier::Faint),
    ("501", Category::Permanent, Tier::Faint),
    ("502", Category::ServerDown, Tier::Faint),
    ("503", Category::ServerDown, Tier::Faint),
    ("504", Category::ServerDown, Tier::Faint),
    ("507", Category::Permanent, Tier::Faint),
    // Cloudflare's origin errors: 520 unknown, 521 down, 522 connect
    // time-out, 523 unreachable, 524 response time-out.
    ("520", Category::ServerDown, Tier::Faint),
    ("521", Category::ServerDown, Tier::Faint),
    ("522", Category::ServerDown, Tier::Faint),
    ("523", Category::ServerDown, Tier::Faint),
    ("524", Category::ServerDown, Tier::Faint),
    // 525: the TLS handshake with the origin failed, most often while the
    // origin's certificate is being replaced; 526: the origin's certificate
    // is invalid, which stays.
    ("525", Category::ServerDown, Tier::Faint),
    ("526", Category::Permanent, Tier::Faint),
    ("529", Category::ServerDown, Tier::Faint),
];
