; Calls (see python/calls.scm for the capture names). Calls inside macro arguments are
; token trees to the grammar; the callsite index scans those as text.

(call_expression function: (identifier) @name arguments: (arguments) @arguments) @reference.call
(call_expression
  function: (scoped_identifier path: (_) @receiver name: (identifier) @name)
  arguments: (arguments) @arguments) @reference.call
(call_expression
  function: (field_expression value: (_) @receiver field: (field_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
(call_expression
  function: (generic_function function: (identifier) @name)
  arguments: (arguments) @arguments) @reference.call
(call_expression
  function: (generic_function function: (scoped_identifier path: (_) @receiver name: (identifier) @name))
  arguments: (arguments) @arguments) @reference.call
(call_expression
  function: (generic_function function: (field_expression value: (_) @receiver field: (field_identifier) @name))
  arguments: (arguments) @arguments) @reference.call
