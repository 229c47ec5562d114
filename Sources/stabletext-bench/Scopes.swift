import Foundation
import StableTextProject

#if canImport(Glibc)
  import Glibc
#endif

extension Benchmarks {
  /// Computing the scopes of a monorepo's packages natively (Protocol/README.md, "Scopes from a
  /// monorepo's packages"): a repository of 1,000 packages (`packages/pN/package.json`, each
  /// named `@acme/pN`) declared for each of the five scope packages (`workspaces`, `lerna.json`,
  /// `pnpm-workspace.yaml`, `rush.json`; Nx from the same workspaces), the median of 21
  /// computations of each: the walk, every manifest read and parsed, the names sorted. Where
  /// commitlint starts Node (and config-nx-scopes a child process building Nx's project graph).
  func scopes() {
    let count = Benchmarks.countOverride ?? 1_000
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "st-bench-scopes-\(UUID().uuidString)"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: root) }
    func write(_ relative: String, _ text: String) {
      let path = root + "/" + relative
      try? FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    }
    write("package.json", #"{"name": "root", "private": true, "workspaces": ["packages/*"]}"#)
    write("lerna.json", #"{"packages": ["packages/*"]}"#)
    write("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n")
    let projects = (0..<count).map {
      #"{"packageName": "@acme/p\#($0)", "projectFolder": "packages/p\#($0)"}"#
    }
    write("rush.json", "{\"projects\": [\n" + projects.joined(separator: ",\n") + "\n]}\n")
    for index in 0..<count {
      write("packages/p\(index)/package.json", #"{"name": "@acme/p\#(index)", "version": "1.0.0"}"#)
    }
    let runs = quick ? 5 : 21
    for package in ScopePackage.allCases {
      var times: [Double] = []
      var processor: [Double] = []
      var found = -1
      for _ in 0..<runs {
        let start = Self.now()
        let startProcessor = Self.processorSeconds()
        let computed = ScopeConfigurations.compute(package, root: root)
        processor.append(Self.processorSeconds() - startProcessor)
        times.append(Self.now() - start)
        found = computed.scopes?.count ?? -1
      }
      let median = times.sorted()[runs / 2]
      let medianProcessor = processor.sorted()[runs / 2]
      report(
        "scopes \(package.rawValue) (\(count) packages): \(String(format: "%.2f", median * 1000)) ms a "
          + "computation, \(String(format: "%.2f", medianProcessor * 1000)) ms of processor (\(found) scopes)"
      )
    }
    scopesFloor(root: root, count: count, runs: runs)
  }

  /// The least any computation of these scopes costs on this machine: each manifest opened,
  /// stat'd (the stat the walk keeps to see a change), read and closed, nothing else (no walk,
  /// no parse), on one thread and on two. A computation's figure is this floor plus the walk's
  /// own work; on a machine where a system call costs microseconds (a virtual machine) the floor
  /// alone is most of the 10 ms the scopes have (docs/performance.md).
  private func scopesFloor(root: String, count: Int, runs: Int) {
    let folder = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard folder >= 0 else { return }
    defer { close(folder) }
    // Each thread reads the manifests of its half of the packages into a buffer of its own.
    @Sendable func readManifests(_ range: Range<Int>) {
      var buffer = [UInt8](repeating: 0, count: 4096)
      var info = stat()
      for index in range {
        let fd = openat(folder, "packages/p\(index)/package.json", O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { continue }
        _ = fstat(fd, &info)
        _ = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        close(fd)
      }
    }
    for threads in [1, 2] {
      var times: [Double] = []
      for _ in 0..<runs {
        let start = Self.now()
        DispatchQueue.concurrentPerform(iterations: threads) { run in
          readManifests(count * run / threads..<count * (run + 1) / threads)
        }
        times.append(Self.now() - start)
      }
      let median = times.sorted()[runs / 2]
      report(
        "scopes floor (\(count) manifests opened, stat'd, read and closed; no walk, no parse) on "
          + "\(threads) thread\(threads == 1 ? "" : "s"): \(String(format: "%.2f", median * 1000)) ms, "
          + "\(String(format: "%.2f", median * 1e6 / Double(count * 4 / threads))) µs a system call"
      )
    }
  }

  /// The processor time (user and system) this process's threads have used: on a machine
  /// shared with other work, the part of a computation that is its own (its look-ahead runs on
  /// more than one thread, so this may pass the wall time).
  static func processorSeconds() -> Double {
    var spec = timespec()
    guard clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec) == 0 else { return 0 }
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }
}
