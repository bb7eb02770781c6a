; Calls (see python/calls.scm for the capture names).

(call_expression function: (identifier) @name arguments: (arguments) @arguments) @reference.call
(call_expression
  function: (member_expression object: (_) @receiver property: (property_identifier) @name)
  arguments: (arguments) @arguments) @reference.call
