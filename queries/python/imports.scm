; Imports, for resolving callsites:
;   @import           the statement         @import.module  the module it names
;   @import.name      a name it brings in    @import.alias   the local name, when renamed
; `import a.b as m` binds a module: @import.module with @import.alias and no @import.name.

(import_from_statement
  module_name: (_) @import.module
  name: (dotted_name . (identifier) @import.name .)) @import
(import_from_statement
  module_name: (_) @import.module
  name: (aliased_import name: (dotted_name . (identifier) @import.name .) alias: (identifier) @import.alias)) @import
(import_statement name: (dotted_name) @import.module) @import
(import_statement name: (aliased_import name: (dotted_name) @import.module alias: (identifier) @import.alias)) @import
