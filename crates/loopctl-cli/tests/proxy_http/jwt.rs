//! JWT access tokens against an issuer's JWKS served on 127.0.0.1: written against forged, expired, misdirected and confused tokens, and against one principal using another's session.

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

use crate::running::{INITIALIZE, RunningProxy, open_session, post, send};

const ISSUER: &str = "https://issuer.test";
const RESOURCE: &str = "http://proxy.test/mcp";
const METADATA: &str = "http://proxy.test/.well-known/oauth-protected-resource/mcp";

fn data(name: &str) -> Vec<u8> {
    std::fs::read(format!(
        "{}/tests/data/jwt/{name}",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap()
}

fn now() -> i64 {
    i64::try_from(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs(),
    )
    .unwrap()
}

fn claims(sub: &str) -> Value {
    json!({"iss": ISSUER, "aud": RESOURCE, "sub": sub, "exp": now() + 600, "iat": now()})
}

fn signed_with(key: &[u8], kid: &str, claims: &Value) -> String {
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some(kid.to_owned());
    header.typ = Some("at+jwt".to_owned());
    jsonwebtoken::encode(&header, claims, &EncodingKey::from_ec_der(key)).unwrap()
}

fn token(claims: &Value) -> String {
    signed_with(&data("issuer-es256.pk8.der"), "issuer-key-1", claims)
}

async fn issuer_and_proxy() -> (TestServer, RunningProxy) {
    let jwks: Value = serde_json::from_slice(&data("jwks.json")).unwrap();
    let issuer = TestServer::start(vec![Reply::json(&jwks)]).await;
    let jwks_url = format!("{}/jwks.json", issuer.url());
    let flags = [
        "--auth-issuer",
        ISSUER,
        "--auth-jwks-url",
        &jwks_url,
        "--resource-url",
        RESOURCE,
    ];
    let proxy = RunningProxy::start(&flags, &[]).await;
    (issuer, proxy)
}

fn bearer(token: &str) -> String {
    format!("Authorization: Bearer {token}")
}

#[tokio::test]
async fn a_valid_token_gets_in_and_every_bad_one_gets_401_with_the_metadata() {
    let (issuer, proxy) = issuer_and_proxy().await;
    let addr = &proxy.addr;
    open_session(addr, &[&bearer(&token(&claims("alice")))]).await;

    let missing = send(addr, &post(addr, INITIALIZE, &[])).await;
    assert_eq!(missing.status, 401);
    let challenge = missing.header("www-authenticate").unwrap();
    assert!(
        challenge.contains(&format!("resource_metadata=\"{METADATA}\"")),
        "{challenge}"
    );

    let mut expired = claims("alice");
    expired["exp"] = json!(now() - 120);
    let mut early = claims("alice");
    early["nbf"] = json!(now() + 600);
    let mut elsewhere = claims("alice");
    elsewhere["aud"] = json!("http://other-proxy.test/mcp");
    let mut no_audience = claims("alice");
    no_audience.as_object_mut().unwrap().remove("aud");
    let mut no_expiry = claims("alice");
    no_expiry.as_object_mut().unwrap().remove("exp");
    let mut foreign_issuer = claims("alice");
    foreign_issuer["iss"] = json!("https://evil.test");
    let good = token(&claims("alice"));
    let (head, rest) = good.split_once('.').unwrap();
    let (_, signature) = rest.split_once('.').unwrap();
    let swapped = {
        use base64::Engine as _;
        let body = serde_json::to_vec(&claims("mallory")).unwrap();
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(body)
    };
    // The issuer's public key as an HMAC secret: the classic confusion.
    let confused = {
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some("issuer-key-1".to_owned());
        jsonwebtoken::encode(
            &header,
            &claims("alice"),
            &EncodingKey::from_secret(&data("jwks.json")).unwrap(),
        )
        .unwrap()
    };
    let unsigned = {
        use base64::Engine as _;
        let engine = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let header = engine.encode(br#"{"alg":"none","typ":"at+jwt","kid":"issuer-key-1"}"#);
        let body = engine.encode(serde_json::to_vec(&claims("alice")).unwrap());
        format!("{header}.{body}.")
    };
    let id_token = {
        let mut header = Header::new(Algorithm::ES256);
        header.kid = Some("issuer-key-1".to_owned());
        header.typ = Some("dpop+jwt".to_owned());
        jsonwebtoken::encode(
            &header,
            &claims("alice"),
            &EncodingKey::from_ec_der(&data("issuer-es256.pk8.der")),
        )
        .unwrap()
    };
    let bad = [
        ("expired", token(&expired)),
        ("not yet valid", token(&early)),
        ("for another resource", token(&elsewhere)),
        ("without an audience", token(&no_audience)),
        ("without an expiry", token(&no_expiry)),
        ("from another issuer", token(&foreign_issuer)),
        (
            "signed by a stranger under the issuer's key id",
            signed_with(
                &data("stranger-es256.pk8.der"),
                "issuer-key-1",
                &claims("alice"),
            ),
        ),
        (
            "with a payload swapped after signing",
            format!("{head}.{swapped}.{signature}"),
        ),
        ("HS256 with the public key as secret", confused),
        ("unsigned", unsigned),
        ("of another type", id_token),
        ("not a JWT", "0123456789abcdef0123456789abcdef".to_owned()),
    ];
    for (what, token) in &bad {
        let answer = send(addr, &post(addr, INITIALIZE, &[&bearer(token)])).await;
        assert_eq!(answer.status, 401, "a token {what}: {answer:?}");
        let challenge = answer.header("www-authenticate").unwrap();
        assert!(
            challenge.contains("error=\"invalid_token\""),
            "{what}: {challenge}"
        );
        assert!(challenge.contains(METADATA), "{what}: {challenge}");
    }
    // Forged key ids do not turn the proxy against the issuer: the keys
    // read at start are not fetched again for each of them.
    for n in 0..20 {
        let forged = signed_with(
            &data("stranger-es256.pk8.der"),
            &format!("kid-{n}"),
            &claims("alice"),
        );
        assert_eq!(
            send(addr, &post(addr, INITIALIZE, &[&bearer(&forged)]))
                .await
                .status,
            401
        );
    }
    assert_eq!(issuer.requests().len(), 1, "the JWKS was fetched once");
}

#[tokio::test]
async fn the_metadata_names_the_resource_and_its_issuer() {
    let (_issuer, proxy) = issuer_and_proxy().await;
    let addr = &proxy.addr;
    for path in [
        "/.well-known/oauth-protected-resource",
        "/.well-known/oauth-protected-resource/mcp",
    ] {
        let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n");
        let answer = send(addr, &request).await;
        assert_eq!(answer.status, 200, "{path}: {answer:?}");
        let metadata: Value = serde_json::from_str(&answer.body).unwrap();
        assert_eq!(metadata["resource"], RESOURCE);
        assert_eq!(metadata["authorization_servers"], json!([ISSUER]));
        assert_eq!(metadata["bearer_methods_supported"], json!(["header"]));
    }
}

#[tokio::test]
async fn one_principal_cannot_use_anothers_session() {
    let (_issuer, proxy) = issuer_and_proxy().await;
    let addr = &proxy.addr;
    let alice = bearer(&token(&claims("alice")));
    let bob = bearer(&token(&claims("bob")));
    let session = open_session(addr, &[&alice]).await;
    let list = r#"{"jsonrpc":"2.0","id":2,"method":"tools/list"}"#;
    let header = format!("Mcp-Session-Id: {session}");
    let stolen = send(
        addr,
        &post(
            addr,
            list,
            &[&bob, &header, "MCP-Protocol-Version: 2025-06-18"],
        ),
    )
    .await;
    assert_eq!(stolen.status, 404, "{stolen:?}");
    let initialized = r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#;
    let own = send(
        addr,
        &post(
            addr,
            initialized,
            &[&alice, &header, "MCP-Protocol-Version: 2025-06-18"],
        ),
    )
    .await;
    assert_eq!(own.status, 202, "{own:?}");
    let listed = send(
        addr,
        &post(
            addr,
            list,
            &[&alice, &header, "MCP-Protocol-Version: 2025-06-18"],
        ),
    )
    .await;
    assert_eq!(listed.status, 200, "{listed:?}");
    assert!(listed.body.contains("flaky"), "{listed:?}");
}
