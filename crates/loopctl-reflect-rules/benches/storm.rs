//! A storm of 1,000 identical failures analysed by an LLM reflector, with and without the caching reflector.
//!
//! The model is an OpenAI-compatible server on 127.0.0.1; the figure is how
//! many requests reach it.
#![allow(
    clippy::print_stdout,
    reason = "a benchmark reports its figures on stdout"
)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use loopctl_llm::OpenAiClient;
use loopctl_reflect_core::{ReflectionContext, Reflector};
use loopctl_reflect_llm::LlmReflector;
use loopctl_reflect_rules::CachingReflector;
use loopctl_testkit::{Reply, TestServer};
use serde_json::json;

const STORM: usize = 1000;

async fn storm(reflector: Arc<dyn Reflector>) -> usize {
    let tasks: Vec<_> = (0..STORM)
        .map(|_| {
            let reflector = Arc::clone(&reflector);
            tokio::spawn(async move {
                reflector
                    .analyze(
                        "EOFError: stream ended unexpectedly",
                        "fetch",
                        &json!({"url": "https://x"}),
                        None,
                        &ReflectionContext::new("", 0, 6),
                    )
                    .await
                    .is_ok()
            })
        })
        .collect();
    let mut answered = 0;
    for task in tasks {
        answered += usize::from(task.await.unwrap_or(false));
    }
    answered
}

fn main() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let answer = json!({"is_recoverable": true, "root_cause": "the stream broke", "severity": "low", "correction": null, "context": ""});
        let completion = json!({"choices": [{"finish_reason": "stop", "message": {"content": answer.to_string()}}]});
        for cached in [false, true] {
            let server = TestServer::start(vec![Reply::json(&completion).after(Duration::from_millis(50))]).await;
            let client = OpenAiClient::builder().base_url(format!("{}/v1", server.url())).build().expect("a client");
            let llm: Arc<dyn Reflector> = Arc::new(LlmReflector::new(Arc::new(client)));
            let reflector = if cached { Arc::new(CachingReflector::new(llm)) as Arc<dyn Reflector> } else { llm };
            let started = Instant::now();
            let answered = storm(reflector).await;
            let label = if cached { "with_cache" } else { "without_cache" };
            println!(
                "FIGURE storm_requests_{label} {} requests for {answered} answered failures in {:.0} ms{}",
                server.requests().len(),
                started.elapsed().as_secs_f64() * 1e3,
                if cached { " target=1" } else { "" }
            );
        }
    });
}
