//! Fallback chains and the caching reflector, including a storm of identical failures against a real model server.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use loopctl_llm::OpenAiClient;
use loopctl_reflect_core::{
    AnalysisFuture, FailureAnalysis, FailureSeverity, NoopReflector, ReflectionContext,
    ReflectionError, Reflector, ToolSchema,
};
use loopctl_reflect_llm::LlmReflector;
use loopctl_reflect_rules::{CachingReflector, FallbackReflector, RuleReflector};
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};

/// Counts calls and answers after a short wait.
struct Counting {
    calls: AtomicUsize,
    answer: Result<FailureAnalysis, ReflectionError>,
}

impl Counting {
    fn new(answer: Result<FailureAnalysis, ReflectionError>) -> Arc<Self> {
        Arc::new(Self {
            calls: AtomicUsize::new(0),
            answer,
        })
    }
}

impl Reflector for Counting {
    fn analyze(
        &self,
        _: &str,
        _: &str,
        _: &Value,
        _: Option<&ToolSchema>,
        _: &ReflectionContext,
    ) -> AnalysisFuture<'_> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let answer = self.answer.clone();
        Box::pin(async move {
            tokio::time::sleep(Duration::from_millis(10)).await;
            answer
        })
    }
}

fn ctx() -> ReflectionContext {
    ReflectionContext::new("", 0, 6)
}

#[tokio::test(start_paused = true)]
async fn the_chain_falls_through_skips_only() {
    let fallback = Counting::new(Ok(FailureAnalysis::recoverable(
        "from the fallback",
        FailureSeverity::Low,
    )));
    let chain = FallbackReflector::new(Arc::new(RuleReflector::new())).or_else(fallback.clone());
    let classified = chain
        .analyze("HTTP 503", "t", &json!({}), None, &ctx())
        .await
        .unwrap();
    assert!(
        classified.root_cause.contains("server failed"),
        "rules answered"
    );
    let unknown = chain
        .analyze("the widget frobnicated", "t", &json!({}), None, &ctx())
        .await
        .unwrap();
    assert_eq!(unknown.root_cause, "from the fallback");
    assert_eq!(fallback.calls.load(Ordering::SeqCst), 1);

    let broken = Counting::new(Err(ReflectionError::Internal("model down".into())));
    let chain = FallbackReflector::new(broken).or_else(Arc::new(NoopReflector));
    assert!(
        matches!(
            chain.analyze("x", "t", &json!({}), None, &ctx()).await,
            Err(ReflectionError::Internal(_))
        ),
        "internal errors do not fall through"
    );

    let all_skip = FallbackReflector::new(Arc::new(RuleReflector::new()));
    assert!(matches!(
        all_skip
            .analyze("the widget frobnicated", "t", &json!({}), None, &ctx())
            .await,
        Err(ReflectionError::Skipped(_))
    ));
}

#[tokio::test(start_paused = true)]
async fn the_cache_memoizes_and_expires() {
    let inner = Counting::new(Ok(FailureAnalysis::recoverable("x", FailureSeverity::Low)));
    let cache = CachingReflector::with_limits(inner.clone(), 10, Duration::from_secs(60));
    for _ in 0..5 {
        cache
            .analyze("boom", "t", &json!({"a": 1}), None, &ctx())
            .await
            .unwrap();
    }
    assert_eq!(inner.calls.load(Ordering::SeqCst), 1);
    cache
        .analyze("boom", "t", &json!({"a": 2}), None, &ctx())
        .await
        .unwrap();
    cache
        .analyze("boom", "other", &json!({"a": 1}), None, &ctx())
        .await
        .unwrap();
    cache
        .analyze("bang", "t", &json!({"a": 1}), None, &ctx())
        .await
        .unwrap();
    assert_eq!(
        inner.calls.load(Ordering::SeqCst),
        4,
        "tool, error text and input are all part of the key"
    );
    tokio::time::advance(Duration::from_secs(61)).await;
    cache
        .analyze("boom", "t", &json!({"a": 1}), None, &ctx())
        .await
        .unwrap();
    assert_eq!(inner.calls.load(Ordering::SeqCst), 5, "expired");
}

#[tokio::test(start_paused = true)]
async fn the_cache_is_bounded_and_skips_caching_internal_errors() {
    let inner = Counting::new(Ok(FailureAnalysis::recoverable("x", FailureSeverity::Low)));
    let cache = CachingReflector::with_limits(inner.clone(), 3, Duration::from_secs(60));
    for index in 0..10 {
        cache
            .analyze(&format!("error {index}"), "t", &json!({}), None, &ctx())
            .await
            .unwrap();
    }
    assert_eq!(cache.len(), 3);
    cache
        .analyze("error 9", "t", &json!({}), None, &ctx())
        .await
        .unwrap();
    assert_eq!(
        inner.calls.load(Ordering::SeqCst),
        10,
        "the newest entry is still there"
    );

    let failing = Counting::new(Err(ReflectionError::Internal("down".into())));
    let cache = CachingReflector::new(failing.clone());
    for _ in 0..3 {
        assert!(
            cache
                .analyze("x", "t", &json!({}), None, &ctx())
                .await
                .is_err()
        );
    }
    assert_eq!(failing.calls.load(Ordering::SeqCst), 3);
    assert!(cache.is_empty());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_of_identical_failures_costs_one_model_call() {
    let answer = json!({"is_recoverable": true, "root_cause": "upstream flapping", "severity": "low", "correction": null, "context": ""});
    let completion =
        json!({"choices": [{"finish_reason": "stop", "message": {"content": answer.to_string()}}]});
    let server = TestServer::start(vec![
        Reply::json(&completion).after(Duration::from_millis(200)),
    ])
    .await;
    let client = OpenAiClient::builder()
        .base_url(format!("{}/v1", server.url()))
        .build()
        .unwrap();
    let cache = Arc::new(CachingReflector::new(Arc::new(LlmReflector::new(
        Arc::new(client),
    ))));

    let storm: Vec<_> = (0..1000)
        .map(|_| {
            let cache = Arc::clone(&cache);
            tokio::spawn(async move {
                cache
                    .analyze(
                        "EOFError: stream ended",
                        "fetch",
                        &json!({"url": "https://x"}),
                        None,
                        &ReflectionContext::new("", 0, 6),
                    )
                    .await
            })
        })
        .collect();
    let mut answered = 0;
    for task in storm {
        assert_eq!(task.await.unwrap().unwrap().root_cause, "upstream flapping");
        answered += 1;
    }
    assert_eq!(answered, 1000);
    assert_eq!(
        server.requests().len(),
        1,
        "one model request for a thousand failures"
    );
}

#[tokio::test(start_paused = true)]
async fn a_panicking_inner_reflector_is_an_internal_error() {
    struct Panics;
    impl Reflector for Panics {
        fn analyze(
            &self,
            _: &str,
            _: &str,
            _: &Value,
            _: Option<&ToolSchema>,
            _: &ReflectionContext,
        ) -> AnalysisFuture<'_> {
            Box::pin(async { panic!("inner exploded") })
        }
    }
    let cache = CachingReflector::new(Arc::new(Panics));
    assert!(matches!(
        cache.analyze("x", "t", &json!({}), None, &ctx()).await,
        Err(ReflectionError::Internal(_))
    ));
    assert!(
        matches!(
            cache.analyze("x", "t", &json!({}), None, &ctx()).await,
            Err(ReflectionError::Internal(_))
        ),
        "not stuck"
    );
}
