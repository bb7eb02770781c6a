; A definition's parameters (see python/parameters.scm for the capture names).

(formal_parameters (required_parameter pattern: (_) @param.name) @param)
(formal_parameters (required_parameter type: (_) @param.type) @param)
(formal_parameters (required_parameter value: (_) @param.default) @param)
(formal_parameters (required_parameter pattern: (rest_pattern (_) @param.name)) @param.var_positional @param)
(formal_parameters (required_parameter pattern: (this)) @param.receiver @param)
(formal_parameters (optional_parameter pattern: (_) @param.name) @param.optional @param)
(formal_parameters (optional_parameter type: (_) @param.type) @param)
(formal_parameters (optional_parameter value: (_) @param.default) @param)
