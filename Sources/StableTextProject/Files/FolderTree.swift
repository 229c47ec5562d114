import StableTextCore
import StableTextSystem

/// The folders configuration has been looked for in, as a tree keyed by component: each holds
/// what its two configuration files were when last looked at, and the nearest `.stabletext.json`
/// at or above it, remembered and shared by every document below it. A path `d` folders deep is
/// walked once (`chain`), so a lookup costs time linear in the path, however deep.
///
/// Nodes live in one array and name each other by index: a chain fifty thousand folders deep is
/// freed without a recursion as deep.
struct FolderTree {
  /// What one configuration file in a folder was when last looked at.
  struct FileState {
    var entry: FileSystem.Entry = .absent
    /// For a `.stabletext.json` that is there: its layers or what is wrong with it.
    var project: Result<ProjectFile, ConfigurationProblems>?
    /// For an `.editorconfig`: whether its copy is in the mirror.
    var placed = false
    /// For an `.editorconfig` that cannot be read (not a file, too large): what is wrong (it has
    /// no copy, as if it were not there).
    var problem: ConfigurationProblem?
    /// For an `.editorconfig`: the sections its copy leaves out (`EditorConfigSections`).
    var skipped: [EditorConfigSections.Skipped] = []
    /// For an `.editorconfig`: whether it says `root = true` (the library reads none above it).
    var isRoot = false
  }

  struct Node {
    /// The folder's last component (empty for `/`).
    var name: String
    /// The parent's index (-1 for `/`).
    var parent: Int
    /// The length in bytes of the folder's path.
    var pathBytes: Int
    var children: [String: Int] = [:]
    /// When both files were last looked at (nil: never).
    var checked: MonotonicTime?
    var project = FileState()
    var editorConfig = FileState()
    /// What a stat of the folder itself said when it was last listed for convention files (nil:
    /// never listed, or it could not be).
    var listed: FileSystem.Entry?
    /// The convention files it holds (`ConventionFiles`), in precedence order.
    var conventions: [ConventionFiles.FileState] = []
    /// The nearest folder at or above this one with a `.stabletext.json` there (-1: none), as
    /// of `nearestGeneration`.
    var nearest = -1
    var nearestGeneration = -1
  }

  static let root = 0
  private(set) var nodes = [Node(name: "", parent: -1, pathBytes: 1)]
  /// Bumped whenever a `.stabletext.json` appears or goes: every remembered `nearest` is stale.
  private var generation = 0

  subscript(index: Int) -> Node {
    get { nodes[index] }
    set { nodes[index] = newValue }
  }

  /// The folders of the absolute path `folder` from `/` down, made as needed: `[/, /a, /a/b]`.
  mutating func chain(toFolder folder: String) -> [Int] {
    var chain = [Self.root]
    var current = Self.root
    for component in folder.split(separator: "/") {
      let name = String(component)
      if let child = nodes[current].children[name] {
        current = child
      } else {
        let parentBytes = nodes[current].pathBytes
        nodes.append(
          Node(
            name: name, parent: current,
            pathBytes: (current == Self.root ? 0 : parentBytes) + 1 + name.utf8.count))
        let child = nodes.count - 1
        nodes[current].children[name] = child
        current = child
      }
      chain.append(current)
    }
    return chain
  }

  /// The folder at the absolute path `folder`, if it is in the tree.
  func find(folder: String) -> Int? {
    var current = Self.root
    for component in folder.split(separator: "/") {
      guard let child = nodes[current].children[String(component)] else { return nil }
      current = child
    }
    return current
  }

  /// The folders from `/` down to `node`.
  func chain(to node: Int) -> [Int] {
    var chain: [Int] = []
    var current = node
    while current >= 0 {
      chain.append(current)
      current = nodes[current].parent
    }
    return chain.reversed()
  }

  /// The folder's path (`/`, `/a/b`).
  func path(of node: Int) -> String {
    let names = chain(to: node).dropFirst().map { nodes[$0].name }
    return "/" + names.joined(separator: "/")
  }

  /// The components of the folder's path (`[a, b]` for `/a/b`).
  func components(of node: Int) -> [String] {
    chain(to: node).dropFirst().map { nodes[$0].name }
  }

  /// Sets a folder's `.stabletext.json` state, making remembered answers stale when it came or
  /// went.
  mutating func setProject(_ state: FileState, of node: Int) {
    if (nodes[node].project.entry == .absent) != (state.entry == .absent) { generation += 1 }
    nodes[node].project = state
  }

  /// How many folders the tree holds.
  var count: Int { nodes.count }

  /// Forgets every folder that holds no configuration file and is not in `keeping` or above
  /// one that does or is (they are looked at again when next asked about, as new): the tree of a
  /// client that opens ever new deep paths stays bounded. The new index of each kept folder of
  /// `keeping`.
  mutating func compact(keeping: Set<Int>) -> [Int: Int] {
    var kept = [Bool](repeating: false, count: nodes.count)
    kept[Self.root] = true
    for index in nodes.indices
    where nodes[index].project.entry != .absent || nodes[index].editorConfig.entry != .absent
      || !nodes[index].conventions.isEmpty || keeping.contains(index)
    {
      kept[index] = true
    }
    // A parent always comes before its children: one pass from the end marks every ancestor.
    for index in nodes.indices.reversed() where kept[index] && nodes[index].parent >= 0 {
      kept[nodes[index].parent] = true
    }
    var renumbered = [Int](repeating: -1, count: nodes.count)
    var compacted: [Node] = []
    for index in nodes.indices where kept[index] {
      var node = nodes[index]
      renumbered[index] = compacted.count
      if node.parent >= 0 { node.parent = renumbered[node.parent] }
      node.children = [:]
      compacted.append(node)
      if node.parent >= 0 { compacted[node.parent].children[node.name] = compacted.count - 1 }
    }
    nodes = compacted
    // Remembered answers name old indices.
    generation += 1
    var moved: [Int: Int] = [:]
    for index in keeping where kept[index] { moved[index] = renumbered[index] }
    return moved
  }

  /// The nearest folder at or above the last of `chain` whose `.stabletext.json` is there (-1:
  /// none). Each folder's answer is remembered until a file comes or goes, so the documents
  /// below a folder share it.
  mutating func nearestProject(_ chain: [Int]) -> Int {
    var index = chain.count - 1
    var found = -1
    while index >= 0 {
      let node = nodes[chain[index]]
      if node.project.entry != .absent {
        found = chain[index]
        break
      }
      if node.nearestGeneration == generation {
        found = node.nearest
        break
      }
      index -= 1
    }
    for filled in chain[max(index, 0)...] {
      nodes[filled].nearest = found
      nodes[filled].nearestGeneration = generation
    }
    return found
  }
}
