; A definition's parameters (see python/parameters.scm for the capture names).

(formal_parameters (identifier) @param.name @param)
(formal_parameters (object_pattern) @param.name @param)
(formal_parameters (array_pattern) @param.name @param)
(formal_parameters (assignment_pattern left: (_) @param.name right: (_) @param.default) @param)
(formal_parameters (rest_pattern (_) @param.name) @param.var_positional @param)
