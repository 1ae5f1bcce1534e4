//! What redaction costs per text: a clean error, a JSON body with a secret, a long log.

use divan::{Bencher, black_box};
use loopctl_redact::Redactor;

fn main() {
    divan::main();
}

#[divan::bench]
fn clean_error(bencher: Bencher<'_, '_>) {
    let redactor = Redactor::standard();
    let text = "ENOENT: no such file or directory, open '/srv/app/config/settings.yaml'";
    let _ = redactor.text(text);
    bencher.bench(|| redactor.text(black_box(text)).len());
}

#[divan::bench]
fn json_body_with_a_key(bencher: Bencher<'_, '_>) {
    let redactor = Redactor::standard();
    let text = r#"400 Bad Request: {"model":"gpt-4o","api_key":"sk-live-123","messages":[{"role":"user","content":"hi"}],"max_tokens":512}"#;
    let _ = redactor.text(text);
    bencher.bench(|| redactor.text(black_box(text)).len());
}

#[divan::bench]
fn log_of_64_kib(bencher: Bencher<'_, '_>) {
    let redactor = Redactor::standard();
    let line = "2026-12-01T10:00:00Z INFO request id=f81d4fae-7dec-11d0-a765-00a0c91e6bf6 path=/v1/items status=200 took=12ms\n";
    let text = line.repeat(65536 / line.len());
    let _ = redactor.text(&text);
    bencher.bench(|| redactor.text(black_box(&text)).len());
}
