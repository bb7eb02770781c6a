; What the references layer reads to know the type of a value (see python/types.scm), and:
;   @base with @base.of   `impl Trait for Type`: the type has the trait's methods; a trait's
;                         supertraits (`trait A: B`, `where Self: B`) give it theirs, since
;                         whatever implements it implements them
;   @field.positional     a field written by its type alone (`struct Entered<'a>(&'a State)`):
;                         its name is its place among the list's fields (`self.0`)

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
(struct_item
  name: (type_identifier) @class
  body: (ordered_field_declaration_list type: (_) @field.positional))
(impl_item trait: (_) @base type: (_) @base.of)
(trait_item
  name: (type_identifier) @base.of
  bounds: (trait_bounds [(type_identifier) (generic_type) (scoped_type_identifier)] @base))
(trait_item
  name: (type_identifier) @base.of
  (where_clause
    (where_predicate
      left: (type_identifier) @_self
      bounds: (trait_bounds [(type_identifier) (generic_type) (scoped_type_identifier)] @base)))
  (#eq? @_self "Self"))
