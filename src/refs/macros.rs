//! What a `macro_rules!` of the same file does with a call's tokens, read from its rules
//! without expanding them.
//!
//! Only what a rule says plainly is read: a call whose arguments split at their top-level
//! commas into as many parts as one rule's pattern of `$name:fragment`s (no other rule
//! taking as many) gives each part to that rule's metavariable in its place. A call saguaro
//! cannot match this way is read as its tokens are written, as before.

use tree_sitter::Node;

use super::facts::{code_chars, Facts};

/// `text` split at its top-level commas: each part trimmed, with where it starts.
pub fn top_level_parts(text: &str) -> Vec<(usize, &str)> {
    top_level_parts_by(text, ',')
}

/// `text` split at each top-level `separator` (outside brackets and strings): each part
/// trimmed, with where it starts; empty parts are left out.
pub fn top_level_parts_by(text: &str, separator: char) -> Vec<(usize, &str)> {
    let mut parts = Vec::new();
    let (mut depth, mut from) = (0usize, 0usize);
    let mut push = |from: usize, to: usize| {
        let part = &text[from..to];
        let trimmed = part.trim_start();
        if !trimmed.trim().is_empty() {
            parts.push((from + part.len() - trimmed.len(), trimmed.trim_end()));
        }
    };
    for (i, c) in code_chars(text) {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' => depth = depth.saturating_sub(1),
            c if c == separator && depth == 0 => {
                push(from, i);
                from = i + 1;
            }
            _ => {}
        }
    }
    push(from, text.len());
    parts
}

/// The metavariables of a rule's pattern (`($name:ident, $max:expr)`) in their places, when
/// the pattern is only that: a list of `$name:fragment` split by commas.
pub fn pattern_metavariables(pattern: &str) -> Option<Vec<&str>> {
    let inner = pattern.get(1..pattern.len().checked_sub(1)?)?;
    top_level_parts(inner)
        .into_iter()
        .map(|(_, part)| {
            let (name, fragment) = part.strip_prefix('$')?.split_once(':')?;
            let name = name.trim();
            let plain = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_alphanumeric() || c == '_');
            (plain(name) && plain(fragment.trim())).then_some(name)
        })
        .collect()
}

/// The one rule of `definition` (a `macro_definition`) whose pattern is a list of `count`
/// metavariables, with their names in their places; none when no rule or more than one
/// takes that many parts.
pub fn rule_taking<'f>(facts: &'f Facts, definition: Node<'f>, count: usize) -> Option<(Node<'f>, Vec<&'f str>)> {
    let mut rules = definition.walk();
    let mut taking = definition
        .named_children(&mut rules)
        .filter(|r| r.kind() == "macro_rule")
        .filter(|r| {
            r.child_by_field_name("left").is_some_and(|left| {
                let text = facts.text_of(left);
                text.len() >= 2 && top_level_parts(&text[1..text.len() - 1]).len() == count
            })
        });
    let rule = taking.next()?;
    if taking.next().is_some() {
        return None;
    }
    let names = pattern_metavariables(facts.text_of(rule.child_by_field_name("left")?))?;
    Some((rule, names))
}

/// Every `macro_rules!` definition of the file, in order.
pub fn definitions(facts: &Facts) -> impl Iterator<Item = Node<'_>> {
    memchr::memmem::find_iter(facts.text().as_bytes(), b"macro_rules!").filter_map(|start| {
        let mut node = facts.root().descendant_for_byte_range(start, start)?;
        while node.kind() != "macro_definition" {
            node = node.parent()?;
        }
        Some(node)
    })
}

/// The `macro_rules!` named `name` that a call at `at` sees: the last one defined before it
/// in a block or module around it (textual scope).
pub fn visible_definition<'f>(facts: &'f Facts, name: &str, at: usize) -> Option<Node<'f>> {
    definitions(facts)
        .filter(|d| d.end_byte() <= at)
        .filter(|d| d.child_by_field_name("name").is_some_and(|n| facts.text_of(n) == name))
        .filter(|d| {
            d.parent()
                .is_none_or(|scope| scope.start_byte() <= at && at < scope.end_byte())
        })
        .last()
}

