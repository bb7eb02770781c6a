; What the references layer reads to know the type of a value (see python/types.scm), and:
;   @base with @base.of   `impl Trait for Type`: the type has the trait's methods

(struct_item
  name: (type_identifier) @class
  body: (field_declaration_list (field_declaration name: (field_identifier) @field.name type: (_) @field.type)))
(union_item
  name: (type_identifier) @class
  body: (field_declaration_list (field_declaration name: (field_identifier) @field.name type: (_) @field.type)))
; A struct-like variant's fields: `Compound::Map { ser, .. }` gives `ser` its written type.
(enum_variant
  name: (identifier) @class
  body: (field_declaration_list (field_declaration name: (field_identifier) @field.name type: (_) @field.type)))
(impl_item trait: (_) @base type: (_) @base.of)
