import CPCRE2
import StableTextConventions
import StableTextCore
import StableTextSystem

/// The regular expressions of a team's `.gitlint`, compiled by PCRE2 (Debian's `libpcre2-8`)
/// from Python's syntax (`PythonPattern`), once, when the file is read, and matched under the
/// lint's budget (Protocol/README.md, "gitlint's rules").
///
/// PCRE2 backtracks, as Python's `re` does, so an expression like `^(a+)+$` can take exponential
/// time on a short title. Its own match limit is counted afresh at every start position, so it
/// bounds no search of a long text; the budget is counted here instead, by callouts the
/// translation writes at the start, at every group's start and after every quantifier
/// (`PythonPattern.translate`): each spends one step, and one for each byte the match moved over
/// since the last (a skip to the next start position included), and every 8th reads the clock.
/// When the budget is spent the callout ends the match (`PCRE2_ERROR_CALLOUT`), and the core
/// refuses the expression. The work between two callouts is a run of the pattern's plain items
/// or one item's scan of the text, so the clock is read often enough to end a match within
/// milliseconds of its time.
package struct PCRE2Engine: GitlintRegexEngine {
  /// The longest expression read, in UTF-8 bytes (PCRE2's own limit on what it compiles is about
  /// this many code units of compiled pattern).
  package static let maxPatternBytes = 64 * 1024

  package init() {}

  package func compile(_ pattern: String) throws(GitlintRegexError) -> any GitlintCompiledRegex {
    guard pattern.utf8.count <= Self.maxPatternBytes else {
      throw GitlintRegexError("longer than \(Self.maxPatternBytes) bytes")
    }
    return try PCRE2Pattern(PythonPattern.translate(pattern))
  }
}

/// One compiled expression: read-only once made, so any thread may match with it (PCRE2's
/// compiled code and its JIT code are thread-safe); each match has its own match data and
/// context.
final class PCRE2Pattern: GitlintCompiledRegex, @unchecked Sendable {
  private let code: OpaquePointer

  /// The options every pattern is compiled with: UTF-8 and Unicode classes (`\w`, `\d`, `\b`
  /// over every script, as Python's are), `^` under `(?m)` also after a final `\n` (as Python's),
  /// and no `\C` (which could split a character).
  private static let options = PCRE2_UTF | PCRE2_UCP | PCRE2_ALT_CIRCUMFLEX | PCRE2_NEVER_BACKSLASH_C

  init(_ translated: String) throws(GitlintRegexError) {
    let context = pcre2_compile_context_create_8(nil)
    defer { pcre2_compile_context_free_8(context) }
    // Python's `.` and `$` know `\n` alone as a line's end. Fits: PCRE2's option constants are
    // small positive numbers (this one 2, PCRE2_JIT_COMPLETE below 1).
    pcre2_set_newline_8(context, UInt32(PCRE2_NEWLINE_LF))
    var errorCode: Int32 = 0
    var errorOffset = 0
    var copy = translated
    let compiled = copy.withUTF8 { bytes in
      pcre2_compile_8(bytes.baseAddress, bytes.count, Self.options, &errorCode, &errorOffset, context)
    }
    // PCRE2's offset is in the translation, not in what the user wrote: its words alone.
    guard let compiled else { throw GitlintRegexError(Self.message(errorCode)) }
    code = compiled
    // Where PCRE2 has no JIT for the machine (or may not map code), the interpreter matches, with
    // the same callouts. Fits: PCRE2_JIT_COMPLETE is 1.
    _ = pcre2_jit_compile_8(code, UInt32(PCRE2_JIT_COMPLETE))
  }

  deinit { pcre2_code_free_8(code) }

