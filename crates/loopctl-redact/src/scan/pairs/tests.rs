//! Named values in the forms error texts really take.

use super::*;

fn hidden(text: &str) -> String {
    let mut spans = Vec::new();
    find_pairs(text, &KeyList::default(), &mut spans);
    crate::spans::apply(text, &mut spans).into_owned()
}

#[test]
fn json_bodies_escaped_or_not_hide_their_secret_values() {
    assert_eq!(
        hidden(r#"bad request: {"user":"ann","password":"hunter2","n":1}"#),
        r#"bad request: {"user":"ann","password":"[redacted]","n":1}"#
    );
    assert_eq!(
        hidden(r#"{"error":"{\"api_key\":\"k-123\",\"x\":2}"}"#),
        r#"{"error":"{\"api_key\":\"[redacted]\",\"x\":2}"}"#
    );
    assert_eq!(
        hidden(r#"{"client_secret": "a \"quoted\" one", "ok": true}"#),
        r#"{"client_secret": "[redacted]", "ok": true}"#
    );
    assert_eq!(
        hidden(r#"{"credentials": {"user": "a", "pin": 1}, "next": 2}"#),
        r#"{"credentials": [redacted], "next": 2}"#
    );
}

#[test]
fn json_nested_in_json_in_a_debug_print_hides_its_values() {
    assert_eq!(
        hidden(r#"arguments: Some({"mode": String("{\\\"apiKey\\\":\\\"v6z7\\\"}")})"#),
        r#"arguments: Some({"mode": String("{\\\"apiKey\\\":\\\"[redacted]\\\"}")})"#
    );
}

#[test]
fn headers_keep_the_scheme_and_hide_the_credentials() {
    assert_eq!(
        hidden("Authorization: Token abc123\nAccept: */*"),
        "Authorization: Token [redacted]\nAccept: */*"
    );
    assert_eq!(hidden("x-api-key: k-42"), "x-api-key: [redacted]");
    // A first word that is no scheme is the credential, with prose after it.
    assert_eq!(
        hidden("400: Proxy-Authorization=v2H6HMPS (check your request)"),
        "400: Proxy-Authorization=[redacted] (check your request)"
    );
    assert_eq!(
        hidden("send Authorization: vD8fJPdZ again"),
        "send Authorization: [redacted] again"
    );
    assert_eq!(
        hidden("Cookie: sid=abc; theme=dark"),
        "Cookie: [redacted]; theme=dark"
    );
}

#[test]
fn query_strings_hide_secret_parameters_with_the_url_mark() {
    assert_eq!(
        hidden("GET /resource?access_token=mF_9.B5f-4.1JqM HTTP/1.1"),
        "GET /resource?access_token=REDACTED HTTP/1.1"
    );
    assert_eq!(
        hidden("https://h/x?address=x&key=AIzaSy123&sensor=false#top"),
        "https://h/x?address=x&key=REDACTED&sensor=false#top"
    );
    assert_eq!(
        hidden("https://a.blob.core.windows.net/c?sv=2022&sig=abc%3D&sp=r"),
        "https://a.blob.core.windows.net/c?sv=2022&sig=REDACTED&sp=r"
    );
}

#[test]
fn assignments_and_flags_of_every_style() {
    assert_eq!(hidden("PASSWORD=hunter2 make"), "PASSWORD=[redacted] make");
    assert_eq!(
        hidden("spring.datasource.password = s3cr3t"),
        "spring.datasource.password = [redacted]"
    );
    assert_eq!(
        hidden("run --api-key sk-1 --verbose"),
        "run --api-key [redacted] --verbose"
    );
    assert_eq!(hidden("run --api-key=sk-1"), "run --api-key=[redacted]");
    assert_eq!(
        hidden("run --password 'two words' x"),
        "run --password [redacted] x"
    );
}

#[test]
fn names_without_values_and_non_secret_names_stay() {
    for text in [
        "password must be at least 12 characters; token bucket refill",
        "api_version=2024-10-21",
        "https://example.com/search?q=token+bucket&page=2&sort=desc",
        "std::collections::hash_map::DefaultHasher::new",
        "if token == expected",
        "max_tokens: 4096, usage.prompt_tokens=12",
        "tokenizer: cl100k_base",
        r#"{"password": null, "token": ""}"#,
        "--verbose --password",
        "key=value outside a query",
        // A log line's target: the module is named `session`, no field is.
        "DEBUG my_app::proxy::session: a client session ended live=0",
        "WARN auth::token: refreshing the cache",
    ] {
        assert_eq!(hidden(text), text);
    }
    // A field after the target is still hidden.
    assert_eq!(
        hidden("DEBUG my_app::session: session=abc123 ended"),
        "DEBUG my_app::session: session=[redacted] ended"
    );
}
