; Imports: what names a file binds from other modules.
;   @import           the statement (`@reexport`: one that re-exports what it imports)
;   @import.module    the module it names         @import.name   a name it brings in
;   @import.alias     the local name, when renamed
;   @import.glob      `*`: every public name of the module
; `import a.b as m` binds a module: @import.module with @import.alias and no @import.name;
; `import a.b` binds `a`.

(import_from_statement
  module_name: (_) @import.module
  name: (dotted_name . (identifier) @import.name .)) @import
(import_from_statement
  module_name: (_) @import.module
  name: (aliased_import name: (dotted_name . (identifier) @import.name .) alias: (identifier) @import.alias)) @import
(import_from_statement
  module_name: (_) @import.module
  (wildcard_import) @import.glob) @import
(import_statement name: (dotted_name) @import.module) @import
(import_statement name: (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.alias)) @import
