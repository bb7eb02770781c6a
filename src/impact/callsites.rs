//! The callsites of changed definitions: every reference the references layer
//! ([`crate::refs`]) finds to a changed definition, checked against its new signature.
//!
//! A call is checked by binding its arguments to the new parameters as the language does
//! (positional count, keyword names, required parameters, arguments shifted onto other
//! parameters, an argument that cannot be the new type); an import, a type use or any other
//! use of a removed definition breaks where it is written. The confidence tier is the
//! layer's; a removed definition reached past a re-export is a `name_match` at the
//! importer, because the re-export is where it breaks.
//!
//! Two ways a call breaks are kept apart, because only one of them is ever reported by the
//! language's checker: a call the checker rejects, and a call that still type-checks but
//! means something else, an argument pushed onto another parameter whose type takes it
//! (a parameter inserted or removed ahead of it). The second is the quieter break, so it is
//! reported too, as such (`Breaks::InMeaning`), never passed off as a type error.
//!
//! An argument the layer reads as typed anything (`any`, `Any`: declared so, a member or
//! element or call of such a value, a field typed by its class's type parameter read on
//! `C<any>`) is taken by every parameter type, so a changed parameter type does not break
//! the call there — unless a type test (`typeof x`, `isinstance(x, ..)`) earlier in the
//! function may have narrowed it to something the new type refuses.

use super::breakage::ChangedDefinition;
use super::signature::{bind, Param, ParamKind, Signature};
use crate::lang::{Language, Registry};
use crate::refs::project::Project;
use crate::refs::{self, CallShape, RefKind, Target};
use serde::Serialize;

pub use crate::refs::Confidence;

/// One call (or import, or use) of a changed definition.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Callsite {
    pub path: String,
    /// The line and column (1-based) of the called name.
    pub line: usize,
    pub column: usize,
    pub confidence: Confidence,
    /// The changed definition it calls.
    pub symbol: String,
    /// Why it breaks, or why it is only affected.
    pub reason: String,
    #[serde(skip)]
    pub breaks: Breaks,
    /// In documentation code (a doc-test, a doctest): checked by the tests, not the build.
    #[serde(skip)]
    pub in_doc: bool,
    /// The `cfg(...)` that leaves the call out of the checked configuration, if one does.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub conditional: Option<String>,
}

/// A file of the root as the patch would leave it, with a map back to the lines it has now.
pub struct Source {
    pub path: String,
    pub text: String,
    /// For each line of `text` (0-based), the line it is now (1-based), if it is not new.
    pub old_line: Option<Vec<Option<usize>>>,
}

