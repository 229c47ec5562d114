extension JavaScriptRegex {
  /// A parsed pattern written out as a program: counted repetitions as copies, bounded by
  /// `maximumInstructions` as they are written.
  struct Compiler {
    var instructions: [Instruction] = []
    /// Nodes emitted: an empty group repeated a million times a million times writes nothing but
    /// would still take that long.
    var emitted = 0

    mutating func emit(_ node: Node) throws(Problem) {
      emitted += 1
      guard instructions.count <= JavaScriptRegex.maximumInstructions,
        emitted <= 4 * JavaScriptRegex.maximumInstructions
      else {
        throw .unsupported(
          "over \(JavaScriptRegex.maximumInstructions) states once its repetitions are written out")
      }
      switch node {
      case .empty:
        break
      case .set(let set):
        instructions.append(.unit(set))
      case .assertion(let assertion):
        instructions.append(.assert(assertion))
      case .sequence(let nodes):
        for node in nodes { try emit(node) }
      case .alternatives(let nodes):
        // split L1, next; L1: a; jump end; next: split L2, … ; last: z; end:
        var jumps: [Int] = []
        for (offset, node) in nodes.enumerated() {
          if offset == nodes.count - 1 {
            try emit(node)
          } else {
            let split = instructions.count
            instructions.append(.split(split + 1, 0))
            try emit(node)
            jumps.append(instructions.count)
            instructions.append(.jump(0))
            instructions[split] = .split(split + 1, instructions.count)
          }
        }
        for jump in jumps { instructions[jump] = .jump(instructions.count) }
      case .repeated(let inner, let low, let high):
        for _ in 0..<low { try emit(inner) }
        if let high {
          // Each optional copy may end the repetition: split into it or past all of them.
          var splits: [Int] = []
          for _ in low..<max(low, high) {
            splits.append(instructions.count)
            instructions.append(.split(0, 0))
            try emit(inner)
          }
          for split in splits { instructions[split] = .split(split + 1, instructions.count) }
        } else {
          // loop: split body, end; body; jump loop; end:
          let loop = instructions.count
          instructions.append(.split(0, 0))
          try emit(inner)
          instructions.append(.jump(loop))
          instructions[loop] = .split(loop + 1, instructions.count)
        }
      }
    }
  }

  /// The program run over a text's code units, every live state advanced together: each state is
  /// visited at most once a position, so a test costs at most the text's length times the
  /// program's.
  struct Matcher {
    let instructions: [Instruction]
    let text: [UInt16]
    /// The position at which each state was last added, so it is added once a position.
    var visited: [Int]
    var stack: [Int] = []

    init(instructions: [Instruction], text: [UInt16]) {
      self.instructions = instructions
      self.text = text
      self.visited = Array(repeating: -1, count: instructions.count)
    }

    mutating func run(sticky: Bool) -> Bool {
      var current: [Int] = []
      var next: [Int] = []
      for position in 0...text.count {
        if !sticky || position == 0 {
          if add(0, at: position, to: &current) { return true }
        }
        if current.isEmpty {
          if sticky { return false }
          continue
        }
        guard position < text.count else { break }
        let unit = text[position]
        next.removeAll(keepingCapacity: true)
        for state in current {
          guard case .unit(let set) = instructions[state], set.contains(unit) else { continue }
          if add(state + 1, at: position + 1, to: &next) { return true }
        }
        swap(&current, &next)
      }
      return false
    }

    /// Adds `state` and every state it reaches without reading a unit at `position`: the states
    /// that read one go to `list`. True when the match state is reached.
    mutating func add(_ state: Int, at position: Int, to list: inout [Int]) -> Bool {
      stack.append(state)
      while let state = stack.popLast() {
        guard visited[state] != position else { continue }
        visited[state] = position
        switch instructions[state] {
        case .match:
          stack.removeAll()
          return true
        case .unit:
          list.append(state)
        case .jump(let target):
          stack.append(target)
        case .split(let first, let second):
          stack.append(second)
          stack.append(first)
        case .assert(let assertion):
          if holds(assertion, at: position) { stack.append(state + 1) }
        }
      }
      return false
    }

    func holds(_ assertion: Assertion, at position: Int) -> Bool {
      switch assertion {
      case .start(let multiline):
        return position == 0 || (multiline && Self.isLineTerminator(text[position - 1]))
      case .end(let multiline):
        return position == text.count || (multiline && Self.isLineTerminator(text[position]))
      case .wordBoundary(let boundary):
        let before = position > 0 && Self.isWord(text[position - 1])
        let after = position < text.count && Self.isWord(text[position])
        return (before != after) == boundary
      }
    }

    static func isLineTerminator(_ unit: UInt16) -> Bool {
      unit == 0x0A || unit == 0x0D || unit == 0x2028 || unit == 0x2029
    }

    static func isWord(_ unit: UInt16) -> Bool {
      // Fits: below 0x80.
      unit < 0x80 && JavaScriptText.isWord(UInt8(unit))
    }
  }
}
