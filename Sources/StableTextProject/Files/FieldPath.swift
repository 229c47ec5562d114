/// The path of a value inside a JSON or YAML configuration, from its root: members and array
/// indices (`commitlint`, `extends`, `1`). Spelt as its file's readers spell it:
/// `commitlint.extends[1]`. A problem's position is found by following it through the file's
/// text (`JSONPositions`, `YAMLPositions`).
package struct FieldPath: Hashable, Sendable, CustomStringConvertible {
  package enum Step: Hashable, Sendable {
    case member(String)
    case index(Int)
  }

  package var steps: [Step]

  package init(_ steps: [Step] = []) {
    self.steps = steps
  }

  /// A path as this project's readers spell one (`rules.subject-case[0]`, `.scopes[1]`): names
  /// after `.` (or at the start), indices in brackets. Names never hold `.` or `[` there.
  package init(parsing text: String) {
    var steps: [Step] = []
    var name = ""
    var index: String?
    func endName() {
      if !name.isEmpty { steps.append(.member(name)) }
      name = ""
    }
    for character in text {
      if var digits = index {
        if character == "]" {
          steps.append(.index(Int(digits) ?? 0))
          index = nil
        } else {
          digits.append(character)
          index = digits
        }
        continue
      }
      switch character {
      case ".": endName()
      case "[":
        endName()
        index = ""
      default: name.append(character)
      }
    }
    endName()
    self.steps = steps
  }

  package func appending(_ step: Step) -> FieldPath { FieldPath(steps + [step]) }
  package func appending(_ name: String) -> FieldPath { appending(.member(name)) }
  package func appending(_ index: Int) -> FieldPath { appending(.index(index)) }
  package func appending(_ path: FieldPath) -> FieldPath { FieldPath(steps + path.steps) }

  package var description: String {
    var text = ""
    for step in steps {
      switch step {
      case .member(let name): text += text.isEmpty ? name : ".\(name)"
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
