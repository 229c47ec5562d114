/// How the `columns` unit counts a tab (`tabSize`), for the whole text's unit and the line rules'
/// ("Counting"). A setting: it reports nothing of its own.
struct ColumnsSetting: RuleCheck {
  var fields: [RuleField] {
    [
      RuleField(
        "tabSize", .integer(1...WrapOptions.maxTabSize, nullable: false), \.tabSize, \.tabSize,
        option: "--tab-size", help: "Tab stops of the columns unit (default 8)",
        meaning: "tab stops of the `columns` unit", read: { $0.int }, write: { .int($0) })
    ]
  }
}

extension Rules {
  /// The tab stops the `columns` unit counts with: a tab advances to the next multiple of this
  /// from its line's start ("Counting"). Every count made under these rules is given it (the
  /// whole text's, each line's in the line index, a rewrap's, the subject's in completion), so a
  /// tab is as wide in each of them; the other units ignore it. Kept in a stored property of
  /// `Rules`, since every count of a keystroke reads it.
  package var tabStop: Int { tabSize }
}
