import StableTextJSON

/// A call's arguments, read with their paths (`params.arguments.message`): a tool names the
/// ones it takes, so a misspelt one is refused rather than ignored (an agent would otherwise
/// never learn its `path` went unread).
struct ToolArguments: @unchecked Sendable {
  let object: JSONRef

  /// The members of `object` must be among `names`.
  func only(_ names: [String]) throws(JSONFieldError) {
    for key in object.keys where !names.contains(key) {
      throw object[key].fail(
        "not an argument of this tool; its arguments are \(names.joined(separator: ", "))")
    }
  }

  /// A string argument, at most `maxBytes` of UTF-8 (nil when absent and not `required`).
  func string(_ name: String, required: Bool, maxBytes: Int) throws(JSONFieldError) -> String? {
    let member = object[name]
    guard required || !member.isAbsent else { return nil }
    let value = try member.string()
    guard value.utf8.count <= maxBytes else {
      throw member.fail(
        "\(value.utf8.count) bytes, over the limit of \(maxBytes) for this argument; nothing was checked")
    }
    return value
  }
}
