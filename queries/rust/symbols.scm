; Rust items. Capture names follow tree-sitter's tags conventions:
;   @definition.KIND  the item (KIND becomes the symbol's kind)   @name  its name
;   @scope            a block that names its members but is not a symbol itself (impl)
; Attributes and doc comments are previous siblings, attached by languages.toml.

(function_item name: (identifier) @name) @definition.function
(function_signature_item name: (identifier) @name) @definition.function
(struct_item name: (type_identifier) @name) @definition.struct
(enum_item name: (type_identifier) @name) @definition.enum
(union_item name: (type_identifier) @name) @definition.union
(trait_item name: (type_identifier) @name) @definition.trait

; Only inline modules: `mod name;` lives in another file.
(mod_item name: (identifier) @name body: (declaration_list)) @definition.module

(const_item name: (identifier) @name) @definition.constant
(static_item name: (identifier) @name) @definition.static
(type_item name: (type_identifier) @name) @definition.type
; A trait's associated type (`type Item;`), like its `const`s.
(associated_type name: (type_identifier) @name) @definition.type
(macro_definition name: (identifier) @name) @definition.macro

; `impl [Trait for] Type` gives its items the scope `Type`, however the type is spelled:
; `Engine`, `Engine<T>`, `crate::Engine`, `&Engine`, `&mut Engine<'a>`, `f32`. An inherent impl
; and a trait impl are told apart: a new inherent method never goes into a trait impl.
(impl_item
  !trait
  type: [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
    (reference_type type: (type_identifier) @name)
    (reference_type type: (generic_type type: (type_identifier) @name))
    (primitive_type) @name
    (reference_type type: (primitive_type) @name)
    ; `impl dyn Handler { fn downcast_mut .. }`: methods of the trait object, which a value
    ; of any `dyn Handler` has, so they are listed under the trait.
    (dynamic_type trait: (type_identifier) @name)
    (dynamic_type trait: (scoped_type_identifier name: (type_identifier) @name))
  ]) @scope.impl

(impl_item
  trait: (_)
  type: [
    (type_identifier) @name
    (generic_type type: (type_identifier) @name)
    (scoped_type_identifier name: (type_identifier) @name)
    (generic_type type: (scoped_type_identifier name: (type_identifier) @name))
    (reference_type type: (type_identifier) @name)
    (reference_type type: (generic_type type: (type_identifier) @name))
    (primitive_type) @name
    (reference_type type: (primitive_type) @name)
  ]) @scope.trait_impl

; Members. A struct's or union's named field, an enum's variant, a field of a struct-like
; variant (`Color.Rgb.r`). Tuple fields have no name and no name path.
(field_declaration name: (field_identifier) @name) @definition.field
(enum_variant name: (identifier) @name) @definition.variant
