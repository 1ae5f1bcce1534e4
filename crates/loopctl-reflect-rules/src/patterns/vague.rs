//! Generic credential words ("credentials", "API key", "privilege"): they name what failed, not that it was refused, so they decide only where nothing more specific does, and only when they stand as words of the message.
//!
//! On the files measured once, texts they alone decided were credential
//! failures that no refusal phrase named ("Unable to get temporary
//! credentials", "The API key provided has expired ... try again"). The
//! same words also sit in URLs, query strings, header names and API groups
//! (`?api_key=...`, `/iam/security-credentials/`,
//! `client.authentication.k8s.io`, `--privileged`), where they say nothing
//! about the failure; there they do not count (`names.rs` decides where a
//! literal stands).

use super::Category::Auth;
use super::Pattern;
use super::Tier::Weak;
use crate::text::contains_ignore_case;

/// The words, all of the weak tier; `Found::decide` keeps them out of the
/// tiers. Common misspellings are listed as they occur in real software.
pub(super) const PATTERNS: &[Pattern] = &[
    ("credentials", Auth, Weak),
    ("api key", Auth, Weak),
    ("api-key", Auth, Weak),
    ("api_key", Auth, Weak),
    ("apikey", Auth, Weak),
    ("access key", Auth, Weak),
    ("privilege", Auth, Weak),
    ("priviledge", Auth, Weak),
    ("authenticat", Auth, Weak),
    ("authentif", Auth, Weak),
    ("session has expired", Auth, Weak),
    // A session the caller must open again by hand: Ollama's "Please sign
    // in and try again", Mattermost's "please login again", Railway's
    // "Please login with `railway login`", azcopy's "please log in". Only
    // generic words too: a fetched page's "Please log in to post" banner
    // stands beside its own 503, and "not signed in" alone is also said of
    // code signing ("binary not signed in time").
    ("please sign in", Auth, Weak),
    ("please sign-in", Auth, Weak),
    ("please log in", Auth, Weak),
    ("please log-in", Auth, Weak),
    ("please login", Auth, Weak),
    ("you are not signed in", Auth, Weak),
    ("user is not signed in", Auth, Weak),
    // The same request without "please": a LinkedIn tool's "Log in to
    // LinkedIn in the remote browser ..., then retry this tool", Netlify's
    // "Not logged in. Log in to deploy to a site". The retry it advises
    // comes after a sign-in, so the advice does not outrank it.
    ("log in to", Auth, Weak),
    ("not logged in", Auth, Weak),
    // A password, a login or a client secret named where nothing says what
    // passes: the ninety-first round, from the four files measured last,
    // where five failed logins that end "try again" were called passing
    // ("Login information incorrect. Please try again.", "Review your
    // login info and try again", "client_id or client_secret is incorrect.
    // Try again."). Over the 84 labelled files they decided 32 more texts,
    // 28 of them right; of the four passing texts they made lasting, the
    // next round's review gave three back (a password named in a reset no
    // longer counts, `names_a_reset`, and PgBouncer's server login is read
    // as passing), which leaves JupyterHub's expired login form lasting,
    // weakly, so `rules+llm` asks the model.
    ("password", Auth, Weak),
    ("login", Auth, Weak),
    ("log-in", Auth, Weak),
    ("client_secret", Auth, Weak),
    // Any word that starts "permission" ("permissions" too): the
    // ninety-second round, from `final80`'s
    // panels (cPanel's "You do not have sufficient permissions", ISPConfig's
    // "the permissions to access this function"). Over the labelled files
    // it decides 22 texts no pattern read, all lasting, 16 of them
    // credential failures and the rest a file's or a folder's rights.
    ("permission", Auth, Weak),
];

/// Whether the word "password" at `start..end` of `text` names a password
/// reset rather than a refusal (the ninety-second round's review): a
/// reset mail that could not be sent passes ("... while sending the
/// password reset instructions ... Please try again later", "There was an
/// issue with recovering your password"), and no credential was refused.
/// Only "password": "Token reset failed: invalid credentials" is still a
/// refusal.
pub(super) fn names_a_reset(text: &str, start: usize, end: usize) -> bool {
    let bytes = text.as_bytes();
    let word = bytes.get(start..end).unwrap_or_default();
    if !word.eq_ignore_ascii_case(b"password") {
        return false;
    }
    let after = bytes.get(end..).unwrap_or_default().trim_ascii_start();
    let before = bytes
        .get(start.saturating_sub(24)..start)
        .unwrap_or_default();
    after
        .get(..5)
        .is_some_and(|next| next.eq_ignore_ascii_case(b"reset"))
        || contains_ignore_case(before, b"recover")
        || contains_ignore_case(before, b"reset")
}

/// The literals that are the start of words, not words
/// (`names::Standing::Stem`).
pub(super) const STEMS: [&str; 3] = ["authenticat", "authentif", "permission"];

#[cfg(test)]
mod tests {
    use super::super::names::{self, Kind};

    fn alone(text: &str, literal: &str) -> bool {
        let start = text.to_ascii_lowercase().find(literal).expect(literal);
        let standing = names::standing(literal, Kind::Vague);
        names::counts(text, standing, start, start + literal.len())
    }

    #[test]
    fn words_of_the_message_count() {
        assert!(alone("Unable to locate credentials", "credentials"));
        assert!(alone("Invalid API keys supplied", "api key"));
        assert!(alone("insufficient privileges", "privilege"));
        assert!(alone("Authentication is required", "authenticat"));
        assert!(alone("'api_key' is missing", "api_key"));
        assert!(alone("no api_keys configured", "api_key"));
        assert!(alone("Permissions not granted", "permission"));
        assert!(alone("check the SELECT permission", "permission"));
    }

    #[test]
    fn only_a_password_named_in_a_reset_is_no_credential_word() {
        let reset = |text: &str, word: &str| {
            let start = text.to_ascii_lowercase().find(word).expect(word);
            super::names_a_reset(text, start, start + word.len())
        };
        assert!(reset("sending the password reset instructions", "password"));
        assert!(reset("an issue with recovering your password", "password"));
        assert!(!reset(
            "Token reset failed: invalid credentials",
            "credentials"
        ));
        assert!(!reset("Wrong username or password", "password"));
    }

    #[test]
    fn words_inside_names_and_urls_do_not() {
        assert!(!alone(
            "GET /3/search?api_key=e4be&q=x timed out",
            "api_key"
        ));
        assert!(!alone(
            "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
            "credentials"
        ));
        assert!(!alone("client.authentication.k8s.io/v1", "authenticat"));
        assert!(!alone("docker run --privileged", "privilege"));
        assert!(!alone("unprivileged user namespace", "privilege"));
        assert!(!alone("withCredentials", "credentials"));
        assert!(!alone("apikey=abc123", "apikey"));
        assert!(!alone(
            "GET https://api.github.com/repos/o/r/collaborators/u/permission timed out",
            "permission"
        ));
    }
}
