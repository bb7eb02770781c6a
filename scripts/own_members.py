"""Each language's own view of the members of a file, for scripts/crosscheck_symbols.py.

These are written for the check and share nothing with saguaro (queries/, src/) or with the
evaluation harness's walk (../shared/eval/refs.py `members`), so that a mistake made in
one of those is not repeated here:
- Python: the standard library `ast` — class attributes (plain and annotated assignments in
  a class body, dataclass fields and enum members among them) and instance attributes
  (`self.x = ...` / `self.x: T = ...` in the class's methods).
- Rust: a walk of the tree-sitter tree written here — named fields of structs and unions,
  enum variants, fields of struct-like variants, `const`, `static` and `type` items.
- TypeScript: the TypeScript compiler API, through scripts/ts_members.js.

Each view gives `OwnMember`s: a name path as saguaro spells it (README "Name paths") and the
1-based line of the member's name. It is not for finding members in general: it lists only
what saguaro documents as a member, so that what one side lists and the other does not is
worth a look.
"""

import ast
import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

import tree_sitter
import tree_sitter_rust

TS_MEMBERS_JS = Path(__file__).resolve().parent / "ts_members.js"


@dataclass
class OwnMember:
    path: str   # `Engine.retries`
    line: int   # 1-based line of the name
    kind: str   # what the language calls it: "class attribute", "field", "enum member", ...


# ---------------------------------------------------------------------------------- Python

def python_members(text: str) -> list[OwnMember]:
    """Class and instance attributes of every class in the file, one per name path: the
    first definition. A file `ast` cannot parse (newer syntax) gives none."""
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    found = []
    for path, cls in _py_classes(tree, []):
        found += _py_class_members(path, cls)
    return found


