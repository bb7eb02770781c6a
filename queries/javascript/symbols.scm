; JavaScript declarations (.js, .mjs, .cjs, .jsx). Capture names follow tree-sitter's tags
; conventions: @definition.KIND the declaration, @name its name, @body its body where it is
; not the `body` field; `(#set! scope "file")` lists a pattern's definitions only at the
; top of the file, not inside a function or a block. `export` is a wrapper (languages.toml);
; decorators and `/** */` comments are attached previous siblings. Earlier patterns win for
; the same node.
; (#kind? @capture "kind" ...) keeps a match only where the capture is of a kind listed
; (src/symbols/extract.rs): a function value is `(_ body: ..)` tested so, which compiles in
; a fraction of the time of an alternation of the three kinds.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(class_declaration name: (identifier) @name) @definition.class

(method_definition "get" name: [(property_identifier) (private_property_identifier)] @name) @definition.getter
(method_definition "set" name: [(property_identifier) (private_property_identifier)] @name) @definition.setter
(method_definition
  name: (property_identifier) @name
  (#eq? @name "constructor")) @definition.constructor
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method

; A class field holding a function is called like a method: `onClick = () => {...}`.
(field_definition
  property: [(property_identifier) (private_property_identifier)] @name
  value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression")) @definition.method

; Any other class field: `count = 0;`, `static defaults = {};`, `#secret;`.
(field_definition property: [(property_identifier) (private_property_identifier)] @name) @definition.field

; Declarations name one definition per declarator. Where a declaration has one, the
; statement is the definition (with its `export`, `declare` and doc comment); a trailing
; comment on its line is inside the statement when no `;` ends it, hence the second form.
; Where it has several (`const a = 1, b = 2`), each declarator is one, from the first (an
; anchored first declarator with another after it) and the rest (any declarator after the
; first child): tree-sitter reports one match per starting child, so a pattern that starts
; at an unanchored declarator would miss all but one of the later ones.

; `const f = (...) => ...`, `let f = function ...`, `var f = function* ...`.
(lexical_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function"))
  .) @definition.function
(lexical_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function"))
  .
  (comment)
  .) @definition.function
(variable_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function"))
  .) @definition.function
(variable_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function"))
  .
  (comment)
  .) @definition.function
(lexical_declaration (#set! scope "file")
  .
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function")) @definition.function
  (variable_declarator))
(lexical_declaration (#set! scope "file")
  .
  (_)
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function")) @definition.function)
(variable_declaration (#set! scope "file")
  .
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function")) @definition.function
  (variable_declarator))
(variable_declaration (#set! scope "file")
  .
  (_)
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function")) @definition.function)

; Values of the file: `export const handlers = {...}`, `let counter = 0`, `var cache`.
; Listed only there (scope "file"): a value inside a function or a block is
; local. A destructuring pattern (`const { a, b } = obj`) names nothing.
(lexical_declaration (#set! scope "file")
  kind: "const" . (variable_declarator name: (identifier) @name) .) @definition.constant
(lexical_declaration (#set! scope "file")
  kind: "const" . (variable_declarator name: (identifier) @name) . (comment) .) @definition.constant
(lexical_declaration (#set! scope "file")
  kind: "let" . (variable_declarator name: (identifier) @name) .) @definition.variable
(lexical_declaration (#set! scope "file")
  kind: "let" . (variable_declarator name: (identifier) @name) . (comment) .) @definition.variable
(variable_declaration (#set! scope "file")
  . (variable_declarator name: (identifier) @name) .) @definition.variable
(variable_declaration (#set! scope "file")
  . (variable_declarator name: (identifier) @name) . (comment) .) @definition.variable
(lexical_declaration (#set! scope "file")
  kind: "const" . (variable_declarator name: (identifier) @name) @definition.constant (variable_declarator))
(lexical_declaration (#set! scope "file")
  kind: "const" . (_) (variable_declarator name: (identifier) @name) @definition.constant)
(lexical_declaration (#set! scope "file")
  kind: "let" . (variable_declarator name: (identifier) @name) @definition.variable (variable_declarator))
(lexical_declaration (#set! scope "file")
  kind: "let" . (_) (variable_declarator name: (identifier) @name) @definition.variable)
(variable_declaration (#set! scope "file")
  . (variable_declarator name: (identifier) @name) @definition.variable (variable_declarator))
(variable_declaration (#set! scope "file")
  . (_) (variable_declarator name: (identifier) @name) @definition.variable)
