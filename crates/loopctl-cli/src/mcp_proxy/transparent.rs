//! Each listed tool's fields that rmcp's `Tool` does not know (such as `execution`), passed to the client as the upstream sent them.
//!
//! rmcp types a `tools/list` answer on the way in and on the way out, so a
//! field it has no place for would be lost twice. The upstream's raw
//! fields are kept by `loopctl-mcp` ([`loopctl_mcp::ExtraFields`]); here the
//! handler tucks them into each tool's `_meta` under a private key
//! ([`mark`]), and the server transport lifts them back to the top level
//! ([`Lifting`]) once rmcp is done with the typed answer.

use std::future::Future;

use loopctl_mcp::ExtraFields;
use rmcp::RoleServer;
use rmcp::model::{CustomResult, JsonRpcMessage, MetaObject, ServerResult, Tool};
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use serde_json::{Map, Value};

/// The private `_meta` key that carries a tool's extra fields from the
/// handler to the transport; it never reaches a client.
const CARRIER: &str = "dev.loopctl.proxy/extra-fields";

/// Tucks each tool's extra fields into its `_meta`, for [`Lifting`].
pub(crate) fn mark(tools: &mut [Tool], extras: &ExtraFields) {
    if extras.is_empty() {
        return;
    }
    for tool in tools {
        let Some(fields) = extras.get(tool.name.as_ref()) else {
            continue;
        };
        let had_meta = tool.meta.is_some();
        let mut carried = Map::new();
        carried.insert("fields".into(), Value::Object(fields.clone()));
        carried.insert("hadMeta".into(), Value::Bool(had_meta));
        tool.meta
            .get_or_insert_with(MetaObject::new)
            .0
            .insert(CARRIER.into(), Value::Object(carried));
    }
}

/// Lifts the carried fields of a `tools/list` answer back to the top
/// level of each tool; every other message passes untouched.
fn lift(message: &mut TxJsonRpcMessage<RoleServer>) {
    let JsonRpcMessage::Response(response) = message else {
        return;
    };
    let ServerResult::ListToolsResult(listed) = &response.result else {
        return;
    };
    let carries = listed.tools.iter().any(|tool| {
        tool.meta
            .as_ref()
            .is_some_and(|meta| meta.0.contains_key(CARRIER))
    });
    if !carries {
        return;
    }
    let Ok(mut json) = serde_json::to_value(listed) else {
        return;
    };
    let tools = json.get_mut("tools").and_then(Value::as_array_mut);
    for tool in tools.into_iter().flatten().filter_map(Value::as_object_mut) {
        let carried = tool
            .get_mut("_meta")
            .and_then(Value::as_object_mut)
            .and_then(|meta| meta.remove(CARRIER));
        let Some(Value::Object(mut carried)) = carried else {
            continue;
        };
        let meta_is_empty = tool
            .get("_meta")
            .and_then(Value::as_object)
            .is_some_and(Map::is_empty);
        if meta_is_empty && carried.get("hadMeta") == Some(&Value::Bool(false)) {
            tool.remove("_meta");
        }
        if let Some(Value::Object(fields)) = carried.remove("fields") {
            for (key, value) in fields {
                // What the proxy itself wrote wins: rmcp knows those fields.
                tool.entry(key).or_insert(value);
            }
        }
    }
    response.result = ServerResult::CustomResult(CustomResult(json));
}

/// A server transport that lifts carried fields before each answer goes out.
pub(crate) struct Lifting<T>(pub(crate) T);

impl<T: Transport<RoleServer>> Transport<RoleServer> for Lifting<T> {
    type Error = T::Error;

    fn send(
        &mut self,
        mut item: TxJsonRpcMessage<RoleServer>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        lift(&mut item);
        self.0.send(item)
    }

    fn receive(&mut self) -> impl Future<Output = Option<RxJsonRpcMessage<RoleServer>>> + Send {
        self.0.receive()
    }

    fn close(&mut self) -> impl Future<Output = Result<(), Self::Error>> + Send {
        self.0.close()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rmcp::model::{JsonRpcResponse, JsonRpcVersion2_0, ListToolsResult, RequestId};
    use serde_json::json;

    fn tool(name: &str, meta: Option<Value>) -> Tool {
        let mut value = json!({"name": name, "inputSchema": {"type": "object"}});
        if let Some(meta) = meta {
            value["_meta"] = meta;
        }
        serde_json::from_value(value).unwrap()
    }

    fn answer(tools: Vec<Tool>) -> TxJsonRpcMessage<RoleServer> {
        JsonRpcMessage::Response(JsonRpcResponse {
            jsonrpc: JsonRpcVersion2_0,
            id: RequestId::Number(1),
            result: ServerResult::ListToolsResult(ListToolsResult::with_all_items(tools)),
        })
    }

    #[test]
    fn carried_fields_reach_the_top_level_and_the_carrier_is_gone() {
        let mut tools = vec![
            tool("task", None),
            tool("kept", Some(json!({"upstream": 1}))),
            tool("plain", None),
        ];
        let mut extras = ExtraFields::new();
        for name in ["task", "kept"] {
            let fields = json!({"execution": {"taskSupport": "required"}, "name": "not this one"});
            extras.insert(name.into(), fields.as_object().unwrap().clone());
        }
        mark(&mut tools, &extras);
        let mut message = answer(tools);
        lift(&mut message);
        let sent = serde_json::to_value(&message).unwrap();
        let tools = sent["result"]["tools"].as_array().unwrap();
        assert_eq!(tools[0]["execution"]["taskSupport"], "required");
        assert_eq!(tools[0]["name"], "task");
        assert!(tools[0].get("_meta").is_none(), "{}", tools[0]);
        assert_eq!(tools[1]["_meta"], json!({"upstream": 1}));
        assert_eq!(tools[1]["execution"]["taskSupport"], "required");
        assert_eq!(
            tools[2],
            json!({"name": "plain", "inputSchema": {"type": "object"}})
        );
        assert!(!sent.to_string().contains(CARRIER));
    }

    #[test]
    fn answers_without_carried_fields_stay_typed() {
        let mut message = answer(vec![tool("plain", None)]);
        lift(&mut message);
        let JsonRpcMessage::Response(response) = message else {
            panic!("not a response")
        };
        assert!(matches!(response.result, ServerResult::ListToolsResult(_)));
    }
}