def _py_classes(node, scope: list[str]):
    """(name path, ClassDef) for every class, nested ones too; a class inside a function is
    named through the function (`make.Local`), as saguaro names it."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.ClassDef):
            yield ".".join(scope + [child.name]), child
            yield from _py_classes(child, scope + [child.name])
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef)):
            yield from _py_classes(child, scope + [child.name])
        elif isinstance(child, (ast.stmt, ast.excepthandler, ast.match_case)):
            yield from _py_classes(child, scope)


def _py_statements(body: list):
    """The statements of a body in file order, through `if` / `try` / `with` / loops /
    `match`, but not into a nested function or class: those are another scope."""
    for stmt in body:
        yield stmt
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for field in ("body", "handlers", "orelse", "finalbody", "cases"):   # file order
            for child in getattr(stmt, field, None) or []:
                if isinstance(child, (ast.excepthandler, ast.match_case)):
                    yield from _py_statements(child.body)
                else:
                    yield from _py_statements([child])


def _py_assigned(stmt) -> list:
    """The target nodes a plain or annotated assignment binds (`a = b = 1`, `a, *b = t`)."""
    if isinstance(stmt, ast.Assign):
        return [n for t in stmt.targets for n in _py_unpacked(t)]
    if isinstance(stmt, ast.AnnAssign):
        return [stmt.target]
    return []


def _py_unpacked(target) -> list:
    if isinstance(target, (ast.Tuple, ast.List)):
        return [n for e in target.elts for n in _py_unpacked(e)]
    if isinstance(target, ast.Starred):
        return _py_unpacked(target.value)
    return [target]


def _py_class_members(cpath: str, cls: ast.ClassDef) -> list[OwnMember]:
    """README "What counts as a symbol": an instance attribute is defined at its first
    `self.x = ...` in `__init__`, else at the first one in the file, and a name the class
    body defines itself (attribute, method, property, nested class) is that definition."""
    attributes, body_defs, methods = {}, set(), []
    for stmt in _py_statements(cls.body):
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
            body_defs.add(stmt.name)
            methods.append(stmt)
        elif isinstance(stmt, ast.ClassDef):
            body_defs.add(stmt.name)
        for target in _py_assigned(stmt):
            if isinstance(target, ast.Name):
                attributes.setdefault(target.id, target.lineno)
    found = [OwnMember(f"{cpath}.{n}", line, "class attribute") for n, line in attributes.items()]
    inits = [m for m in methods if m.name == "__init__"]
    instance = {}
    for method in inits + [m for m in methods if m not in inits]:
        for name, line in _py_self_assignments(method):
            if name not in attributes and name not in body_defs:
                instance.setdefault(name, line)
    found += [OwnMember(f"{cpath}.{n}", line, "instance attribute") for n, line in instance.items()]
    return found


_PY_NOT_INSTANCE = ("__init_subclass__", "__class_getitem__", "__new__")


def _py_self_assignments(method) -> list[tuple[str, int]]:
    """(name, line) of each `self.x = ...` / `self.x: T = ...` in a method's own body, where
    `self` is the method's first parameter whatever it is called. A static or class method
    has no instance (`__init_subclass__`, `__class_getitem__` and `__new__` are such
    methods without saying so)."""
    decorators = {d.id for d in method.decorator_list if isinstance(d, ast.Name)}
    params = method.args.posonlyargs + method.args.args
    if decorators & {"staticmethod", "classmethod"} or method.name in _PY_NOT_INSTANCE or not params:
        return []
    me = params[0].arg
    found = []
    for stmt in _py_statements(method.body):
        for target in _py_assigned(stmt):
            if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) \
                    and target.value.id == me:
                found.append((target.attr, target.lineno))
    return found


# ------------------------------------------------------------------------------------ Rust

_RUST = tree_sitter.Parser(tree_sitter.Language(tree_sitter_rust.language()))

# Items that name a scope for what is inside them (`mod net { const X }` is `net.X`); an
# `impl` is named by its type, see _rs_impl_name.
_RS_SCOPES = ("mod_item", "trait_item", "function_item")
_RS_VALUES = {"const_item": "const", "static_item": "static", "type_item": "type alias",
              "associated_type": "associated type"}


def rust_members(text: str) -> list[OwnMember]:
    """Fields, variants, variant fields, `const`, `static` and `type` items, every
    definition (a name defined twice under `#[cfg]` gives two)."""
    found = []
    _rs_walk(_RUST.parse(text.encode()).root_node, [], found)
    return found


def _rs_line(node) -> int:
    return node.start_point[0] + 1


def _rs_text(node) -> str:
    return node.text.decode()


def _rs_walk(node, scope: list[str], found: list) -> None:
    for child in node.named_children:
        kind, name = child.type, child.child_by_field_name("name")
        if kind in ("struct_item", "union_item"):
            _rs_fields(child.child_by_field_name("body"), scope + [_rs_text(name)], found)
        elif kind == "enum_item":
            _rs_variants(child.child_by_field_name("body"), scope + [_rs_text(name)], found)
        elif kind in _RS_VALUES:
            found.append(OwnMember(".".join(scope + [_rs_text(name)]), _rs_line(name), _RS_VALUES[kind]))
        elif kind in _RS_SCOPES and name is not None:
            _rs_walk(child, scope + [_rs_text(name)], found)
        elif kind == "impl_item":
            impl_name = _rs_impl_name(child.child_by_field_name("type"))
            if impl_name is not None:
                _rs_walk(child, scope + [impl_name], found)
        elif kind not in ("macro_definition", "macro_invocation", "token_tree"):
            # Blocks, `extern` blocks, declaration lists, statements: no name of their own.
            # A macro's body is tokens, not items.
            _rs_walk(child, scope, found)


def _rs_fields(body, path: list[str], found: list) -> None:
    """Named fields; a tuple struct's (`ordered_field_declaration_list`) have no name."""
    if body is None or body.type != "field_declaration_list":
        return
    for field in body.named_children:
        if field.type == "field_declaration":
            name = field.child_by_field_name("name")
            found.append(OwnMember(".".join(path + [_rs_text(name)]), _rs_line(name), "field"))


def _rs_variants(body, path: list[str], found: list) -> None:
    for variant in body.named_children if body is not None else []:
        if variant.type == "enum_variant":
            name = variant.child_by_field_name("name")
            found.append(OwnMember(".".join(path + [_rs_text(name)]), _rs_line(name), "variant"))
            _rs_fields(variant.child_by_field_name("body"), path + [_rs_text(name)], found)


def _rs_impl_name(type_node) -> str | None:
    """The type an `impl` is for, as saguaro names its methods (`impl<T> Tr for Vec<T>` is
    `Vec`): generics, references and the module path are dropped. An array, a tuple, a
    `dyn Trait` have no name to put in a path: None."""
    while type_node.type in ("generic_type", "reference_type", "pointer_type", "scoped_type_identifier"):
        inner = type_node.child_by_field_name("type") or type_node.child_by_field_name("name")
        if inner is None:
            break
        type_node = inner
    return _rs_text(type_node) if type_node.type in ("type_identifier", "primitive_type") else None


# ------------------------------------------------------------------------------ TypeScript

def typescript_members(root: Path, rels: list[str], typescript: Path) -> dict[str, list[OwnMember]]:
    """{file: members} from the TypeScript compiler, for the files `rels` under `root`."""
    done = subprocess.run(["node", str(TS_MEMBERS_JS), str(typescript)], cwd=root,
                          input=json.dumps(rels), capture_output=True, text=True, check=True)
    return {rel: [OwnMember(**m) for m in members] for rel, members in json.loads(done.stdout).items()}
