import StableTextProject
import Testing

// The layouts the scope tests build, each with what commitlint's own package computes for it.
// Every layout is written here for StableText; each answer is a fact: what the package's real
// code (commitlint 21, under Node 24) returned for that very layout when run on the test
// machine, or, where marked, what the package's own dependency does where the machine's run had
// to use a stand-in. Protocol/README.md, "Scopes from a monorepo's packages".

/// One file of a layout, relative to its root.
enum LayoutFile: Sendable {
  case text(String, String)
  case bytes(String, [UInt8])
  /// A symbolic link and its target, as written.
  case link(String, String)
}

/// What a package computes: the list `scope-enum` gets (`nil` for JavaScript's `undefined`),
/// or that commitlint fails on the repository, or that StableText cannot compute it.
enum ScopeAnswer: Sendable, Equatable {
  case scopes([String?])
  case commitlintFails
  case notComputed
}

struct ScopeLayout: CustomTestStringConvertible, Sendable {
  var name: String
  var files: [LayoutFile]
  var answers: [(ScopePackage, ScopeAnswer)]

  init(_ name: String, files: [LayoutFile], answers: [(ScopePackage, ScopeAnswer)]) {
    self.name = name
    self.files = files
    self.answers = answers
  }

  var testDescription: String { name }
}

