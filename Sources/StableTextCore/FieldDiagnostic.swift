/// A diagnostic as a value, with a UTF-8 range; the daemon converts it to LSP positions.
///
/// Its code and data are open: each check (`FieldCheck`) declares its own code and fills in its
/// own figures, so a new check adds a file, not a case to every switch.
public struct FieldDiagnostic: Hashable, Sendable {
  /// A diagnostic's `code`; each check declares its own as a static constant.
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// The daemon's own: the document missed a change.
    public static let outOfSync = Code(rawValue: "out-of-sync")
  }

  /// The figures behind a diagnostic's message, sent as its `data`: named integers and strings
  /// in the order the protocol lists them.
  public struct Data: Hashable, Sendable {
    public enum Value: Hashable, Sendable {
      case int(Int)
      case string(String)
    }

    public struct Field: Hashable, Sendable {
      public var name: String
      public var value: Value
    }

    public var fields: [Field]

    public init(_ fields: [(String, Value)]) {
      self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    /// The integer named `name`, if there is one.
    public func int(_ name: String) -> Int? {
      guard case .int(let value) = fields.first(where: { $0.name == name })?.value else { return nil }
      return value
    }

    /// The unit named `unit`, if there is one.
    public var unit: LengthUnit? {
      guard case .string(let value) = fields.first(where: { $0.name == "unit" })?.value else { return nil }
      return LengthUnit(rawValue: value)
    }
  }

  public var code: Code
  public var severity: Severity
  public var range: Range<Int>
  public var message: String
  public var data: Data?
  /// The line holding the whole range, when the check knows it (the line checks): a converter
  /// to line/character positions need not look the line up.
  public var line: Line?

  /// A 0-based line of the document, the UTF-8 offset where it starts, and whether its content
  /// is ASCII (then a character offset in any encoding is a byte count).
  public struct Line: Hashable, Sendable {
    public var index: Int
    public var start: Int
    public var isASCII: Bool
  }

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
