; Scopes and local bindings (see python/locals.scm for the capture names).

(program) @local.scope
(statement_block) @local.scope
[(function_declaration) (generator_function_declaration) (function_expression) (generator_function)
 (arrow_function) (method_definition) (class_declaration) (abstract_class_declaration) (class)
 (interface_declaration) (type_alias_declaration) (for_statement) (for_in_statement) (catch_clause)
 (function_signature) (method_signature) (abstract_method_signature)
 ;; `(state, tokens: Token[]) => void` written as a type: its parameters name nothing outside it.
 (function_type) (constructor_type) (call_signature) (construct_signature)] @local.scope

(function_declaration name: (identifier) @local.definition)
(generator_function_declaration name: (identifier) @local.definition)
(function_signature name: (identifier) @local.definition)
(class_declaration name: (type_identifier) @local.definition)
(abstract_class_declaration name: (type_identifier) @local.definition)
(interface_declaration name: (type_identifier) @local.definition)
(type_alias_declaration name: (type_identifier) @local.definition)
(enum_declaration name: (identifier) @local.definition)
(internal_module name: (identifier) @local.definition)

(variable_declarator name: (identifier) @local.definition type: (type_annotation) @local.type)
(variable_declarator name: (identifier) @local.definition value: (_) @local.value)
(variable_declarator name: (identifier) @local.definition)
(variable_declarator name: [(object_pattern) (array_pattern)] @local.definition.pattern type: (type_annotation) @local.type)
(variable_declarator name: [(object_pattern) (array_pattern)] @local.definition.pattern value: (_) @local.value)
(variable_declarator name: [(object_pattern) (array_pattern)] @local.definition.pattern)
(required_parameter pattern: (identifier) @local.definition type: (type_annotation) @local.type)
(optional_parameter pattern: (identifier) @local.definition type: (type_annotation) @local.type)
(required_parameter pattern: (_) @local.definition.pattern type: (type_annotation) @local.type)
(required_parameter pattern: (_) @local.definition.pattern)
;; `sub = link.sub` without a written type: the checker types it by its default value.
(required_parameter pattern: (identifier) @local.definition value: (_) @local.value)
(optional_parameter pattern: (_) @local.definition.pattern type: (type_annotation) @local.type)
(optional_parameter pattern: (_) @local.definition.pattern)
(arrow_function parameter: (identifier) @local.definition)
(catch_clause parameter: (_) @local.definition.pattern)
(for_in_statement left: (_) @local.definition.pattern operator: "of" right: (_) @local.iterable)
(for_in_statement left: (_) @local.definition.pattern)
(type_parameter name: (type_identifier) @local.definition)

; `x instanceof C`: there x is a C (read by src/refs/scope.rs as Python's isinstance); and
; `isMap(x)` calling a type guard (`(v: any): v is ObservableMap`): there x is what the
; guard's predicate says (@local.narrowed.guard the function called), a member read by its
; text as a name is (`isWith(type.classType)`). Where the test holds
; comes from its place (grammars/languages.toml's narrowing_conditionals and conjunctions):
; the block or the ternary branch it is the condition of, alone or an operand of a chain of
; `&&`, and the rest of an `&&` after it.
(binary_expression left: [(identifier) (member_expression)] @local.narrowed operator: "instanceof" right: (_) @local.narrowed.type) @local.narrowed.test
(call_expression function: (_) @local.narrowed.guard arguments: (arguments . [(identifier) (member_expression)] @local.narrowed .)) @local.narrowed.test

; `x._tag === "Cons"` (either way round): there x is the members of its union whose `_tag`
; is declared as that literal (@local.narrowed.key the member compared, @local.narrowed.value
; the literal); `!==` holds where the test does not (@local.narrowed.unless). A `switch` on
; `x._tag` narrows x in each case by its literal (@local.narrowed.cases, with
; grammars/languages.toml's switch_cases).
(binary_expression
  left: (member_expression object: [(identifier) (member_expression)] @local.narrowed property: (property_identifier) @local.narrowed.key)
  operator: ["===" "=="]
  right: [(string) (template_string)] @local.narrowed.value) @local.narrowed.test
(binary_expression
  left: [(string) (template_string)] @local.narrowed.value
  operator: ["===" "=="]
  right: (member_expression object: [(identifier) (member_expression)] @local.narrowed property: (property_identifier) @local.narrowed.key)) @local.narrowed.test
(binary_expression
  left: (member_expression object: [(identifier) (member_expression)] @local.narrowed property: (property_identifier) @local.narrowed.key)
  operator: ["!==" "!="]
  right: [(string) (template_string)] @local.narrowed.value) @local.narrowed.unless
(binary_expression
  left: [(string) (template_string)] @local.narrowed.value
  operator: ["!==" "!="]
  right: (member_expression object: [(identifier) (member_expression)] @local.narrowed property: (property_identifier) @local.narrowed.key)) @local.narrowed.unless
(switch_statement
  value: (parenthesized_expression
    (member_expression object: [(identifier) (member_expression)] @local.narrowed property: (property_identifier) @local.narrowed.key))
  body: (switch_body) @local.narrowed.cases)
