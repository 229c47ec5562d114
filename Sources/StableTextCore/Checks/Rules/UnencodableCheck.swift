/// The `encoding` rule's check ("Counting"): every scalar of the message lines must be writable
/// in the rules' encoding. One `unencodable` error per run of clusters that hold a scalar it
/// cannot write, whatever the unit. Lines note whether they hold one (`LineFacts.Flags`), and
/// blocks count such lines, so a publish reads only those lines.
struct UnencodableCheck: RuleCheck {
  var fields: [RuleField] {
    [
      RuleField(
        "encoding", .encoding, \.encoding, \.encoding,
        // `check --encoding` also names the file's encoding: the command reads it itself.
        option: nil,
        help: "What bytes count in and what must be writable: UTF-8 (default), UTF-16, UTF-32, CP949, …",
        meaning:
          "what `bytes` count in (the whole text's unit and the line rules'), and what every scalar of the message lines must be writable in (`unencodable`); written back as spelled here",
        read: { $0.string.flatMap(CharacterEncoding.init(named:)) }, write: { .string($0.name) }
      ).documented(
        readme:
          "what `bytes` count in, and what every character must be writable in (`unencodable`, an error per run): `UTF-8`, `UTF-16`, `UTF-32`, `CP949` (Korean LMS), `EUC-KR`, `Shift_JIS`, `GB18030`, `ISO-8859-1`, `windows-1252`; `check --encoding NAME` also reads the file in it (`--input-encoding` only reads)"
      )
    ]
  }

  var measures: [RuleMeasure] { [.encodability] }
  func applies(to rules: Rules) -> Bool { rules.partialEncoding != nil }
  var reports: [DiagnosticDeclaration] {
    [
      DiagnosticDeclaration(
        code: .unencodable, severity: .fixed(.error), message: "cannot be written in CP949",
        data: ["encoding"],
        range: "one run of clusters, each holding a scalar `encoding` cannot write, on one message line")
    ]
  }

  func diagnose(_ field: StableTextField, into result: inout [FieldDiagnostic]) {
    var listed = 0
    let cap = field.rules.maxDiagnostics
    forEachRun(field) { diagnostic in
      result.append(diagnostic)
      listed += 1
      return listed < cap
    }
  }

  func forEachUncapped(_ field: StableTextField, _ body: (FieldDiagnostic) -> Void) {
    forEachRun(field) { diagnostic in
      body(diagnostic)
      return true
    }
  }

  // No fix: what to write instead is the user's to choose.

  private func forEachRun(_ field: StableTextField, _ body: (FieldDiagnostic) -> Bool) {
    guard let encoding = field.rules.partialEncoding else { return }
    let index = field.messageIndex
    var going = true
    index.forEachMessageLine(where: { $0.unencodable > 0 }, flagged: .unencodable) { start, facts in
      var content = field.text.slice(start..<start + facts.bytes)
      content.withUTF8 { bytes in
        var run: Range<Int>?
        func close() {
          guard let found = run, going else { return }
          going = body(
            FieldDiagnostic(
              code: .unencodable, severity: .error,
              range: start + found.lowerBound..<start + found.upperBound,
              message: "cannot be written in \(encoding.name)", data: .unencodable(encoding)))
          run = nil
        }
        Cluster.forEach(in: bytes) { cluster, clusterBytes in
          if LineFacts.holdsUnencodable(clusterBytes, encoding) {
            let end = cluster.offset + clusterBytes.count
            run = (run?.lowerBound ?? cluster.offset)..<end
          } else {
            close()
          }
        }
        close()
      }
      return going
    }
  }
}

extension MessageLineIndex {
  /// Visits the message lines (before the end marker, comments left out) that carry `flag`, with
  /// their start offsets, until `body` returns false; blocks whose totals `holds` says carry
  /// none are stepped over.
  func forEachMessageLine(
    where holds: (MessageLineTotals) -> Bool, flagged flag: LineFacts.Flags,
    _ body: (_ start: Int, _ facts: LineFacts) -> Bool
  ) {
    let end = endMarkerLine
    var line = 0
    var offset = 0
    for (block, entries) in table.blocks.enumerated() where line < end {
      let totals = table.blockTotals[block]
      guard holds(totals) else {
        line += entries.count
        offset += totals.bytes
        continue
      }
      for facts in entries {
        guard line < end else { return }
        if !facts.isComment && facts.flags.contains(flag) && !body(offset, facts) { return }
        line += 1
        offset += facts.bytes + Int(facts.terminator)
      }
    }
  }
}

extension Rules {
  /// The encoding every scalar of the message lines must be writable in, when it cannot write
  /// them all (`CP949`, `Shift_JIS`, …); `nil` under UTF-8, UTF-16 and UTF-32, which write every
  /// scalar: then no line is flagged (`MessageLineIndex` reads this into its shape) and this
  /// check never runs. What `bytes` count in is the other half of `encoding`, which `Rules`
  /// keeps the units following (`lengthUnit`).
  package var partialEncoding: CharacterEncoding? { encoding.isPartial ? encoding : nil }
}

extension RulePatch {
  /// What `--encoding NAME` does to a layer (`check`, `rules`): `bytes` count in the encoding
  /// and every character must be writable in it. An encoding iconv reads but StableText does not
  /// count in (`KOI8-R`) unsets the layer's, so that the last option wins either way.
  package mutating func setEncoding(named name: String) { encoding = CharacterEncoding(named: name) }
}

extension FieldDiagnostic.Code {
  /// A scalar the rules' `encoding` cannot write.
  public static let unencodable = Self(rawValue: "unencodable")
}

extension FieldDiagnostic.Data {
  /// The data of `unencodable`: the encoding's name.
  public static func unencodable(_ encoding: CharacterEncoding) -> Self {
    Self([("encoding", .string(encoding.name))])
  }
}
