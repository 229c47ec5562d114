/// A diagnostic as a value, with a UTF-8 range; the daemon converts it to LSP positions.
///
/// Its code and data are open: each check (`RuleCheck`) declares its own code and fills in its
/// own figures, so a new check adds a file, not a case to every switch.
public struct FieldDiagnostic: Hashable, Sendable {
  /// A diagnostic's `code`; each check declares its own as a static constant.
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    /// The code as the protocol spells it (`over-limit`).
    public var rawValue: String
    /// A code spelled `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The code as the protocol spells it.
    public var description: String { rawValue }

    /// The daemon's own: the document missed a change.
    public static let outOfSync = Code(rawValue: "out-of-sync")
  }

  /// The figures behind a diagnostic's message, sent as its `data`: named integers and strings
  /// in the order the protocol lists them.
  public struct Data: Hashable, Sendable {
    /// One value of a diagnostic's data.
    public enum Value: Hashable, Sendable {
      /// A number (a length, a limit, a 0-based line).
      case int(Int)
      /// A string (a unit's name).
      case string(String)
    }

    /// One named value, in the order the protocol lists them.
    public struct Field: Hashable, Sendable {
      /// The member's name in the protocol's `data` object.
      public var name: String
      /// Its value.
      public var value: Value
    }

    /// The values, in order.
    public var fields: [Field]

    /// Data holding `fields`, in order.
    public init(_ fields: [(String, Value)]) {
      self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    /// The integer named `name`, if there is one.
    public func int(_ name: String) -> Int? {
      guard case .int(let value) = fields.first(where: { $0.name == name })?.value else { return nil }
      return value
    }

    /// The string named `name`, if there is one.
    public func string(_ name: String) -> String? {
      guard case .string(let value) = fields.first(where: { $0.name == name })?.value else { return nil }
      return value
    }

    /// The unit named `unit`, if there is one.
    public var unit: LengthUnit? {
      guard case .string(let value) = fields.first(where: { $0.name == "unit" })?.value else { return nil }
      return LengthUnit(rawValue: value)
    }
  }

  /// What the diagnostic is about (`over-limit`, `line-too-long`, …).
  public var code: Code
  /// How serious it is: an error or a warning, or a line rule's own choice.
  public var severity: Severity
  /// The UTF-8 offsets it covers in the field's text.
  public var range: Range<Int>
  /// What happened and how to fix it, for people (`153/150 characters: 3 over the limit`).
  public var message: String
  /// Figures for programs (length, limit, unit, line), when the code has any.
  public var data: Data?
  /// The line holding the whole range, when the check knows it (the line checks): a converter
  /// to line/character positions need not look the line up.
  public var line: Line?

  /// A 0-based line of the document, the UTF-8 offset where it starts, and whether its content
  /// is ASCII (then a character offset in any encoding is a byte count).
  public struct Line: Hashable, Sendable {
    /// The line's index in the document (0-based).
    public var index: Int
    /// The UTF-8 offset where the line starts.
    public var start: Int
    /// Whether the line is plain ASCII (its positions are its offsets in every encoding).
    public var isASCII: Bool
  }

  /// A diagnostic with everything the protocol reports of it.
  public init(
    code: Code, severity: Severity, range: Range<Int>, message: String, data: Data?, line: Line? = nil
  ) {
    self.code = code
    self.severity = severity
    self.range = range
    self.message = message
    self.data = data
    self.line = line
  }
}
