; A definition's parameters, run on its `parameters` node. One match per parameter, and a
; parameter may match several patterns: what they capture on the same @param node adds up.
;   @param                 the parameter            @param.name     its name
;   @param.type            its annotation           @param.default  its default value
;   @param.var_positional  `*args`                  @param.var_keyword  `**kwargs`
;   @param.keyword_separator  a bare `*`            @param.positional_separator  `/`
;   @param.receiver        `self`, `&self`, `this` (not passed as an argument)
;   @param.optional        may be left out without a default value

(parameters (identifier) @param.name @param)
(parameters (typed_parameter . (identifier) @param.name type: (_) @param.type) @param)
(parameters (default_parameter name: (identifier) @param.name value: (_) @param.default) @param)
(parameters (typed_default_parameter name: (identifier) @param.name type: (_) @param.type value: (_) @param.default) @param)
(parameters (list_splat_pattern (identifier) @param.name) @param.var_positional @param)
(parameters (typed_parameter (list_splat_pattern (identifier) @param.name) type: (_) @param.type) @param.var_positional @param)
(parameters (dictionary_splat_pattern (identifier) @param.name) @param.var_keyword @param)
(parameters (typed_parameter (dictionary_splat_pattern (identifier) @param.name) type: (_) @param.type) @param.var_keyword @param)
(parameters (keyword_separator) @param.keyword_separator @param)
(parameters (positional_separator) @param.positional_separator @param)
