; A definition's parameters (see python/parameters.scm for the capture names).

(parameters (self_parameter) @param.receiver @param)
(parameters (parameter pattern: (_) @param.name type: (_) @param.type) @param)
(parameters (variadic_parameter) @param.var_positional @param)
