//! `rediss://` against a real `redis-server` serving TLS with a certificate from a private CA.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use loopctl_backoff::{Budget, RetryBudget};
use loopctl_redis::{Fleet, FleetConfig, SharedBudget};
use loopctl_testkit::RedisServer;

/// A CA and a server certificate for 127.0.0.1, made with the `openssl`
/// command; `None`, with a notice, when it is not installed.
fn certificates() -> Option<PathBuf> {
    let dir = std::env::temp_dir().join(format!("loopctl-redis-tls-{}", std::process::id()));
    std::fs::create_dir_all(&dir).ok()?;
    let run = |args: &[&str]| {
        Command::new("openssl")
            .args(args)
            .current_dir(&dir)
            .output()
            .map(|output| output.status.success())
            .unwrap_or(false)
    };
    let made = run(&[
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-days",
        "2",
        "-subj",
        "/CN=loopctl test CA",
        "-keyout",
        "ca.key",
        "-out",
        "ca.pem",
    ]) && run(&[
        "req",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-subj",
        "/CN=127.0.0.1",
        "-keyout",
        "server.key",
        "-out",
        "server.csr",
    ]) && {
        std::fs::write(dir.join("san.ext"), "subjectAltName=IP:127.0.0.1\n").is_ok()
    } && run(&[
        "x509",
        "-req",
        "-in",
        "server.csr",
        "-CA",
        "ca.pem",
        "-CAkey",
        "ca.key",
        "-CAcreateserial",
        "-days",
        "2",
        "-extfile",
        "san.ext",
        "-out",
        "server.pem",
    ]);
    if made {
        Some(dir)
    } else {
        loopctl_testkit::missing(
            loopctl_testkit::Part::Openssl,
            "the openssl command is not available to make test certificates",
        );
        None
    }
}

fn server(dir: &Path) -> Option<RedisServer> {
    RedisServer::start_tls(
        &dir.join("server.pem"),
        &dir.join("server.key"),
        &dir.join("ca.pem"),
    )
}

#[tokio::test]
async fn a_rediss_url_with_the_private_ca_shares_the_budget_over_tls() {
    let Some(dir) = certificates() else {
        return;
    };
    let Some(redis) = server(&dir) else {
        return;
    };
    let url = redis.tls_url().unwrap();
    let ca = std::fs::read(dir.join("ca.pem")).unwrap();
    let config = |ca: Option<Vec<u8>>| {
        let config = FleetConfig::new(&url, "tls")
            .unwrap()
            .with_command_timeout(Duration::from_millis(500));
        match ca {
            Some(ca) => config.with_root_certificate(ca),
            None => config,
        }
    };

    let trusted = Fleet::connect(config(Some(ca))).await.unwrap();
    let budget = SharedBudget::new(&trusted, "api", RetryBudget::new(3, 0.0));
    assert!(budget.withdraw().await);
    assert!(trusted.is_shared(), "connected over TLS");
    assert_eq!(budget.shared_available().await, Some(2.0));
    assert_eq!(
        redis.command(&["HGET", budget.key(), "units"]),
        "$4",
        "the bucket is on the server, written over TLS"
    );

    // The system's store does not know the private CA: no connection, and
    // the replica carries on locally rather than failing.
    let untrusted = Fleet::connect(config(None)).await.unwrap();
    assert!(
        !untrusted.is_shared(),
        "an unverified server is not trusted"
    );
    let local = SharedBudget::new(&untrusted, "api", RetryBudget::new(3, 0.0));
    assert!(local.withdraw().await, "answered by the local bucket");
    let _ = std::fs::remove_dir_all(&dir);
}