/// How many modules the expansions of the macro calls around byte `at` (a call's argument
/// tokens, and calls written among them) write around it: `mod $name { .. $max .. }` puts
/// the argument given as `$max` one module below the call's. `Some(0)` where no call's rule
/// says so; `None` when a rule writes the argument at different depths, so no one module
/// holds it.
pub fn generated_module_depth(facts: &Facts, at: usize) -> Option<usize> {
    let Some(mut node) = facts.node((at, at)) else {
        return Some(0);
    };
    let mut depth = 0;
    loop {
        let Some(parent) = node.parent() else {
            return Some(depth);
        };
        if node.kind() == "token_tree" {
            if let Some(name) = called_name(facts, node) {
                depth += argument_module_depth(facts, &name, node, at)?;
            }
        }
        if parent.kind() != "token_tree" && parent.kind() != "macro_invocation" {
            return Some(depth);
        }
        node = parent;
    }
}

/// The macro a token tree is the arguments of: the invocation's, or `name!` written just
/// before it among another call's tokens.
fn called_name(facts: &Facts, arguments: Node<'_>) -> Option<String> {
    let parent = arguments.parent()?;
    if parent.kind() == "macro_invocation" {
        let path = facts.text_of(parent.child_by_field_name("macro")?);
        return Some(path.rsplit("::").next()?.to_string());
    }
    let bang = arguments.prev_sibling().filter(|b| b.kind() == "!")?;
    let name = bang.prev_sibling().filter(|n| n.kind() == "identifier")?;
    Some(facts.text_of(name).to_string())
}

/// How many `mod` blocks the rule a call of `name` matches writes around the argument that
/// holds `at`: 0 when the macro or its rule cannot be read.
fn argument_module_depth(facts: &Facts, name: &str, arguments: Node<'_>, at: usize) -> Option<usize> {
    let Some(definition) = visible_definition(facts, name, arguments.start_byte()) else {
        return Some(0);
    };
    let written = facts.text_of(arguments);
    let Some(inner) = written.get(1..written.len().saturating_sub(1)) else {
        return Some(0);
    };
    let given = top_level_parts(inner);
    let offset = at - arguments.start_byte() - 1;
    let Some(place) = given.iter().rposition(|(start, _)| *start <= offset) else {
        return Some(0);
    };
    let Some((rule, names)) = rule_taking(facts, definition, given.len()) else {
        return Some(0);
    };
    let Some(expansion) = rule.child_by_field_name("right") else {
        return Some(0);
    };
    let variable = names[place];
    let mut depths = Vec::new();
    metavariable_module_depths(facts, expansion, variable, 0, &mut depths);
    depths.sort_unstable();
    depths.dedup();
    match depths.as_slice() {
        [] => Some(0),
        [one] => Some(*one),
        _ => None,
    }
}

/// The number of `mod NAME { .. }` groups around each use of `$variable` in `tree`.
fn metavariable_module_depths(facts: &Facts, tree: Node<'_>, variable: &str, depth: usize, out: &mut Vec<usize>) {
    let mut cursor = tree.walk();
    let tokens: Vec<Node<'_>> = tree.children(&mut cursor).collect();
    for (k, token) in tokens.iter().enumerate() {
        match token.kind() {
            "metavariable" if facts.text_of(*token).strip_prefix('$') == Some(variable) => out.push(depth),
            "token_tree" => {
                let module = k >= 2 && facts.text_of(tokens[k - 2]) == "mod" && facts.text_of(*token).starts_with('{');
                metavariable_module_depths(facts, *token, variable, depth + usize::from(module), out);
            }
            _ => {}
        }
    }
}
