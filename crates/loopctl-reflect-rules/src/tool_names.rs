//! Tool names in error texts: the lists a text gives, and the registered name a misspelling meant.

pub use loopctl_reflect_core::closest_tool;

/// Tool names listed in an error text after `registered tools:`,
/// `available tools:` or `valid tools are:`, separated by commas.
pub fn listed_tools(error: &str) -> Vec<&str> {
    const MARKERS: [&str; 4] = [
        "registered tools:",
        "available tools:",
        "valid tools are:",
        "available functions:",
    ];
    let lower = error.to_ascii_lowercase();
    let Some(start) = MARKERS
        .iter()
        .find_map(|marker| lower.find(marker).map(|at| at + marker.len()))
    else {
        return Vec::new();
    };
    let line = error[start..].lines().next().unwrap_or("");
    line.split(',')
        .map(|name| {
            name.trim()
                .trim_matches(|c: char| matches!(c, '`' | '\'' | '"' | '[' | ']' | '.'))
        })
        .filter(|name| !name.is_empty() && !name.contains(' '))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_in_error_texts_are_read() {
        let error = "unknown tool `reed_file`; registered tools: list_dir, read_file, search";
        assert_eq!(listed_tools(error), ["list_dir", "read_file", "search"]);
        assert_eq!(
            listed_tools("Tool 'x' not found. Available tools: 'a', 'b'."),
            ["a", "b"]
        );
        assert!(listed_tools("nothing here").is_empty());
    }
}
