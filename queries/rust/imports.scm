; Imports (see python/imports.scm for the capture names), and:
;   @import.tree       a `use` tree, flattened by the module system (`a::{b, c::*}`)
;   @import.submodule  `mod name;`: a module in another file
; A `pub use` re-exports what it imports.

(use_declaration (visibility_modifier) argument: (_) @import.tree) @reexport
(use_declaration argument: (_) @import.tree) @import
(mod_item !body name: (identifier) @import.submodule) @import
(extern_crate_declaration name: (identifier) @import.module alias: (identifier) @import.alias) @import
(extern_crate_declaration name: (identifier) @import.module !alias) @import
