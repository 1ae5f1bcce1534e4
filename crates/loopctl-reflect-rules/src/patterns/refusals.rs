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

use regex::Regex;

use super::{Category, Tier};

/// One form: its name (for the calibration test), the category and tier
/// it adds, and its pattern (case-insensitive).
pub(super) struct Form {
    #[cfg_attr(
        not(test),
        expect(dead_code, reason = "the calibration test credits each form by name")
    )]
    pub(super) name: &'static str,
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
const NOT: &str = r"(?:\s+not|n['’]t)";

/// The forms, in the order they are tried.
pub(super) const FORMS: &[Form] = &[
    // "You lack the permissions to access this wiki", "You are logged in
    // but lack READ permissions", "the caller lacks the 'iam.roles.get'
    // permission", "due to lack of access rights".
    Form {
        name: "lacks a permission",
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"\black(?:s|ed|ing)?\s+(?:of\s+)?GAPRIGHTS",
        excepted: true,
    },
    // "Missing the required permission 'repo'", "missing IAM
    // permissions"; not a file named so ("missing permissions.json").
    Form {
        name: "missing a permission",
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
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"(?:\b|_)(?:not_?authori[sz]ed(?:error|exception)?|not_permitted|auth_failed|authentication_failed|authori[sz]ation_failed|insufficient_?(?:scopes?|permissions?)|access_token_scope_insufficient)\b|\binsufficient\s+(?:authori[sz]ation|scopes?|(?:authentication\s+)?scopes?)\b|\binsufficient[\s_]+(?:\S+[\s_]+)?(?:rights|access)\b(\s+to\s+lock)?|\boutside\s+(?:of\s+)?the\s+authori[sz]ed\s+scopes?\b|\b(?:was|were|is|are|been)\s+denied\s+access\b|\bcommand\s+denied\s+to\s+user\b|\b(?:has|have)NOT\s+been\s+granted\b|\bdisallowed\s+by\s+policy\b|requestdisallowedbypolicy",
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
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"((?:unable|failed|fail|could\s+not|couldn['’]t|cannot|can['’]t|attempting|trying|attempt)\s+to\s+)?\bre-?authenticate\b",
        excepted: true,
    },
    // A role the caller lacks: Warpgate's "admin role required", Postgres'
    // "must be member of role", GitHub's "Must have admin rights to
    // Repository.", Open VSX's "You must be an owner of this namespace."
    Form {
        name: "a role required",
        category: Category::Auth,
        tier: Tier::Strong,
        pattern: r"\brole\s+(?:is\s+)?required\b|\bmust\s+be\s+(?:an?\s+|the\s+)?(?:owner|admin|administrator|member\s+of\s+role)\b|\bmust\s+have\s+admin(?:istrator)?\s+rights\b",
        excepted: false,
    },
    // keyd's "make sure the daemon is running and you have permission to
    // access the socket", Read the Docs' "Make sure you have the correct
    // GitHub permissions": advice that names a permission. Not git's
    // "make sure you have the correct access rights", which it prints
    // after any failure to reach a remote, a time-out too.
    Form {
        name: "make sure you have permission",
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
        category: Category::Auth,
        tier: Tier::Weak,
        pattern: r"\b(?:not|n['’]t)\s+(?:allowed|permitted)\s+to\b",
        excepted: false,
    },
    // An Otter Wiki's "Please wait for approval", "You are not approved
    // yet", "has not been approved yet", "wait for an administrator to
    // grant access": a person must act first, however soon the call is
    // made again. Not the state a failure happened in ("Could not reach
    // Kubb Studio while waiting for approval, retrying: fetch failed").
    Form {
        name: "waits for approval",
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

/// The forms compiled: all as one, then each by itself with its index.
struct Compiled {
    any: Option<Regex>,
    each: Vec<(usize, Regex)>,
}

/// The forms compiled once, each by itself and all as one, so that the
/// texts no form reads (nearly all) are scanned once. The patterns are
/// constants; if one ever failed to compile, it would read nothing.
fn compiled() -> &'static Compiled {
    static COMPILED: OnceLock<Compiled> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let any = FORMS
            .iter()
            .map(|form| format!("(?:{})", pattern(form)))
            .collect::<Vec<_>>()
            .join("|");
        let each = FORMS
            .iter()
            .enumerate()
            .filter_map(|(at, form)| {
                Regex::new(&format!("(?i){}", pattern(form)))
                    .ok()
                    .map(|regex| (at, regex))
            })
            .collect();
        Compiled {
            any: Regex::new(&format!("(?i){any}")).ok(),
            each,
        }
    })
}

/// Whether one of `regex`'s matches in `text` reads as `form`.
fn reads(form: &Form, regex: &Regex, text: &str) -> bool {
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
    let Compiled { any, each } = compiled();
    let some = any.as_ref().is_some_and(|any| any.is_match(text));
    each.iter()
        .filter(move |_| some)
        .filter_map(move |(at, regex)| {
            let form = FORMS.get(*at)?;
            reads(form, regex, text).then_some(form)
        })
}

#[cfg(test)]
mod tests;