/// The callsites of `changed` in `files` (the tree as the patch leaves it; `root` holds
/// package.json, Cargo.toml and tsconfig.json).
pub fn find(
    root: &std::path::Path,
    files: Vec<Source>,
    changed: &[ChangedDefinition],
    warm: Option<&Project>,
) -> Vec<Callsite> {
    let mut maps = std::collections::HashMap::new();
    let mut texts = Vec::with_capacity(files.len());
    for file in files {
        if let Some(map) = file.old_line {
            maps.insert(file.path.clone(), map);
        }
        texts.push((file.path, file.text));
    }
    // A warm project lends the facts of every file the patch leaves as it is.
    let mut project = match warm {
        Some(warm) => warm.refreshed(texts),
        None => Project::new(root, texts),
    };
    // A removed definition is still what its callers name.
    for def in changed.iter().filter(|d| d.new.is_none()) {
        project.phantoms.insert((def.file.clone(), def.path.clone()));
    }
    let line_of = |path: &str, line: usize| -> usize {
        match maps.get(path) {
            Some(map) => map.get(line - 1).copied().flatten().unwrap_or(line),
            None => line,
        }
    };
    let registry = Registry::global();
    let mut out = Vec::new();
    for def in changed {
        let Some(lang) = registry.for_path(&def.file) else {
            continue;
        };
        let target = match def.new {
            Some(_) => Target::of(&project, &def.file, def.reached_as.as_deref().unwrap_or(&def.path)),
            None => None,
        }
        .unwrap_or_else(|| Target::removed(&def.file, &def.path, &def.kind));
        // An argument typed anything fits a parameter of another type or place.
        let mut target = target;
        target.argument_types = def.breakages.iter().any(|b| b.kind.starts_with("parameter_"));
        let found = refs::find(&project, &target);
        let gone_now = def.removed() || def.renamed_to.is_some();
        for reference in found.references {
            // A definition's uses of itself are its own business.
            if reference.path == def.file
                && def
                    .new_lines
                    .is_some_and(|(first, last)| (first..=last).contains(&reference.line))
            {
                continue;
            }
            let mut confidence = reference.confidence;
            if gone_now && reference.via_reexport {
                // Past a re-export, the re-export is what breaks.
                confidence = Confidence::NameMatch;
            }
            let (breaks, reason) = match (&reference.call, reference.kind) {
                // A name an import binds breaks at the import: there the checkers report it,
                // and there the fix starts; its uses are affected.
                _ if gone_now && reference.bound_by_import => (
                    Breaks::No,
                    format!("uses `{}` as its import binds it; the import breaks", def.name),
                ),
                (Some(call), RefKind::Call | RefKind::Doc) => verdict(lang, def, call),
                _ if gone_now => (Breaks::Yes, gone(def, reference.kind)),
                // Handed on as a callback: the call that breaks is wherever it is called,
                // which saguaro does not see; shown, not counted.
                _ if reference.value_use && changes_arity(def) => (
                    Breaks::No,
                    format!(
                        "passes `{}` on as a value; wherever it is called as before breaks ({})",
                        def.name,
                        def.breakages.iter().map(|b| b.kind).collect::<Vec<_>>().join(", ")
                    ),
                ),
                _ => (Breaks::No, format!("{} it without calling it", reference.kind.as_str())),
            };
            let reason = if reference.kind == RefKind::Doc {
                format!("in documentation code: {reason}")
            } else {
                reason
            };
            out.push(Callsite {
                line: line_of(&reference.path, reference.line),
                path: reference.path,
                column: reference.column,
                confidence,
                symbol: def.path.clone(),
                reason,
                breaks,
                in_doc: reference.kind == RefKind::Doc,
                conditional: reference.conditional,
            });
        }
    }
    out.sort_by(|a, b| (&a.path, a.line, a.column).cmp(&(&b.path, b.line, b.column)));
    out.dedup_by(|a, b| a.path == b.path && a.line == b.line && a.symbol == b.symbol);
    out
}

/// Whether a change alters how the definition must be called: parameters required, removed,
/// or made keyword-only / positional-only.
fn changes_arity(def: &ChangedDefinition) -> bool {
    def.breakages.iter().any(|b| {
        matches!(
            b.kind,
            "parameter_added_required" | "parameter_removed" | "parameter_changed_kind" | "parameter_changed_required"
        )
    })
}

/// Why a use of a removed (or renamed) definition breaks.
fn gone(def: &ChangedDefinition, kind: RefKind) -> String {
    let what = def
        .renamed_to
        .as_deref()
        .map(|r| format!("renamed to `{r}`"))
        .unwrap_or_else(|| "removed".to_string());
    let verb = match kind {
        RefKind::Import | RefKind::Reexport => "imports",
        RefKind::Type => "names the type",
        _ => "uses",
    };
    format!("{verb} `{}`, which the change {what}", def.name)
}

/// Whether a call breaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Breaks {
    No,
    /// The language's checker rejects it (or the language has none to ask).
    Yes,
    /// It still type-checks, but an argument now goes to another parameter: it means
    /// something else, silently.
    InMeaning,
}

impl Breaks {
    /// It breaks, one way or the other.
    pub fn at_all(self) -> bool {
        self != Breaks::No
    }
}

/// Whether an argument that fitted parameter `was` still type-checks at `now`, which takes
/// its place: `now` writes no type (it takes anything), writes the same type as `was`, or
/// the argument's text is known to fit `now`'s. Anything else counts as a type error.
fn still_type_checks(arg: &str, was: &Param, now: &Param) -> bool {
    match (&was.annotation, &now.annotation) {
        (_, None) => true,
        (Some(old), Some(new)) => {
            let spaced = |t: &str| t.split_whitespace().collect::<String>();
            spaced(old) == spaced(new) || fits(arg, old, new) == Some(true)
        }
        (None, Some(_)) => false,
    }
}

