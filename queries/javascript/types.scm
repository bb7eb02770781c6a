; What the references layer reads to know the type of a value (see python/types.scm).

(class_declaration name: (_) @class (class_heritage (_) @base))
(field_definition property: (_) @field.name value: (_) @field.value)
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @field.assigned)
  right: (_) @field.value)

(return_statement (_) @return)
