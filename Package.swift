// swift-tools-version:6.0
import Foundation
import PackageDescription

// The C targets' debug information in DWARF 4: valgrind 3.19 (Debian 12's, which the leak check
// runs) cannot read the DWARF 5 forms the toolchain's clang writes by default, and gives up on
// the whole binary.
let dwarf4: [CSetting] = [.unsafeFlags(["-gdwarf-4"])]

// The core optimized in the debug build as well: its tests (property tests against plain models,
// thousands of edits each) and the debug daemon the session tests drive spend most of their time
// in it. Measured on this project's 2-core machine (docs/testing.md, "What made the run
// shorter"): the core's tests took 258 s of processor unoptimized and 70 s optimized, the
// session suites 291 s and 225 s, and compiling the core and everything above it cost the same
// either way (129 s and 121 s). The other libraries stay unoptimized (optimizing them all saved
// 108 s of the tests' processor time and cost 247 s more to compile), and so do the core's tests
// (28 s saved, about 90 s more to compile).
let optimizedWhenDebugging: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug))]

let package = Package(
  name: "StableText",
  products: [
    .library(name: "StableTextCore", targets: ["StableTextCore"]),
    .executable(name: "stabletext", targets: ["stabletext"]),
    .executable(name: "stabletext-bench", targets: ["stabletext-bench"]),
  ],
  targets: [
    // The modules stack one way (docs/layout.md, "The module stack"): Core ← JSON ← Protocol ←
    // Transport and Project ← Server, Client and Check ← MCP ← the executables; a target
    // depends only on targets below it (ModuleStackTests reads this file and every import).
    // jansson, from Debian's libjansson-dev: the daemon's JSON parser and serializer.
    .systemLibrary(
      name: "CJansson",
      pkgConfig: "jansson",
      providers: [.apt(["libjansson-dev"])]
    ),
    // EditorConfig's own C library, from Debian's libeditorconfig-dev: it resolves `.editorconfig`
    // sections and globs exactly as every editor's EditorConfig plugin does.
    .systemLibrary(
      name: "CEditorConfig",
      pkgConfig: "editorconfig",
      providers: [.apt(["libeditorconfig-dev"])]
    ),
    // libyaml, from Debian's libyaml-dev: commitlint's YAML configuration files (`.commitlintrc`,
    // `.commitlintrc.yaml`), read through its events so that mapping order, anchors and the
    // parser's own line and column for a malformed file are kept.
    .systemLibrary(
      name: "CYaml",
      pkgConfig: "yaml-0.1",
      providers: [.apt(["libyaml-dev"])]
    ),
    // PCRE2, from Debian's libpcre2-dev: the regular expressions of a team's `.gitlint` (Python's
    // `re` syntax, which PCRE2 reads closely), matched under a budget of steps counted by its
    // callouts (StableTextProject's PCRE2Engine; the core matches none itself).
    .systemLibrary(
      name: "CPCRE2",
      pkgConfig: "libpcre2-8",
      providers: [.apt(["libpcre2-dev"])]
    ),
    // nettle, from Debian's nettle-dev: SHA-1 and base64 for the WebSocket handshake's
    // Sec-WebSocket-Accept.
    .systemLibrary(
      name: "CNettle",
      pkgConfig: "nettle",
      providers: [.apt(["nettle-dev"])]
    ),
    // Pure Swift: text storage, positions, rules, diagnostics. No I/O, no JSON, no Linux-only API,
    // so an iOS app can link it in-process.
    // `Double.rounded()` and friends are libm's `round`, `floor`… on Linux, which nothing else
    // links when an app depends on this library alone.
    .target(
      name: "StableTextCore", swiftSettings: optimizedWhenDebugging,
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux]))]),
    // The commit conventions teams already keep, on the core: the Conventional Commits parser,
    // commitlint's and gitlint's rules and configurations, the checks that run them and
    // completion in a commit message. Pure Swift like the core, which does not import it, so an
    // app that links the core for a text field carries none of it.
    .target(name: "StableTextConventions", dependencies: ["StableTextCore"]),
    // A reference-counting-safe Swift layer over jansson with field-path errors.
    .target(name: "StableTextJSON", dependencies: ["CJansson"]),
    // Threads, locks, a monotonic clock, files and child processes on the C library: what the
    // daemon and its commands would otherwise take from Foundation, whose static copy would make
    // the released binary 58 MB (see scripts/package).
    .target(name: "StableTextSystem", dependencies: ["CStableTextSystem"]),
    // The C library's GNU extensions that Swift's Glibc module leaves out (pipe2, thread names,
    // closefrom in a spawn).
    .target(name: "CStableTextSystem", cSettings: dwarf4),
    // One type per LSP request and notification StableText speaks (its method, its params read
    // with field paths and written as a client sends them, its response), their support types
    // and the registry: what the server, the client, the demo, the benchmark and the tests share.
    // With them the method protocols (Methods/), the JSON-RPC message model (JSONRPC/: ids, errors,
    // a parsed message classified) and the rules' JSON (RulesJSON/). It stands on Core and JSON
    // alone, so whatever speaks the protocol links neither the transport's machinery (nettle)
    // nor libeditorconfig, and it is the one place a method's name is spelled (docs/layout.md,
    // "The module stack"; ModuleStackTests).
    .target(
      name: "StableTextProtocol",
      dependencies: ["StableTextCore", "StableTextJSON"]),
    // LSP base framing, the connection (reader thread, work queue, dispatch, the method table
    // that routes messages to handlers), the socket transports and the WebSocket port (RFC 6455).
    .target(
      name: "StableTextTransport",
      dependencies: ["StableTextProtocol", "StableTextJSON", "StableTextSystem", "CNettle"]),
    // The rules a repository keeps: `.stabletext.json` and `.editorconfig` found beside a file or
    // above it, and the team's commitlint and gitlint files (YAML through libyaml), read under the daemon's rules (configuration files only, at most 1 MiB, changes
    // noticed by a stat at most once a second), their rules read with the protocol's rules' JSON;
    // and what git says of a repository (Git/), the one place git is asked, for check, init,
    // rules, the MCP tools and the daemon alike.
    .target(
      name: "StableTextProject",
      dependencies: [
        "StableTextConventions", "StableTextCore", "StableTextJSON", "StableTextProtocol", "StableTextSystem",
        "CEditorConfig", "CYaml", "CPCRE2",
      ]),
    // LSP lifecycle, documents, handlers and the diagnostics publisher.
    .target(
      name: "StableTextServer",
      dependencies: [
        "StableTextConventions", "StableTextCore", "StableTextTransport", "StableTextJSON",
        "StableTextProject", "StableTextProtocol",
        "StableTextSystem",
      ]),
    // What `check`, `rules` and `check --fix` do to a file or a message, for the command line and
    // the MCP tools alike: the rules of a path (`CheckRules`), the check into a report (text,
    // JSON, GitHub's commands; standard output or memory), the fixes.
    .target(
      name: "StableTextCheck",
      dependencies: [
        "StableTextConventions", "StableTextCore", "StableTextJSON", "StableTextProject",
        "StableTextProtocol", "StableTextSystem",
      ]
    ),
    // The MCP server (`stabletext mcp`): the checks as tools for agents, a MessageHandler over the
    // transport's connection with one JSON-RPC message a line.
    .target(
      name: "StableTextMCP",
      dependencies: [
        "StableTextCheck", "StableTextCore", "StableTextJSON", "StableTextProject", "StableTextProtocol",
        "StableTextServer", "StableTextSystem", "StableTextTransport",
      ]),
    // A small LSP client that spawns a server and speaks to it: the demo, the session tests
    // and the conformance runner all use it.
    .target(
      name: "StableTextClient",
      dependencies: [
        "StableTextTransport", "StableTextJSON", "StableTextSystem", "StableTextProtocol", "StableTextCore",
      ]),
    // What the build recorded (commit, date), for `--version`; scripts/package sets it.
    .target(name: "CStableTextBuild", cSettings: dwarf4),
    // The thin executable: options, stdio wiring, `check`, `demo`.
    .executableTarget(
      name: "stabletext",
      dependencies: [
        "StableTextConventions", "StableTextServer", "StableTextCore", "StableTextJSON",
        "StableTextTransport", "StableTextClient",
        "StableTextSystem", "StableTextProject", "CStableTextBuild", "StableTextProtocol", "StableTextCheck",
        "StableTextMCP",
      ],
      // The page `--websocket` serves at `/`, compiled into the binary.
      resources: [.embedInCode("Web/index.html")]
    ),
    // Benchmarks (release builds only): the core in-process, and the daemon beside sourcekit-lsp.
    .executableTarget(
      name: "stabletext-bench",
      dependencies: [
        "StableTextConventions", "StableTextCore", "StableTextClient", "StableTextJSON",
        "StableTextTransport", "StableTextServer",
        "StableTextSystem", "StableTextProtocol", "StableTextProject", "StableTextMCP",
      ]
    ),
    // The fuzz target's checks and its message generator, shared by the fuzzer and the tests.
    .target(
      name: "StableTextFuzzing",
      dependencies: [
        "StableTextServer", "StableTextJSON", "StableTextTransport", "StableTextClient", "StableTextProtocol",
        "StableTextCore", "StableTextSystem",
      ]),
    // libFuzzer target (scripts/fuzz builds it with -sanitize=fuzzer); a replay tool otherwise.
    .executableTarget(name: "stabletext-fuzz", dependencies: ["StableTextFuzzing"]),
    // Helpers the tests share: positions marked in text (`1️⃣`) given in every encoding; others'
    // data, read from ../shared/third-party/ beside the project.
    .target(name: "StableTextTestSupport"),
    // What the suites that start the daemon share: the binary's path and runners for it and
    // other commands, `Session` (the real binary over a transport, or the server in process),
    // the schema validator, editors run headless. Test-only (it imports Testing).
    .target(
      name: "StableTextSessionSupport",
      dependencies: [
        "StableTextClient", "StableTextCore", "StableTextJSON", "StableTextProtocol", "StableTextServer",
        "StableTextSystem", "StableTextTransport",
      ]),
    // A test target per module, then the binary's suites by concern. Those that run the binary
    // depend on the executable, so `swift test` builds it once.
    .testTarget(name: "StableTextCoreTests", dependencies: ["StableTextCore", "StableTextTestSupport"]),
    // gitlint's rules read regular expressions through the engine the daemon gives them
    // (StableTextProject's PCRE2Engine), which the port's tests use too.
    .testTarget(
      name: "StableTextConventionsTests",
      dependencies: ["StableTextConventions", "StableTextCore", "StableTextTestSupport", "StableTextProject"]),
    .testTarget(name: "StableTextJSONTests", dependencies: ["StableTextJSON", "StableTextTransport"]),
    .testTarget(name: "StableTextSystemTests", dependencies: ["StableTextSystem"]),
    .testTarget(
      name: "StableTextTransportTests",
      dependencies: ["StableTextTransport", "StableTextJSON", "StableTextSystem", "StableTextProtocol"]),
    .testTarget(
      name: "StableTextProjectTests",
      dependencies: [
        "StableTextProject", "StableTextConventions", "StableTextCore", "StableTextJSON", "StableTextSystem",
      ]),
    // The message types and the schemas (the registry's test reads the server's method table).
    .testTarget(
      name: "StableTextProtocolTests",
      dependencies: [
        "StableTextProtocol", "StableTextCore", "StableTextJSON", "StableTextServer", "StableTextTransport",
        "StableTextSessionSupport",
      ]),
    // The server's behaviour, in process (`Session(inProcess: true)`); a few sessions through the
    // binary where the process matters.
    .testTarget(
      name: "StableTextServerTests",
      dependencies: [
        "stabletext", "StableTextServer", "StableTextClient", "StableTextCore", "StableTextJSON",
        "StableTextProject", "StableTextProtocol", "StableTextTestSupport", "StableTextSessionSupport",
        "StableTextFuzzing",
      ]),
    .testTarget(
      name: "StableTextClientTests",
      dependencies: [
        "StableTextClient", "StableTextJSON", "StableTextSystem", "StableTextTransport", "StableTextCore",
      ]),
    // The MCP server: its registry and tools in process, its lifecycle and bad input through
    // `stabletext mcp`.
    .testTarget(
      name: "StableTextMCPTests",
      dependencies: [
        "stabletext", "StableTextMCP", "StableTextJSON", "StableTextProtocol", "StableTextTransport",
        "StableTextClient", "StableTextSessionSupport", "StableTextSystem",
      ]),
    // The binary's commands: check, rules, init, git's configuration, the command line.
    .testTarget(
      name: "StableTextCommandTests",
      dependencies: [
        "stabletext", "StableTextJSON", "StableTextProtocol", "StableTextServer", "StableTextSystem",
        "StableTextSessionSupport",
      ]),
    // Real editors (Neovim, Emacs, Vim) with the editor packages, headless, and git commit
    // through the hook and an editor.
    .testTarget(
      name: "StableTextEditorTests",
      dependencies: ["stabletext", "StableTextJSON", "StableTextSystem", "StableTextSessionSupport"]),
    // What the repository's documents and sources promise: README blocks run as written (its
    // editor set-ups in editors with a fresh home), the documents' code and tables, the
    // narrowing conversions' reasons.
    .testTarget(
      name: "StableTextRepositoryTests",
      dependencies: [
        "stabletext", "StableTextConventions", "StableTextCore", "StableTextJSON", "StableTextProject",
        "StableTextProtocol",
        "StableTextSessionSupport", "StableTextTestSupport",
      ]),
    // LSP sessions through the real binary: lifecycle, sync, limits, hostile input, transports,
    // the wire golden file, the conformance suite, the fuzz regressions, the leak check.
    .testTarget(
      name: "StableTextSessionTests",
      dependencies: [
        "stabletext", "StableTextJSON", "StableTextClient", "StableTextFuzzing", "StableTextTestSupport",
        "StableTextServer", "StableTextTransport", "StableTextProject", "StableTextSystem",
        "StableTextProtocol", "StableTextCore", "StableTextSessionSupport",
      ]
    ),
  ]
)

// The core's tests under ThreadSanitizer (scripts/test) need only the core and what its tests
// use: with STABLETEXT_PACKAGE=core in the environment the manifest keeps those three targets,
// so that run compiles three modules with the sanitizer instead of every module and suite.
if ProcessInfo.processInfo.environment["STABLETEXT_PACKAGE"] == "core" {
  let kept: Set<String> = ["StableTextCore", "StableTextTestSupport", "StableTextCoreTests"]
  package.targets.removeAll { !kept.contains($0.name) }
  package.products = [.library(name: "StableTextCore", targets: ["StableTextCore"])]
}
