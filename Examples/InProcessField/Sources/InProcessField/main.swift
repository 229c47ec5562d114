// The in-process examples of docs/swift-library.md, each `// README:` block exactly as that page
// shows it (a test checks that they have not drifted apart); the expected output is in
// expected-output.txt.

// README: a field with a limit
import StableTextCore

var field = StableTextField(text: "", rules: Rules(maxLength: 150, placeholder: "What's new?"))
print(field.shouldChange(0..<0, replacementText: "안녕 👋").allowed)  // true
try field.apply([FieldEdit(range: nil, text: "안녕 👋🏽 🇰🇷!")], in: .utf16)
print(field.state.counter)  // 07/150
print(field.state.placeholderVisible)  // false
// README: end

// README: a UTF-16 range, as NSRange gives it
// "안녕 👋🏽 🇰🇷!" is 13 UTF-16 units; replace the last one ("!") with a long paste.
let check = field.shouldChange(utf16Range: 12..<13, replacementText: String(repeating: "가", count: 200))!
print(check.allowed, check.length, check.fitting!.count)  // false 206 144
// README: end

// README: the three policies
var tweet = StableTextField(text: "Hello", rules: Rules(maxLength: 8))
let paste = [
  FieldEdit(
    range: TextRange(start: .init(line: 0, character: 5), end: .init(line: 0, character: 5)), text: ", world!"
  )
]
for policy in [LimitPolicy.reject, .truncate, .allow] {
  var copy = tweet
  let outcome = try copy.apply(paste, in: .utf16, policy: policy)
  print(policy, outcome.applied, copy.text.string, copy.state.counter)
}
// reject false Hello 05/8
// truncate true Hello, w 08/8
// allow true Hello, world! 13/8
tweet = StableTextField(text: "", rules: Rules(maxLength: 8, placeholder: "Say hi"))
print(tweet.state.placeholderVisible, tweet.state.counter)  // true 00/8
// README: end

// README: where to scroll
var notes = StableTextField(
  text: (1...30).map { "line \($0)" }.joined(separator: "\n"), rules: Rules(maxLength: nil))
let viewport = Viewport(height: 100, lineHeight: 20)
let answer = notes.scroll(ScrollRequest(caret: notes.text.lineStart(12), offset: 0, viewport: viewport))
print(answer.offset, answer.reason, answer.caret.row, answer.rows)  // 160.0 revealDown 12 30
// README: end
