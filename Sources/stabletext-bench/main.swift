import Foundation
import StableTextClient
import StableTextCore
import StableTextJSON

// stabletext-bench: prints one line per figure. Build with `swift build -c release`.
//
//   stabletext-bench [--quick] [--count N] [--shape WORD] [--daemon PATH] [--against PATH] [--sourcekit-lsp PATH]
//                    [--gitlint PATH] [--baseline-daemon PATH] [--corpus PATH]
//                    [core|keystrokes|opening|opening-daemon|pipeline|stdio|latency|startup|memory|scroll|lines|conventions|commitlint-script|scopes|codeactions|completion|inlayhints|configurations|editorconfig|shapes|ratios|load|
//                    bounds|hardening|units|pathological|history|history-core|mcp|hook|commitlint-corpus|all]
//
// `--shape WORD` runs only the text shapes (and the units, beside graphemes) whose name contains WORD; `--daemon PATH` measures
// another build of the daemon (the packaged one: scripts/package) instead of the one beside it; `--gitlint PATH` the gitlint
// `history` races (default: .build/venv-clients/bin/gitlint, which scripts/test installs, then PATH's); `--baseline-daemon
// PATH` an earlier build of the daemon that `completion` and `inlayhints` measure interleaved with this one, with ratios;
// `commitlint-corpus --corpus PATH` prints, one JSON line a folder, what StableText reads from each JavaScript or TypeScript
// commitlint configuration of a corpus (for a harness outside the project; not part of `all`).

var arguments = Array(CommandLine.arguments.dropFirst())
var quick = false
var sourcekit: String? = nil
var what: [String] = []
var corpus: String? = nil
while let argument = arguments.first {
  arguments.removeFirst()
  switch argument {
  case "--quick": quick = true
  case "--count":
    Benchmarks.countOverride = arguments.isEmpty ? nil : Int(arguments.removeFirst())
  case "--shape":
    Benchmarks.shapeFilter = arguments.isEmpty ? nil : arguments.removeFirst()
  case "--daemon":
    Benchmarks.daemonOverride = arguments.isEmpty ? nil : arguments.removeFirst()
  case "--against":
    Benchmarks.against = arguments.isEmpty ? nil : arguments.removeFirst()
  case "--baseline-daemon":
    Benchmarks.baselineDaemon = arguments.isEmpty ? nil : arguments.removeFirst()
  case "--gitlint":
    Benchmarks.gitlintOverride = arguments.isEmpty ? nil : arguments.removeFirst()
  case "--corpus":
    corpus = arguments.isEmpty ? nil : arguments.removeFirst()
  case "--sourcekit-lsp":
    sourcekit = arguments.isEmpty ? nil : arguments.removeFirst()
  default: what.append(argument)
  }
}
if what.isEmpty || what == ["all"] {
  what = [
    "startup", "core", "opening", "opening-daemon", "pipeline", "scroll", "stdio", "lines", "conventions",
    "commitlint-script", "scopes",
    "codeactions", "completion", "inlayhints", "configurations", "editorconfig", "shapes",
    "ratios", "latency", "memory",
    "load",
    "bounds",
    "units",
    "pathological",
    "history",
    "mcp",
    "hook",
  ]
}

let bench = Benchmarks(quick: quick, sourcekit: sourcekit)
for name in what {
  switch name {
  case "core": bench.core()
  case "keystrokes": bench.keystrokes()
  case "opening": bench.openInProcess()
  case "opening-daemon": bench.openingDaemon()
  case "scroll": bench.scroll()
  case "stdio": bench.stdio()
  case "latency": bench.latency()
  case "startup": bench.startup()
  case "memory": bench.memory()
  case "load": bench.load()
  case "lines": bench.lines()
  case "conventions": bench.conventions()
  case "commitlint-script": bench.commitlintScript()
  case "scopes": bench.scopes()
  case "commitlint-corpus":
    guard let corpus else {
      FileHandle.standardError.write(Data("commitlint-corpus needs --corpus PATH\n".utf8))
      exit(2)
    }
    bench.commitlintCorpus(corpus)
  case "codeactions": bench.codeActions()
  case "completion": bench.completion()
  case "inlayhints": bench.inlayHintRequests()
  case "configurations": bench.configurations()
  case "editorconfig": bench.editorConfigCosts()
  case "shapes": bench.shapes()
  case "ratios": bench.shapeRatios()
  case "pipeline": bench.pipeline()
  case "bounds": bench.bounds()
  case "hardening": bench.hardening()
  case "units": bench.units()
  case "pathological": bench.pathological()
  case "mcp": bench.mcp()
  case "hook": bench.hook()
  case "history": bench.history()
  case "history-core": bench.inProcess()
  default:
    FileHandle.standardError.write(Data("unknown benchmark \(name)\n".utf8))
    exit(2)
  }
}
