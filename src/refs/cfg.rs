//! Rust's conditional compilation: whether code under `#[cfg(...)]` is built in the
//! configuration saguaro checks against.
//!
//! That configuration is the one a crate publishes: the features its docs.rs metadata
//! builds with (`[package.metadata.docs.rs]`: `all-features`, `features`,
//! `no-default-features`), else its default features, each with the features it enables;
//! `test` and `debug_assertions` on (tests are built and checked); the target
//! x86_64-unknown-linux-gnu, with the target features its baseline turns on (`fxsr`,
//! `sse`, `sse2`), as `rustc --print cfg` gives them there.
//! Any other name is off — `docsrs`, `loom`, and the names a build script sets
//! (`cargo:rustc-cfg=NAME`, compiler-version probes), which saguaro does not run — as
//! rust-analyzer leaves them until it runs build scripts.
//!
//! A reference in code this configuration leaves out is still a reference; what breaks
//! there breaks other builds, and the impact report lists it apart.

use super::facts::{Facts, Range};
use super::project::Project;
use std::collections::{BTreeMap, BTreeSet};
use tree_sitter::Node;

/// The features on, per crate folder.
#[derive(Debug, Default)]
pub struct Config {
    features: BTreeMap<String, BTreeSet<String>>,
}

/// The features Cargo makes of a manifest's optional dependencies: each is a feature of its
/// own name (`#[cfg(feature = "pkcs8")]` of `pkcs8 = { optional = true }`), unless a feature
/// names it as `dep:pkcs8`, which keeps the name from being a feature.
fn implicit_features(table: &toml::Table, declared: &BTreeMap<String, Vec<String>>) -> BTreeSet<String> {
    let dependency_tables = ["dependencies", "build-dependencies"];
    let mut tables: Vec<&toml::Table> = dependency_tables
        .iter()
        .filter_map(|name| table.get(*name).and_then(|d| d.as_table()))
        .collect();
    // `[target.'cfg(unix)'.dependencies]`.
    for target in table
        .get("target")
        .and_then(|t| t.as_table())
        .into_iter()
        .flat_map(|t| t.values())
    {
        tables.extend(
            dependency_tables
                .iter()
                .filter_map(|name| target.get(*name).and_then(|d| d.as_table())),
        );
    }
    let named_as_dependency = |name: &str| {
        declared
            .values()
            .flatten()
            .any(|v| v.strip_prefix("dep:") == Some(name))
    };
    tables
        .into_iter()
        .flat_map(|t| t.iter())
        .filter(|(_, spec)| spec.get("optional").and_then(|o| o.as_bool()) == Some(true))
        .map(|(name, _)| name.clone())
        .filter(|name| !named_as_dependency(name))
        .collect()
}

impl Config {
    pub fn read(project: &Project) -> Config {
        let mut features = BTreeMap::new();
        for krate in &project.rust.crates {
            let manifest = super::modules::child_path(&krate.dir, "Cargo.toml");
            let Some(table) = project
                .read_config(&manifest)
                .and_then(|t| t.parse::<toml::Table>().ok())
            else {
                continue;
            };
            let declared: BTreeMap<String, Vec<String>> = table
                .get("features")
                .and_then(|f| f.as_table())
                .map(|t| {
                    t.iter()
                        .map(|(k, v)| {
                            let enables = v
                                .as_array()
                                .into_iter()
                                .flatten()
                                .filter_map(|x| x.as_str().map(str::to_string))
                                .collect();
                            (k.clone(), enables)
                        })
                        .collect()
                })
                .unwrap_or_default();
            let docs = table
                .get("package")
                .and_then(|p| p.get("metadata"))
                .and_then(|m| m.get("docs"))
                .and_then(|d| d.get("rs"));
            let flag = |name: &str| docs.and_then(|d| d.get(name)).and_then(|v| v.as_bool()) == Some(true);
            let implicit = implicit_features(&table, &declared);
            let mut on: Vec<String> = Vec::new();
            if flag("all-features") {
                on.extend(declared.keys().cloned());
                on.extend(implicit.iter().cloned());
            } else {
                if !flag("no-default-features") {
                    on.push("default".to_string());
                }
                on.extend(
                    docs.and_then(|d| d.get("features"))
                        .and_then(|f| f.as_array())
                        .into_iter()
                        .flatten()
                        .filter_map(|x| x.as_str().map(str::to_string)),
                );
            }
            // Each feature with what it enables (`dep:x`, `x/y` are dependencies').
            let mut enabled = BTreeSet::new();
            while let Some(feature) = on.pop() {
                if !enabled.insert(feature.clone()) {
                    continue;
                }
                for next in declared.get(&feature).into_iter().flatten() {
                    match next.split_once('/') {
                        // `pkcs8/pem` turns on the optional dependency's own feature too;
                        // `pkcs8?/alloc` only where something else turns it on.
                        Some((dependency, _)) if implicit.contains(dependency) => on.push(dependency.to_string()),
                        Some(_) => {}
                        None if next.starts_with("dep:") => {}
                        None => on.push(next.clone()),
                    }
                }
            }
            features.insert(krate.dir.clone(), enabled);
        }
        Config { features }
    }

