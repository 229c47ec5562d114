import Glibc
import StableTextCore
import StableTextSystem
import Testing

@testable import StableTextProject

extension Scratch {
  /// Writes the layout's files (folders made as needed).
  func make(_ files: [LayoutFile]) {
    for file in files {
      switch file {
      case .text(let path, let text): write(path, text)
      case .bytes(let path, let bytes):
        _ = FileSystem.makeFolders(FileSystem.folder(of: self.path(path)))
        _ = FileSystem.write(bytes, to: self.path(path))
      case .link(let path, let target):
        _ = FileSystem.makeFolders(FileSystem.folder(of: self.path(path)))
        symlink(target, self.path(path))
      }
    }
  }
}

/// What the computation gave, in the table's terms.
private func answer(_ computed: ComputedScopes) -> ScopeAnswer {
  if let scopes = computed.scopes { return .scopes(scopes) }
  return computed.commitlintFails ? .commitlintFails : .notComputed
}

/// Every layout, every package it names: the list, or the failure, exactly as commitlint's own
/// package computed it for the same files.
@Test(arguments: scopeLayouts)
func scopesAsEachPackageComputesThem(_ layout: ScopeLayout) {
  let scratch = Scratch()
  scratch.make(layout.files)
  for (package, expected) in layout.answers {
    let computed = ScopeConfigurations.compute(package, root: scratch.root)
    #expect(answer(computed) == expected, "\(package.rawValue): \(computed.problems)")
    // A list is the rule commitlint's configuration holds: level 2, always.
    if case .scopes(let list) = expected {
      #expect(
        computed.rule
          == .array([.number(2), .string("always"), .array(list.map { $0.map(CommitlintValue.string) ?? .null })]))
    } else {
      #expect(computed.rule == nil)
      #expect(computed.problems.count == 1)
    }
  }
}
