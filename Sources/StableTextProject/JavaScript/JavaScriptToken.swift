/// One token of a JavaScript or TypeScript file.
struct JavaScriptToken {
  enum Kind: Equatable {
    /// A name or a keyword (`escaped`: written with a `\u` escape, so never a keyword).
    case identifier(String, escaped: Bool)
    /// `#name` (a class's private member).
    case privateName(String)
    case punctuator(String)
    case number(Double)
    /// `10n`: a BigInt, whose value a configuration never needs.
    case bigint
    /// A string literal's value; nil when it holds a lone surrogate (no Swift string can).
    case string(String?)
    /// A template's text up to `${` or its end: `cooked` nil when an escape is malformed (allowed
    /// only in a tagged template) or it holds a lone surrogate; `tail` when the template ends.
    case template(cooked: String?, tail: Bool)
    case regex(pattern: String, flags: String)
    case end
  }

  var kind: Kind
  /// Its first scalar's offset.
  var start: Int
  /// Past its last scalar.
  var end: Int
  /// A line terminator comes between it and the token before (what automatic semicolon insertion
  /// and the restricted productions read).
  var newlineBefore: Bool

  /// The punctuator, or nil.
  var punctuator: String? {
    if case .punctuator(let text) = kind { return text }
    return nil
  }

  /// The identifier or keyword, or nil.
  var name: String? {
    if case .identifier(let name, _) = kind { return name }
    return nil
  }

  var isString: Bool {
    if case .string = kind { return true }
    return false
  }

  func isPunctuator(_ text: String) -> Bool {
    if case .punctuator(let own) = kind { return own == text }
    return false
  }

  /// Whether it is `word` written plainly (a keyword or a contextual one).
  func isWord(_ word: String) -> Bool {
    if case .identifier(let name, let escaped) = kind { return !escaped && name == word }
    return false
  }
}

/// Where the reader stopped reading a file, and why: a syntax error (which Node would refuse the
/// file for too), or syntax the reader does not know.
package struct JavaScriptSyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
  package var position: JavaScriptPosition
  package var message: String

  package init(position: JavaScriptPosition, message: String) {
    self.position = position
    self.message = message
  }

  package var description: String { "\(message) (line \(position.line), column \(position.column))" }
}

/// A syntax error at a scalar offset, before its line and column are known.
struct JavaScriptLexError: Error {
  var offset: Int
  var message: String
  /// Not a sign that a speculative read took the wrong path: an error in an arrow function's
  /// body (its parameters and `=>` were read), a nesting or budget bound. Reported as it is.
  var committed = false
}
