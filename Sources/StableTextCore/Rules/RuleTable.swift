/// Every rule's configuration field, in the registry's order: the fields each check of
/// `RuleRegistry.core` declares (the
/// other modules' checks read their own tools' files, and own no field of the rules). The JSON decoder, `stabletext check`'s options and help,
/// `stabletext rules`, layer merging, the generated documents and the test that holds the
/// schemas to the rules all read this, so a new rule is its check's file and one registry line.
package enum RuleTable {
  package static let fields: [RuleField] = RuleRegistry.core.checks.flatMap { $0.fields }

  /// The field named `name`.
  package static func field(named name: String) -> RuleField? { fields.first { $0.name == name } }
}
