; TypeScript and TSX declarations. Capture names follow tree-sitter's tags conventions:
;   @definition.KIND  the declaration (KIND becomes the symbol's kind)
;   @name             its name        @body  its body, where it is not the `body` field
; `export` / `declare` and the statement around a namespace are wrappers
; (languages.toml); decorators and `/** */` comments are attached previous siblings.
; Patterns earlier in the file win when two give the same node a kind.

(function_declaration name: (identifier) @name) @definition.function
(generator_function_declaration name: (identifier) @name) @definition.function
(function_signature name: (identifier) @name) @definition.function
(class_declaration name: (type_identifier) @name) @definition.class
(abstract_class_declaration name: (type_identifier) @name) @definition.class
(interface_declaration name: (type_identifier) @name) @definition.interface
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
