import Foundation
import StableTextClient
import StableTextCore
import StableTextProtocol

extension Benchmarks {
  /// Opening a 10 MB document in process: the buffer alone, then a field under the gitCommit
  /// preset (its line index) with a viewport's rows laid out, each with the resident memory it
  /// adds over the text's size (the text itself, a `String`, is resident before), the first
  /// time (later rounds reuse what the first freed). Times are the best of three.
  ///
  /// `--against PATH`: this program and the other build each open the document in a process of
  /// their own, in turn, four rounds with the order reversed every other round, and the medians of
  /// their times are printed with their ratios.
  func openInProcess() {
    let size = 10_000_000
    for (shape, make) in [("prose", Corpus.prose), ("commit", Corpus.commitDocument)] {
      if let filter = Self.shapeFilter, !shape.contains(filter) { continue }
      if let other = Self.against {
        compareOpening(shape: shape, with: other)
        continue
      }
      let text = make(size)
      let bytes = Double(text.utf8.count)
      let rules = RuleConfiguration().resolve(uri: "file:///x/COMMIT_EDITMSG", languageId: "text")
      let viewport = Viewport(
        height: 40, wrap: WrapOptions(columns: 72, wrap: .word), margin: VerticalInsets(top: 2, bottom: 2))
      var times: [Double] = []
      var growth: [Double] = []
      var fieldTimes: [Double] = []
      var fieldGrowth: [Double] = []
      var indexTimes: [Double] = []
      for _ in 0..<3 {
        let base = Self.status("VmRSS", of: getpid())
        let start = Self.now()
        let buffer = TextBuffer(text)
        times.append(Self.now() - start)
        growth.append(Double(Self.status("VmRSS", of: getpid()) - base) * 1024 / bytes)
        // The buffer stays while the field is measured: memory it freed would be taken again by
        // the field and not show as growth.
        let fieldBase = Self.status("VmRSS", of: getpid())
        let fieldStart = Self.now()
        var field = StableTextField(text: text, rules: rules)
        indexTimes.append(Self.now() - fieldStart)
        _ = field.scroll(ScrollRequest(offset: 0, viewport: viewport))
        fieldTimes.append(Self.now() - fieldStart)
        fieldGrowth.append(Double(Self.status("VmRSS", of: getpid()) - fieldBase) * 1024 / bytes)
        withExtendedLifetime((buffer, field)) {}
      }
      report(
        "open 10MB \(shape) in process: buffer \(String(format: "%.1f", times.min()! * 1000)) ms, resident growth \(String(format: "%.2f", growth[0]))× the text; gitCommit field with rows \(String(format: "%.1f", fieldTimes.min()! * 1000)) ms, resident growth \(String(format: "%.2f", fieldGrowth[0]))× the text"
      )
      report(
        "open 10MB \(shape) in process, gitCommit field with its line index (no rows): \(String(format: "%.1f", indexTimes.min()! * 1000)) ms"
      )
    }
  }
}

extension Benchmarks {
  /// The in-process opening times of this program and of `other`, run in turn (see
  /// `openInProcess`).
  private func compareOpening(shape: String, with other: String) {
    // What each run prints, by the words before its figure: the buffer, the field with its line
    // index, the field with rows too (best of three each).
    let figures = [("buffer", "buffer "), ("line index", "(no rows): "), ("with rows", "field with rows ")]
    func times(_ executable: String) -> [Double]? {
      guard let output = Self.run(executable, ["--shape", shape, "opening"], environment: [:]) else {
        return nil
      }
      let found = figures.compactMap { _, words -> Double? in
        guard let range = output.range(of: words) else { return nil }
        return Double(output[range.upperBound...].prefix { $0.isNumber || $0 == "." })
      }
      return found.count == figures.count ? found : nil
    }
    var ours: [[Double]] = []
    var theirs: [[Double]] = []
    for round in 0..<4 {
      for mine in round % 2 == 0 ? [true, false] : [false, true] {
        if mine {
          if let found = times(Self.executable) { ours.append(found) }
        } else if let found = times(other) {
          theirs.append(found)
        }
      }
    }
    guard !ours.isEmpty, !theirs.isEmpty else {
      report("open 10MB \(shape) in process: a run failed (\(other))")
      return
    }
    func median(_ runs: [[Double]], _ k: Int) -> Double { runs.map { $0[k] }.sorted()[runs.count / 2] }
    let parts = figures.indices.map { k in
      let (now, then) = (median(ours, k), median(theirs, k))
      return
        "\(figures[k].0) \(String(format: "%.1f", now)) ms against \(String(format: "%.1f", then)) (\(String(format: "%.2f", then / now))×)"
    }
    report(
      "open 10MB \(shape) in process, this build against \(other): \(parts.joined(separator: "; ")) (medians of \(ours.count) and \(theirs.count) runs interleaved, each the best of three)"
    )
  }
}

extension Benchmarks {
  /// Opening a 10 MB document in the daemon under the gitCommit preset (its line index), then
  /// laying out its rows (the row index on): the resident memory the document adds, after the
  /// open less after `initialize`, over the text's size; and the peak.
  func openingDaemon() {
    let directory = Self.workspace()
    let size = 10_000_000
    let viewport = Viewport(height: 40, wrap: WrapOptions(columns: 72, wrap: .word))
    for (shape, make) in [("short lines", Corpus.document), ("commit", Corpus.commitDocument)] {
      if let filter = Self.shapeFilter, !shape.contains(filter) { continue }
      do {
        let server = try ServerProcess(
          command: "exec '\(daemon)' --stdio --log-level error", skipsNotifications: true)
        defer { server.terminate() }
        _ = try server.request(InitializeRequest(processId: Int(getpid())), timeout: 60)
        server.send(InitializedNotification())
        let text = make(size)
        let bytes = Double(text.utf8.count)
        let base = Self.status("VmRSS", of: server.processIdentifier)
        let uri = "file://\(directory)/COMMIT_EDITMSG"
        let start = Self.now()
        server.send(Self.opening(uri, text))
        _ = try server.request(StableTextStateRequest(TextDocumentIdentifier(uri)), timeout: 120)
        let opened = Self.now() - start
        let afterOpen = Self.status("VmRSS", of: server.processIdentifier)
        let scroll = StableTextScrollRequest(
          TextDocumentIdentifier(uri),
          fields: ScrollFields(caret: nil, request: ScrollRequest(viewport: viewport)))
        while try server.request(scroll, timeout: 600)["result"]?["exact"] != true {
          if Self.now() - start > 300 { throw BenchError.notExact(uri) }
        }
        _ = server.drain()
        let afterRows = Self.status("VmRSS", of: server.processIdentifier)
        let peak = Self.status("VmHWM", of: server.processIdentifier)
        func times(_ kib: Int) -> String { String(format: "%.2f×", Double(kib - base) * 1024 / bytes) }
        report(
          "open 10MB \(shape) in the daemon (gitCommit): \(String(format: "%.0f", opened * 1000)) ms to the state answer; resident growth over the text \(times(afterOpen)) after the open, \(times(afterRows)) with rows laid out (peak \(times(peak)), base \(base / 1024) MiB)"
        )
      } catch {
        report("open 10MB \(shape) in the daemon: failed (\(error))")
      }
    }
  }
}
