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

; `x instanceof C`: there x is a C (read by src/refs/scope.rs as Python's isinstance).
; Where the test holds comes from its place (grammars/languages.toml's
; narrowing_conditionals and conjunctions): the block or the ternary branch it is the
; condition of, alone or an operand of a chain of `&&`, and the rest of an `&&` after it.
(binary_expression left: [(identifier) (member_expression)] @local.narrowed operator: "instanceof" right: (_) @local.narrowed.type) @local.narrowed.test
