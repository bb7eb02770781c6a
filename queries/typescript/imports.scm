; Imports (see python/imports.scm for the capture names).

(import_statement
  (import_clause (named_imports (import_specifier name: (identifier) @import.name !alias)))
  source: (string) @import.module) @import
(import_statement
  (import_clause (named_imports (import_specifier name: (identifier) @import.name alias: (identifier) @import.alias)))
  source: (string) @import.module) @import
(import_statement
  (import_clause (namespace_import (identifier) @import.alias))
  source: (string) @import.module) @import
; A re-export names the module it takes the name from (`export { f } from "./core"`).
(export_statement
  (export_clause (export_specifier name: (identifier) @import.name !alias))
  source: (string) @import.module) @import
(export_statement
  (export_clause (export_specifier name: (identifier) @import.name alias: (identifier) @import.alias))
  source: (string) @import.module) @import
