//! [`RecoveryHook`]: the rig hook that ends runs on loopctl's hard errors, repairs invalid tool calls, and carries the model's call ids.

use std::sync::Arc;

use loopctl_driver::Effect;
use loopctl_reflect_core::CorrectionType;
use loopctl_reflect_rules::RuleReflector;
use rig_agent::agent::{
    DispatchAction, DispatchEvent, InvalidToolCallAction, InvalidToolCallContext,
    InvalidToolCallReason, OutcomeAction, OutcomeEvent,
};
use rig_agent::{AgentHook, HookContext};
use rig_core::tool::ToolErrorKind;
use serde_json::{Value, json};

use crate::args::repair_arguments;
use crate::shared::Shared;
use crate::stop::{HARD_STOP_CODE, HardStop};

/// Add it to the agent with [`Recovery::hook`](crate::Recovery::hook). It:
///
/// * notes the model's call id as rig dispatches each call, so the loopctl
///   call carries it (rig's tool context does not);
/// * stops the run when loopctl ends a call with a hard error (the recovery
///   ceiling, a detected loop, a cancel): the run returns
///   `PromptError::Cancelled` whose reason names the error, and
///   [`Recovery::stops`](crate::Recovery::stops) keeps the typed error;
/// * repairs a misspelled tool name with the rule reflector (only to a
///   near spelling of a registered tool), and otherwise skips the call
///   with the list of tools rather than failing the run;
/// * answers arguments that are not a JSON object with feedback that says
///   what was wrong and, when loopctl can read the object they meant, shows
///   it (rig lets no hook replace a malformed call's arguments).
#[derive(Clone)]
pub struct RecoveryHook {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for RecoveryHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RecoveryHook").finish_non_exhaustive()
    }
}

impl RecoveryHook {
    pub(crate) fn new(shared: Arc<Shared>) -> Self {
        Self { shared }
    }

    fn repair_tool_name(&self, event: &InvalidToolCallContext) -> InvalidToolCallAction {
        let wanted = event.tool_name.as_str();
        // rig checks a repair against the turn's allowed tools.
        let allowed = &event.allowed_tools;
        let message = format!(
            "unknown tool `{wanted}`; registered tools: {}",
            allowed.join(", ")
        );
        let input = event
            .args
            .as_deref()
            .and_then(|args| serde_json::from_str::<Value>(args).ok())
            .unwrap_or_else(|| json!({}));
        let reflector = RuleReflector::new().with_known_tools(allowed.iter().cloned());
        let proposed = reflector
            .classify(&message, wanted, &input, None)
            .ok()
            .and_then(|analysis| analysis.correction)
            .filter(|correction| correction.correction_type == CorrectionType::ToolChange)
            .and_then(|correction| correction.alternative_tool);
        match proposed {
            Some(tool) if allowed.contains(&tool) && self.may_repair_to(wanted, &tool) => {
                tracing::info!(from = wanted, to = %tool, "repaired a misspelled rig tool call");
                InvalidToolCallAction::repair(tool)
            }
            _ => InvalidToolCallAction::skip(format!(
                "There is no tool `{wanted}`. The tools you can call are: {}.",
                allowed.join(", ")
            )),
        }
    }

    /// The driver's rule for a repaired name, from the dispatcher's safety
    /// policy: a near spelling of a registered tool, which may write or
    /// destroy only when the names differ in case or separators alone
    /// (`get_user` must never become `del_user`).
    fn may_repair_to(&self, wanted: &str, tool: &str) -> bool {
        let dispatcher = &self.shared.dispatcher;
        dispatcher
            .safety_policy()
            .may_repair_name(dispatcher.registry(), wanted, tool)
    }

    fn answer_malformed(
        &self,
        event: &InvalidToolCallContext,
        error: &str,
    ) -> InvalidToolCallAction {
        let tool = event.tool_name.as_str();
        let raw = event.args.as_deref().unwrap_or("");
        let registry = self.shared.dispatcher.registry();
        let schema = registry.schema(tool).map(|schema| &schema.input_schema);
        let mut feedback = format!(
            "The arguments for tool `{tool}` are not a JSON object ({error}), so the tool did not run."
        );
        let effect = self
            .shared
            .dispatcher
            .safety_policy()
            .effect(registry, tool);
        let harmless = effect == Effect::ReadOnly;
        match repair_arguments(raw, schema, harmless) {
            Some(repaired) => feedback.push_str(&format!(
                " They most likely meant {repaired}; call `{tool}` again with that object if it is what you intended."
            )),
            None => {
                feedback.push_str(&format!(" Call `{tool}` again with a JSON object"));
                if let Some(required) = schema
                    .and_then(|schema| schema.get("required"))
                    .and_then(Value::as_array)
                    .filter(|required| !required.is_empty())
                {
                    let names: Vec<&str> = required.iter().filter_map(Value::as_str).collect();
                    feedback.push_str(&format!(" with the fields {}", names.join(", ")));
                }
                feedback.push('.');
            }
        }
        InvalidToolCallAction::retry(feedback)
    }
}

impl AgentHook for RecoveryHook {
    fn name(&self) -> Option<String> {
        Some("loopctl".to_owned())
    }

    async fn on_dispatch(
        &self,
        _context: &HookContext,
        event: DispatchEvent<'_>,
    ) -> DispatchAction {
        if let (Some(tool), Some(args), Some(id)) =
            (event.tool_name(), event.tool_args(), event.call_id)
            && let Ok(args) = serde_json::from_str::<Value>(args)
        {
            self.shared
                .note_call_id(tool, &args, id.wire().into_owned());
        }
        DispatchAction::Proceed
    }

    async fn on_outcome(&self, _context: &HookContext, event: OutcomeEvent<'_>) -> OutcomeAction {
        // A call that ended without reaching our tool leaves its id behind.
        if let (Some(tool), Some(args), Some(id)) =
            (event.tool_name(), event.tool_args(), event.call_id)
            && let Ok(args) = serde_json::from_str::<Value>(args)
        {
            self.shared.forget_call_id(tool, &args, &id.wire());
        }
        let Some(error) = event.tool_result().and_then(|result| result.error()) else {
            return OutcomeAction::Proceed;
        };
        if error.kind() != ToolErrorKind::Cancelled || error.code() != Some(HARD_STOP_CODE) {
            return OutcomeAction::Proceed;
        }
        let reason = match error.downcast_ref::<HardStop>() {
            Some(stop) => {
                self.shared.stopped(stop.0.clone());
                stop.to_string()
            }
            None => error.model_output().render(),
        };
        OutcomeAction::stop(reason)
    }

    async fn on_invalid_tool_call(
        &self,
        _context: &HookContext,
        event: &InvalidToolCallContext,
    ) -> Option<InvalidToolCallAction> {
        match &event.reason {
            InvalidToolCallReason::UnknownTool => Some(self.repair_tool_name(event)),
            InvalidToolCallReason::MalformedArguments { error } => {
                Some(self.answer_malformed(event, error))
            }
            _ => None,
        }
    }
}