/// Whether a call with `args` still fits the definition's new signature.
fn verdict(lang: &Language, def: &ChangedDefinition, call: &CallShape) -> (Breaks, String) {
    let args = &call.arguments;
    let Some(new) = &def.new else {
        let what = def
            .renamed_to
            .as_deref()
            .map(|r| format!("renamed to `{r}`"))
            .unwrap_or_else(|| "removed".to_string());
        return (Breaks::Yes, format!("calls `{}`, which the change {what}", def.path));
    };
    // A decorator whose wrapper is called otherwise (`@lru_cache`) hides the parameters from
    // the call: nothing says how it binds, so it is not checked.
    let decorators = lang.resolve.signature_decorators.as_slice();
    if let Some(d) = def.old.iter().flat_map(|s| &s.decorators).find(|d| {
        let last = d.rsplit('.').next().unwrap_or(d);
        lang.resolve.decorators_replace && !decorators.iter().any(|k| k == last)
    }) {
        return (
            Breaks::No,
            format!("called through `@{d}`, whose wrapper takes its own arguments"),
        );
    }
    // A definition that became async returns a coroutine, a future or a promise: a call
    // that uses the value as before, unawaited, breaks.
    if call.used_unawaited && def.breakages.iter().any(|b| b.kind == "became_async") {
        return (
            Breaks::Yes,
            format!("uses the value of `{}` without awaiting it; it is now async", def.name),
        );
    }
    // A member made static (or no longer static) is called on the class (an instance)
    // now: a call on the other breaks whatever its arguments.
    if let Some(old) = &def.old {
        if old.is_static != new.is_static && call.receiver.is_some() && call.on_type != new.is_static {
            let (on, now) = match new.is_static {
                true => ("an instance", "static: it is called on the class"),
                false => ("the class", "no longer static: it is called on an instance"),
            };
            return (Breaks::Yes, format!("calls `{}` on {on}; it is now {now}", def.name));
        }
    }
    // A call the change breaks fitted the old definition: one that did not calls another
    // definition of that name (or was broken before), and this change is not its cause.
    if let Some(old) = &def.old {
        let before = explicit(lang, def, old, call);
        let mut old_args: Vec<&str> = args.positional.iter().map(String::as_str).collect();
        if before.skip_first_argument && !old_args.is_empty() {
            old_args.remove(0);
        }
        if bind(lang, before.params, &old_args, args).is_err() {
            return (
                Breaks::No,
                "does not fit the old signature either: it calls another definition of that name".to_string(),
            );
        }
    }
    let params = explicit(lang, def, new, call);
    let mut args_left: Vec<&str> = args.positional.iter().map(String::as_str).collect();
    if params.skip_first_argument && !args_left.is_empty() {
        args_left.remove(0);
    }
    if let Err(why) = bind(lang, params.params, &args_left, args) {
        return (Breaks::Yes, why);
    }
    // An argument typed anything (`any`, `Any`) is taken by every parameter type.
    let skipped = usize::from(params.skip_first_argument);
    let anything = |i: usize| args.anything.get(i + skipped).copied().unwrap_or(false);
    // Arguments that fit by count may still land on other parameters than before (a
    // parameter inserted or removed ahead of them).
    let mut shifted = None;
    if let (Some(old), false) = (&def.old, args.spread) {
        let old_params = explicit(lang, def, old, call);
        // The parameter each position goes to; past the last, the `*args`/`...rest` that
        // takes the others, if any.
        let slot = |ps: &[Param], i: usize| -> Option<Param> {
            ps.iter()
                .filter(|p| p.by_position())
                .nth(i)
                .or_else(|| ps.iter().find(|p| p.kind == ParamKind::VarPositional))
                .cloned()
        };
        let same_slot = |name: &str| {
            def.breakages.iter().any(|b| {
                matches!(b.kind, "parameter_renamed" | "parameter_changed_type") && b.parameter.as_deref() == Some(name)
            })
        };
        for (i, arg) in args_left.iter().enumerate() {
            if let (Some(was), Some(now)) = (slot(old_params.params, i), slot(params.params, i)) {
                if was.name != now.name && !same_slot(&was.name) {
                    let reason = format!(
                        "passes `{arg}` at position {}, which now goes to `{}` instead of `{}`",
                        i + 1,
                        now.name,
                        was.name
                    );
                    // The checker lets it through when the new place takes what the old one
                    // did; else it is a type error like any other.
                    match anything(i) || still_type_checks(arg, &was, &now) {
                        true => shifted = Some(format!("{reason}; it still type-checks")),
                        false => return (Breaks::Yes, reason),
                    }
                    break;
                }
            }
        }
    }
    // A parameter whose type changed: an argument at its place must fit the new type.
    for b in def.breakages.iter().filter(|b| b.kind == "parameter_changed_type") {
        let Some(old) = &def.old else {
            continue;
        };
        let old_params = explicit(lang, def, old, call);
        let Some(i) = old_params
            .params
            .iter()
            .position(|p| Some(&p.name) == b.parameter.as_ref())
        else {
            continue;
        };
        let Some(new_param) = params.params.get(i) else {
            continue;
        };
        let old_annotation = old_params.params[i].annotation.as_deref().unwrap_or_default();
        let new_annotation = new_param.annotation.as_deref().unwrap_or_default();
        // A rest parameter takes every argument from its place on, each an element of its
        // array type (`...args: number[]`); a Python `*args: int` names the element itself.
        if new_param.kind == ParamKind::VarPositional && !args.spread {
            let (was, now) = (element_type(old_annotation), element_type(new_annotation));
            let misfit = args_left
                .iter()
                .enumerate()
                .skip(i)
                .find(|(j, arg)| !anything(*j) && fits(arg, was, now) == Some(false));
            if let Some((_, arg)) = misfit {
                return (
                    Breaks::Yes,
                    format!(
                        "passes `{arg}` where each of `{}` (was `{was}`) now is `{now}`",
                        new_param.name
                    ),
                );
            }
            continue;
        }
        if let Some(arg) = args_left.get(i).filter(|_| !anything(i)) {
            if fits(arg, old_annotation, new_annotation) == Some(false) {
                return (
                    Breaks::Yes,
                    format!(
                        "passes `{arg}` where `{}` (was `{}`) now wants `{}`",
                        new_param.name,
                        if old_annotation.is_empty() { "?" } else { old_annotation },
                        new_param.annotation.as_deref().unwrap_or("?")
                    ),
                );
            }
        }
    }
    if let Some(reason) = shifted {
        return (Breaks::InMeaning, reason);
    }
    let kinds: Vec<&str> = def.breakages.iter().map(|b| b.kind).collect();
    (Breaks::No, format!("fits the new signature ({})", kinds.join(", ")))
}

