#!/usr/bin/env node
// The TypeScript compiler's view of the members of TypeScript files, for
// scripts/crosscheck_symbols.py (through scripts/own_members.py): class properties
// (parameter properties too), properties of interfaces and of object type aliases, enum
// members, and the `const` / `let` / `var` of the file and of namespaces; each with its name
// path as saguaro spells it (`Api.Client.timeout`) and the 1-based line of its name.
//
// It lists every declaration (an interface declared twice gives its properties twice); the
// caller decides what a path's first definition is. Names that are strings or computed
// (`'quoted': 1`, `[key]: 1`) have no name path and are left out, as saguaro leaves them out.
//
// Usage: node scripts/ts_members.js PATH/TO/node_modules/typescript < files.json
//   files.json: a JSON list of paths relative to the working directory.
//   Prints {"path": [{"path", "line", "kind"}]}.
// TypeScript is installed outside the repository's tracked files:
//   npm install --prefix target/tscheck typescript@5

"use strict";
const fs = require("fs");
const path = require("path");
const ts = require(path.resolve(process.argv[2]));

function main() {
  const files = JSON.parse(fs.readFileSync(0, "utf8"));
  const out = {};
  for (const rel of files) {
    const kind = rel.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(rel, fs.readFileSync(rel, "utf8"), ts.ScriptTarget.Latest, true, kind);
    const found = [];
    statements(source.statements, [], true, source, found);
    out[rel] = found;
  }
  process.stdout.write(JSON.stringify(out));
}

// A plain name, or null for one no name path can spell.
function nameOf(node) {
  if (node && (ts.isIdentifier(node) || ts.isPrivateIdentifier(node))) return node.text;
  return null;
}

function add(found, scope, nameNode, kind, source) {
  const name = nameOf(nameNode);
  if (name === null) return;
  const line = source.getLineAndCharacterOfPosition(nameNode.getStart(source)).line + 1;
  found.push({ path: [...scope, name].join("."), line, kind });
}

// The declarations of a list of statements. `values` is false inside a function body or a
// block: a `const` there is local (README "What counts as a symbol"), while a class or an
// interface declared there is named through the function (`make.Local`), as saguaro names it.
function statements(list, scope, values, source, found) {
  for (const st of list) {
    if (ts.isVariableStatement(st)) {
      variableStatement(st, scope, values, source, found);
    } else if (ts.isClassDeclaration(st) && st.name) {
      classMembers(st, [...scope, st.name.text], source, found);
    } else if (ts.isInterfaceDeclaration(st)) {
      typeMembers(st.members, [...scope, st.name.text], source, found);
    } else if (ts.isTypeAliasDeclaration(st) && ts.isTypeLiteralNode(st.type)) {
      typeMembers(st.type.members, [...scope, st.name.text], source, found);
    } else if (ts.isEnumDeclaration(st)) {
      for (const m of st.members) add(found, [...scope, st.name.text], m.name, "enum member", source);
    } else if (ts.isModuleDeclaration(st)) {
      moduleDeclaration(st, scope, source, found);
    } else if (ts.isFunctionDeclaration(st) && st.name) {
      functionBody(st, [...scope, st.name.text], source, found);
    } else {
      // `if`, loops, `try`, `switch`, a bare block: no name of their own.
      ts.forEachChild(st, (child) => {
        if (ts.isBlock(child) || ts.isCaseBlock(child) || ts.isCatchClause(child)) blockLike(child, scope, source, found);
        else if (ts.isStatement(child)) statements([child], scope, false, source, found);
      });
    }
  }
}

function blockLike(node, scope, source, found) {
  if (ts.isBlock(node)) statements(node.statements, scope, false, source, found);
  else if (ts.isCaseBlock(node)) for (const c of node.clauses) statements(c.statements, scope, false, source, found);
  else if (ts.isCatchClause(node)) statements(node.block.statements, scope, false, source, found);
}

// A function's (or method's) body: what is declared in it is named through the function.
function functionBody(fn, scope, source, found) {
  if (fn.body && ts.isBlock(fn.body)) statements(fn.body.statements, scope, false, source, found);
}

// `const a = 1` is a value where values are listed; `const f = () => { ... }` is a function
// (a saguaro `function`) wherever it is, so what is declared in its body is named `f.X`.
function variableStatement(st, scope, values, source, found) {
  const flags = st.declarationList.flags;
  const kind = flags & ts.NodeFlags.Const ? "const" : flags & ts.NodeFlags.Let ? "let" : "var";
  for (const d of st.declarationList.declarations) {
    if (values) add(found, scope, d.name, kind, source);
    const init = d.initializer;
    if (init && ts.isIdentifier(d.name) && (ts.isArrowFunction(init) || ts.isFunctionExpression(init))) {
      functionBody(init, [...scope, d.name.text], source, found);
    }
  }
}

// `namespace A.B { }` is the scope `A.B`; `declare global { }` adds no name; a module named
// by a string (`declare module "x" { }`) has no name path, so nothing in it has one.
function moduleDeclaration(decl, scope, source, found) {
  if (ts.isStringLiteral(decl.name)) return;
  const inner = decl.flags & ts.NodeFlags.GlobalAugmentation ? scope : [...scope, decl.name.text];
  if (decl.body && ts.isModuleDeclaration(decl.body)) moduleDeclaration(decl.body, inner, source, found);
  else if (decl.body && ts.isModuleBlock(decl.body)) statements(decl.body.statements, inner, true, source, found);
}

function classMembers(cls, scope, source, found) {
  for (const m of cls.members) {
    if (ts.isPropertyDeclaration(m)) add(found, scope, m.name, "class property", source);
    if (ts.isMethodDeclaration(m) || ts.isGetAccessor(m) || ts.isSetAccessor(m)) {
      const name = nameOf(m.name);
      if (name !== null) functionBody(m, [...scope, name], source, found);
    }
    if (ts.isConstructorDeclaration(m)) {
      for (const p of m.parameters) {
        if (ts.isParameterPropertyDeclaration(p, m)) add(found, scope, p.name, "parameter property", source);
      }
      functionBody(m, [...scope, "constructor"], source, found);
    }
  }
}

// Properties only: a method signature is a method, and an index signature has no name.
function typeMembers(members, scope, source, found) {
  for (const m of members) {
    if (ts.isPropertySignature(m)) add(found, scope, m.name, "property", source);
  }
}

main();
