; Scopes and local bindings (see python/locals.scm for the capture names).

(program) @local.scope
(statement_block) @local.scope
[(function_declaration) (generator_function_declaration) (function_expression) (generator_function)
 (arrow_function) (method_definition) (class_declaration) (class) (for_statement)
 (for_in_statement) (catch_clause)] @local.scope

(function_declaration name: (identifier) @local.definition)
(generator_function_declaration name: (identifier) @local.definition)
(class_declaration name: (identifier) @local.definition)

(variable_declarator name: (identifier) @local.definition value: (_) @local.value)
(variable_declarator name: (identifier) @local.definition)
(variable_declarator name: [(object_pattern) (array_pattern)] @local.definition.pattern value: (_) @local.value)
(variable_declarator name: [(object_pattern) (array_pattern)] @local.definition.pattern)
(formal_parameters (_) @local.definition.pattern)
(arrow_function parameter: (identifier) @local.definition)
(catch_clause parameter: (_) @local.definition.pattern)
(for_in_statement left: (_) @local.definition.pattern operator: "of" right: (_) @local.iterable)
(for_in_statement left: (_) @local.definition.pattern)

; `x instanceof C` guarding a block or a ternary's first branch, alone or first of an `&&`:
; there x is a C (read by src/refs/scope.rs as Python's isinstance).
(if_statement
  condition: (parenthesized_expression [
    (binary_expression left: (identifier) @local.narrowed operator: "instanceof" right: (_) @local.narrowed.type)
    (binary_expression
      left: (binary_expression left: (identifier) @local.narrowed operator: "instanceof" right: (_) @local.narrowed.type)
      operator: "&&")])
  consequence: (_) @local.narrowed.scope)
(ternary_expression
  condition: [
    (binary_expression left: (identifier) @local.narrowed operator: "instanceof" right: (_) @local.narrowed.type)
    (parenthesized_expression
      (binary_expression left: (identifier) @local.narrowed operator: "instanceof" right: (_) @local.narrowed.type))]
  consequence: (_) @local.narrowed.scope)
