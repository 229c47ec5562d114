extension StableTextField {
  /// The scroll offset that keeps the caret visible and moves only as far as needed.
  /// Mutating only to keep row counts for the viewport's wrap options, so the next answer after
  /// an edit re-lays out only the lines the edit touched.
  public mutating func scroll(_ request: ScrollRequest) -> ScrollAnswer {
    scroll(request, layout: layout(request.viewport.wrap), anchoredOffset: nil)
  }

  /// Remembers the line at the top of the visible band, when the view is scrolled at all.
  package mutating func scrollAnchor(offset: Double, viewport: Viewport) -> ScrollAnchor? {
    let minOffset = -viewport.obscured.top
    guard offset > minOffset else { return nil }
    let layout = layout(viewport.wrap)
    let bandTop = offset + viewport.obscured.top
    // A tiny pitch can make the quotient overflow to infinity; rows past the text clamp anyway.
    let exact = ((bandTop - viewport.padding.top) / viewport.pitch).rounded(.down)
    let row = Int(saturating: max(-1, min(exact, Double(Int32.max))))
    let line = layout.line(containingRow: row)
    let lineTop = viewport.rowTop(layout.firstRow(ofLine: line))
    return ScrollAnchor(offset: text.lineStart(line), distance: lineTop - bandTop)
  }

  /// The scroll answer after an edit: first the anchored line keeps its place, then the caret
  /// is revealed.
  package mutating func scroll(_ request: ScrollRequest, after splices: [TextSplice], anchor: ScrollAnchor?)
    -> ScrollAnswer
  {
    let layout = layout(request.viewport.wrap)
    var anchored: Double?
    if var anchor {
      for splice in splices {
        guard let current = anchor.offset else { break }
        if splice.range.upperBound <= current {
          anchor.offset = current + splice.insertedCount - splice.range.count
        } else if splice.range.lowerBound < current {
          anchor.offset = nil  // the edit straddles the line's start: no anchoring
        }
      }
      if let offset = anchor.offset {
        let row = layout.caret(at: min(offset, text.utf8Count), in: text, affinity: .downstream).row
        anchored = request.viewport.rowTop(row) - anchor.distance - request.viewport.obscured.top
      }
    }
    return scroll(request, layout: layout, anchoredOffset: anchored)
  }

  private func scroll(_ request: ScrollRequest, layout: TextLayout, anchoredOffset: Double?) -> ScrollAnswer {
    let viewport = request.viewport
    let rows = layout.rowCount
    let contentHeight = viewport.contentHeight(rows: rows)
    let available = viewport.available
    let minOffset = -viewport.obscured.top
    let maxOffset = max(minOffset, contentHeight + viewport.obscured.bottom - viewport.height)
    let scrollEnabled = contentHeight > available

    // The caret, snapped to the start of its grapheme cluster.
    let caretOffset = snappedToCluster(request.caret ?? text.utf8Count)
    let (line, row, column) = layout.caret(at: caretOffset, in: text, affinity: request.affinity)
    let caretTop = viewport.rowTop(row)
    let caretBottom = caretTop + viewport.lineHeight
    let caret = CaretPlacement(
      offset: caretOffset, line: line, row: row, column: column, y: caretTop, height: viewport.lineHeight)

    var offset = anchoredOffset ?? request.offset
    let anchorMoved = anchoredOffset != nil && anchoredOffset != request.offset
    var reason = ScrollReason.none

    let marginCap = max(0, (available - viewport.lineHeight) / 2)
    let marginTop = min(max(0, viewport.margin.top), marginCap)
    let marginBottom = min(max(0, viewport.margin.bottom), marginCap)
    let bandTop = offset + viewport.obscured.top + marginTop
    let bandBottom = offset + viewport.height - viewport.obscured.bottom - marginBottom
    let centered = caretTop + viewport.lineHeight / 2 - viewport.obscured.top - available / 2

    if request.reveal == .center {
      offset = centered
      reason = .center
    } else if caretTop < bandTop || caretBottom > bandBottom {
      let minimal =
        caretTop < bandTop
        ? caretTop - viewport.obscured.top - marginTop
        : caretBottom + viewport.obscured.bottom + marginBottom - viewport.height
      if let threshold = request.farThreshold, abs(minimal - offset) > threshold {
        offset = centered
        reason = .center
      } else {
        offset = minimal
        reason = caretTop < bandTop ? .revealUp : .revealDown
      }
    }

    let unclamped = offset
    offset = scrollEnabled ? min(max(offset, minOffset), maxOffset) : minOffset
    if offset != unclamped {
      reason = .clamp
    } else if reason == .none && anchorMoved {
      reason = .anchor
    }
    return ScrollAnswer(
      offset: offset, scrollEnabled: scrollEnabled, contentHeight: contentHeight, minOffset: minOffset,
      maxOffset: maxOffset, rows: rows, caret: caret, reason: reason, isExact: layout.isExact)
  }

  /// The start of the grapheme cluster holding UTF-8 `offset` (a caret never splits one).
  public func snappedToCluster(_ offset: Int) -> Int {
    let offset = min(max(0, offset), text.utf8Count)
    guard offset < text.utf8Count else { return offset }
    return text.clusterStart(containing: offset)
  }

}
