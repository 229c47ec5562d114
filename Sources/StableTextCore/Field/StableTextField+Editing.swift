extension StableTextField {
  /// Would replacing `range` (UTF-8 offsets on scalar boundaries) with `text` be allowed?
  /// Changes nothing. Like `UITextViewDelegate.textView(_:shouldChangeTextIn:replacementText:)`,
  /// but it counts the whole result, so a long paste is caught at any current length.
  public func shouldChange(_ range: Range<Int>, replacementText text: String) -> ChangeCheck {
    var scratch = self
    scratch.catchUp()
    let before = scratch.length
    let undo = scratch.text.replaceRecording(range, with: text)
    scratch.catchUp()
    let after = scratch.length
    if fits(resultLength: after, previousLength: before) {
      return ChangeCheck(allowed: true, reason: nil, length: after, limit: rules.limit, fitting: nil)
    }
    scratch.text.undo([undo])
    scratch.catchUp()
    let prefix = scratch.longestFittingPrefix(of: text, replacing: range, previousLength: before)
    return ChangeCheck(
      allowed: false, reason: .overLimit, length: after, limit: rules.limit,
      fitting: prefix.map { String(text[..<$0]) })
  }

  /// The same check with a client range in `encoding`.
  public func shouldChange(_ range: TextRange, in encoding: PositionEncoding, replacementText text: String)
    throws(PositionError) -> ChangeCheck
  {
    shouldChange(try self.text.offsets(of: range, in: encoding), replacementText: text)
  }

  /// The same check with UTF-16 offsets (`NSRange` in UIKit).
  public func shouldChange(utf16Range range: Range<Int>, replacementText text: String) -> ChangeCheck? {
    guard let lower = self.text.utf8Offset(fromUTF16: range.lowerBound),
      let upper = self.text.utf8Offset(fromUTF16: range.upperBound), lower <= upper
    else { return nil }
    return shouldChange(lower..<upper, replacementText: text)
  }

  /// The end index of the longest whole-grapheme prefix of `text` whose insertion over `range`
  /// fits, or `nil` when not even the empty prefix does (removing the range lengthens the text
  /// past the limit: a deleted joiner splits a cluster). Lengths grow with the prefix.
  ///
  /// Linear in `text`: the prefix is put in place a piece at a time, each piece twice as many
  /// clusters as the last, and the first piece that does not fit is taken out and tried again
  /// in halves, each half added to what fits. (A binary search over all the prefixes inserted
  /// each candidate afresh: 23 insertions of up to 8 MiB for an 8 MiB paste.)
  func longestFittingPrefix(of text: String, replacing range: Range<Int>, previousLength: Int)
    -> String.Index?
  {
    var scratch = self
    scratch.text.replace(range, with: "")
    scratch.catchUp()
    func fits() -> Bool { scratch.fits(resultLength: scratch.length, previousLength: previousLength) }
    guard fits() else { return nil }
    // `text[..<end]` is in place at `range.lowerBound`.
    var end = text.startIndex
    var insertedBytes = 0
    /// Puts `text[end..<next]` after what is in place; keeps it when the result fits.
    func tryAdding(upTo next: String.Index) -> Bool {
      let piece = text[end..<next]
      let at = range.lowerBound + insertedBytes
      scratch.text.replace(at..<at, with: String(piece))
      scratch.catchUp()
      if fits() {
        end = next
        insertedBytes += piece.utf8.count
        return true
      }
      scratch.text.replace(at..<at + piece.utf8.count, with: "")
      scratch.catchUp()
      return false
    }
    // Pieces double until one does not fit; from then on they only halve (so each failed piece
    // is at most twice what is added after it), until a single cluster does not fit.
    var clusters = 16
    var growing = true
    while end < text.endIndex {
      let next = text.index(end, offsetBy: clusters, limitedBy: text.endIndex) ?? text.endIndex
      if tryAdding(upTo: next) {
        if growing { clusters *= 2 }
        continue
      }
      if clusters == 1 { break }
      growing = false
      clusters /= 2
    }
    return end
  }

  /// Applies `edits` in order (each range in the text left by the previous edit) under
  /// `policy` (the rules' when `nil`), or nothing at all when a position is invalid.
  ///
  /// - `reject`: when the final result does not fit, nothing changes.
  /// - `allow`: everything applies; the `over-limit` diagnostic reports any excess.
  /// - `truncate`: when the whole list does not fit, edits apply one by one, each cut to the
  ///   longest whole-grapheme prefix whose intermediate result fits; an edit that no prefix
  ///   makes fit (it lengthens the text even with nothing inserted) is left out, so truncation
  ///   never leaves a lengthened text over the limit. When every edit is left out, nothing was
  ///   applied.
  @discardableResult
  public mutating func apply(_ edits: [FieldEdit], in encoding: PositionEncoding, policy: LimitPolicy? = nil)
    throws(FieldEditError) -> EditOutcome
  {
    let policy = rules.limitPolicy(policy)
    catchUp()
    let before = length
    // First the whole list as asked: this validates every position.
    var applied: [AppliedEdit] = []
    let undo = try text.applyRecording(edits, in: encoding) { text, index, range in
      applied.append(Self.resolved(edits[index], range, in: text, encoding))
    }
    catchUp()
    let splices = undo.map {
      TextSplice(
        range: $0.range.lowerBound..<$0.range.lowerBound + $0.removed.utf8.count,
        insertedCount: $0.range.count)
    }
    if fits(resultLength: length, previousLength: before) {
      return EditOutcome(
        applied: true, reason: nil, edits: applied, caretOffset: undo.last?.range.upperBound, splices: splices
      )
    }
    switch policy {
    case .allow:
      return EditOutcome(
        applied: true, reason: .overLimit, edits: applied, caretOffset: undo.last?.range.upperBound,
        splices: splices)
    case .reject:
      text.undo(undo)
      catchUp()
      return EditOutcome(applied: false, reason: .overLimit, edits: [], caretOffset: nil)
    case .truncate:
      text.undo(undo)
      catchUp()
      applied = []
      var truncatedSplices: [TextSplice] = []
      var caret: Int?
      for edit in edits {
        // Positions were valid in the untruncated order; here they are clamped and snapped to a
        // code point, since a shorter earlier insertion can move them.
        let range: Range<Int>
        if let clientRange = edit.range {
          let start = text.snappedOffset(of: clientRange.start, in: encoding)
          range = start..<max(start, text.snappedOffset(of: clientRange.end, in: encoding))
        } else {
          range = 0..<text.utf8Count
        }
        let echo = Self.resolved(edit, range, in: text, encoding)
        let previous = length
        var record = text.replaceRecording(range, with: edit.text)
        catchUp()
        var inserted = edit.text
        if !fits(resultLength: length, previousLength: previous) {
          text.undo([record])
          catchUp()
          guard let end = longestFittingPrefix(of: edit.text, replacing: range, previousLength: previous)
          else { continue }
          inserted = String(edit.text[..<end])
          record = text.replaceRecording(range, with: inserted)
          catchUp()
        }
        applied.append(AppliedEdit(range: echo.range, text: inserted))
        truncatedSplices.append(TextSplice(range: range, insertedCount: inserted.utf8.count))
        caret = record.range.upperBound
      }
      return EditOutcome(
        applied: !applied.isEmpty, reason: .overLimit, edits: applied, caretOffset: caret,
        splices: truncatedSplices)
    }
  }

  /// The echo of an edit about to be applied over `range` in `text`.
  private static func resolved(
    _ edit: FieldEdit, _ range: Range<Int>, in text: TextBuffer, _ encoding: PositionEncoding
  ) -> AppliedEdit {
    guard edit.range != nil else { return AppliedEdit(range: nil, text: edit.text) }
    return AppliedEdit(
      range: TextRange(
        start: text.position(of: range.lowerBound, in: encoding),
        end: text.position(of: range.upperBound, in: encoding)),
      text: edit.text)
  }
}
