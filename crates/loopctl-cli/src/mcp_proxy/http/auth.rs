//! Who may call the HTTP proxy: static bearer tokens read from files or the environment, compared in constant time, and the `401` a client is told to authenticate with.

use sha2::{Digest, Sha256};
use subtle::{ConditionallySelectable, ConstantTimeEq};

/// The realm named in every challenge.
const REALM: &str = "loopctl-mcp-proxy";

/// Why a request was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Refusal {
    /// No `Authorization: Bearer …` header.
    Missing,
    /// A bearer token that is none of the accepted ones, or a header that
    /// is not a bearer token.
    Invalid,
}

/// The accepted tokens, kept only as SHA-256 digests.
#[derive(Clone, Default)]
pub(crate) struct Tokens {
    digests: Vec<[u8; 32]>,
}

impl std::fmt::Debug for Tokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Tokens({} accepted)", self.digests.len())
    }
}

impl Tokens {
    /// Accepts `token` (surrounding white space ignored).
    ///
    /// # Errors
    /// An empty token, or one shorter than 16 characters: a guessable
    /// secret in front of someone's tools is refused, not warned about.
    pub(crate) fn accept(&mut self, token: &str, origin: &str) -> Result<(), String> {
        let token = token.trim();
        if token.chars().count() < 16 {
            return Err(format!(
                "{origin}: the token is {} characters; use at least 16 random ones (for example `openssl rand -hex 32`)",
                token.chars().count()
            ));
        }
        if token.chars().any(|c| c.is_whitespace() || c.is_control()) {
            return Err(format!(
                "{origin}: the token holds white space or a control character; a bearer token is one word"
            ));
        }
        self.digests.push(Sha256::digest(token.as_bytes()).into());
        Ok(())
    }

    /// Whether any token is accepted (authentication is on).
    pub(crate) fn any(&self) -> bool {
        !self.digests.is_empty()
    }

    /// Checks an `Authorization` header value, and says which accepted
    /// token it carries (its place in the order given). Every accepted
    /// digest is compared, each in constant time, so neither the token's
    /// length nor which token matched shows in the time taken.
    ///
    /// # Errors
    /// What is wrong with the header.
    pub(crate) fn check(&self, header: Option<&[u8]>) -> Result<u32, Refusal> {
        let Some(header) = header else {
            return Err(Refusal::Missing);
        };
        let token = bearer(header).ok_or(Refusal::Invalid)?;
        let offered: [u8; 32] = Sha256::digest(token).into();
        let mut matched = subtle::Choice::from(0);
        let mut which = 0_u32;
        for (index, digest) in (0_u32..).zip(&self.digests) {
            let equal = digest.ct_eq(&offered);
            which = u32::conditional_select(&which, &index, equal);
            matched |= equal;
        }
        if bool::from(matched) {
            Ok(which)
        } else {
            Err(Refusal::Invalid)
        }
    }
}

/// The token of a `Bearer` credential (RFC 6750 §2.1: the scheme is
/// case-insensitive, one or more spaces, then the token).
pub(crate) fn bearer(header: &[u8]) -> Option<&[u8]> {
    let (scheme, rest) = header.split_at_checked(6)?;
    if !scheme.eq_ignore_ascii_case(b"bearer") || rest.first().is_none_or(|b| *b != b' ') {
        return None;
    }
    let token = rest.trim_ascii();
    (!token.is_empty() && !token.contains(&b' ')).then_some(token)
}

/// The `WWW-Authenticate` value for a refusal: the realm, the RFC 6750
/// error code when a token was offered, and where the protected-resource
/// metadata is when the proxy serves it.
pub(crate) fn challenge(refusal: Refusal, resource_metadata: Option<&str>) -> String {
    let mut value = format!("Bearer realm=\"{REALM}\"");
    if refusal == Refusal::Invalid {
        value.push_str(
            ", error=\"invalid_token\", error_description=\"the access token is not valid\"",
        );
    }
    if let Some(url) = resource_metadata {
        value.push_str(&format!(", resource_metadata=\"{url}\""));
    }
    value
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "0123456789abcdef0123456789abcdef";

    fn tokens() -> Tokens {
        let mut tokens = Tokens::default();
        tokens.accept(&format!("  {GOOD}\n"), "test").unwrap();
        tokens
    }

    #[test]
    fn the_right_token_passes_in_any_case_of_the_scheme() {
        let tokens = tokens();
        for header in [
            format!("Bearer {GOOD}"),
            format!("bearer {GOOD}"),
            format!("BEARER   {GOOD}  "),
        ] {
            assert_eq!(tokens.check(Some(header.as_bytes())), Ok(0), "{header}");
        }
    }

    #[test]
    fn anything_else_is_refused() {
        let tokens = tokens();
        assert_eq!(tokens.check(None), Err(Refusal::Missing));
        let near = &GOOD[..GOOD.len() - 1];
        for header in [
            String::new(),
            "Bearer".into(),
            "Bearer ".into(),
            format!("Bearer{GOOD}"),
            format!("Basic {GOOD}"),
            format!("Bearer {near}"),
            format!("Bearer {GOOD}x"),
            format!("Bearer {}", GOOD.to_uppercase()),
            format!("Bearer {GOOD} {GOOD}"),
            format!("Bearer\t{GOOD}"),
            format!("Token {GOOD}"),
        ] {
            assert_eq!(
                tokens.check(Some(header.as_bytes())),
                Err(Refusal::Invalid),
                "{header:?}"
            );
        }
    }

    #[test]
    fn each_token_is_told_apart() {
        let mut tokens = tokens();
        tokens
            .accept("fedcba9876543210fedcba9876543210", "second")
            .unwrap();
        let second = "Bearer fedcba9876543210fedcba9876543210";
        assert_eq!(tokens.check(Some(second.as_bytes())), Ok(1));
        assert_eq!(
            tokens.check(Some(format!("Bearer {GOOD}").as_bytes())),
            Ok(0)
        );
    }

    #[test]
    fn a_short_or_spaced_token_is_refused_at_start() {
        let mut tokens = Tokens::default();
        assert!(
            tokens
                .accept("hunter2", "--auth-token-file t")
                .unwrap_err()
                .contains("16")
        );
        assert!(
            tokens
                .accept("0123456789 abcdef0", "x")
                .unwrap_err()
                .contains("one word")
        );
        assert!(!tokens.any());
    }

    #[test]
    fn the_challenge_names_the_error_only_when_a_token_was_offered() {
        assert_eq!(
            challenge(Refusal::Missing, None),
            "Bearer realm=\"loopctl-mcp-proxy\""
        );
        let invalid = challenge(
            Refusal::Invalid,
            Some("http://h/.well-known/oauth-protected-resource/mcp"),
        );
        assert!(invalid.contains("error=\"invalid_token\""), "{invalid}");
        assert!(
            invalid.ends_with(
                "resource_metadata=\"http://h/.well-known/oauth-protected-resource/mcp\""
            )
        );
    }
}
