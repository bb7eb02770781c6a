; JavaScript declarations (.js, .mjs, .cjs, .jsx). Capture names follow tree-sitter's tags
; conventions: @definition.KIND the declaration, @name its name, @body its body where it is
; not the `body` field. `export` is a wrapper (languages.toml); decorators and `/** */`
; comments are attached previous siblings. Earlier patterns win for the same node.

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
  value: [(arrow_function body: (_) @body) (function_expression body: (_) @body)]) @definition.method

; `const f = (...) => ...` and `const f = function ...`, one declarator only.
(lexical_declaration
  .
  (variable_declarator
    name: (identifier) @name
    value: [
      (arrow_function body: (_) @body)
      (function_expression body: (_) @body)
      (generator_function body: (_) @body)
    ])
  .) @definition.function