/// The type of each element of a rest parameter's array type (`T[]`, `Array<T>`), or the
/// annotation itself when it is not written as an array.
fn element_type(annotation: &str) -> &str {
    let a = annotation.trim();
    a.strip_suffix("[]")
        .or_else(|| a.strip_prefix("Array<").and_then(|r| r.strip_suffix('>')))
        .unwrap_or(a)
        .trim()
}

/// The parameters a call passes explicitly, and whether its first argument is the object.
struct Explicit<'s> {
    params: &'s [Param],
    skip_first_argument: bool,
}

fn explicit<'s>(lang: &Language, def: &ChangedDefinition, sig: &'s Signature, call: &CallShape) -> Explicit<'s> {
    let args = &call.arguments;
    // `Engine.process(engine, x)`, `Type::method(&value, x)`: called on the type itself.
    let on_type = call.on_type;
    match lang.name.as_str() {
        "python" if def.parent.is_some() => {
            // `Engine.process(engine, x)` passes the object itself; a classmethod binds `cls`.
            let bound = !on_type || sig.decorators.iter().any(|d| d == "classmethod");
            Explicit {
                params: sig.explicit_params(bound),
                skip_first_argument: false,
            }
        }
        "rust" => Explicit {
            params: &sig.params,
            // `Type::method(obj, ..)` passes the receiver as its first argument.
            skip_first_argument: sig.receiver.is_some() && on_type && !args.positional.is_empty(),
        },
        _ => Explicit {
            params: &sig.params,
            skip_first_argument: false,
        },
    }
}

