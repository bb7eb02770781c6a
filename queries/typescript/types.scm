; What the references layer reads to know the type of a value (see python/types.scm).

(class_declaration name: (_) @class (class_heritage (extends_clause value: (_) @base)))
(abstract_class_declaration name: (_) @class (class_heritage (extends_clause value: (_) @base)))
(class_declaration name: (_) @class (class_heritage (implements_clause (_) @base)))
(abstract_class_declaration name: (_) @class (class_heritage (implements_clause (_) @base)))
(interface_declaration name: (_) @class (extends_type_clause (_) @base))

(public_field_definition name: (_) @field.name type: (type_annotation) @field.type)
(public_field_definition name: (_) @field.name value: (_) @field.value)
(property_signature name: (_) @field.name type: (type_annotation) @field.type)
(required_parameter (accessibility_modifier) pattern: (identifier) @field.name type: (type_annotation) @field.type)
(required_parameter "readonly" pattern: (identifier) @field.name type: (type_annotation) @field.type)
(assignment_expression
  left: (member_expression object: (this) property: (property_identifier) @field.assigned)
  right: (_) @field.value)

(return_statement (_) @return)
