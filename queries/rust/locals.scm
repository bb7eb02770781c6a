; Scopes and local bindings (see python/locals.scm for the capture names). A `mod` body is
; a module: a name not bound in it is not looked for in the module around it. Bindings are
; seen from where they are made on (languages.toml), but items (@local.definition.item) are
; seen in their whole scope.

(source_file) @local.scope.module
(mod_item body: (declaration_list) @local.scope.module)
; An impl's or trait's items are reached through `Self::`, never by a bare name.
(impl_item body: (declaration_list) @local.scope.members)
(trait_item body: (declaration_list) @local.scope.members)
[(function_item) (function_signature_item) (closure_expression) (block) (match_arm) (impl_item)
 (trait_item) (struct_item) (enum_item) (union_item) (type_item) (for_expression)
 (if_expression) (while_expression)] @local.scope

(function_item name: (identifier) @local.definition.item)
(function_signature_item name: (identifier) @local.definition.item)
(struct_item name: (type_identifier) @local.definition.item)
(enum_item name: (type_identifier) @local.definition.item)
(union_item name: (type_identifier) @local.definition.item)
(trait_item name: (type_identifier) @local.definition.item)
(type_item name: (type_identifier) @local.definition.item)
(const_item name: (identifier) @local.definition.item type: (_) @local.type)
(static_item name: (identifier) @local.definition.item type: (_) @local.type)
(mod_item name: (identifier) @local.definition.item body: (declaration_list))
(macro_definition name: (identifier) @local.definition.item)

(parameter pattern: (identifier) @local.definition type: (_) @local.type)
(parameter pattern: (mut_pattern (identifier) @local.definition) type: (_) @local.type)
; A pattern with a written type takes its type apart (`|acc, (op, val): (&Token, Expr)|`):
; the written type is what the code says, whatever a callback's context would infer.
(parameter pattern: (_) @local.definition.pattern type: (_) @local.type)
(parameter pattern: (_) @local.definition.pattern)
(closure_parameters (identifier) @local.definition)
(closure_parameters (_) @local.definition.pattern)
(let_declaration pattern: (identifier) @local.definition type: (_) @local.type)
(let_declaration pattern: (identifier) @local.definition value: (_) @local.value)
(let_declaration pattern: (mut_pattern (identifier) @local.definition) type: (_) @local.type)
(let_declaration pattern: (mut_pattern (identifier) @local.definition) value: (_) @local.value)
(let_declaration pattern: (_) @local.definition.pattern type: (_) @local.type)
(let_declaration pattern: (_) @local.definition.pattern value: (_) @local.value)
(let_declaration pattern: (_) @local.definition.pattern)
(let_condition pattern: (_) @local.definition.pattern value: (_) @local.value)
(for_expression pattern: (_) @local.definition.pattern value: (_) @local.iterable)
(match_expression value: (_) @local.value body: (match_block (match_arm pattern: (_) @local.definition.pattern)))
(type_parameter name: (type_identifier) @local.definition)
(const_parameter name: (identifier) @local.definition)
