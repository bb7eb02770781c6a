; Python definitions. Capture names follow tree-sitter's tags conventions:
;   @definition.KIND  the definition node (KIND becomes the symbol's kind)
;   @name             its name        @doc  its docstring literal      @body  its body
; Decorators are not captured here: `decorated_definition` is a wrapper in languages.toml.
; Patterns earlier in the file win when two give the same node a kind.

(class_definition
  name: (identifier) @name
  body: (block) @body) @definition.class

(function_definition
  name: (identifier) @name
  body: (block) @body) @definition.function

; The docstring: the body's first statement, when it is a plain (not f-, not bytes) string.
; Comments before it are outside the block, so the anchor holds for them too.
(class_definition
  body: (block . (expression_statement . (string) @doc .)
  (#match? @doc "^[rRuU]?['\"]"))) @definition.class

(function_definition
  body: (block . (expression_statement . (string) @doc .)
  (#match? @doc "^[rRuU]?['\"]"))) @definition.function

; Module-level assignments, annotated or not: `TIMEOUT = 30`, `users: dict[str, User] = {}`,
; also under `if`/`try`/`with` at the top (a compound statement binds in the module:
; `binding_containers` in languages.toml).
; A chained assignment binds each of its targets (`log = debug = info = msg`): a target
; after the first is its own definition, the target alone (it shares its statement); the
; extractor follows the chain through `right` (`chain`, src/symbols/extract.rs).
(expression_statement (#set! scope "file") (#set! chain "right left")
  (assignment left: (identifier) @name) @chain) @definition.variable

; Class-level assignments and annotations, dataclass fields among them: `retries = 3`,
; `name: str`, `port: int = 80`, chained as at module level. Only in a class's own body
; (scope "class"), also under a compound statement there (`if sys.version_info ..:`), not
; in a method.
(expression_statement (#set! scope "class") (#set! chain "right left")
  (assignment left: (identifier) @name) @chain) @definition.attribute

; Instance attributes: `self.state = 0` in a method defines `Engine.state`, at its first
; assignment in `__init__`, else at the first one in the file (`member_of`, `first_in`);
; a name the class body defines itself (a class attribute, a method) is not a new member.
(expression_statement (#set! member_of "class") (#set! first_in "__init__")
  (assignment left: (attribute object: (identifier) @_self attribute: (identifier) @name))
  (#eq? @_self "self")) @definition.attribute
; Several at once (`self.a, _, self.b = parts`): each target is its own definition, the
; target alone (it shares its statement with the others).
(expression_statement (#set! member_of "class") (#set! first_in "__init__")
  (assignment
    left: [
      (pattern_list (attribute object: (identifier) @_self attribute: (identifier) @name) @definition.attribute)
      (tuple_pattern (attribute object: (identifier) @_self attribute: (identifier) @name) @definition.attribute)
    ])
  (#eq? @_self "self"))
