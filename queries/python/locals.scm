; Scopes and local bindings, in tree-sitter's locals conventions (as nvim-treesitter and
; tree-sitter-highlight use them), read by src/refs/scope.rs:
;   @local.scope             a node whose bindings are its own
;   @local.scope.module      ... and a name not bound in it is not looked for outside it
;   @local.scope.class       ... and scopes inside it do not see its bindings (a class body)
;   @local.scope.members     ... and no name read by itself sees them, even inside it (a
;                            Rust `impl` body: its items are reached through `Self::`)
;   @local.definition        a name bound in the innermost scope around it; a scope's own
;                            `name` is bound in the scope around that scope
;   @local.definition.item   the same, seen in its whole scope whatever the language's rule
;   @local.definition.pattern  every name in this pattern is bound (destructuring)
;   @local.type              (same match) the binding's declared type
;   @local.value             (same match) the value it is bound to (for a pattern, the value
;                            the pattern takes apart)
;   @local.iterable          (same match) what a loop takes the name's value from, one element
;                            at a time (`for x in xs`)
;   @local.entered           (same match) a context manager whose enter method's return
;                            the name is bound to (`with open(p) as f`)
;   @local.entered.async     (same match) the manager is entered by `async with`: its async
;                            enter method's return, not its plain one's (a class may write
;                            both, `__enter__` only to refuse)
;   @local.narrowed          a name a test makes an instance of @local.narrowed.type where
;                            the test @local.narrowed.test holds (its place says where),
;                            or in @local.narrowed.scope, or in the rest of the block after
;                            @local.narrowed.after (`assert isinstance(x, C)`)
;   @local.global            a name this scope takes from the module (`global`, `nonlocal`)
;   @local.outside           a part of a scope's node read in the scope around it: a
;                            parameter's default and annotation, a return annotation (the
;                            `def` evaluates them where it runs, so a class body's names are
;                            seen: `def __init__(self, model=self_literal)`)
; Imports bind names too; they come from imports.scm.

(module) @local.scope
(class_definition body: (block) @local.scope.class)
(function_definition) @local.scope
(lambda) @local.scope
[(list_comprehension) (set_comprehension) (dictionary_comprehension) (generator_expression)] @local.scope
;; The first `for`'s iterable is evaluated in the scope around the comprehension (Python's
;; reference, "Displays for lists, sets and dictionaries"): `imps = [i.f() for i in imps]`
;; reads the `imps` bound before, and a class body's names are seen there.
(list_comprehension body: (_) . (for_in_clause right: (_) @local.outside))
(set_comprehension body: (_) . (for_in_clause right: (_) @local.outside))
(dictionary_comprehension body: (_) . (for_in_clause right: (_) @local.outside))
(generator_expression body: (_) . (for_in_clause right: (_) @local.outside))

(function_definition name: (identifier) @local.definition)
(class_definition name: (identifier) @local.definition)

(parameters (identifier) @local.definition)
(default_parameter value: (_) @local.outside)
(typed_default_parameter value: (_) @local.outside)
(typed_default_parameter type: (type) @local.outside)
(typed_parameter type: (type) @local.outside)
(function_definition return_type: (type) @local.outside)
(parameters (typed_parameter . (identifier) @local.definition type: (type) @local.type))
;; `disk=Disk` without a written type: the checker types it by its default value (a
;; default of `None` says nothing of the values calls pass).
(parameters (default_parameter name: (identifier) @local.definition value: (_) @local.value)
  (#not-eq? @local.value "None"))
(parameters (default_parameter name: (identifier) @local.definition))
(parameters (typed_default_parameter name: (identifier) @local.definition type: (type) @local.type))
(parameters (list_splat_pattern (identifier) @local.definition))
(parameters (dictionary_splat_pattern (identifier) @local.definition))
(parameters (typed_parameter [(list_splat_pattern (identifier) @local.definition) (dictionary_splat_pattern (identifier) @local.definition)]))
(lambda_parameters (identifier) @local.definition)
(lambda_parameters (default_parameter name: (identifier) @local.definition))
(lambda_parameters [(list_splat_pattern (identifier) @local.definition) (dictionary_splat_pattern (identifier) @local.definition)])

(assignment left: (identifier) @local.definition type: (type) @local.type)
(assignment left: (identifier) @local.definition right: (_) @local.value)
(assignment left: [(pattern_list) (tuple_pattern) (list_pattern)] @local.definition.pattern right: (_) @local.value)
;; `x += 1` binds no new name: it reads and writes the `x` already bound (a module's
;; `NAMES += [...]` lines are all the one variable the checker renames together).
(named_expression name: (identifier) @local.definition value: (_) @local.value)
(for_statement left: (_) @local.definition.pattern right: (_) @local.iterable)
(for_in_clause left: (_) @local.definition.pattern right: (_) @local.iterable)
(with_statement "async"? @local.entered.async
  (with_clause (with_item value: (as_pattern (_) @local.entered (as_pattern_target (identifier) @local.definition)))))
;; `except ParseFailed as exc`: exc is a ParseFailed (the class read as its instances' type).
(except_clause (as_pattern . (_) @local.type (as_pattern_target (identifier) @local.definition)))

(global_statement (identifier) @local.global)
(nonlocal_statement (identifier) @local.global)

; `isinstance(x, C)`: x is a C where the test holds (`isinstance(spec.backend, C)`,
; `isinstance(events[1], C)`: that attribute or index, read by its text). Where that is comes from the test's
; place (src/refs/scope.rs, with grammars/languages.toml's narrowing_conditionals and
; conjunctions): the block of the `if` or `elif` it is the condition of, alone or an operand
; of an `and` chain of any length, and the rest of an `and` after it. Or asserted: the rest
; of the block after the `assert`.
(call function: (identifier) @_test
  arguments: (argument_list . [(identifier) (attribute) (subscript)] @local.narrowed . (_) @local.narrowed.type .)
  (#eq? @_test "isinstance")) @local.narrowed.test
(assert_statement
  . (call function: (identifier) @_test
      arguments: (argument_list . [(identifier) (attribute) (subscript)] @local.narrowed . (_) @local.narrowed.type .))
  (#eq? @_test "isinstance")) @local.narrowed.after
; `type(x) is C`, `type(x) == C`: x is exactly a C where the test holds, placed as above.
((comparison_operator
   . (call function: (identifier) @_test
       arguments: (argument_list . [(identifier) (attribute)] @local.narrowed .))
   ["is" "=="]
   . [(identifier) (attribute)] @local.narrowed.type .)
  (#eq? @_test "type")) @local.narrowed.test
