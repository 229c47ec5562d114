/// How an SMS of a text is sent ("Counting in SMS segments"): its encoding, its parts, and all its
/// septets (GSM-7, an extension character 2) or UTF-16 code units (UCS-2).
public struct SMSMessage: Hashable, Sendable {
  /// The two encodings an SMS is sent in.
  public enum Encoding: String, Hashable, Sendable {
    /// GSM 03.38's 7-bit default alphabet with its extension table.
    case gsm7
    /// UTF-16 code units, when any character is outside GSM-7.
    case ucs2

    /// The name people write (`GSM-7`, `UCS-2`).
    public var displayName: String { self == .gsm7 ? "GSM-7" : "UCS-2" }
  }

  /// The encoding its parts are sent in.
  public var encoding: Encoding
  /// The parts it is sent in: 1 up to 160 septets or 70 units, then 153 or 67 each; 0 for an empty text.
  public var segments: Int
  /// Septets (GSM-7) or UTF-16 code units (UCS-2) of the whole text.
  public var units: Int

  /// The message `text` makes.
  public init(_ text: Substring) { self.init(SMSMeasure.Tally(text)) }

  init(_ tally: SMSMeasure.Tally) {
    encoding = tally.isGSM ? .gsm7 : .ucs2
    segments = tally.segments
    units = tally.units
  }

  /// `2 SMS (GSM-7, 190 septets)`: what hover says.
  public var summary: String {
    "\(segments) SMS (\(encoding.displayName), \(units) \(encoding == .gsm7 ? "septets" : "UTF-16 code units"))"
  }
}

extension StableTextField {
  /// The SMS the counted text makes, when the rules count in `sms`.
  public var smsMessage: SMSMessage? {
    guard rules.lengthUnit == .sms else { return nil }
    return rememberedWholeCount?.sms ?? SMSMessage(countedText)
  }
}