    /// Whether `predicate` (the inside of `cfg(...)`) holds for the crate in folder `dir`
    /// (one that cannot be read is taken to hold: its code is read like any other).
    pub fn holds(&self, dir: &str, predicate: &str) -> bool {
        let features = self.features.get(dir);
        let mut parser = Predicate {
            text: predicate.as_bytes(),
            at: 0,
        };
        parser
            .eval(&|name, value| match (name, value) {
                ("feature", Some(f)) => features.is_some_and(|on| on.contains(f)),
                ("test" | "debug_assertions" | "unix", None) => true,
                ("target_os", Some(v)) => v == "linux",
                ("target_family", Some(v)) => v == "unix",
                ("target_pointer_width", Some(v)) => v == "64",
                ("target_arch", Some(v)) => v == "x86_64",
                ("target_endian", Some(v)) => v == "little",
                // The features x86_64's baseline turns on (`rustc --print cfg` on
                // x86_64-unknown-linux-gnu), the target this configuration is.
                ("target_feature", Some(v)) => matches!(v, "fxsr" | "sse" | "sse2"),
                ("target_env", Some(v)) => v == "gnu",
                ("target_vendor", Some(v)) => v == "unknown",
                ("target_has_atomic", Some(_)) => true,
                ("panic", Some(v)) => v == "unwind",
                _ => false,
            })
            .unwrap_or(true)
    }

    /// The ranges of `facts` (a Rust file) that the configuration leaves out, each with
    /// the `cfg` that does: an item, statement or field under `#[cfg(...)]` that does not
    /// hold, or the whole file under `#![cfg(...)]`.
    pub fn inactive(&self, project: &Project, facts: &Facts) -> Vec<(Range, String)> {
        let dir = project
            .rust
            .crate_of(&facts.path)
            .map(|c| c.dir.clone())
            .unwrap_or_default();
        let text = facts.text();
        let mut out = Vec::new();
        let mut stack = vec![facts.root()];
        while let Some(node) = stack.pop() {
            let kind = node.kind();
            if kind == "attribute_item" || kind == "inner_attribute_item" {
                if let Some(predicate) = cfg_of(&text[node.byte_range()]) {
                    if !self.holds(&dir, predicate) {
                        let range = if kind == "inner_attribute_item" {
                            node.parent()
                                .map_or((0, text.len()), |p| (p.start_byte(), p.end_byte()))
                        } else {
                            attributed(node)
                                .map_or((node.start_byte(), node.end_byte()), |n| (n.start_byte(), n.end_byte()))
                        };
                        out.push((range, format!("cfg({predicate})")));
                    }
                }
                continue;
            }
            if kind == "token_tree" {
                out.extend(self.inactive_tokens(&dir, text, node));
            }
            let mut cursor = node.walk();
            stack.extend(node.named_children(&mut cursor));
        }
        // `cfg_if!`'s branches, read through as items: the first whose `cfg` holds is kept.
        for chain in facts.index.item_macros.iter().filter(|m| !m.branches.is_empty()) {
            let mut taken: Option<&str> = None;
            for branch in &chain.branches {
                let predicate = branch.condition.as_deref().and_then(cfg_of);
                if let Some(why) = self.branch_left_out(&dir, &mut taken, predicate) {
                    out.push((branch.range, why));
                }
            }
        }
        out
    }

