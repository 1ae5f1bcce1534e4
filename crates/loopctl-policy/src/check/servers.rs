//! Checking a `[servers.NAME]` table: where the server is, its prefix, and its own defaults, tools and rules.

use toml::Spanned;
use toml::de::DeValue;

use super::{Found, ProblemKind, unknown, value_error};
use crate::file::ServerSettings;
use crate::schema::keys_of;

impl Found<'_> {
    /// One `[servers.NAME]` table: how to reach the server, its prefix,
    /// and its own defaults, tools and rules.
    pub(super) fn server(&mut self, server: &str, section: &Spanned<DeValue<'_>>) {
        let place = format!("[servers.{server}]");
        let DeValue::Table(table) = section.get_ref() else {
            self.push(
                section.span(),
                ProblemKind::Value,
                format!("{place} must be a table: write `{place}` followed by `command` or `url`"),
            );
            return;
        };
        let scope = format!("servers.{server}.");
        let mut reached = Vec::new();
        let mut token = None;
        for (key, value) in table {
            let name = key.get_ref().as_ref();
            if self.policy_key(&scope, name, value) {
                continue;
            }
            if !keys_of("ServerSettings").iter().any(|known| known == name) {
                self.push(
                    key.span(),
                    ProblemKind::UnknownKey,
                    unknown(&place, name, "ServerSettings"),
                );
                continue;
            }
            if let Some(message) = value_error::<ServerSettings>(key, value) {
                self.push(
                    value.span(),
                    ProblemKind::Value,
                    format!("{place} {message}"),
                );
                continue;
            }
            if matches!(name, "command" | "url") {
                reached.push(name);
            }
            if name == "token_env" {
                token = Some(key.span());
            }
            if name == "command"
                && matches!(value.get_ref(), DeValue::Array(items) if items.is_empty())
            {
                self.push(
                    value.span(),
                    ProblemKind::Value,
                    format!("{place} command is empty: give the program and its arguments"),
                );
            }
        }
        match reached.as_slice() {
            [_] => {}
            [] => self.push(
                section.span(),
                ProblemKind::Conflict,
                format!("{place} says nowhere to reach the server: give `command = [\"PROGRAM\", ...]` or `url = \"https://...\"`"),
            ),
            _ => self.push(
                section.span(),
                ProblemKind::Conflict,
                format!("{place} gives both `command` and `url`: keep one"),
            ),
        }
        if let (Some(span), ["command"]) = (token, reached.as_slice()) {
            self.push(
                span,
                ProblemKind::Conflict,
                format!("{place}: token_env is sent to a `url` only; pass a command's keys in its own environment"),
            );
        }
    }
}
