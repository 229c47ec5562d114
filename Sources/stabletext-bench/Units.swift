import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON
import StableTextProtocol

extension Benchmarks {
  /// The units of "Counting" side by side, in process: keystrokes per second typing into the
  /// middle of a 1 MB and a 10 MB document, each followed by what a publish needs of the length
  /// (the length and where the limit falls), for every unit beside `graphemes` in the same run;
  /// then `sms` in a message of Twilio's largest size (1,600 characters) and at 10 MB, where
  /// its greedy packing reads the whole text.
  func units() {
    // Each unit's rules, and the same as the daemon's JSON.
    typealias Setting = (unit: LengthUnit, limit: Int, encoding: String)
    func rules(_ setting: Setting) -> Rules {
      var layer = RulePatch(maxLength: setting.limit, unit: setting.unit)
      layer.setEncoding(named: setting.encoding)
      return Rules().applying(layer)
    }
    let settings: [(String, Setting)] = [
      ("graphemes", (.graphemes, 150, "UTF-8")),
      ("utf16", (.utf16, 150, "UTF-8")),
      ("scalars", (.scalars, 150, "UTF-8")),
      ("utf8", (.utf8, 150, "UTF-8")),
      ("columns", (.columns, 150, "UTF-8")),
      ("bytes in UTF-8", (.bytes, 150, "UTF-8")),
      ("bytes in CP949", (.bytes, 2_000, "CP949")),
      ("bytes in UTF-16", (.bytes, 150, "UTF-16")),
      ("twitter", (.twitter, 280, "UTF-8")),
    ]
    for (name, size) in Self.sizes where size >= 1_000_000 {
      for (corpus, text) in [
        ("", Corpus.document(bytes: size)), (", posts with URLs", Corpus.posts(bytes: size)),
      ] {
        var baseline: Double?
        for (unitName, setting) in settings
        where (Self.shapeFilter != "sms")
          && (corpus.isEmpty || setting.unit == .graphemes || setting.unit == .twitter)
          && (Self.shapeFilter.map { unitName.contains($0) || setting.unit == .graphemes } ?? true)
        {
          let count = Self.countOverride ?? (quick ? 5_000 : 50_000)
          let rate = keystrokeRate(text: text, rules: rules(setting), count: count)
          if setting.unit == .graphemes { baseline = rate }
          let ratio = baseline.map { String(format: " (%.2f× graphemes)", $0 / rate) } ?? ""
          report(
            "units keystrokes/s at \(name)\(corpus), \(unitName): \(Int(rate)) (\(String(format: "%.2f", 1e6 / rate)) µs)\(ratio)"
          )
        }
      }
    }
    // The same through the daemon over stdio, as an editor drives it: `didChange` keystrokes,
    // each published, up to a `stableText/state` barrier.
    let directory = Self.workspace()
    for (name, size) in Self.sizes where size >= 1_000_000 {
      let text = Corpus.document(bytes: size)
      var baseline: Double?
      for (unitName, setting) in settings
      where Self.shapeFilter.map({ unitName.contains($0) || setting.unit == .graphemes }) ?? true {
        let json: JSONValue = [
          "unit": .string(setting.unit.rawValue), "maxLength": .int(setting.limit),
          "encoding": .string(setting.encoding),
        ]
        let peer = Peer(
          name: "stabletext", command: "exec '\(daemon)' --stdio --log-level error",
          uri: "file://\(directory)/units.txt", languageId: "plaintext")
        let count = quick ? 20_000 : 100_000
        do {
          let (rate, _) = try typing(
            peer, text: text, count: count, directory: directory, barrier: StableTextStateRequest.self,
            options: ["rules": json])
          if setting.unit == .graphemes { baseline = rate }
          let ratio = baseline.map { String(format: " (%.2f× graphemes)", $0 / rate) } ?? ""
          report("units daemon keystrokes/s at \(name), \(unitName): \(Int(rate))\(ratio)")
        } catch {
          report("units daemon keystrokes/s at \(name), \(unitName): failed (\(error))")
        }
      }
    }
    // SMS: one message of 1,600 characters in each encoding, and a 10 MB text.
    guard Self.shapeFilter.map({ "sms".contains($0) }) ?? true else { return }
    for (encoding, piece) in [
      ("GSM-7", "Meet at the cafe at 8 [bring {the} €]. "), ("UCS-2", "내일 8시에 카페에서 만나요 😀 "),
    ] {
      var text = ""
      while text.count < 1_600 { text += piece }
      text = String(text.prefix(1_600))
      let count = Self.countOverride ?? (quick ? 2_000 : 20_000)
      // A key typed, then taken back: the message stays at 1,600 characters.
      let rate = keystrokeRate(
        text: text, rules: Rules(maxLength: 10, unit: .sms), count: count, withSMSState: true, typesBack: true
      )
      report(
        "units sms keystroke in a 1,600-character \(encoding) message: \(String(format: "%.1f", 1e6 / rate)) µs (length, limit cut and stableText/state's sms)"
      )
    }
    for (name, size) in Self.sizes where size >= 1_000_000 {
      let rate = keystrokeRate(
        text: Corpus.document(bytes: size), rules: Rules(maxLength: 10, unit: .sms), count: quick ? 5 : 20,
        withSMSState: true)
      report(
        "units sms keystroke at \(name): \(String(format: "%.1f", 1e3 / rate)) ms (the packing reads the whole text)"
      )
    }
  }

  /// Keystrokes per second typing `count` keys into the middle of `text` under `rules` (with
  /// `typesBack`, every other one deleting the key before it), each caught up as the daemon
  /// catches up after a change, then followed by the length and the first cluster over the
  /// limit (and, with `withSMSState`, the SMS message `stableText/state` reports).
  func keystrokeRate(
    text: String, rules: Rules, count: Int, withSMSState: Bool = false, typesBack: Bool = false
  ) -> Double {
    var field = StableTextField(text: text, rules: rules)
    var offset = field.text.lineStart(field.text.lineCount / 2)
    var sink = 0
    let start = Self.now()
    for n in 0..<count {
      let key = Corpus.key(n)
      if typesBack && n % 2 == 1 {
        field.text.replace(offset - 1..<offset, with: "")
        offset -= 1
      } else {
        field.text.replace(offset..<offset, with: key)
        offset += key.utf8.count
      }
      // As the daemon does after each change: the per-line index follows the edit.
      field.catchUp()
      sink &+= field.length &+ (field.firstClusterOverLimit ?? 0)
      if withSMSState { sink &+= field.smsMessage?.segments ?? 0 }
    }
    let elapsed = Self.now() - start
    if sink == 42 { report("") }
    return Double(count) / elapsed
  }
}
