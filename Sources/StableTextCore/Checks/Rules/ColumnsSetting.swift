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
