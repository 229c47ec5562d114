import Foundation
import StableTextJSON
import StableTextProtocol
import Testing

/// The module stack reads one way (docs/layout.md, "The module stack"): Core ← Conventions/JSON ←
/// Protocol ← Transport/Project ← Server/Client/Check ← MCP ← the executables, each module
/// importing only modules below it; the core names neither of the team's tools, whose rules live
/// in StableTextConventions, which stands on the core alone; StableTextProtocol stands on Core and JSON alone, so whatever speaks the
/// protocol links neither the transport's machinery (framing, sockets, WebSocket, nettle) nor
/// libeditorconfig; and no method name is spelled outside StableTextProtocol. Both are read from
/// the files themselves: Package.swift's target dependencies and every source file's imports.
@Suite struct ModuleStackTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// Each module's floor: a module may import only modules on a lower one. The C libraries and
  /// the test helpers stand on nothing; test targets stand above everything and may import any
  /// module. A new module is given its floor here, where its place in the stack is decided.
  static let floors: [String: Int] = [
    "CJansson": 0, "CEditorConfig": 0, "CYaml": 0, "CNettle": 0, "CPCRE2": 0, "CStableTextSystem": 0,
    "CStableTextBuild": 0,
    "StableTextCore": 0, "StableTextTestSupport": 0,
    "StableTextConventions": 1, "StableTextJSON": 1, "StableTextSystem": 1,
    "StableTextProtocol": 2,
    "StableTextTransport": 3, "StableTextProject": 3,
    "StableTextServer": 4, "StableTextClient": 4, "StableTextCheck": 4,
    "StableTextMCP": 5, "StableTextFuzzing": 5, "StableTextSessionSupport": 5,
    "stabletext": 6, "stabletext-bench": 6, "stabletext-fuzz": 6,
  ]

  /// What StableTextProtocol may import, and what it must not reach even through another module.
  static let protocolImports: Set<String> = ["StableTextCore", "StableTextJSON"]
  static let protocolMustNotLink: Set<String> = [
    "CEditorConfig", "CYaml", "CPCRE2", "CNettle", "StableTextTransport", "StableTextProject",
    "StableTextSystem",
    "CStableTextSystem",
  ]

  /// One target of Package.swift: its kind (`target`, `testTarget`…) and its dependencies.
  struct Target {
    var name: String
    var kind: String
    var dependencies: [String]
  }

  /// The targets Package.swift declares, read from its text: each `.target(`, `.executableTarget(`,
  /// `.testTarget(` or `.systemLibrary(` with its `name:` and the strings of its `dependencies: [`.
  static func targets() throws -> [Target] {
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let code = text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
    let declaration = /\.(target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"([^"]+)"/
    let matches = code.matches(of: declaration)
    var targets: [Target] = []
    for (index, match) in matches.enumerated() {
      let end = index + 1 < matches.count ? matches[index + 1].range.lowerBound : code.endIndex
      let body = code[match.range.upperBound..<end]
      var dependencies: [String] = []
      if let list = body.firstMatch(of: /dependencies:\s*\[([^\]]*)\]/) {
        dependencies = list.1.matches(of: /"([^"]+)"/).map { String($0.1) }
      }
      targets.append(Target(name: String(match.2), kind: String(match.1), dependencies: dependencies))
    }
    return targets
  }

  /// The modules each Swift file under `Sources/<module>/` imports (`import X`, `@testable import X`,
  /// `public import X`, `import struct X.Y`…), with the file and line that imports it.
  static func imports(of module: String) throws -> [(module: String, place: String)] {
    var found: [(String, String)] = []
    let statement =
      /^(?:@\w+\s+)?(?:(?:public|package|internal|private|fileprivate)\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)/
    for file in try swiftFiles(under: "Sources/\(module)") {
      let lines = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      for (number, line) in lines.enumerated() {
        if let match = line.firstMatch(of: statement) {
          found.append((String(match.1), "\(file):\(number + 1)"))
        }
      }
    }
    return found
  }

  /// The `.swift` files under `folder` (relative to the package), sorted, as relative paths.
  static func swiftFiles(under folder: String) throws -> [String] {
    let base = root.appendingPathComponent(folder)
    guard let walk = FileManager.default.enumerator(atPath: base.path) else { return [] }
    return walk.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { "\(folder)/\($0)" }
      .sorted()
  }

  /// Package.swift: every target has a floor (test targets above all), and depends only on
  /// targets below its own; StableTextProtocol depends on exactly Core and JSON, and nothing it
  /// reaches through them is the transport, the project module, the system layer or their C
  /// libraries.
  @Test func packageDependenciesReadOneWay() throws {
    let targets = try Self.targets()
    #expect(targets.count >= 18, "Package.swift read: \(targets.map(\.name))")
    let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    var violations: [String] = []
    for target in targets where target.kind != "testTarget" {
      guard let floor = Self.floors[target.name] else {
        violations.append("\(target.name) has no floor in ModuleStackTests.floors")
        continue
      }
      for dependency in target.dependencies {
        guard let below = Self.floors[dependency] else {
          violations.append("\(target.name) depends on \(dependency), which has no floor")
          continue
        }
        if below >= floor {
          violations.append("\(target.name) (floor \(floor)) depends on \(dependency) (floor \(below))")
        }
      }
    }
    let protocolTarget = try #require(byName["StableTextProtocol"])
    if Set(protocolTarget.dependencies) != Self.protocolImports {
      violations.append(
        "StableTextProtocol depends on \(protocolTarget.dependencies.sorted()), not exactly \(Self.protocolImports.sorted())"
      )
    }
    var reached: Set<String> = []
    var pending = protocolTarget.dependencies
    while let next = pending.popLast() {
      guard reached.insert(next).inserted else { continue }
      pending += byName[next]?.dependencies ?? []
    }
    for linked in reached.intersection(Self.protocolMustNotLink).sorted() {
      violations.append("StableTextProtocol links \(linked)")
    }
    #expect(violations.isEmpty, "\(violations.count) violations:\n\(violations.joined(separator: "\n"))")
  }

  /// Every source file: each module of this package it imports is on a lower floor and among its
  /// target's dependencies in Package.swift (an import that only works because another
  /// dependency brings the module along is a dependency Package.swift does not show).
  /// StableTextProtocol's files import nothing of the package but Core and JSON.
  @Test func importsReadOneWay() throws {
    let targets = try Self.targets()
    var violations: [String] = []
    var modulesRead = 0
    for target in targets where target.kind != "systemLibrary" && target.kind != "testTarget" {
      let floor = Self.floors[target.name] ?? Int.max
      let declared = Set(target.dependencies)
      let found = try Self.imports(of: target.name)
      if !found.isEmpty { modulesRead += 1 }
      for (module, place) in found where module != target.name {
        guard let below = Self.floors[module] else { continue }  // the toolchain's (Foundation, Testing…)
        if below >= floor {
          violations.append("\(place): \(target.name) (floor \(floor)) imports \(module) (floor \(below))")
        } else if !declared.contains(module) {
          violations.append("\(place): \(target.name) imports \(module), which Package.swift does not list")
        }
        if target.name == "StableTextProtocol" && !Self.protocolImports.contains(module) {
          violations.append("\(place): StableTextProtocol imports \(module)")
        }
      }
    }
    #expect(modulesRead >= 11, "source folders read: \(modulesRead)")
    #expect(violations.isEmpty, "\(violations.count) violations:\n\(violations.joined(separator: "\n"))")
  }

  /// A text field's library carries no commit conventions: no file of StableTextCore names
  /// commitlint or gitlint (in any case, comments included), and StableTextConventions, where
  /// their parser, rules and checks live, imports the core and nothing else of the package (an
  /// app that links the core alone links none of it; the core's floor keeps it from importing
  /// the conventions back).
  @Test func coreNamesNoConventionTool() throws {
    let files = try Self.swiftFiles(under: "Sources/StableTextCore")
    #expect(files.count > 40, "StableTextCore files read: \(files.count)")
    var offenders: [String] = []
    for file in files {
      let lines = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      for (number, line) in lines.enumerated() {
        let lowered = line.lowercased()
        if lowered.contains("commitlint") || lowered.contains("gitlint") {
          offenders.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
        }
      }
    }
    #expect(offenders.isEmpty, "\(offenders.count) lines:\n\(offenders.joined(separator: "\n"))")
    let imported = try Self.imports(of: "StableTextConventions").map(\.module)
    #expect(!imported.isEmpty, "no import read")
    #expect(Set(imported) == ["StableTextCore"])
    let target = try #require(try Self.targets().first { $0.name == "StableTextConventions" })
    #expect(target.dependencies == ["StableTextCore"])
  }

  /// A method's name is spelled once, in StableTextProtocol (its message type's `method`); every
  /// other Swift file under Sources/ names it through the type. Comments may cite a method.
  /// Not counted: the web page `--websocket` serves (JavaScript, which cannot name a Swift
  /// constant), and the conformance session format's directives `initialize` and `exit`,
  /// words of that format which drive the handshake and the wait for the exit status (and the
  /// list of directives whose JSON may span lines, `initialize` among them).
  @Test func noMethodNameIsSpelledOutsideTheProtocolModule() throws {
    let methodName =
      /"(?:textDocument\/|textDocument\\\/|window\/|workspace\/|client\/|\$\/|stableText\/|initialize"|initialized"|shutdown"|exit")/
    let directives: Set<String> = [
      "Sources/StableTextClient/Conformance/ConformanceSession.swift: case \"initialize\"",
      "Sources/StableTextClient/Conformance/ConformanceSession.swift: case \"exit\"",
      "Sources/StableTextClient/Conformance/ConformanceSession.swift: static let spanningDirectives",
    ]
    var offenders: [String] = []
    var filesRead = 0
    for file in try Self.swiftFiles(under: "Sources") where !file.hasPrefix("Sources/StableTextProtocol/") {
      filesRead += 1
      let lines = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        .split(separator: "\n", omittingEmptySubsequences: false)
      for (number, line) in lines.enumerated() {
        let code = line.trimmingCharacters(in: .whitespaces)
        guard !code.hasPrefix("//"), code.contains(methodName) else { continue }
        if directives.contains(where: { $0 == "\(file): \(code.prefix(while: { $0 != ":" }))" }) { continue }
        offenders.append("\(file):\(number + 1): \(code)")
      }
    }
    #expect(filesRead > 200, "Swift files read: \(filesRead)")
    #expect(
      offenders.isEmpty, "\(offenders.count) method names spelled:\n\(offenders.joined(separator: "\n"))")
  }

  /// The server-to-client messages that got types when their names left the server: each is
  /// written as the server wrote it before (the bytes a client sees are unchanged), reads back
  /// what it writes, and is not a method the client sends.
  @Test func serverNotificationsWriteWhatTheServerSent() throws {
    let samples: [(any NotificationType, String)] = [
      (
        LogMessageNotification(type: .error, message: "stabletext: textDocument/didOpen: 한국 👋🏽 \"x\""),
        #"{"type":1,"message":"stabletext: textDocument/didOpen: 한국 👋🏽 \"x\""}"#
      ),
      (
        ShowMessageNotification(type: .warning, message: "out of sync"),
        #"{"type":2,"message":"out of sync"}"#
      ),
      (
        PublishDiagnosticsNotification(
          uri: "file:///tmp/커밋.txt", version: 7, diagnostics: [["code": "over-limit", "severity": 2]]),
        #"{"uri":"file:///tmp/커밋.txt","version":7,"diagnostics":[{"code":"over-limit","severity":2}]}"#
      ),
      (
        PublishDiagnosticsNotification(uri: "file:///a", version: nil, diagnostics: []),
        #"{"uri":"file:///a","diagnostics":[]}"#
      ),
    ]
    for (sample, expected) in samples {
      let written = sample.json
      #expect(written.serialized == expected, "\(type(of: sample).method)")
      let handle = try JSONParser.parse(Array(JSONSerializer.bytes(written)))
      let read = try type(of: sample).init(decoding: handle.ref(.params))
      #expect(read.json == written, "\(type(of: sample).method): \(written.serialized)")
    }
    #expect(
      MessageRegistry.serverNotifications.map { $0.method } == [
        "textDocument/publishDiagnostics", "window/logMessage", "window/showMessage",
      ])
    let clientMethods = Set(
      MessageRegistry.requests.map { $0.method } + MessageRegistry.notifications.map { $0.method })
    #expect(clientMethods.isDisjoint(with: MessageRegistry.serverNotifications.map { $0.method }))
  }
}