/// Whether an argument's text can be a value of `annotation`, when that can be told from
/// the text: a value wrapped into an optional type must become `None`/`Some(..)`; where an
/// object type is now wanted, an object literal must write every property it requires, and
/// any other value (which fitted the old type) fits only if the old type was an object type
/// with those properties. `None`: cannot be told (the argument's type is not written at the
/// call). A value cast to `any` fits every type; one cast to another type is that type,
/// which is not compared here.
fn fits(arg: &str, old_annotation: &str, annotation: &str) -> Option<bool> {
    let arg = arg.trim();
    if annotation.starts_with("Option<") && !old_annotation.starts_with("Option<") {
        return Some(arg == "None" || arg.starts_with("Some("));
    }
    match cast_type(arg) {
        Some("any") => return Some(true),
        Some("const") | None => {}
        Some(_) => return None,
    }
    if let Some(verdict) = literal_fits(arg, old_annotation, annotation) {
        return Some(verdict);
    }
    let required = required_properties(annotation)?;
    if arg.starts_with('{') {
        let keys = literal_keys(arg);
        let spread = braced_parts(arg)
            .unwrap_or_default()
            .iter()
            .any(|p| p.starts_with("..."));
        return match required.iter().all(|p| keys.contains(p)) {
            true => Some(true),
            // `{ ...rest }` may bring what is missing.
            false if spread => None,
            false => Some(false),
        };
    }
    match required_properties(old_annotation) {
        Some(old) if required.iter().all(|p| old.contains(p)) => None,
        _ => Some(false),
    }
}

/// Whether a string or number literal still fits a parameter whose written type is made of
/// primitive names only (`string`, `number | undefined`, Python `str`, `int`, `float`): it
/// breaks when no member takes it and the old type did. `None` when the types say nothing
/// this plain rule can read.
fn literal_fits(arg: &str, old_annotation: &str, annotation: &str) -> Option<bool> {
    #[derive(PartialEq, Clone, Copy)]
    enum Literal {
        Text,
        Number,
    }
    let literal = match arg.chars().next()? {
        '"' | '\'' | '`' => Literal::Text,
        c if c.is_ascii_digit() => Literal::Number,
        '-' if arg[1..].starts_with(|c: char| c.is_ascii_digit()) => Literal::Number,
        _ => return None,
    };
    // `Some(true)`: the member takes the literal; `Some(false)`: a primitive that does not;
    // `None`: a member this rule cannot judge.
    let takes = |member: &str| -> Option<bool> {
        match member.trim() {
            "string" | "str" => Some(literal == Literal::Text),
            "number" | "int" | "float" | "bigint" => Some(literal == Literal::Number),
            "boolean" | "bool" | "undefined" | "null" | "None" | "void" => Some(false),
            _ => None,
        }
    };
    let judge = |ty: &str| -> Option<bool> {
        let members: Vec<Option<bool>> = ty.split('|').map(takes).collect();
        if members.contains(&Some(true)) {
            Some(true)
        } else if members.iter().all(Option::is_some) {
            Some(false)
        } else {
            None
        }
    };
    match (judge(old_annotation), judge(annotation)) {
        (Some(true), Some(false)) => Some(false),
        _ => None,
    }
}

/// The type a TypeScript argument is cast to (`x as T`, `<T>x`), written at its top level.
fn cast_type(arg: &str) -> Option<&str> {
    if let Some(rest) = arg.strip_prefix('<') {
        let (ty, value) = rest.split_once('>')?;
        // `<T>(x: T) => x` is a generic arrow function, not a cast.
        let generic_function = value.trim_start().starts_with('(') && value.contains("=>");
        return (!generic_function).then(|| ty.trim());
    }
    let (mut depth, mut quote) = (0i32, None);
    let mut last = None;
    let mut escaped = false;
    for (i, c) in arg.char_indices() {
        if let Some(q) = quote {
            // Inside a string: only its end matters (`"set as any"` is no cast).
            match c {
                _ if escaped => escaped = false,
                '\\' => escaped = true,
                _ if c == q => quote = None,
                _ => {}
            }
            continue;
        }
        match c {
            '"' | '\'' | '`' => quote = Some(c),
            '{' | '(' | '[' => depth += 1,
            '}' | ')' | ']' => depth -= 1,
            // An arrow function's body is not the argument's type.
            '=' if depth == 0 && arg[i..].starts_with("=>") => return None,
            _ if depth == 0 && arg[i..].starts_with(" as ") => last = Some(i + 4),
            _ => {}
        }
    }
    last.map(|at| arg[at..].trim())
}