let scopeLayouts: [ScopeLayout] = [
  ScopeLayout(
    "workspace: @packages/* with scoped names",
    files: [
      .text("package.json", "{\"name\": \"yarn\", \"workspaces\": [\"@packages/*\"]}"),
      .text("@packages/a/package.json", "{\"name\": \"@packages/a\"}"),
      .text("@packages/b/package.json", "{\"name\": \"@packages/b\"}"),
    ],
    answers: [
      (.workspace, .scopes(["a", "b"])),
      (.lerna, .scopes(["a", "b"])),
      (.pnpm, .scopes(["a", "b", "global", "yarn"])),
    ]),
  ScopeLayout(
    "workspace: no workspaces at all",
    files: [
      .text("package.json", "{\"name\": \"empty\", \"version\": \"1.0.0\"}")
    ],
    answers: [
      (.workspace, .scopes([])),
      (.pnpm, .scopes(["empty", "global"])),
    ]),
  ScopeLayout(
    "workspace: nested packages under **, dependencies not workspaces",
    files: [
      .text("package.json", "{\"name\": \"nested\", \"workspaces\": [\"@packages/**\"]}"),
      .text("@packages/a/nested-a/package.json", "{\"name\": \"@packages/nested-a\"}"),
      .text("@packages/b/nested-b/package.json", "{\"name\": \"@packages/nested-b\"}"),
      .text("@packages/b/nested-b/node_modules/dependency-b/package.json", "{\"name\": \"dependency-b\"}"),
    ],
    answers: [
      (.workspace, .scopes(["nested-a", "nested-b"])),
      (.lerna, .scopes(["nested-a", "nested-b"])),
    ]),
  ScopeLayout(
    "workspace: object form is read as none",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": {\"packages\": [\"packages/*\"]}}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.workspace, .scopes([])),
      (.lerna, .commitlintFails),
      (.pnpm, .scopes(["a", "global", "root"])),
    ]),
  ScopeLayout(
    "workspace: a package found by two entries counts twice",
    files: [
      .text(
        "package.json",
        "{\"name\": \"root\", \"workspaces\": [\"packages/*\", \"packages/a\", \"./packages/a/\"]}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .text("packages/b/package.json", "{\"name\": \"b\"}"),
    ],
    answers: [
      (.workspace, .scopes(["a", "a", "a", "b"])),
      (.lerna, .scopes(["a", "a", "a", "b"])),
    ]),
  ScopeLayout(
    "names: scopes dropped, @scope alone undefined, empty and missing names skipped",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .text("p/a/package.json", "{\"name\": \"@a\"}"),
      .text("p/b/package.json", "{\"name\": \"@a/b/c\"}"),
      .text("p/c/package.json", "{\"name\": \"\"}"),
      .text("p/d/package.json", "{\"version\": \"1\"}"),
      .text("p/e/package.json", "{\"name\": \"@\"}"),
      .text("p/f/package.json", "{\"name\": \"@/x\"}"),
      .text("p/g/package.json", "{\"name\": \"x/y\"}"),
      .text("p/h/package.json", "{\"name\": \"@h/\"}"),
    ],
    answers: [
      (.workspace, .scopes([nil, "b", nil, "x", "x/y", ""])),
      (.lerna, .scopes([nil, "b", nil, "x", "x/y", ""])),
      (.pnpm, .scopes(["", "b", "global", "root", "x", "x/y", nil])),
    ]),
  ScopeLayout(
    "names: only @scope alone",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .text("p/a/package.json", "{\"name\": \"@a\"}"),
    ],
    answers: [
      (.workspace, .scopes([nil]))
    ]),
  ScopeLayout(
    "names: a number fails",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .text("p/a/package.json", "{\"name\": 5}"),
    ],
    answers: [
      (.workspace, .commitlintFails),
      (.lerna, .commitlintFails),
      (.pnpm, .commitlintFails),
    ]),
  ScopeLayout(
    "names: false and 0 are no name",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .text("p/a/package.json", "{\"name\": false}"),
      .text("p/b/package.json", "{\"name\": 0}"),
      .text("p/c/package.json", "{\"name\": \"c\"}"),
    ],
    answers: [
      (.workspace, .scopes(["c"])),
      (.lerna, .scopes(["c"])),
      (.pnpm, .scopes(["c", "global", "root"])),
    ]),
  ScopeLayout(
    "globs: dot folders only when named",
    files: [
      .text(
        "package.json", "{\"name\": \"root\", \"workspaces\": [\"packages/*\", \"deep/**\", \"named/.*\"]}"),
      .text("packages/.hidden/package.json", "{\"name\": \"hidden\"}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .text("deep/x/.h/package.json", "{\"name\": \"deephidden\"}"),
      .text("deep/x/y/package.json", "{\"name\": \"deepy\"}"),
      .text("deep/package.json", "{\"name\": \"deeproot\"}"),
      .text("deep/.h2/z/package.json", "{\"name\": \"deeph2\"}"),
      .text("named/.n/package.json", "{\"name\": \"named-dot\"}"),
    ],
    answers: [
      (.workspace, .scopes(["deeproot", "deepy", "named-dot", "a"])),
      (.pnpm, .scopes(["a", "deeproot", "deepy", "global", "root"])),
    ]),
  ScopeLayout(
    "globs: node_modules and bower_components anywhere in a path",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"packages/*\", \"deep/**\"]}"),
      .text("packages/node_modules_x/package.json", "{\"name\": \"nmx\"}"),
      .text("packages/xnode_modules/package.json", "{\"name\": \"xnm\"}"),
      .text("packages/bower_components/package.json", "{\"name\": \"bower\"}"),
      .text("deep/a/bower_components/package.json", "{\"name\": \"deepbower\"}"),
      .text("deep/my_node_modules/b/package.json", "{\"name\": \"deepnm\"}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.workspace, .scopes(["deepbower", "a", "bower"])),
      (.lerna, .scopes(["deepbower", "a", "bower"])),
      (.pnpm, .scopes(["a", "global", "root"])),
    ]),
  ScopeLayout(
    "sorting: paths and names by UTF-16 code units",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .text("p/B/package.json", "{\"name\": \"zz\"}"),
      .text("p/a/package.json", "{\"name\": \"yy\"}"),
      .text("p/\u{FF01}/package.json", "{\"name\": \"fullwidth\"}"),
      .text("p/\u{1F600}/package.json", "{\"name\": \"emoji\"}"),
      .text("p/_/package.json", "{\"name\": \"under\"}"),
      .text("p/a-b/package.json", "{\"name\": \"AB\"}"),
      .text("p/a.b/package.json", "{\"name\": \"A.B\"}"),
      .text("p/c/package.json", "{\"name\": \"\\uff01\"}"),
      .text("p/d/package.json", "{\"name\": \"\\ud83d\\ude00\"}"),
    ],
    answers: [
      (
        .workspace,
        .scopes(["zz", "under", "AB", "A.B", "yy", "\u{FF01}", "\u{1F600}", "emoji", "fullwidth"])
      ),
      (.lerna, .scopes(["zz", "under", "AB", "A.B", "yy", "\u{FF01}", "\u{1F600}", "emoji", "fullwidth"])),
      (
        .pnpm,
        .scopes([
          "A.B", "AB", "emoji", "fullwidth", "global", "root", "under", "yy", "zz", "\u{1F600}", "\u{FF01}",
        ])
      ),
    ]),
  ScopeLayout(
    "braces: lists, nesting, sequences, literal {x}",
    files: [
      .text(
        "package.json",
        "{\"name\": \"root\", \"workspaces\": [\"{apps,libs}/*\", \"pkg{1..3}\", \"n/{a,{b,c}}\", \"s/{x}\", \"z{01..3}\", \"l/{a..c}\"]}"
      ),
      .text("apps/a/package.json", "{\"name\": \"app-a\"}"),
      .text("libs/l/package.json", "{\"name\": \"lib-l\"}"),
      .text("pkg1/package.json", "{\"name\": \"pkg1\"}"),
      .text("pkg3/package.json", "{\"name\": \"pkg3\"}"),
      .text("pkg4/package.json", "{\"name\": \"pkg4\"}"),
      .text("n/a/package.json", "{\"name\": \"na\"}"),
      .text("n/c/package.json", "{\"name\": \"nc\"}"),
      .text("s/{x}/package.json", "{\"name\": \"sx-literal\"}"),
      .text("s/x/package.json", "{\"name\": \"sx\"}"),
      .text("z02/package.json", "{\"name\": \"z02\"}"),
      .text("z2/package.json", "{\"name\": \"z2\"}"),
      .text("l/b/package.json", "{\"name\": \"lb\"}"),
    ],
    answers: [
      (.workspace, .scopes(["app-a", "lb", "lib-l", "na", "nc", "pkg1", "pkg3", "sx-literal", "z02"])),
      (.lerna, .scopes(["app-a", "lb", "lib-l", "na", "nc", "pkg1", "pkg3", "sx-literal", "z02"])),
    ]),
  ScopeLayout(
    "classes and extended patterns",
    files: [
      .text(
        "package.json",
        "{\"name\": \"root\", \"workspaces\": [\"c/[ab]\", \"d/[!a]*\", \"e/+(x|y)\", \"f/@(m|n)\", \"g/?\", \"h/[[:digit:]]*\"]}"
      ),
      .text("c/a/package.json", "{\"name\": \"ca\"}"),
      .text("c/c/package.json", "{\"name\": \"cc\"}"),
      .text("d/a1/package.json", "{\"name\": \"da1\"}"),
      .text("d/b1/package.json", "{\"name\": \"db1\"}"),
      .text("d/.b/package.json", "{\"name\": \"ddot\"}"),
      .text("e/xx/package.json", "{\"name\": \"exx\"}"),
      .text("e/z/package.json", "{\"name\": \"ez\"}"),
      .text("f/m/package.json", "{\"name\": \"fm\"}"),
      .text("g/q/package.json", "{\"name\": \"gq\"}"),
      .text("g/qq/package.json", "{\"name\": \"gqq\"}"),
      .text("h/1a/package.json", "{\"name\": \"h1a\"}"),
      .text("h/a1/package.json", "{\"name\": \"ha1\"}"),
    ],
    answers: [
      (.workspace, .scopes(["ca", "db1", "exx", "fm", "gq", "h1a"]))
    ]),
  ScopeLayout(
    "root entries: empty, dot and ** take the root's own manifest",
    files: [
      .text("package.json", "{\"name\": \"@me/root\", \"workspaces\": [\"\", \".\", \"**\"]}"),
      .text("a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.workspace, .scopes(["a", "root", "root", "root"])),
      (.lerna, .scopes(["a", "root", "root", "root"])),
    ]),
  ScopeLayout(
    "literal # and !, backslashes, doubled slashes, .. inside",
    files: [
      .text(
        "package.json",
        "{\"name\": \"root\", \"workspaces\": [\"#c/*\", \"!p/a\", \"p\\\\b\", \"p/a/package.json\", \"p//c\", \"p/./d\", \"q/../p/e\"]}"
      ),
      .text("#c/x/package.json", "{\"name\": \"hashx\"}"),
      .text("!p/a/package.json", "{\"name\": \"bang\"}"),
      .text("p/a/package.json", "{\"name\": \"pa\"}"),
      .text("p/b/package.json", "{\"name\": \"pb\"}"),
      .text("p/c/package.json", "{\"name\": \"pc\"}"),
      .text("p/d/package.json", "{\"name\": \"pd\"}"),
      .text("p/e/package.json", "{\"name\": \"pe\"}"),
    ],
    answers: [
      (.workspace, .scopes(["bang", "hashx", "pb", "pc", "pd", "pe"]))
    ]),
  ScopeLayout(
    "a workspace entry that is not a string fails",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\", 5]}"),
      .text("p/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.workspace, .commitlintFails),
      (.lerna, .commitlintFails),
    ]),
  ScopeLayout(
    "no root package.json",
    files: [
      .text("p/a/package.json", "{\"name\": \"a\"}"),
      .text("pnpm-workspace.yaml", "packages: ['p/*']\n"),
      .text("lerna.json", "{\"packages\": [\"p/*\"]}"),
    ],
    answers: [
      (.workspace, .commitlintFails),
      (.lerna, .commitlintFails),
      (.pnpm, .scopes(["a", "global"])),
    ]),
  ScopeLayout(
    "a malformed package manifest fails",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .text("p/a/package.json", "{\"name\": \"a\",}"),
      .text("p/b/package.json", "{\"name\": \"b\"}"),
      .text("lerna.json", "{\"packages\": [\"p/*\"]}"),
      .text("pnpm-workspace.yaml", "packages: ['p/*']\n"),
    ],
    answers: [
      (.workspace, .commitlintFails),
      (.lerna, .commitlintFails),
      (.pnpm, .commitlintFails),
    ]),
  ScopeLayout(
    "a folder named package.json fails",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .text("p/a/package.json/x", ""),
      .text("p/b/package.json", "{\"name\": \"b\"}"),
    ],
    answers: [
      (.workspace, .commitlintFails)
    ]),
  ScopeLayout(
    "a dangling link named package.json fails",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .link("p/a/package.json", "../../nowhere.json"),
      .text("p/b/package.json", "{\"name\": \"b\"}"),
    ],
    answers: [
      (.workspace, .commitlintFails)
    ]),
  ScopeLayout(
    "byte order marks: require and strip-bom drop it, JSON.parse fails",
    files: [
      .bytes(
        "package.json",
        [
          0xEF, 0xBB, 0xBF, 0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x20, 0x22, 0x72, 0x6F, 0x6F,
          0x74, 0x22, 0x7D,
        ]),
      .bytes(
        "p/a/package.json",
        [0xEF, 0xBB, 0xBF, 0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x20, 0x22, 0x61, 0x22, 0x7D]),
      .text("lerna.json", "{\"packages\": [\"p/*\"]}"),
      .bytes(
        "pnpm-workspace.yaml",
        [
          0xEF, 0xBB, 0xBF, 0x70, 0x61, 0x63, 0x6B, 0x61, 0x67, 0x65, 0x73, 0x3A, 0x20, 0x5B, 0x27, 0x70,
          0x2F, 0x2A, 0x27, 0x5D, 0x0A,
        ]),
    ],
    answers: [
      (.lerna, .commitlintFails),
      (.pnpm, .scopes(["a", "global"])),
    ]),
  ScopeLayout(
    "byte order mark in the root manifest, workspaces",
    files: [
      .bytes(
        "package.json",
        [
          0xEF, 0xBB, 0xBF, 0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x20, 0x22, 0x72, 0x6F, 0x6F,
          0x74, 0x22, 0x2C, 0x20, 0x22, 0x77, 0x6F, 0x72, 0x6B, 0x73, 0x70, 0x61, 0x63, 0x65, 0x73, 0x22,
          0x3A, 0x20, 0x5B, 0x22, 0x70, 0x2F, 0x2A, 0x22, 0x5D, 0x7D,
        ]),
      .bytes(
        "p/a/package.json",
        [0xEF, 0xBB, 0xBF, 0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x20, 0x22, 0x61, 0x22, 0x7D]),
    ],
    answers: [
      (.workspace, .scopes(["a"]))
    ]),
  ScopeLayout(
    "a byte order mark in lerna.json fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .bytes(
        "lerna.json",
        [
          0xEF, 0xBB, 0xBF, 0x7B, 0x22, 0x70, 0x61, 0x63, 0x6B, 0x61, 0x67, 0x65, 0x73, 0x22, 0x3A, 0x20,
          0x5B, 0x22, 0x70, 0x2F, 0x2A, 0x22, 0x5D, 0x7D,
        ]),
      .text("p/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .commitlintFails)
    ]),
  ScopeLayout(
    "manifests that are null, a list, a string",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .text("p/a/package.json", "null"),
      .text("p/b/package.json", "[1]"),
      .text("p/c/package.json", "\"str\""),
      .text("lerna.json", "{\"packages\": [\"p/*\"]}"),
      .text("pnpm-workspace.yaml", "packages: ['p/*']\n"),
    ],
    answers: [
      (.workspace, .commitlintFails),
      (.lerna, .commitlintFails),
      (.pnpm, .commitlintFails),
    ]),
  ScopeLayout(
    "invalid UTF-8 in a manifest reads as replacement characters",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"p/*\"]}"),
      .bytes(
        "p/a/package.json",
        [
          0x7B, 0x22, 0x6E, 0x61, 0x6D, 0x65, 0x22, 0x3A, 0x20, 0x22, 0x61, 0x22, 0x2C, 0x20, 0x22, 0x64,
          0x65, 0x73, 0x63, 0x72, 0x69, 0x70, 0x74, 0x69, 0x6F, 0x6E, 0x22, 0x3A, 0x20, 0x22, 0xFF, 0x22,
          0x7D,
        ]),
    ],
    answers: [
      (.workspace, .scopes(["a"]))
    ]),
  ScopeLayout(
    "lerna: packages/* with scoped names, sorted by name",
    files: [
      .text("package.json", "{\"name\": \"basic\"}"),
      .text("lerna.json", "{\"version\": \"1.0.0\", \"packages\": [\"packages/*\"]}"),
      .text("packages/b/package.json", "{\"name\": \"@l/basic-b\"}"),
      .text("packages/a/package.json", "{\"name\": \"@l/basic-a\"}"),
    ],
    answers: [
      (.lerna, .scopes(["basic-a", "basic-b"]))
    ]),
  ScopeLayout(
    "lerna: a packages folder with nothing in it",
    files: [
      .text("package.json", "{\"name\": \"empty\"}"),
      .text("lerna.json", "{\"packages\": [\"packages/*\"]}"),
    ],
    answers: [
      (.lerna, .scopes([]))
    ]),
  ScopeLayout(
    "lerna: nested packages/**",
    files: [
      .text("package.json", "{\"name\": \"nested\"}"),
      .text("lerna.json", "{\"packages\": [\"packages/**\"]}"),
      .text("packages/a/nested-a/package.json", "{\"name\": \"@l/nested-a\"}"),
      .text("packages/b/nested-b/package.json", "{\"name\": \"@l/nested-b\"}"),
      .text("packages/c/package.json", "{\"name\": \"@l/nested-c\"}"),
    ],
    answers: [
      (.lerna, .scopes(["nested-a", "nested-b", "nested-c"]))
    ]),
  ScopeLayout(
    "lerna: a module without a name",
    files: [
      .text("package.json", "{\"name\": \"m\"}"),
      .text("lerna.json", "{\"packages\": [\"packages/*\"]}"),
      .text("packages/a/package.json", "{\"name\": \"@l/modules-a\"}"),
      .text("packages/module/package.json", "{\"type\": \"module\"}"),
    ],
    answers: [
      (.lerna, .scopes(["modules-a"]))
    ]),
  ScopeLayout(
    "lerna: no packages declared",
    files: [
      .text("package.json", "{\"name\": \"@l/none\"}"),
      .text("lerna.json", "{\"version\": \"1.0.0\"}"),
    ],
    answers: [
      (.lerna, .scopes([]))
    ]),
  ScopeLayout(
    "lerna: workspaces win over lerna.json",
    files: [
      .text("package.json", "{\"name\": \"t\", \"workspaces\": [\"./packages/*\"]}"),
      .text("lerna.json", "{\"packages\": [\"other/*\"]}"),
      .text("packages/workspace-package/package.json", "{\"name\": \"@l/workspace-package\"}"),
      .text("other/o/package.json", "{\"name\": \"o\"}"),
    ],
    answers: [
      (.lerna, .scopes(["workspace-package"]))
    ]),
  ScopeLayout(
    "lerna: packages as a string is read character by character",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": \"packages/*\"}"),
      .text("p/package.json", "{\"name\": \"p-char\"}"),
      .text("a/package.json", "{\"name\": \"a-char\"}"),
      .text("packages/x/package.json", "{\"name\": \"x\"}"),
    ],
    answers: [
      (.lerna, .scopes(["a-char", "p-char"]))
    ]),
  ScopeLayout(
    "lerna: ./ kept, trailing slash replaced, ** matches the folder itself",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": [\"./packages/*\", \"more/*/\", \"libs/**/\"]}"),
      .text("packages/x/package.json", "{\"name\": \"x\"}"),
      .text("more/m/package.json", "{\"name\": \"m\"}"),
      .text("libs/package.json", "{\"name\": \"libsroot\"}"),
      .text("libs/a/b/package.json", "{\"name\": \"libsab\"}"),
    ],
    answers: [
      (.lerna, .scopes(["libsab", "libsroot", "m", "x"]))
    ]),
  ScopeLayout(
    "lerna: packages null, empty, an object",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": null}"),
      .text("p/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .scopes([]))
    ]),
  ScopeLayout(
    "lerna: packages empty list",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": []}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .scopes([]))
    ]),
  ScopeLayout(
    "lerna: packages an object fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": {\"a\": 1}}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .commitlintFails)
    ]),
  ScopeLayout(
    "lerna: packages an object of length 0 is none",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": {\"length\": 0}}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .scopes([]))
    ]),
  ScopeLayout(
    "lerna: lerna.json null",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "null"),
      .text("p/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .scopes([]))
    ]),
  ScopeLayout(
    "lerna: no lerna.json fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .commitlintFails)
    ]),
  ScopeLayout(
    "lerna: same name twice, falsy documents",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": [\"p/*\", \"p/a\"]}"),
      .text("p/a/package.json", "{\"name\": \"same\"}"),
      .text("p/b/package.json", "{\"name\": \"@x/same\"}"),
      .text("p/c/package.json", "null"),
      .text("p/d/package.json", "false"),
      .text("p/e/package.json", "0"),
    ],
    answers: [
      (.lerna, .scopes(["same", "same"]))
    ]),
  ScopeLayout(
    "lerna: workspaces that find only @scope-alone names win",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"w/*\"]}"),
      .text("w/a/package.json", "{\"name\": \"@a\"}"),
      .text("lerna.json", "{\"packages\": [\"p/*\"]}"),
      .text("p/a/package.json", "{\"name\": \"pa\"}"),
    ],
    answers: [
      (.lerna, .scopes([nil]))
    ]),
  ScopeLayout(
    "lerna: a pattern that is not a string fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": [\"p/*\", 3]}"),
      .text("p/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .commitlintFails)
    ]),
  ScopeLayout(
    "lerna: a trailing comma in lerna.json fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\":[\"p/*\"],}"),
      .text("p/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .commitlintFails)
    ]),
  ScopeLayout(
    "lerna: a pattern ending in package.json finds nothing",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": [\"p/*/package.json\"]}"),
      .text("p/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .scopes([]))
    ]),
  ScopeLayout(
    "pnpm: packages/* plus global",
    files: [
      .text("package.json", "{\"name\": \"basic\", \"private\": true}"),
      .text("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .text("packages/b/package.json", "{\"name\": \"b\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["a", "b", "global"])),
      (.workspace, .scopes([])),
    ]),
  ScopeLayout(
    "pnpm: nothing in the packages folder",
    files: [
      .text("package.json", "{\"name\": \"empty\"}"),
      .text("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n"),
    ],
    answers: [
      (.pnpm, .scopes(["global"]))
    ]),
  ScopeLayout(
    "pnpm: scoped names",
    files: [
      .text("package.json", "{\"name\": \"basic\"}"),
      .text("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n"),
      .text("packages/a/package.json", "{\"name\": \"@scope/a\"}"),
      .text("packages/b/package.json", "{\"name\": \"@scope/b\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["a", "b", "global"]))
    ]),
  ScopeLayout(
    "pnpm: ! patterns exclude nothing",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages:\n  - 'packages/*'\n  - '!packages/b'\n  - '!**/test/**'\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .text("packages/b/package.json", "{\"name\": \"b\"}"),
      .text("packages/test/package.json", "{\"name\": \"t\"}"),
      .text("!packages/b/package.json", "{\"name\": \"bang\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["a", "b", "bang", "global", "t"]))
    ]),
  ScopeLayout(
    "pnpm: an empty packages list finds none",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: []\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["global"]))
    ]),
  ScopeLayout(
    "pnpm: no packages member walks everything",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "catalog:\n  react: ^18\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["a", "global", "root"]))
    ]),
  ScopeLayout(
    "pnpm: an empty file walks everything",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", ""),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["a", "global", "root"]))
    ]),
  ScopeLayout(
    "pnpm: a null document or a list walks everything",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "- packages/*\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["a", "global", "root"]))
    ]),
  ScopeLayout(
    "pnpm: malformed YAML fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: [\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.pnpm, .commitlintFails)
    ]),
  ScopeLayout(
    "pnpm: a key twice fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['a/*']\npackages: ['packages/*']\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.pnpm, .commitlintFails)
    ]),
  ScopeLayout(
    "pnpm: packages as a string is read character by character",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: 'packages/*'\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .text("p/package.json", "{\"name\": \"p-char\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["global", "p-char"]))
    ]),
  ScopeLayout(
    "pnpm: package.json and package.yaml both read; names upper-cased files not found",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['packages/*']\n"),
      .text("packages/a/package.json", "{\"name\": \"a-json\"}"),
      .text("packages/a/package.yaml", "name: a-yaml\n"),
      .text("packages/b/package.yaml", "name: '@s/b-yaml'\n"),
      .text("packages/c/PACKAGE.JSON", "{\"name\": \"upper\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["a-json", "a-yaml", "b-yaml", "global"]))
    ]),
  ScopeLayout(
    "pnpm: package.json5 is not read here",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['packages/*']\n"),
      .text("packages/a/package.json5", "{name: 'a-json5', // c\n}\n"),
    ],
    answers: [
      // package.json5 is JSON5, which StableText does not read (commitlint: ["a-json5", "global"])
      (.pnpm, .notComputed)
    ]),
  ScopeLayout(
    "pnpm: a dependency field null fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['packages/*']\n"),
      .text("packages/a/package.json", "{\"name\": \"a\", \"dependencies\": null}"),
    ],
    answers: [
      (.pnpm, .commitlintFails)
    ]),
  ScopeLayout(
    "pnpm: an empty package.yaml fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['packages/*']\n"),
      .text("packages/a/package.yaml", ""),
    ],
    answers: [
      (.pnpm, .commitlintFails)
    ]),
  ScopeLayout(
    "pnpm: one scope for a name twice, a package named global",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['packages/*', 'global']\n"),
      .text("packages/a/package.json", "{\"name\": \"x\"}"),
      .text("packages/b/package.json", "{\"name\": \"@y/x\"}"),
      .text("global/package.json", "{\"name\": \"global\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["global", "x"]))
    ]),
  ScopeLayout(
    "pnpm: a pattern that is not a string fails",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['packages/*', 5]\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.pnpm, .commitlintFails)
    ]),
  ScopeLayout(
    "pnpm: anchors and aliases",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "x: &p ['packages/*']\npackages: *p\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["a", "global"]))
    ]),
  ScopeLayout(
    "pnpm: dot and * patterns",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['.', '*']\n"),
      .text("a/package.json", "{\"name\": \"a\"}"),
      .text(".hidden/package.json", "{\"name\": \"hid\"}"),
    ],
    answers: [
      (.pnpm, .scopes(["a", "global", "root"]))
    ]),
  ScopeLayout(
    "rush: comments, names in order, duplicates kept",
    files: [
      .text(
        "rush.json",
        "// c\n{\n  /* x */ \"projects\": [\n    {\"packageName\": \"@s/a\", \"projectFolder\": \"a\"},\n    {\"packageName\": \"b // not a comment\", \"projectFolder\": \"b\"},\n    {\"packageName\": \"\", \"projectFolder\": \"c\"},\n    {\"projectFolder\": \"d\"},\n    {\"packageName\": \"a\"},\n    {\"packageName\": \"@q\"}\n  ]\n}\n"
      )
    ],
    answers: [
      (.rush, .scopes(["a", "b // not a comment", "a", nil]))
    ]),
  ScopeLayout(
    "rush: no rush.json",
    files: [
      .text("package.json", "{\"name\": \"root\"}")
    ],
    answers: [
      (.rush, .scopes([]))
    ]),
  ScopeLayout(
    "rush: projects missing fails",
    files: [
      .text("rush.json", "{\"rushVersion\": \"5\"}")
    ],
    answers: [
      (.rush, .commitlintFails)
    ]),
  ScopeLayout(
    "rush: projects an object fails",
    files: [
      .text("rush.json", "{\"projects\": {}}")
    ],
    answers: [
      (.rush, .commitlintFails)
    ]),
  ScopeLayout(
    "rush: a null project fails",
    files: [
      .text("rush.json", "{\"projects\": [null]}")
    ],
    answers: [
      (.rush, .commitlintFails)
    ]),
  ScopeLayout(
    "rush: a packageName number fails",
    files: [
      .text("rush.json", "{\"projects\": [{\"packageName\": 5}]}")
    ],
    answers: [
      (.rush, .commitlintFails)
    ]),
  ScopeLayout(
    "rush: null and malformed are no project",
    files: [
      .text("rush.json", "null")
    ],
    answers: [
      (.rush, .scopes([]))
    ]),
  ScopeLayout(
    "rush: malformed is no project",
    files: [
      .text("rush.json", "{\"projects\": [")
    ],
    answers: [
      (.rush, .scopes([]))
    ]),
  ScopeLayout(
    "rush: a folder named rush.json is no project",
    files: [
      .text("rush.json/x", "")
    ],
    answers: [
      (.rush, .scopes([]))
    ]),
  ScopeLayout(
    "rush: comment markers inside strings",
    files: [
      .text("rush.json", "{\"projects\": [{\"packageName\": \"a/*b*/c\"}, {\"packageName\": \"http://x\"}]}")
    ],
    answers: [
      (.rush, .scopes(["a/*b*/c", "http://x"]))
    ]),
  ScopeLayout(
    "rush: a member twice, the last wins",
    files: [
      .text(
        "rush.json", "{\"projects\": [{\"packageName\": \"a\"}], \"projects\": [{\"packageName\": \"b\"}]}")
    ],
    answers: [
      (.rush, .scopes(["b"]))
    ]),
  ScopeLayout(
    "rush: a trailing comma",
    files: [
      .text("rush.json", "{\"projects\": [{\"packageName\": \"a\"},]}"),
      .text("pnpm-workspace.yaml", "packages: ['x/*']\n"),
    ],
    answers: [
      // jsonc 2's parse is strip-json-comments 3 then JSON.parse: a trailing comma fails and reads as no project (the oracle's jsonc stand-in accepts it)
      (.rush, .scopes([]))
    ]),
  ScopeLayout(
    "rush: a byte order mark",
    files: [
      .bytes(
        "rush.json",
        [
          0xEF, 0xBB, 0xBF, 0x7B, 0x22, 0x70, 0x72, 0x6F, 0x6A, 0x65, 0x63, 0x74, 0x73, 0x22, 0x3A, 0x20,
          0x5B, 0x7B, 0x22, 0x70, 0x61, 0x63, 0x6B, 0x61, 0x67, 0x65, 0x4E, 0x61, 0x6D, 0x65, 0x22, 0x3A,
          0x20, 0x22, 0x61, 0x22, 0x7D, 0x5D, 0x7D,
        ])
    ],
    answers: [
      // jsonc 2's parse keeps a byte order mark, which JSON.parse refuses: no project (the oracle's stand-in drops it)
      (.rush, .scopes([]))
    ]),
  ScopeLayout(
    "links: * does not enter a linked folder",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"packages/*\"]}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .link("packages/link", "../elsewhere/pkg"),
      .text("elsewhere/pkg/package.json", "{\"name\": \"linked\"}"),
    ],
    answers: [
      (.workspace, .scopes(["a"]))
    ]),
  ScopeLayout(
    "links: ** does not enter a linked folder",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"packages/**\"]}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .link("packages/link", "../elsewhere"),
      .text("elsewhere/pkg/package.json", "{\"name\": \"linked\"}"),
      .text("elsewhere/package.json", "{\"name\": \"linkedroot\"}"),
    ],
    answers: [
      (.workspace, .scopes(["a"]))
    ]),
  ScopeLayout(
    "links: ./ before ** enters a linked folder one level",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": [\"./packages/**\"]}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .link("packages/link", "../elsewhere"),
      .text("elsewhere/pkg/package.json", "{\"name\": \"linked\"}"),
      .text("elsewhere/package.json", "{\"name\": \"linkedroot\"}"),
    ],
    answers: [
      (.lerna, .scopes(["a", "linkedroot"]))
    ]),
  ScopeLayout(
    "links: ** without ./",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": [\"packages/**\"]}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .link("packages/link", "../elsewhere"),
      .text("elsewhere/pkg/package.json", "{\"name\": \"linked\"}"),
      .text("elsewhere/package.json", "{\"name\": \"linkedroot\"}"),
    ],
    answers: [
      (.lerna, .scopes(["a"]))
    ]),
  ScopeLayout(
    "links: a name segment follows a link",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"packages/link\", \"packages/link/*\"]}"),
      .link("packages/link", "../elsewhere"),
      .text("elsewhere/pkg/package.json", "{\"name\": \"linked\"}"),
      .text("elsewhere/package.json", "{\"name\": \"linkedroot\"}"),
    ],
    answers: [
      (.workspace, .scopes(["linkedroot", "linked"]))
    ]),
  ScopeLayout(
    "links: a loop is not followed",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"packages/**\"]}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .link("packages/a/loop", ".."),
      .link("packages/self", "."),
    ],
    answers: [
      (.workspace, .scopes(["a"])),
      (.lerna, .scopes(["a"])),
      (.pnpm, .scopes(["a", "global", "root"])),
    ]),
  ScopeLayout(
    "links: a linked package.json is read",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"packages/*\"]}"),
      .link("packages/a/package.json", "../../real.json"),
      .text("real.json", "{\"name\": \"via-link\"}"),
    ],
    answers: [
      (.workspace, .scopes(["via-link"]))
    ]),
  ScopeLayout(
    "links: **/name",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"**/pkg\"]}"),
      .text("a/pkg/package.json", "{\"name\": \"apkg\"}"),
      .text("pkg/package.json", "{\"name\": \"rootpkg\"}"),
      .text("b/c/pkg/package.json", "{\"name\": \"bcpkg\"}"),
      .link("lnk", "a"),
      .text(".d/pkg/package.json", "{\"name\": \"dotpkg\"}"),
      .text("e/.pkg/package.json", "{\"name\": \"x\"}"),
    ],
    answers: [
      (.workspace, .scopes(["apkg", "bcpkg", "rootpkg"]))
    ]),
  ScopeLayout(
    "links: **/.name finds dot folders by name",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"**/.pkg\"]}"),
      .text("e/.pkg/package.json", "{\"name\": \"edotpkg\"}"),
      .text(".pkg/package.json", "{\"name\": \"rootdotpkg\"}"),
      .text(".f/.pkg/package.json", "{\"name\": \"fdot\"}"),
    ],
    answers: [
      (.workspace, .scopes(["rootdotpkg", "edotpkg"]))
    ]),
  ScopeLayout(
    "outside: a pattern naming nothing outside finds nothing",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"../no-such-folder-here\", \"p/*\"]}"),
      .text("p/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.workspace, .scopes(["a"]))
    ]),
  ScopeLayout(
    "outside: an absolute pattern naming nothing",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": [\"\", \"p/*\"]}"),
      .text("p/a/package.json", "{\"name\": \"a\"}"),
    ],
    answers: [
      (.lerna, .scopes(["a"]))
    ]),

  ScopeLayout(
    "links: ./ before ** enters a link to the root one level",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("lerna.json", "{\"packages\": [\"./packages/**\"]}"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .link("packages/loop", ".."),
      .link("packages/self", "."),
    ],
    answers: [(.lerna, .scopes(["a", "root"]))]),
  ScopeLayout(
    "links: ./ before ** with links upwards, pnpm",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['./packages/**']\n"),
      .text("packages/a/package.json", "{\"name\": \"a\"}"),
      .link("packages/loop", ".."),
      .link("packages/a/up", "../.."),
    ],
    answers: [(.pnpm, .scopes(["a", "global", "root"]))]),
  // Read from @pnpm/read-project-manifest 6's source (the machine's run had version 3, which
  // refuses a dependency field that is not an object): only a null one fails.
  ScopeLayout(
    "pnpm: a dependency field that is a string is copied",
    files: [
      .text("package.json", "{\"name\": \"root\"}"),
      .text("pnpm-workspace.yaml", "packages: ['packages/*']\n"),
      .text("packages/a/package.json", "{\"name\": \"a\", \"dependencies\": \"x\", \"peerDependencies\": 5}"),
    ],
    answers: [(.pnpm, .scopes(["a", "global"]))]),
  ScopeLayout(
    "outside: a pattern with a wildcard outside the repository",
    files: [
      .text("package.json", "{\"name\": \"root\", \"workspaces\": [\"../*\"]}")
    ],
    answers: [(.workspace, .notComputed)]),
]
