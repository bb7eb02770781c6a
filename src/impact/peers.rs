//! The names two peers give saguaro's breakages, so that their users can read its
//! findings: griffe's `BreakageKind` (Python) and cargo-semver-checks' lint ids (Rust).
//!
//! A breakage is one of saguaro's kinds on one definition; a peer's name depends on the
//! kind and, for cargo-semver-checks, on what the definition is (a free function, an
//! inherent method, a trait's method, a struct, ...). Where a peer has no name for it (a
//! receiver change to griffe, a type change to cargo-semver-checks), none is given: the
//! mapping says what corresponds, never a guess.
//!
//! Where saguaro and `griffe check` still differ on real pairs (scripts/griffe_compare.py,
//! the open list and scripts/corpora/griffe-holdout.txt), saguaro holds by the language's
//! rules, which pyright applies (scripts/griffe_adjudicate.py): a `**attrs` renamed
//! `**kwargs` is no parameter removed (nothing can pass it by name); a parameter that can
//! only be passed by position renamed (`__callback` → `callback, /`) breaks no call; nor
//! does one of a method the language calls (`__getattr__(self, _)`); a name a module's
//! `__getattr__` answers typed `Any` keeps its uses; a member a class now inherits from a
//! base in another module is still there. A method removed from a class is one finding at
//! its definition; `check --api` lists the subclasses that lose it with it (`also_at`).

use super::breakage::{Breakage, ChangedDefinition};
use serde::Serialize;

/// One breakage, with what the peers call it.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub kind: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parameter: Option<String>,
    pub description: String,
    /// griffe's `BreakageKind` names for it (a renamed parameter is two to griffe: one
    /// removed, unless a `**kwargs` takes the old name in, and, when the new one is
    /// required, one added as required).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub griffe_kind: Vec<&'static str>,
    /// cargo-semver-checks' lint for it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lint: Option<&'static str>,
}

/// `breakage` of `def`, named as the peers of `def`'s language name it.
pub fn finding(def: &ChangedDefinition, breakage: &Breakage, language: &str) -> Finding {
    let (griffe_kind, lint) = match language {
        "python" => (griffe(def, breakage), None),
        "rust" => (Vec::new(), lint(def, breakage)),
        _ => (Vec::new(), None),
    };
    Finding {
        kind: breakage.kind,
        parameter: breakage.parameter.clone(),
        description: breakage.description.clone(),
        griffe_kind,
        lint,
    }
}

fn griffe(def: &ChangedDefinition, breakage: &Breakage) -> Vec<&'static str> {
    match breakage.kind {
        "object_removed" => vec!["OBJECT_REMOVED"],
        "kind_changed" => vec!["OBJECT_CHANGED_KIND"],
        "parameter_added_required" => vec!["PARAMETER_ADDED_REQUIRED"],
        "parameter_removed" => vec!["PARAMETER_REMOVED"],
        "parameter_moved" => vec!["PARAMETER_MOVED"],
        "parameter_changed_kind" => vec!["PARAMETER_CHANGED_KIND"],
        "parameter_default_changed" => vec!["PARAMETER_CHANGED_DEFAULT"],
        "parameter_changed_required" => vec!["PARAMETER_CHANGED_REQUIRED"],
        "return_type_changed" => vec!["RETURN_CHANGED_TYPE"],
        "parameter_renamed" => {
            // The parameter now at the old one's place: added as required when it is.
            let new_required = (|| {
                let (old, new) = (def.old.as_ref()?, def.new.as_ref()?);
                let at = old
                    .params
                    .iter()
                    .position(|p| Some(&p.name) == breakage.parameter.as_ref())?;
                Some(new.params.get(at)?.required())
            })()
            .unwrap_or(false);
            // A `**kwargs` of the new signature takes the old name in: not removed, to griffe.
            let absorbed = def.new.as_ref().is_some_and(|new| {
                new.params
                    .iter()
                    .any(|p| p.kind == crate::symbols::signature::ParamKind::VarKeyword)
            });
            let mut kinds = Vec::new();
            if !absorbed {
                kinds.push("PARAMETER_REMOVED");
            }
            if new_required {
                kinds.push("PARAMETER_ADDED_REQUIRED");
            }
            kinds
        }
        _ => Vec::new(),
    }
}

