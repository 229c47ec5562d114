/// One layer of a document's rules and where it came from: what `RuleConfiguration.layers`
/// lists in the order `RuleConfiguration.fold` applies them, so the rules a document gets and
/// the account `stabletext rules` gives of them are made by one fold (Protocol/README.md,
/// "Command line").
package struct RuleLayer: Hashable, Sendable {
  package enum Source: Hashable, Sendable {
    /// `initializationOptions.rules` (and `settings.stableText.rules`).
    case clientRules
    /// EditorConfig's properties for the file, from these `.editorconfig` files (nearest first;
    /// libeditorconfig gives the merged properties, not the section that set them).
    case editorConfig(files: [String])
    /// `Preset.builtInOverrides[index]`: a commit-message file by its name or language.
    case builtIn(index: Int, selector: Selector)
    /// git's layer inside a repository (its comment character, which lines git keeps).
    case git
    /// `initializationOptions.overrides[index]`.
    case clientOverride(index: Int, selector: Selector)
    /// A `.stabletext.json`'s `rules`.
    case projectRules(file: String)
    /// A `.stabletext.json`'s `overrides[index]`.
    case projectOverride(file: String, index: Int, selector: Selector)
    /// The document's own configure calls; `check`'s and `rules`' options.
    case configured
  }

  /// What an override matches, its keys as it has them: kept as they are (no text is made
  /// while a document's rules resolve), written out by `description`.
  package struct Selector: Hashable, Sendable, CustomStringConvertible {
    package var pattern: String?
    package var languageId: String?

    package init(_ override: RuleOverride) {
      pattern = override.pattern
      languageId = override.languageId
    }

    /// `pattern "**/COMMIT_EDITMSG"`, `languageId "gitcommit"`, both, or `every file`.
    package var description: String {
      var keys: [String] = []
      if let pattern { keys.append("pattern \"\(pattern)\"") }
      if let languageId { keys.append("languageId \"\(languageId)\"") }
      return keys.isEmpty ? "every file" : keys.joined(separator: ", ")
    }
  }

  package var source: Source
  package var patch: RulePatch

  package init(_ source: Source, _ patch: RulePatch) {
    self.source = source
    self.patch = patch
  }
}

/// Where a resolved rule's value came from.
package enum RuleOrigin: Hashable, Sendable {
  /// No layer set it: the defaults' value.
  case defaults(RuleDefaults)
  /// The last layer that set it.
  case layer(RuleLayer.Source)
  /// The values of the preset in force, applied where `namedBy` names it.
  case preset(Preset, namedBy: RuleLayer.Source)
}
