//! JWT access tokens, the MCP authorization model's resource-server half: keys from the issuer's JWKS, the issuer, audience and expiry checked, and the protected-resource metadata (RFC 9728) clients find the issuer by.

use std::sync::RwLock;
use std::time::{Duration, Instant};

use jsonwebtoken::jwk::{Jwk, JwkSet};
use jsonwebtoken::{Algorithm, DecodingKey, Validation};
use serde::Deserialize;

/// The largest JWKS document read, and the most keys kept from it.
const MAX_JWKS_BYTES: usize = 1024 * 1024;
const MAX_KEYS: usize = 64;
/// An unknown key id fetches the JWKS again at most this often, so a
/// stream of forged key ids cannot turn the proxy against the issuer.
const REFETCH_EVERY: Duration = Duration::from_secs(30);
/// Clock skew allowed on `exp` and `nbf`.
const LEEWAY_SECS: u64 = 30;

/// Where the keys are, and what a token must say.
#[derive(Debug, Clone)]
pub(crate) struct JwtSettings {
    /// The `iss` every token must carry.
    pub(crate) issuer: String,
    /// The JWKS document's URL.
    pub(crate) jwks_url: String,
    /// The `aud` every token must carry (the proxy's resource URL).
    pub(crate) audience: String,
    /// The proxy's canonical URL, as clients reach it.
    pub(crate) resource: String,
    /// Authorization servers to name in the metadata.
    pub(crate) authorization_servers: Vec<String>,
}

/// Checks JWT access tokens against the issuer's keys.
pub(crate) struct JwtCheck {
    settings: JwtSettings,
    client: reqwest::Client,
    keys: RwLock<(JwkSet, Instant)>,
    refetching: tokio::sync::Mutex<()>,
}

impl std::fmt::Debug for JwtCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "JwtCheck({})", self.settings.issuer)
    }
}

#[derive(Deserialize)]
struct Claims {
    iss: String,
    sub: Option<String>,
}

impl JwtCheck {
    /// Reads the issuer's keys once, so a wrong URL fails at start.
    ///
    /// # Errors
    /// A JWKS that cannot be fetched or read.
    pub(crate) async fn start(settings: JwtSettings) -> Result<Self, String> {
        let client = reqwest::Client::builder()
            .timeout(Duration::from_secs(10))
            .build()
            .map_err(|error| format!("cannot build an HTTP client: {error}"))?;
        let keys = fetch(&client, &settings.jwks_url).await?;
        Ok(Self {
            settings,
            client,
            keys: RwLock::new((keys, Instant::now())),
            refetching: tokio::sync::Mutex::new(()),
        })
    }

    /// The protected-resource metadata document.
    pub(crate) fn metadata(&self) -> serde_json::Value {
        serde_json::json!({
            "resource": self.settings.resource,
            "authorization_servers": self.settings.authorization_servers,
            "bearer_methods_supported": ["header"],
            "resource_name": "loopctl mcp-proxy",
        })
    }

    /// Where the metadata is served, for the `401` challenge.
    pub(crate) fn metadata_url(&self) -> String {
        metadata_url(&self.settings.resource)
    }

    /// The principal a valid token names (`iss` and `sub`).
    ///
    /// # Errors
    /// Why the token is refused, in words a client's operator can act on.
    pub(crate) async fn check(&self, token: &str) -> Result<String, String> {
        let header = jsonwebtoken::decode_header(token).map_err(|_| "not a JWT".to_owned())?;
        if !asymmetric(header.alg) {
            return Err(format!("algorithm {:?} is not accepted", header.alg));
        }
        if let Some(typ) = &header.typ {
            let typ = typ.to_ascii_lowercase();
            if !matches!(typ.as_str(), "at+jwt" | "application/at+jwt" | "jwt") {
                return Err(format!("a `{typ}` token is not an access token"));
            }
        }
        let jwk = match self.key(header.kid.as_deref()) {
            Some(jwk) => jwk,
            None => {
                self.refetch().await;
                self.key(header.kid.as_deref())
                    .ok_or_else(|| "signed with a key the issuer does not list".to_owned())?
            }
        };
        if let Some(alg) = jwk.common.key_algorithm
            && alg.to_string() != format!("{:?}", header.alg)
        {
            return Err("the token's algorithm is not its key's".to_owned());
        }
        let key =
            DecodingKey::from_jwk(&jwk).map_err(|_| "the issuer's key is unusable".to_owned())?;
        let mut validation = Validation::new(header.alg);
        validation.set_issuer(&[&self.settings.issuer]);
        validation.set_audience(&[&self.settings.audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud"]);
        validation.leeway = LEEWAY_SECS;
        validation.validate_nbf = true;
        let data = jsonwebtoken::decode::<Claims>(token, &key, &validation)
            .map_err(|error| format!("{:?}", error.kind()).to_lowercase())?;
        Ok(format!(
            "{} {}",
            data.claims.iss,
            data.claims.sub.unwrap_or_default()
        ))
    }

    fn key(&self, kid: Option<&str>) -> Option<Jwk> {
        let keys = loopctl_reflect_core::read(&self.keys);
        match kid {
            Some(kid) => keys.0.find(kid).cloned(),
            // Without a key id, only an issuer with one key is unambiguous.
            None if keys.0.keys.len() == 1 => keys.0.keys.first().cloned(),
            None => None,
        }
    }

    async fn refetch(&self) {
        let _one = self.refetching.lock().await;
        if loopctl_reflect_core::read(&self.keys).1.elapsed() < REFETCH_EVERY {
            return;
        }
        match fetch(&self.client, &self.settings.jwks_url).await {
            Ok(keys) => *loopctl_reflect_core::write(&self.keys) = (keys, Instant::now()),
            Err(error) => {
                tracing::warn!(%error, "refreshing the issuer's keys failed; the old ones stay");
                loopctl_reflect_core::write(&self.keys).1 = Instant::now();
            }
        }
    }
}

/// The metadata URL of a resource: the well-known path inserted between
/// the host and the resource's path (RFC 9728 §3.1).
pub(crate) fn metadata_url(resource: &str) -> String {
    match url::Url::parse(resource) {
        Ok(url) => {
            let path = url.path().trim_end_matches('/');
            format!(
                "{}/.well-known/oauth-protected-resource{path}",
                url.origin().ascii_serialization()
            )
        }
        Err(_) => resource.to_owned(),
    }
}

fn asymmetric(alg: Algorithm) -> bool {
    !matches!(alg, Algorithm::HS256 | Algorithm::HS384 | Algorithm::HS512)
}

async fn fetch(client: &reqwest::Client, url: &str) -> Result<JwkSet, String> {
    let shown = loopctl_redact::Redactor::standard().text(url).into_owned();
    let mut response = client
        .get(url)
        .send()
        .await
        .and_then(reqwest::Response::error_for_status)
        .map_err(|error| format!("cannot fetch the JWKS at {shown}: {}", error.without_url()))?;
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|error| format!("cannot read the JWKS at {shown}: {}", error.without_url()))?
    {
        if body.len() + chunk.len() > MAX_JWKS_BYTES {
            return Err(format!(
                "the JWKS at {shown} is over {MAX_JWKS_BYTES} bytes"
            ));
        }
        body.extend_from_slice(&chunk);
    }
    let mut keys: JwkSet = serde_json::from_slice(&body)
        .map_err(|error| format!("the JWKS at {shown} is not a JWK set: {error}"))?;
    keys.keys.truncate(MAX_KEYS);
    Ok(keys)
}