fn lint(def: &ChangedDefinition, breakage: &Breakage) -> Option<&'static str> {
    // What the definition is, as the lints tell them apart.
    let method = matches!(def.kind.as_str(), "method" | "function") && def.parent.is_some();
    let in_trait = def.parent_kind.as_deref() == Some("trait");
    // A member of `impl Trait for Type` is the trait's, not an inherent method: the peers
    // name the trait impl's removal (or nothing), never `inherent_method_missing`.
    if def.parent_kind.as_deref() == Some("trait_impl") {
        return None;
    }
    let gone = matches!(breakage.kind, "object_removed" | "visibility_reduced");
    match (breakage.kind, def.kind.as_str()) {
        (_, "function" | "method") if gone && method && in_trait => Some("trait_method_missing"),
        (_, "function" | "method") if gone && method => Some("inherent_method_missing"),
        (_, "function") if gone => Some("function_missing"),
        (_, "struct") if gone => Some("struct_missing"),
        (_, "enum") if gone => Some("enum_missing"),
        (_, "trait") if gone => Some("trait_missing"),
        (_, "union") if gone => Some("union_missing"),
        (_, "field") if gone => Some("struct_pub_field_missing"),
        (_, "variant") if gone => Some("enum_variant_missing"),
        (_, "constant") if gone => Some("pub_module_level_const_missing"),
        (_, "static") if gone => Some("pub_static_missing"),
        (_, "module") if gone => Some("module_missing"),
        (_, "macro") if gone => Some("declarative_macro_missing"),
        ("parameter_added_required" | "parameter_removed", _) if method && in_trait => {
            Some("trait_method_parameter_count_changed")
        }
        ("parameter_added_required" | "parameter_removed", _) if method => Some("method_parameter_count_changed"),
        ("parameter_added_required" | "parameter_removed", "function") => Some("function_parameter_count_changed"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::impact::breakage::Severity;
    use crate::impact::signature::{Param, ParamKind, Signature};

    fn def(kind: &str, parent: Option<(&str, &str)>, old: &[(&str, bool)], new: &[(&str, bool)]) -> ChangedDefinition {
        let sig = |params: &[(&str, bool)]| Signature {
            params: params
                .iter()
                .map(|&(name, has_default)| Param {
                    name: name.to_string(),
                    kind: ParamKind::PositionalOrKeyword,
                    has_default,
                    default: None,
                    annotation: None,
                })
                .collect(),
            receiver: None,
            returns: None,
            is_async: false,
            is_static: false,
            public: true,
            generics: None,
            decorators: Vec::new(),
        };
        ChangedDefinition {
            file: "m".into(),
            path: "f".into(),
            name: "f".into(),
            kind: kind.into(),
            parent: parent.map(|(p, _)| p.to_string()),
            parent_kind: parent.map(|(_, k)| k.to_string()),
            old: Some(sig(old)),
            new: Some(sig(new)),
            renamed_to: None,
            reached_as: None,
            breakages: Vec::new(),
            old_lines: (1, 1),
            new_lines: None,
        }
    }

    fn breakage(kind: &'static str, parameter: Option<&str>) -> Breakage {
        Breakage {
            kind,
            severity: Severity::High,
            description: String::new(),
            parameter: parameter.map(str::to_string),
        }
    }

    #[test]
    fn a_renamed_parameter_is_two_griffe_kinds_only_when_the_new_one_is_required() {
        let required = def("function", None, &[("a", false)], &[("b", false)]);
        let optional = def("function", None, &[("a", false)], &[("b", true)]);
        let renamed = breakage("parameter_renamed", Some("a"));
        assert_eq!(
            finding(&required, &renamed, "python").griffe_kind,
            ["PARAMETER_REMOVED", "PARAMETER_ADDED_REQUIRED"]
        );
        assert_eq!(
            finding(&optional, &renamed, "python").griffe_kind,
            ["PARAMETER_REMOVED"]
        );
        assert!(
            finding(&required, &renamed, "python").lint.is_none(),
            "no lint for Python"
        );
        // `loads(self, json_data, **kwargs)` → `loads(self, s, **kwargs)`: `json_data=`
        // lands in `**kwargs`; what breaks is the required `s` left unpassed.
        let mut absorbing = def("function", None, &[("a", false)], &[("b", false)]);
        if let Some(new) = absorbing.new.as_mut() {
            new.params.push(Param {
                name: "kwargs".into(),
                kind: ParamKind::VarKeyword,
                has_default: false,
                default: None,
                annotation: None,
            });
        }
        assert_eq!(
            finding(&absorbing, &renamed, "python").griffe_kind,
            ["PARAMETER_ADDED_REQUIRED"]
        );
    }

    #[test]
    fn lints_tell_functions_inherent_methods_and_trait_methods_apart() {
        let removed = breakage("object_removed", None);
        let added = breakage("parameter_added_required", Some("x"));
        let free = def("function", None, &[], &[]);
        let inherent = def("method", Some(("S", "impl")), &[], &[]);
        let in_trait = def("method", Some(("T", "trait")), &[], &[]);
        assert_eq!(finding(&free, &removed, "rust").lint, Some("function_missing"));
        let trait_impl = def("method", Some(("S", "trait_impl")), &[], &[]);
        assert_eq!(
            finding(&trait_impl, &removed, "rust").lint,
            None,
            "not an inherent method"
        );
        assert_eq!(
            finding(&inherent, &removed, "rust").lint,
            Some("inherent_method_missing")
        );
        assert_eq!(finding(&in_trait, &removed, "rust").lint, Some("trait_method_missing"));
        assert_eq!(
            finding(&free, &added, "rust").lint,
            Some("function_parameter_count_changed")
        );
        assert_eq!(
            finding(&inherent, &added, "rust").lint,
            Some("method_parameter_count_changed")
        );
        let structure = def("struct", None, &[], &[]);
        assert_eq!(
            finding(&structure, &breakage("visibility_reduced", None), "rust").lint,
            Some("struct_missing")
        );
        assert!(finding(&free, &breakage("became_async", None), "rust").lint.is_none());
        assert!(
            finding(&free, &removed, "rust").griffe_kind.is_empty(),
            "no griffe kind for Rust"
        );
    }
}
