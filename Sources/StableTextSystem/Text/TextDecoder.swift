#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text in a named encoding turned into UTF-8 a piece at a time, by the C library's `iconv`
/// (any name it knows: `ISO-8859-1`, `windows-1252`, `Shift_JIS`, …): for `check --encoding`
/// and git's `i18n.commitEncoding`.
public final class TextDecoder {
  private let converter: iconv_t
  /// The encoding's name, as given.
  public let name: String
  /// Input bytes taken so far.
  public private(set) var consumed = 0
  /// The end of the last piece, held back because it may begin a character the next completes.
  private var pending: [UInt8] = []

  /// A decoder from `name`; nil when iconv knows no such encoding.
  public init?(from name: String) {
    guard let converter = iconv_open("UTF-8", name), converter != iconv_t(bitPattern: -1) else { return nil }
    self.converter = converter
    self.name = name
  }

  deinit { iconv_close(converter) }

  /// What went wrong: the input offset of the first byte that is not the encoding's.
  public struct Failure: Error, Equatable {
    public var offset: Int
  }

  /// The UTF-8 of `piece` (and of what was held back before it); a character cut off at the end
  /// is held back for the next piece or `finish`.
  public func decode(_ piece: UnsafeRawBufferPointer) -> Result<[UInt8], Failure> {
    var input = pending + piece
    pending.removeAll()
    var output: [UInt8] = []
    var produced = [UInt8](repeating: 0, count: max(64, input.count * 4))
    var taken = 0
    let failure: Failure? = input.withUnsafeMutableBufferPointer { inputBytes in
      produced.withUnsafeMutableBufferPointer { outputBytes in
        var inPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(inputBytes.baseAddress)?
          .assumingMemoryBound(to: CChar.self)
        var inLeft = inputBytes.count
        while inLeft > 0 {
          var outPointer: UnsafeMutablePointer<CChar>? = UnsafeMutableRawPointer(outputBytes.baseAddress!)
            .assumingMemoryBound(to: CChar.self)
          var outLeft = outputBytes.count
          let result = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
          output.append(contentsOf: outputBytes[0..<(outputBytes.count - outLeft)])
          taken = inputBytes.count - inLeft
          if result != -1 { continue }
          switch errno {
          case E2BIG: continue
          case EINVAL:
            // An incomplete character at the end: kept for the next piece.
            return nil
          default:
            return Failure(offset: consumed + taken)
          }
        }
        return nil
      }
    }
    if let failure { return .failure(failure) }
    pending = Array(input[taken...])
    consumed += taken
    return .success(output)
  }

  /// Whether the input ended on a whole character; otherwise the failure at the cut-off one.
  public func finish() -> Failure? {
    pending.isEmpty ? nil : Failure(offset: consumed)
  }
}
