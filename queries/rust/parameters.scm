; A definition's parameters (see python/parameters.scm for the capture names).

(parameters (self_parameter) @param.receiver @param)
; `self: Box<Self>`, `self: &Rc<Self>`: a receiver written with its type.
(parameters (parameter pattern: (self)) @param.receiver @param)
; Any pattern, `_` (an anonymous node) included: a call still passes an argument for it.
(parameters (parameter pattern: _ @param.name type: (_) @param.type) @param)
(parameters (variadic_parameter) @param.var_positional @param)
