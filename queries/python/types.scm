; What the references layer reads to know the type of a value (src/refs/types.rs):
;   @base          a base of the class named @class
;   @field.name    a field the class named @class declares: its @field.type and/or @field.value
;   @field.assigned  a field a method of the class around it assigns (`self.NAME = ...`): the
;                  class's own only where no base class has a member of that name
;   @return        a value a function returns (for functions whose return type is not written)

(class_definition
  name: (identifier) @class
  superclasses: (argument_list [(identifier) (attribute) (subscript)] @base))

(class_definition
  name: (identifier) @class
  body: (block (expression_statement (assignment left: (identifier) @field.name type: (type) @field.type))))
(class_definition
  name: (identifier) @class
  body: (block (expression_statement (assignment left: (identifier) @field.name right: (_) @field.value))))
(assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @field.assigned)
  type: (type) @field.type
  (#eq? @_self "self"))
(assignment
  left: (attribute object: (identifier) @_self attribute: (identifier) @field.assigned)
  right: (_) @field.value
  (#eq? @_self "self"))

(return_statement (_) @return)
