//! Reach checks over whole inputs: URLs in every spelling, paths, values moved within the call.

use serde_json::json;

use super::*;

#[test]
fn a_fix_may_correct_a_file_name_but_not_leave_its_directory() {
    let original = json!({"path": "config/settings.yam"});
    assert_eq!(
        widening(&original, &json!({"path": "config/settings.yaml"}), None),
        None
    );
    for outside in [
        "/",
        "/etc/passwd",
        "config/../../secrets",
        "~/.ssh/id_rsa",
        "settings.yaml",
    ] {
        let reason = widening(&original, &json!({"path": outside}), None).unwrap_or_default();
        assert!(reason.contains("the path at /path"), "{outside}: {reason}");
        assert!(
            !reason.contains(outside.trim_start_matches('/')) || outside == "/",
            "{reason}"
        );
    }
}

#[test]
fn a_fix_may_fix_a_url_path_but_not_move_its_origin() {
    let original = json!({"url": "https://api.example.com/v1/usres"});
    assert_eq!(
        widening(
            &original,
            &json!({"url": "https://api.example.com/v1/users"}),
            None
        ),
        None
    );
    assert_eq!(
        widening(
            &original,
            &json!({"url": "https://API.example.com:443/v1/users?page=2"}),
            None
        ),
        None,
        "the default port and a query are the same origin"
    );
    for moved in [
        "https://attacker.example/c",
        "https://api.example.com:6379/",
        "http://api.example.com/v1/users",
        "gopher://api.example.com/",
        "https://api.example.com@attacker.example/",
        "https://api.example.com\\@attacker.example/",
        "attacker.example/v1",
        "//attacker.example/v1",
        "http://169.254.169.254/latest/meta-data",
        "http://0xa9fea9fe/",
    ] {
        let reason = widening(&original, &json!({"url": moved}), None);
        assert!(reason.is_some(), "{moved} must be refused");
        assert!(
            !reason.unwrap().contains("attacker"),
            "the reason names no value"
        );
    }
}

#[test]
fn fields_that_name_urls_and_uri_formats_read_bare_hosts_as_urls() {
    let original = json!({"endpoint": "api.example.com/v1", "note": "see docs"});
    assert!(
        widening(
            &original,
            &json!({"endpoint": "evil.example/v1", "note": "see docs"}),
            None
        )
        .is_some()
    );
    assert_eq!(
        widening(
            &original,
            &json!({"endpoint": "api.example.com/v2", "note": "see docs"}),
            None
        ),
        None
    );
    let schema = json!({"properties": {"target": {"type": "string", "format": "uri"}}});
    let original = json!({"target": "docs.example.com/guide"});
    assert!(
        widening(
            &original,
            &json!({"target": "evil.example/guide"}),
            Some(&schema)
        )
        .is_some()
    );
    let as_path =
        widening(&original, &json!({"target": "evil.example/guide"}), None).unwrap_or_default();
    assert!(
        as_path.contains("the path at /target"),
        "without the format it reads as a path: {as_path}"
    );
    let host = json!({"host": "db.internal:5432"});
    assert!(widening(&host, &json!({"host": "db.internal:6379"}), None).is_some());
}

#[test]
fn values_already_in_the_call_reach_nothing_new() {
    let original = json!({"paths": "a/b.txt", "limit": "3", "mirror": "https://b.example/x"});
    assert_eq!(
        widening(
            &original,
            &json!({"paths": ["a/b.txt"], "limit": 3, "mirror": "https://b.example/x"}),
            None
        ),
        None
    );
    assert_eq!(
        widening(
            &json!({"q": "plain words"}),
            &json!({"q": "other words"}),
            None
        ),
        None
    );
    let two = json!({"url": "https://a.example/x", "mirror": "https://b.example/x"});
    assert_eq!(
        widening(
            &two,
            &json!({"url": "https://b.example/y", "mirror": "https://b.example/x"}),
            None
        ),
        None,
        "an origin the call already named"
    );
    let added = widening(
        &json!({"q": "x"}),
        &json!({"q": "x", "callback": "https://evil.example"}),
        None,
    );
    assert!(added.unwrap().contains("did not name"));
}

#[test]
fn a_fix_adds_no_characters_parsers_disagree_on_and_no_scheme() {
    let original = json!({"url": "https://docs.example.com/install"});
    for tricky in [
        "https://docs.example.com#@169.254.169.254/latest/meta-data/",
        "https://docs.example.com/install\\..\\admin",
        "https://docs.example.com/in stall",
    ] {
        assert!(
            widening(&original, &json!({"url": tricky}), None).is_some(),
            "{tricky}"
        );
    }
    let relative = json!({"url": "internal-wiki/runbooks/db-failover"});
    assert!(
        widening(
            &relative,
            &json!({"url": "http://internal-wiki/runbooks/db-failover"}),
            None
        )
        .is_some(),
        "a scheme given to a value that had none"
    );
    let mail = json!({"url": "mailto:bob@example.org"});
    assert_eq!(
        widening(
            &mail,
            &json!({"url": "mailto:bob@example.org?subject=x"}),
            None
        ),
        None
    );
}
