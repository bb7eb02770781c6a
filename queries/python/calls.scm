; Calls, for the callsite index. Capture names follow tree-sitter's tags conventions:
;   @reference.call  the call      @name       the called name
;   @receiver        what it is called on (an object, a module, a type path), if anything
;   @arguments       the argument list

(call function: (identifier) @name arguments: (argument_list) @arguments) @reference.call
(call
  function: (attribute object: (_) @receiver attribute: (identifier) @name)
  arguments: (argument_list) @arguments) @reference.call
