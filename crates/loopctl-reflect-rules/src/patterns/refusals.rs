//! Refusals said in a sentence rather than a fixed phrase ("You lack the permissions to access this wiki", "User lacks 'storage.objects.get' permission", "no write access to parent", "Access to the device is denied"): read by grammar, in every text, beside the automaton.
//!
//! The credential literals (`credentials.rs`) name a refusal in fixed
//! words. The same refusal is often written with a word or a quoted name
//! in the middle, which no literal can hold without a table of every
//! word that may stand there. The forms below are regular expressions
//! (the `regex` crate, linear in the text, so a huge text costs what the
//! automaton's pass does) that let up to a few words stand between the
//! parts that say "refused".
//!
//! Taken in the hundred-and-ninth round, from the credential failures the
//! rules called recoverable in `final106` and `final107` (An Otter Wiki's
//! "lack the permissions ... Please wait for approval", keyd's "make sure
//! the daemon is running and you have permission") and from every labelled
//! credential failure no pattern read. Each form is checked on the
//! labelled files by `refusals/tests.rs`: at least nine of its texts in
//! ten fail for good.
//!
//! Most forms are strong: a credential failure always wins, whatever else
//! the text says ("Please wait for approval" must not read as a wait).
//! Four are weak, because the same words also stand in texts that pass or
//! name no credential: advice to check a permission beside a connection
//! that failed, "not allowed to" (a limit is said so too), an approval
//! waited for, and a WebSocket closed for a policy. A weak refusal still
//! wins over a weak passing word (credentials are first in priority), but
//! its verdict is unsure (`Found::unsure_refusal`), so `rules+llm` hands
//! it on. (A "request denied" was tried and left out: Alibaba Cloud and
//! OpenSearch deny requests so when they throttle.)
//!
//! The round's review added the exceptions each form names (a server out
//! of reach, a block with an end, a client's own token refresh failing)
//! and the forms for "does not have access", a role required and the
//! refusals spelt as codes.

use std::sync::OnceLock;

use aho_corasick::{AhoCorasick, MatchKind};
use regex::bytes::{Regex, RegexBuilder};

use super::{Category, Tier};

/// One form: its name (for the calibration test), the category and tier
/// it adds, and its pattern (case-insensitive).
pub(super) struct Form {
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "the calibration test credits each form by name")
    )]
    pub(super) name: &'static str,
    /// Words one of which every text it reads holds: a text that holds
    /// none is not run through its expression.
    anchors: &'static [&'static str],
    pub(super) category: Category,
    pub(super) tier: Tier,
    pattern: &'static str,
    /// Its groups, where one took part in a match, name what is not a
    /// refusal: such a match reads nothing (the regex crate has no
    /// look-around).
    excepted: bool,
}

/// Up to three words of any kind (a quoted permission name such as
/// `'storage.objects.get'`, "the required", "READ") between two parts.
const GAP: &str = r"(?:\S+\s+){0,3}?";

/// What a refusal names as lacking; not an authorization server, header
/// or code ("lack of response from authorization server").
const RIGHTS: &str = r"(?:permissions?|privileges?|access\s+rights|authori[sz]ation\b(\s+(?:server|service|endpoint|header|code|request))?)\b";

/// "n't" with a plain or a typographic apostrophe.
const NOT: &str = r"(?:\s+not|n(?:'|’)t)";