    /// In a macro's tokens (a `macro_rules!` body, an invocation's arguments), what a
    /// `#[cfg(...)]` that does not hold leaves out: the tokens from it through the next
    /// `{ .. }` group or `;` (an item's body or end). A chain of branches (`cfg_if!`'s `if
    /// #[cfg(a)] { .. } else if #[cfg(b)] { .. } else { .. }`) keeps the first whose `cfg`
    /// holds and leaves out every other, the final `else` included when one held.
    fn inactive_tokens(&self, dir: &str, text: &str, tree: Node<'_>) -> Vec<(Range, String)> {
        let mut out = Vec::new();
        let mut cursor = tree.walk();
        let tokens: Vec<Node<'_>> = tree.children(&mut cursor).collect();
        let word = |k: usize| tokens.get(k).map(|t| &text[t.byte_range()]);
        let body_after = |k: usize| {
            tokens[k..]
                .iter()
                .find(|t| t.kind() == ";" || (t.kind() == "token_tree" && text[t.byte_range()].starts_with('{')))
                .copied()
        };
        // The predicate that holds in the chain being read, once one does.
        let mut taken: Option<&str> = None;
        for (k, token) in tokens.iter().enumerate() {
            // `else { .. }`: the chain's last branch, kept only when no branch held.
            if word(k) == Some("else") && word(k + 1).is_some_and(|w| w.starts_with('{')) {
                if let (Some(why), Some(body)) = (self.branch_left_out(dir, &mut taken, None), tokens.get(k + 1)) {
                    out.push(((token.start_byte(), body.end_byte()), why));
                }
                taken = None;
                continue;
            }
            let Some(group) = tokens.get(k + 1).filter(|_| token.kind() == "#") else {
                continue;
            };
            let Some(predicate) = cfg_of(&text[token.start_byte()..group.end_byte()]) else {
                continue;
            };
            let branch = k > 0 && word(k - 1) == Some("if");
            let continues = branch && k > 1 && word(k - 2) == Some("else");
            if branch && !continues {
                taken = None;
            }
            let end = body_after(k + 2).map_or(group.end_byte(), |t| t.end_byte());
            let why = if branch {
                self.branch_left_out(dir, &mut taken, Some(predicate))
            } else {
                (!self.holds(dir, predicate)).then(|| format!("cfg({predicate})"))
            };
            if let Some(why) = why {
                out.push(((token.start_byte(), end), why));
            }
        }
        out
    }

    /// One branch of a chain (`if #[cfg(a)] { .. } else if #[cfg(b)] { .. } else { .. }`,
    /// the final `else` with no predicate): the `cfg` that leaves it out, if one does.
    /// `taken` is the predicate that held earlier in the chain; once one holds, every later
    /// branch is out, and a branch that holds becomes `taken`.
    fn branch_left_out<'a>(
        &self,
        dir: &str,
        taken: &mut Option<&'a str>,
        predicate: Option<&'a str>,
    ) -> Option<String> {
        match (*taken, predicate) {
            (Some(held), _) => Some(format!("cfg(not({held}))")),
            (None, Some(p)) if self.holds(dir, p) => {
                *taken = Some(p);
                None
            }
            (None, Some(p)) => Some(format!("cfg({p})")),
            (None, None) => None,
        }
    }
}

/// What an outer attribute is written on: the next named sibling that is not another
/// attribute or a comment.
fn attributed(attribute: Node<'_>) -> Option<Node<'_>> {
    let mut next = attribute.next_named_sibling();
    while let Some(n) = next {
        if n.kind() != "attribute_item" && !n.kind().contains("comment") {
            return Some(n);
        }
        next = n.next_named_sibling();
    }
    None
}

/// The predicate of a `#[cfg(...)]` / `#![cfg(...)]` attribute.
fn cfg_of(attribute: &str) -> Option<&str> {
    let inner = attribute
        .trim()
        .trim_start_matches('#')
        .trim_start_matches('!')
        .trim()
        .strip_prefix('[')?
        .strip_suffix(']')?
        .trim();
    let rest = inner.strip_prefix("cfg")?.trim_start();
    rest.strip_prefix('(')?.strip_suffix(')')
}

/// A reader of `cfg` predicates: `name`, `name = "value"`, `all(..)`, `any(..)`, `not(..)`.
struct Predicate<'t> {
    text: &'t [u8],
    at: usize,
}