/// The top-level parts of a braced text (`{ a: T; b?: U }` → `a: T`, `b?: U`), split at
/// `;`, `,` and line breaks outside any nesting.
fn braced_parts(text: &str) -> Option<Vec<&str>> {
    let inner = text.trim().strip_prefix('{')?.strip_suffix('}')?;
    let (mut depth, mut from) = (0i32, 0usize);
    let mut parts = Vec::new();
    for (i, c) in inner.char_indices() {
        match c {
            '{' | '(' | '[' | '<' => depth += 1,
            '}' | ')' | ']' | '>' => depth -= 1,
            ';' | ',' | '\n' if depth == 0 => {
                parts.push(inner[from..i].trim());
                from = i + 1;
            }
            _ => {}
        }
    }
    parts.push(inner[from..].trim());
    Some(parts.into_iter().filter(|p| !p.is_empty()).collect())
}

/// The properties an object type requires (`{ a: T; b?: U }` → `a`); `None` when the text
/// is not an object type.
fn required_properties(annotation: &str) -> Option<Vec<String>> {
    let parts = braced_parts(annotation)?;
    Some(
        parts
            .iter()
            .filter_map(|p| {
                let (name, _) = p.split_once(':')?;
                let name = name.trim().trim_start_matches("readonly ").trim();
                (!name.ends_with('?') && !name.starts_with('[')).then(|| name.to_string())
            })
            .collect(),
    )
}

/// The keys an object literal writes (`{ a: 1, b, ...c }` → `a`, `b`).
fn literal_keys(literal: &str) -> Vec<String> {
    braced_parts(literal)
        .unwrap_or_default()
        .iter()
        .filter(|p| !p.starts_with("..."))
        .map(|p| {
            let key = p.split([':', '(']).next().unwrap_or(p);
            key.trim().trim_matches(['"', '\'']).to_string()
        })
        .collect()
}

/// For each line of `new` (0-based), the line of `old` it was (1-based), if not new.
pub fn line_map(old: &str, new: &str) -> Vec<Option<usize>> {
    let mut map = vec![None; new.lines().count() + 1];
    let diff = similar::TextDiff::from_lines(old, new);
    for op in diff.ops() {
        if let similar::DiffOp::Equal {
            old_index,
            new_index,
            len,
        } = *op
        {
            for k in 0..len {
                if let Some(slot) = map.get_mut(new_index + k) {
                    *slot = Some(old_index + k + 1);
                }
            }
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::fits;

    #[test]
    fn an_object_type_wants_its_properties_written_or_already_had() {
        let old = "number";
        let new = "{ value: number }";
        assert_eq!(fits("1", old, new), Some(false));
        assert_eq!(fits("{ value: 1 }", old, new), Some(true));
        assert_eq!(fits("{ value }", old, new), Some(true));
        assert_eq!(
            fits("{ type: 'added', mutation }", "Event", "{ event: Event }"),
            Some(false)
        );
        assert_eq!(fits("{ ...rest }", old, new), None);
        // A value of an object type that already had the property may still fit.
        assert_eq!(fits("this.options", "{ options: O; x?: X }", "{ options: O }"), None);
        assert_eq!(
            fits(
                "this.options",
                "{ queryFn?: Q\n queryHash?: string }",
                "{ options: { queryFn?: Q } }"
            ),
            Some(false)
        );
        assert_eq!(fits("None", "usize", "Option<usize>"), Some(true));
        assert_eq!(fits("3", "usize", "Option<usize>"), Some(false));
        assert_eq!(fits("n as usize", "usize", "Option<usize>"), Some(false));
        assert_eq!(fits("x", "usize", "u64"), None);
        // A cast decides the type: `any` fits all, another type is not compared here.
        assert_eq!(fits("options as any", "O", "{ options: O }"), Some(true));
        assert_eq!(fits("<any>options", "O", "{ options: O }"), Some(true));
        assert_eq!(fits("options as Options", "O", "{ options: O }"), None);
        assert_eq!(fits("f(a as any)", "number", "{ v: number }"), Some(false));
        assert_eq!(fits("1 as const", "number", "{ v: number }"), Some(false));
        assert_eq!(fits("\"use it as any other\"", "string", "{ e: string }"), Some(false));
        assert_eq!(fits("`a ${b as any} as any`", "string", "{ e: string }"), Some(false));
        assert_eq!(fits("'it\\'s' as any", "string", "{ e: string }"), Some(true));
        assert_eq!(fits("<T>(x: T) => x", "number", "{ v: number }"), Some(false));
        assert_eq!(
            fits("() => { return d as D }", "() => D", "{ get: () => D }"),
            Some(false)
        );
        assert_eq!(fits("(x) => x as any", "F", "{ f: F }"), Some(false));
    }
}