/// The forms, in the order they are tried.
pub(super) const FORMS: &[Form] = &[
    // "You lack the permissions to access this wiki", "You are logged in
    // but lack READ permissions", "the caller lacks the 'iam.roles.get'
    // permission", "due to lack of access rights".
    Form {
        name: "lacks a permission",
        anchors: &["lack"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"\black(?:s|ed|ing)?\s+(?:of\s+)?GAPRIGHTS",
        excepted: true,
    },
    // "Missing the required permission 'repo'", "missing IAM
    // permissions"; not a file named so ("missing permissions.json").
    Form {
        name: "missing a permission",
        anchors: &["missing"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"\bmissing\s+GAP(?:permissions?|privileges?)\b([./_-]\w)?",
        excepted: true,
    },
    // "no access to this vhost", "No write access to underlying EPICS PV",
    // "You have no access to get this file!": not an access token or key,
    // a CORS header ("No Access-Control-Allow-Origin header"), nor a
    // server or network out of reach ("No access to the remote server",
    // printed when a connection fails).
    Form {
        name: "no access",
        anchors: &["access"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"\bno\s+(?:(?:read|write|edit|admin|execute|api)\s+)?access\b(\s+to\s+(?:the\s+)?(?:remote\s+)?(?:internet|network|server|host|machine|share|drive|database\s+server)\b|[\s_-]*(?:tokens?|keys?|logs?|points?|codes?|control)\b)?",
        excepted: true,
    },
    // "Access to the device is denied", "Your access to the API has been
    // blocked", "Access blocked"; not a block that names its end or its
    // length (Keeper's "Access is blocked until workflow status can be
    // verified", "access blocked for 60 seconds", "blocked temporarily"),
    // nor a browser's CORS block.
    Form {
        name: "access denied",
        anchors: &["access"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"\baccess\s+(?:to\s+(?:\S+\s+){1,4}?)?(?:(?:has|have)\s+been\s+|is\s+|was\s+|been\s+)?(?:denied|blocked)\b(\s+(?:until|temporarily|for\s+\d|by\s+cors)|[.!]?\s+(?:please\s+)?try\s+again\s+in\b)?",
        excepted: true,
    },
    // "You don't have access to this project.", "You do not have the
    // necessary user rights to perform this action"; not the answer a
    // space or model gives while it is still being made ("does not exist
    // or you do not have access", Contentful's and OpenWhispr's, which
    // passed), nor a network out of reach.
    Form {
        name: "does not have access",
        anchors: &["have"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"(exists?\s+or\s+(?:\S+\s+)?)?\b(?:do|does|did)NOT\s+(?:yet\s+)?have\s+GAP(?:access|rights)\b(\s+to\s+(?:the\s+)?(?:internet|network)\b)?",
        excepted: true,
    },
    // The refusals spelt as codes and in other words: IBM MQ's
    // `MQRC_NOT_AUTHORIZED`, `NotAuthorizedError`, Karabiner's
    // `not_permitted`, OpenVPN's `AUTH_FAILED`, OANDA's "Insufficient
    // authorization", Brightspace's "Insufficient scope", Google's
    // `insufficientPermissions` and `ACCESS_TOKEN_SCOPE_INSUFFICIENT`,
    // OpenLDAP's "insufficient access" (not krb5's "Insufficient access to
    // lock database", a lock another process holds), Mastodon's "outside
    // the authorized scopes", Prisma's "was denied access", MySQL's
    // "command denied to user", a token that "has not been granted" its
    // scopes, Azure's `RequestDisallowedByPolicy`.
    Form {
        name: "refused in other words",
        anchors: &[
            "not_",
            "notauth",
            "_failed",
            "insufficient",
            "outside",
            "denied",
            "granted",
            "disallowed",
            "scope_insufficient",
        ],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"(?:\b|_)(?:not_?authori[sz]ed(?:error|exception)?|not_permitted|auth_failed|authentication_failed|authori[sz]ation_failed|insufficient_?(?:scopes?|permissions?)|access_token_scope_insufficient)\b|\binsufficient\s+(?:authori[sz]ation|(?:authentication\s+)?scopes?)\b|\binsufficient[\s_]+(?:\S+[\s_]+)?(?:rights|access)\b(\s+to\s+lock)?|\boutside\s+(?:of\s+)?the\s+authori[sz]ed\s+scopes?\b|\b(?:was|were|is|are|been)\s+denied\s+access\b|\bcommand\s+denied\s+to\s+user\b|\b(?:has|have)NOT\s+been\s+granted\b|\bdisallowed\s+by\s+policy\b|requestdisallowedbypolicy",
        excepted: true,
    },
    // A person asked to sign in again: "Please reauthenticate user",
    // "Session expired, please re-authenticate", "run `gh auth login` to
    // reauthenticate". Not a client that reports its own refresh failing
    // over a passing cause ("unable to re-authenticate:
    // temporarily_unavailable", Home Assistant's "Unable to re-authenticate
    // with CovaU: Cannot connect to host").
    Form {
        name: "asks to sign in again",
        anchors: &["authenticate"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"((?:unable|failed|fail|could\s+not|couldn(?:'|’)t|cannot|can(?:'|’)t|attempting|trying|attempt)\s+to\s+)?\bre-?authenticate\b",
        excepted: true,
    },
    // A role the caller lacks: Warpgate's "admin role required", Postgres'
    // "must be member of role", GitHub's "Must have admin rights to
    // Repository.", Open VSX's "You must be an owner of this namespace."
    Form {
        name: "a role required",
        anchors: &["role", "must"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"\brole\s+(?:is\s+)?required\b|\bmust\s+be\s+(?:an?\s+|the\s+)?(?:owner|admin|administrator|member\s+of\s+role)\b|\bmust\s+have\s+admin(?:istrator)?\s+rights\b",
        excepted: false,
    },
    // The hundred-and-tenth round, from the credential failures
    // `final111` to `final114` saw called recoverable beside "try again":
    // a secret given wrong (Multipass' "Passphrase is not correct. Please
    // try again.", "wrong PIN", "Invalid password"), and, from the round's
    // review, a one-time code (Bitwarden's "Two-step token is invalid. Try
    // again.", PyPI's "Invalid TOTP code. Try again?", ykman's "PIN
    // verification failed"). Not a GPIO pin ("invalid pin mode", "[GPIO]
    // invalid PIN number!": "invalid ... PIN" is read only in capitals and
    // not before a hardware noun), nor a password's policy (pwquality's
    // "BAD PASSWORD: The password is too short", "Invalid password
    // length").
    Form {
        name: "a wrong secret",
        anchors: &["pass", "pin", "otp", "code", "token", "2fa", "mfa", "two"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r#"\b(?:password|passphrase|passcode|pin|otp|one-time\s+code|2fa\s+code|verification\s+code)\s+(?:is\s+|was\s+)?(?:not\s+correct|incorrect|wrong|invalid|mismatch(?:ed)?|didn(?:'|’)?t\s+match|did\s+not\s+match|does\s+not\s+match|not\s+valid)\b|\b(?:password|passphrase|passcode|pin)\s+(?:you\s+)?(?:entered|provided|supplied)\s+(?:is|was)\s+(?:not\s+correct|incorrect|wrong|invalid)\b|\b(?:wrong|incorrect|bad)\s+(?:\S+\s+)?(?:password|passphrase|passcode|pin)\b([\s:_-]+(?:length|policy|format|strength|complexity|requirements?|rules?|recipe)\b|:\s*(?:the\s+password|it\s+(?:is|does|looks)))?|\binvalid\s+(?:\S+\s+)?(?:password|passphrase|passcode)\b([\s:_-]+(?:length|policy|format|strength|complexity|requirements?|rules?|recipe)\b)?|(?-i:\b(?:[Ii]nvalid|INVALID)\s+(?:\S+\s+)?PIN\b)(\s+(?:number|name|mode|type|for|af|drive|pull|direction|length|mapping|assignment|count|argument|rotation|coordinates)\b)?|\b(?:t?otp|2fa|mfa|two[-\s]step|two[-\s]factor|authenticator|verification|security|one[-\s]time)\s+(?:code|token|pin|passcode)\s+(?:is\s+|was\s+)?(?:not\s+correct|incorrect|wrong|invalid|not\s+valid)\b|\b(?:wrong|incorrect|invalid|bad)\s+(?:t?otp|2fa|mfa|two[-\s]step|two[-\s]factor)\b|\bpin\s+verification\s+failed\b"#,
        excepted: true,
    },
    // Rights only an administrator has: QMK Toolbox's "This action
    // requires administrator rights. Do you want to try again?", "must be
    // run as root", "please run this application as admin", Windows'
    // "requires elevation". Not a negation (TinyPilot's "This script
    // doesn't require root privileges."), nor a tree's root
    // (CollectiveAccess' "Target is a child record; must be root").
    Form {
        name: "needs administrator rights",
        anchors: &["admin", "root", "superuser", "elevat", "sudo"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r#"((?:doesn(?:'|’)t|does\s+not|do\s+not|don(?:'|’)t|no|not|never|without)\s+(?:\S+\s+)?)?\brequir(?:es?|ing)\s+(?:\S+\s+){0,2}?(?:admin|administrator|administrative|root|superuser|elevated|sudo)\s+(?:rights|privileges?|permissions?|access)\b|\b(?:must|need\s+to|needs\s+to|has\s+to|have\s+to)\s+(?:be\s+)?run(?:ning)?\s+as\s+(?:an\s+)?(?:root|administrator|admin|superuser)\b|(?:\b(?:you|user|we|i|caller|process)\s+|^\s*|[.!:(]\s*)must\s+be\s+root\b([-\s]+(?:relative|owned|of|directory|node|path|level|element|record))?|((?:not|n(?:'|’)t|never)\s+(?:be\s+)?)?\brun\s+(?:it\s+|this\s+(?:\S+\s+)?)?as\s+(?:an\s+)?admin(?:istrator)?\b|\bfrom\s+an\s+elevated\s+(?:process|prompt|shell)\b|\brequires\s+elevation\b"#,
        excepted: true,
    },
    // A form's anti-forgery token refused, in any order: Specter's
    // "Session expired (CSRF). Please refresh and try again.", "CSRF
    // verification failed", Tornado's "'_xsrf' argument missing from
    // POST", Flask-WTF's "The CSRF tokens do not match.", "CSRF Error".
    // Only the token's own nouns stand between, so a passing failure that
    // names the header is not read; nor is one not issued yet (Unraid's
    // "CSRF token not found yet" while its API starts), nor a failure to
    // fetch one ("Fetching CSRF token failed: 503").
    Form {
        name: "a form's token refused",
        anchors: &["csrf", "xsrf"],
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r#"((?:fetch|get|obtain|retriev|load|request|refresh)\w*\s+(?:the\s+|a\s+|new\s+)?)?\b_?[cx]srf\b['\x22]?[\s_-]*(?:session[\s_-]+)?(?:tokens?|check|verification|validation|cookie|protection|header|argument)?['\x22]?(?:\s+(?:is|was|has|have|been|did|does|do|not)){0,3}\s+(?:expired|invalid|mismatch|failed|missing|error|match)\b|\b(?:expired|invalid|missing)\W+(?:\w+\W+){0,3}?[cx]srf\b"#,
        excepted: true,
    },
    // keyd's "make sure the daemon is running and you have permission to
    // access the socket", Read the Docs' "Make sure you have the correct
    // GitHub permissions": advice that names a permission. Not git's
    // "make sure you have the correct access rights", which it prints
    // after any failure to reach a remote, a time-out too.
    Form {
        name: "make sure you have permission",
        anchors: &["permission", "privilege"],
        category: Category::Auth,
        tier: Tier::Weak,
        pattern: r"\b(?:make\s+sure|ensure|check|verify|confirm)\s+(?:that\s+)?(?:\S+\s+){0,8}?(?:you|your\s+\S+|the\s+(?:user|account|token|key|bot|app))\s+(?:has|have)\s+GAP(?:permissions?|privileges?)\b",
        excepted: false,
    },
    // "You are not allowed to access this registry", "GitHub Actions is
    // not permitted to create or approve pull requests": weak, since a
    // limit is said so too (Mailgun's "is not allowed to send: recipient
    // limit exceeded, try again after ...", which passed).
    Form {
        name: "not allowed to",
        anchors: &["allowed", "permitted"],
        category: Category::Auth,
        tier: Tier::Weak,
        pattern: r"\b(?:not|n(?:'|’)t)\s+(?:allowed|permitted)\s+to\b",
        excepted: false,
    },
    // An Otter Wiki's "Please wait for approval", "You are not approved
    // yet", "has not been approved yet", "wait for an administrator to
    // grant access": a person must act first, however soon the call is
    // made again. Not the state a failure happened in ("Could not reach
    // Kubb Studio while waiting for approval, retrying: fetch failed").
    Form {
        name: "waits for approval",
        anchors: &["approv", "wait for", "waiting for"],
        category: Category::Auth,
        tier: Tier::Weak,
        pattern: r"(\bwhile\s+)?(?:\b(?:awaiting|waiting\s+for|wait\s+for)\s+(?:(?:an?|the|admin|administrator|moderator|manual|your|account)\s+){0,2}approval\b|\bnot\s+(?:been\s+|yet\s+)*approved\b|\bwait\s+for\s+(?:an?\s+|the\s+)?(?:admin|administrator|moderator|owner)\b)",
        excepted: true,
    },
    // RFC 6455's close code 1008, a policy violation: ttyd closes a
    // terminal whose credential it refused so. Lasting, not a blip; not
    // named a credential failure, since servers close with it for other
    // policies too (ElevenLabs' limit of open contexts).
    Form {
        name: "closed for a policy violation",
        anchors: &["1008"],
        category: Category::Permanent,
        tier: Tier::Weak,
        pattern: r"\bwebsocket\b.{0,60}?\bcode:?\s*1008\b|\b1008\s*\(?\s*policy\s+violation\b",
        excepted: false,
    },
];

/// A form's pattern with the gap and the rights filled in.
fn pattern(form: &Form) -> String {
    form.pattern
        .replace("GAP", GAP)
        .replace("RIGHTS", RIGHTS)
        .replace("NOT", NOT)
}

/// The forms compiled: an automaton over their anchors (each anchor's
/// form by pattern id), then each form by itself with its index.
struct Compiled {
    anchors: Option<AhoCorasick>,
    anchored: Vec<usize>,
    each: Vec<(usize, Regex)>,
}

/// A pattern compiled case-insensitively over bytes with ASCII classes:
/// the text has been folded to ASCII where it only looked different
/// (`fold.rs`), and ASCII word boundaries and classes keep the regex
/// crate's DFA small and fast (Unicode ones doubled the cost of an
/// analysis). Letters outside ASCII are never part of a word here, which
/// only narrows what a form reads.
fn compile(pattern: &str) -> Option<Regex> {
    RegexBuilder::new(pattern)
        .case_insensitive(true)
        .unicode(false)
        .build()
        .ok()
}

/// The forms compiled once, with one automaton over their anchors, so
/// that a text is scanned once for the words the forms need and only the
/// forms whose words it holds are run. The scan costs about a
/// microsecond per kilobyte (docs/benchmarks.md, row 7); the patterns
/// are constants, and if one ever failed to compile, it would read
/// nothing.
fn compiled() -> &'static Compiled {
    static COMPILED: OnceLock<Compiled> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let (words, anchored): (Vec<&str>, Vec<usize>) = FORMS
            .iter()
            .enumerate()
            .flat_map(|(at, form)| form.anchors.iter().map(move |word| (*word, at)))
            .unzip();
        let anchors = AhoCorasick::builder()
            .ascii_case_insensitive(true)
            .match_kind(MatchKind::Standard)
            .build(words)
            .ok();
        let each = FORMS
            .iter()
            .enumerate()
            .filter_map(|(at, form)| compile(&pattern(form)).map(|regex| (at, regex)))
            .collect();
        Compiled {
            anchors,
            anchored,
            each,
        }
    })
}

/// Whether one of `regex`'s matches in `text` reads as `form`.
fn reads(form: &Form, regex: &Regex, text: &[u8]) -> bool {
    if form.excepted {
        regex
            .captures_iter(text)
            .any(|found| found.iter().skip(1).all(|group| group.is_none()))
    } else {
        regex.is_match(text)
    }
}

/// The forms `text` shows, each once.
pub(super) fn refusals(text: &str) -> impl Iterator<Item = &'static Form> + '_ {
    let Compiled {
        anchors,
        anchored,
        each,
    } = compiled();
    // Which forms' anchors the text holds, as a bit set by form index
    // (the forms are at most 32, checked when this compiles).
    let mut held = 0_u32;
    if let Some(anchors) = anchors {
        for hit in anchors.find_overlapping_iter(text) {
            if let Some(at) = anchored.get(hit.pattern().as_usize()) {
                held |= 1 << at;
            }
        }
    }
    let text = text.as_bytes();
    each.iter()
        .filter(move |(at, _)| held & (1 << at) != 0)
        .filter_map(move |(at, regex)| {
            let form = FORMS.get(*at)?;
            reads(form, regex, text).then_some(form)
        })
}

/// Every form has a bit of its own in the set of anchors held.
const _: () = assert!(FORMS.len() <= 32);

#[cfg(test)]
mod tests;