impl Predicate<'_> {
    fn skip_space(&mut self) {
        while self.at < self.text.len() && self.text[self.at].is_ascii_whitespace() {
            self.at += 1;
        }
    }

    fn word(&mut self) -> Option<String> {
        self.skip_space();
        let start = self.at;
        while self.at < self.text.len() && (self.text[self.at].is_ascii_alphanumeric() || self.text[self.at] == b'_') {
            self.at += 1;
        }
        (self.at > start).then(|| String::from_utf8_lossy(&self.text[start..self.at]).into_owned())
    }

    fn eat(&mut self, c: u8) -> bool {
        self.skip_space();
        if self.text.get(self.at) == Some(&c) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn string(&mut self) -> Option<String> {
        if !self.eat(b'"') {
            return None;
        }
        let start = self.at;
        while self.at < self.text.len() && self.text[self.at] != b'"' {
            self.at += 1;
        }
        let value = String::from_utf8_lossy(&self.text[start..self.at]).into_owned();
        self.at += 1;
        Some(value)
    }

    /// `None` when the predicate cannot be read.
    fn eval(&mut self, option: &dyn Fn(&str, Option<&str>) -> bool) -> Option<bool> {
        let name = self.word()?;
        match name.as_str() {
            "all" | "any" | "not" => {
                if !self.eat(b'(') {
                    return None;
                }
                let mut values = Vec::new();
                loop {
                    if self.eat(b')') {
                        break;
                    }
                    values.push(self.eval(option)?);
                    if !self.eat(b',') {
                        if !self.eat(b')') {
                            return None;
                        }
                        break;
                    }
                }
                Some(match name.as_str() {
                    "all" => values.iter().all(|v| *v),
                    "any" => values.iter().any(|v| *v),
                    _ => !values.first().copied()?,
                })
            }
            _ => {
                if self.eat(b'=') {
                    let value = self.string()?;
                    Some(option(&name, Some(&value)))
                } else {
                    Some(option(&name, None))
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn holds(features: &[&str], predicate: &str) -> bool {
        let config = Config {
            features: BTreeMap::from([(String::new(), features.iter().map(|f| f.to_string()).collect())]),
        };
        config.holds("", predicate)
    }

    #[test]
    fn predicates_are_read_with_features_and_the_host() {
        assert!(holds(&["std"], r#"feature = "std""#));
        assert!(!holds(&[], r#"feature = "std""#));
        assert!(holds(&["std"], r#"any(feature = "std", not(anyhow_no_core_error))"#));
        assert!(!holds(
            &[],
            r#"all(any(feature = "std", not(x)), anyhow_no_ptr_addr_of)"#
        ));
        assert!(holds(&[], "test"));
        assert!(holds(&[], r#"not(target_os = "windows")"#));
        assert!(!holds(&[], "docsrs"));
        // A name a build script sets is off, as it is until the script runs.
        assert!(!holds(&[], r#"any(std_backtrace, feature = "backtrace")"#));
        assert!(holds(&["backtrace"], r#"any(std_backtrace, feature = "backtrace")"#));
        // A predicate that cannot be read holds: its code is read like any other.
        assert!(holds(&[], "all(("));
    }

    #[test]
    fn attributes_are_read() {
        assert_eq!(
            cfg_of(r#"#[cfg(feature = "raw_value")]"#),
            Some(r#"feature = "raw_value""#)
        );
        assert_eq!(cfg_of("#![cfg(test)]"), Some("test"));
        assert_eq!(cfg_of("#[derive(Debug)]"), None);
        assert_eq!(cfg_of("#[cfg_attr(docsrs, doc(cfg(x)))]"), None);
    }
}
