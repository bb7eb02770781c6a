; Imports and exports (see typescript/imports.scm for the capture names).

(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.name !alias)))
  source: (string) @import.module) @import
(import_statement
  (import_clause (named_imports (import_specifier name: (_) @import.name alias: (identifier) @import.alias)))
  source: (string) @import.module) @import
(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string) @import.module) @import
(import_statement
  (import_clause . (identifier) @import.default)
  source: (string) @import.module) @import
(export_statement
  (export_clause (export_specifier name: (_) @import.name !alias))
  source: (string) @import.module) @reexport
(export_statement
  (export_clause (export_specifier name: (_) @import.name alias: (_) @import.alias))
  source: (string) @import.module) @reexport
(export_statement
  (namespace_export (_) @import.alias)
  source: (string) @import.module) @reexport
(export_statement
  "*" @import.glob
  source: (string) @import.module) @reexport
(variable_declarator
  name: (identifier) @import.alias
  value: (call_expression
    function: (identifier) @_require
    arguments: (arguments . (string) @import.module .))
  (#eq? @_require "require")) @import

(export_statement
  !source
  (export_clause (export_specifier name: (_) @export.local !alias))) @export
(export_statement
  !source
  (export_clause (export_specifier name: (_) @export.local alias: (_) @export.name))) @export
(export_statement "default" value: (identifier) @export.local) @export
