; TypeScript and TSX declarations. Capture names follow tree-sitter's tags conventions:
;   @definition.KIND  the declaration (KIND becomes the symbol's kind)
;   @name             its name        @body  its body, where it is not the `body` field
;   (#set! scope "file module")  lists the definitions only at the top of the file and
;                                 in a namespace body, not inside a function or a block
; `export` / `declare` and the statement around a namespace are wrappers
; (languages.toml); decorators and `/** */` comments are attached previous siblings.
; Patterns earlier in the file win when two give the same node a kind.
; (#kind? @capture "kind" ...) keeps a match only where the capture is of a kind listed
; (src/symbols/extract.rs): a function value is `(_ body: ..)` tested so, which compiles in
; a fraction of the time of an alternation of the three kinds.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
; A type alias of an object type has members: `type Options = { timeout: number }`.
(type_alias_declaration name: (type_identifier) @name value: (object_type) @body) @definition.type
(type_alias_declaration name: (type_identifier) @name) @definition.type
(enum_declaration name: (identifier) @name) @definition.enum
(internal_module name: [(identifier) (nested_identifier)] @name) @definition.module
(module name: (identifier) @name) @definition.module

; Class members: accessors and constructors first, so that they keep their own kind.
(method_definition "get" name: [(property_identifier) (private_property_identifier)] @name) @definition.getter
(method_definition "set" name: [(property_identifier) (private_property_identifier)] @name) @definition.setter
(method_definition
  name: (property_identifier) @name
  (#eq? @name "constructor")) @definition.constructor
(method_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.method
(abstract_method_signature name: [(property_identifier) (private_property_identifier)] @name) @definition.method
(method_signature name: [(property_identifier) (private_property_identifier)] @name) @definition.method

; A class field holding a function is called like a method: `onClick = () => {...}`.
(public_field_definition
  name: [(property_identifier) (private_property_identifier)] @name
  value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression")) @definition.method

; Any other class field: `private count = 0;`, `static readonly MAX: number;`, `#secret = 1;`.
(public_field_definition name: [(property_identifier) (private_property_identifier)] @name) @definition.field

; A constructor's parameter property is a field of the class: `constructor(private readonly
; repo: Repo)` defines `C.repo`.
(method_definition
  name: (property_identifier) @_constructor
  parameters: (formal_parameters
    [
      (required_parameter [(accessibility_modifier) (override_modifier) "readonly"] pattern: (identifier) @name)
      (optional_parameter [(accessibility_modifier) (override_modifier) "readonly"] pattern: (identifier) @name)
    ] @definition.field)
  (#eq? @_constructor "constructor"))

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
(lexical_declaration (#set! scope "file module")
  .
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function")) @definition.function
  (variable_declarator))
(lexical_declaration (#set! scope "file module")
  .
  (_)
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function")) @definition.function)
(variable_declaration (#set! scope "file module")
  .
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function")) @definition.function
  (variable_declarator))
(variable_declaration (#set! scope "file module")
  .
  (_)
  (variable_declarator
    name: (identifier) @name
    value: (_ body: (_) @body) @_value (#kind? @_value "arrow_function" "function_expression" "generator_function")) @definition.function)

; Values of the file and of namespaces: `export const handlers = {...}`, `let counter = 0`,
; `declare const VERSION: string`.
; Listed only there (scope "file module"): a value inside a function or a block is
; local. A destructuring pattern (`const { a, b } = obj`) names nothing.
(lexical_declaration (#set! scope "file module")
  kind: "const" . (variable_declarator name: (identifier) @name) .) @definition.constant
(lexical_declaration (#set! scope "file module")
  kind: "const" . (variable_declarator name: (identifier) @name) . (comment) .) @definition.constant
(lexical_declaration (#set! scope "file module")
  kind: "let" . (variable_declarator name: (identifier) @name) .) @definition.variable
(lexical_declaration (#set! scope "file module")
  kind: "let" . (variable_declarator name: (identifier) @name) . (comment) .) @definition.variable
(variable_declaration (#set! scope "file module")
  . (variable_declarator name: (identifier) @name) .) @definition.variable
(variable_declaration (#set! scope "file module")
  . (variable_declarator name: (identifier) @name) . (comment) .) @definition.variable
(lexical_declaration (#set! scope "file module")
  kind: "const" . (variable_declarator name: (identifier) @name) @definition.constant (variable_declarator))
(lexical_declaration (#set! scope "file module")
  kind: "const" . (_) (variable_declarator name: (identifier) @name) @definition.constant)
(lexical_declaration (#set! scope "file module")
  kind: "let" . (variable_declarator name: (identifier) @name) @definition.variable (variable_declarator))
(lexical_declaration (#set! scope "file module")
  kind: "let" . (_) (variable_declarator name: (identifier) @name) @definition.variable)
(variable_declaration (#set! scope "file module")
  . (variable_declarator name: (identifier) @name) @definition.variable (variable_declarator))
(variable_declaration (#set! scope "file module")
  . (_) (variable_declarator name: (identifier) @name) @definition.variable)

; Members of enums, interfaces and object type aliases: `Mode.A` (with or without a value),
; `Options.timeout`. A member named by a string (`'a-b' = 1`) has no name path.
(enum_body (enum_assignment name: (property_identifier) @name) @definition.enum_member)
(enum_body (property_identifier) @name @definition.enum_member)
(property_signature name: [(property_identifier) (private_property_identifier)] @name) @definition.property