  func matches(_ text: String, atStart: Bool, _ budget: inout GitlintMatchBudget.Left) -> Bool? {
    guard budget.steps > 0, budget.nanoseconds > 0 else { return nil }
    let started = MonotonicTime.now()
    // Fits: clamping, and the time left is positive (the guard above).
    var meter = Meter(
      steps: budget.steps,
      deadline: started.nanoseconds &+ UInt64(clamping: budget.nanoseconds))
    var result = run(text, atStart: atStart, &meter, options: 0)
    // The JIT's stack (32 KiB of the thread's) is too small for a deeply nested match: the
    // interpreter goes on, on the heap, under `heapLimitKiB`, with what is left of the budget.
    if result == PCRE2_ERROR_JIT_STACKLIMIT {
      result = run(text, atStart: atStart, &meter, options: PCRE2_NO_JIT)
    }
    let spent = MonotonicTime.now().nanoseconds &- started.nanoseconds
    budget.steps = max(meter.steps, 0)
    budget.nanoseconds = max(budget.nanoseconds - Int(clamping: spent), 0)
    switch result {
    case 0...: return true
    case PCRE2_ERROR_NOMATCH: return false
    default:
      // Spent (steps or time), or one of PCRE2's own limits (its heap): given up either way.
      if meter.outOfTime { budget.nanoseconds = 0 } else { budget.steps = 0 }
      return nil
    }
  }

  /// The most heap an interpreted match may take, in KiB (PCRE2's default is 20 GiB).
  private static let heapLimitKiB: UInt32 = 16 * 1024

  /// One `pcre2_match`, counted by `meter`: its return code.
  private func run(_ text: String, atStart: Bool, _ meter: inout Meter, options: UInt32) -> Int32 {
    let data = pcre2_match_data_create_8(1, nil)
    let context = pcre2_match_context_create_8(nil)
    defer {
      pcre2_match_data_free_8(data)
      pcre2_match_context_free_8(context)
    }
    pcre2_set_heap_limit_8(context, Self.heapLimitKiB)
    meter.position = 0
    let options = options | (atStart ? PCRE2_ANCHORED : 0) | PCRE2_NO_UTF_CHECK
    var copy = text
    return withUnsafeMutablePointer(to: &meter) { meter in
      pcre2_set_callout_8(context, countStep, meter)
      return copy.withUTF8 { bytes in
        // PCRE2 wants a subject pointer even for an empty text. Fits: a literal 0.
        withUnsafePointer(to: UInt8(0)) { empty in
          pcre2_match_8(code, bytes.baseAddress ?? empty, bytes.count, 0, options, data, context)
        }
      }
    }
  }

  /// PCRE2's message for an error code.
  static func message(_ code: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = buffer.withUnsafeMutableBufferPointer {
      pcre2_get_error_message_8(code, $0.baseAddress, $0.count)
    }
    return length > 0 ? String(decoding: buffer[..<Int(length)], as: UTF8.self) : "error \(code)"
  }
}

/// What one match may still spend, counted by `countStep`.
private struct Meter {
  var steps: Int
  /// When the lint's time is up, on `MonotonicTime`'s clock.
  let deadline: UInt64
  /// Where the last callout was, in bytes.
  var position = 0
  var callouts = 0
  var outOfTime = false
}

/// A callout the translation wrote: a step, and one for each byte moved since the last callout;
/// the clock every 8th. A negative return ends the match with that code.
private let countStep:
  @convention(c) (UnsafeMutablePointer<pcre2_callout_block_8>?, UnsafeMutableRawPointer?) -> Int32 = {
    block, data in
    guard let block, let data else { return 0 }
    let meter = data.assumingMemoryBound(to: Meter.self)
    // Fits: a position in a Swift string's UTF-8.
    let position = Int(block.pointee.current_position)
    let moved =
      position >= meter.pointee.position
      ? position - meter.pointee.position : meter.pointee.position - position
    meter.pointee.position = position
    meter.pointee.steps -= 1 + moved
    guard meter.pointee.steps >= 0 else { return PCRE2_ERROR_CALLOUT }
    meter.pointee.callouts &+= 1
    if meter.pointee.callouts & 7 == 0, MonotonicTime.now().nanoseconds >= meter.pointee.deadline {
      meter.pointee.outOfTime = true
      return PCRE2_ERROR_CALLOUT
    }
    return 0
  }
