import StableTextCore
import Testing

@testable import StableTextProject

/// Configurations written for these tests, one for each construct and shape met in a corpus of
/// real commitlint configurations, each with what commitlint itself (its own loader and presets,
/// run under Node 24 and Node 20, which agreed) resolved from it, recorded as facts: the rules,
/// the probe messages its `ignores` skip, or that it loads nothing or fails. StableText's reading
/// must give exactly those rules, except the ones its notes name as not honoured (never a rule
/// read differently), skip exactly those messages (fewer only where an `ignores` function is
/// named as not honoured), and warn where commitlint loads nothing.
@Suite struct CommitlintScriptOracleTests {
  /// What commitlint did with the file.
  enum Commitlint: Sendable {
    /// Its resolved rules (JSON) and, of the probe messages, those its `ignores` skip.
    case loads(rules: String, ignored: [String], alsoProbed: [String] = [])
    /// Nothing loaded (Node refused the module, or it exported nothing).
    case loadsNothing
    /// Loading failed (commitlint's error, first line).
    case fails(String)
  }

  struct OracleRow: Sendable, CustomTestStringConvertible {
    var name: String
    var file: String
    var packageType: String?
    var text: String
    var commitlint: Commitlint
    /// StableText's notes (what it does not honour).
    var notes: [String]
    var warning: String?

    init(
      _ name: String, _ file: String, packageType: String?, text: String, commitlint: Commitlint,
      notes: [String],
      warning: String?
    ) {
      self.name = name
      self.file = file
      self.packageType = packageType
      self.text = text
      self.commitlint = commitlint
      self.notes = notes
      self.warning = warning
    }

    var testDescription: String { name }
  }

  static let probes: [String] = [
    "feat: add a thing",
    "fix(core): repair the loader",
    "WIP: half done",
    "wip on branch",
    "Merge branch 'main' into feature",
    "Merge pull request #12 from a/b",
    "chore(release): 1.2.3",
    "chore(deps): bump lodash from 4.17.20 to 4.17.21",
    "build(deps): bump x",
    "chore: release v2.0.0",
    "Release 1.0.0",
    "v1.2.3",
    "1.2.3",
    "Initial commit",
    "initial commit",
    "Revert \"feat: add a thing\"",
    "fixup! feat: add a thing",
    "squash! fix: y",
    "amend! fix: y",
    "[skip ci] update docs",
    "docs: update README [ci skip]",
    "Auto-merge main",
    "Update README.md",
    "chore: sync translations",
    "Bump version to 2.0.1",
    "chore: update dependencies\n\nSigned-off-by: dependabot[bot] <support@github.com>",
    "",
  ]

  static let rows: [OracleRow] = [
    OracleRow(
      "module.exports literal", "commitlint.config.js", packageType: nil,
      text: """
        module.exports = {
          rules: {
            'header-max-length': [2, 'always', 72],
            "type-enum": [2, "always", ["feat", "fix", "docs"]],
            'body-leading-blank': [1, 'always'],
            'scope-case': [0],
          },
        };
        """,
      commitlint: .loads(
        rules:
          #"{"header-max-length":[2,"always",72],"type-enum":[2,"always",["feat","fix","docs"]],"body-leading-blank":[1,"always"],"scope-case":[0]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "extends config-conventional", "commitlint.config.cjs", packageType: nil,
      text: """
        // The team's rules on top of the conventional preset.
        module.exports = {
          extends: ['@commitlint/config-conventional'],
          rules: { 'subject-case': [0], 'header-max-length': [2, 'always', 120] },
        };
        """,
      commitlint: .loads(
        rules:
          #"{"body-leading-blank":[1,"always"],"body-max-line-length":[2,"always",100],"footer-leading-blank":[1,"always"],"footer-max-line-length":[2,"always",100],"header-max-length":[2,"always",120],"header-trim":[2,"always"],"subject-case":[0],"subject-empty":[2,"never"],"subject-full-stop":[2,"never","."],"type-case":[2,"always","lower-case"],"type-empty":[2,"never"],"type-enum":[2,"always",["build","chore","ci","docs","feat","fix","perf","refactor","revert","style","test"]]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "export default in .mjs", "commitlint.config.mjs", packageType: nil,
      text: """
        export default {
          rules: { 'type-empty': [2, 'never'], 'subject-empty': [2, 'never'] },
        };
        """,
      commitlint: .loads(
        rules: #"{"type-empty":[2,"never"],"subject-empty":[2,"never"]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "TypeScript UserConfig and RuleConfigSeverity", "commitlint.config.ts", packageType: nil,
      text: """
        import type { UserConfig } from '@commitlint/types';
        import { RuleConfigSeverity } from '@commitlint/types';

        const Configuration: UserConfig = {
          rules: {
            'header-max-length': [RuleConfigSeverity.Error, 'always', 100],
            'body-max-line-length': [RuleConfigSeverity.Disabled, 'always', 100],
            'subject-full-stop': [RuleConfigSeverity.Warning, 'never', '.'],
          },
        };

        export default Configuration;
        """,
      commitlint: .loads(
        rules:
          #"{"header-max-length":[2,"always",100],"body-max-line-length":[0,"always",100],"subject-full-stop":[1,"never","."]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "TypeScript satisfies, as const, interface, type, enum", "commitlint.config.mts", packageType: nil,
      text: """
        import type { UserConfig } from '@commitlint/types';

        interface Team {
          scopes: readonly string[];
        }
        type Level = 0 | 1 | 2;
        enum Unused { A = 'a' }

        const team: Team = { scopes: ['api', 'web', 'docs'] as const };
        const error: Level = 2;

        export default {
          rules: {
            'scope-enum': [error, 'always', [...team.scopes]] as [Level, 'always', string[]],
            'scope-empty': [error!, 'never'],
            'type-enum': <[Level, 'always', string[]]>[2, 'always', ['feat', 'fix']],
          },
        } satisfies UserConfig;
        """,
      commitlint: .loads(
        rules:
          #"{"scope-enum":[2,"always",["api","web","docs"]],"scope-empty":[2,"never"],"type-enum":[2,"always",["feat","fix"]]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "require of @commitlint/types", "commitlint.config.cjs", packageType: nil,
      text: """
        const { RuleConfigSeverity } = require('@commitlint/types');

        module.exports = {
          rules: {
            'header-max-length': [RuleConfigSeverity.Error, 'always', 90],
            'footer-leading-blank': [RuleConfigSeverity.Warning, 'always'],
          },
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",90],"footer-leading-blank":[1,"always"]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "exports members", "commitlint.config.js", packageType: nil,
      text: """
        exports.rules = { 'header-max-length': [2, 'always', 64] };
        exports.defaultIgnores = false;
        exports.helpUrl = 'https://example.com/commit-guide';
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",64]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "module.exports of a binding changed afterwards", "commitlint.config.js", packageType: nil,
      text: """
        const config = {
          rules: { 'header-max-length': [2, 'always', 72] },
        };
        config.rules['body-max-line-length'] = [2, 'always', 80];
        config.rules['header-max-length'][2] = 60;
        module.exports = config;
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",60],"body-max-line-length":[2,"always",80]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "const lists, spreads, templates, computed keys", "commitlint.config.js", packageType: nil,
      text: """
        const prefix = 'app';
        const base = ['core', 'ui'];
        const extra = [...base.map((scope) => `${prefix}-${scope}`), `${prefix}-${base.length}`];
        const key = 'scope-enum';
        const shared = { 'scope-empty': [2, 'never'] };
        const types = { feat: 'A feature', fix: 'A fix', chore: 'Chores' };

        module.exports = {
          rules: {
            ...shared,
            [key]: [2, 'always', [...base, ...extra]],
            ['type-' + 'enum']: [2, 'always', Object.keys(types)],
            'header-max-length': [2, 'always', 50 + 22],
          },
        };
        """,
      commitlint: .loads(
        rules:
          #"{"scope-empty":[2,"never"],"scope-enum":[2,"always",["core","ui","app-core","app-ui","app-2"]],"type-enum":[2,"always",["feat","fix","chore"]],"header-max-length":[2,"always",72]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "destructuring and member access", "commitlint.config.js", packageType: nil,
      text: """
        const settings = { limits: { header: 88, body: 120 }, levels: [0, 1, 2] };
        const { limits: { header }, levels: [, warning, error] } = settings;
        const { body, ...rest } = settings.limits;

        module.exports = {
          rules: {
            'header-max-length': [error, 'always', header],
            'body-max-line-length': [warning, 'always', body],
            'footer-max-line-length': [error, 'always', settings['limits'].body],
          },
        };
        """,
      commitlint: .loads(
        rules:
          #"{"header-max-length":[2,"always",88],"body-max-line-length":[1,"always",120],"footer-max-line-length":[2,"always",120]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "a configuration that is a function", "commitlint.config.js", packageType: nil,
      text: """
        module.exports = () => ({
          rules: { 'header-max-length': [2, 'always', 70] },
        });
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",70]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "an async configuration", "commitlint.config.mjs", packageType: nil,
      text: """
        export default async () => {
          const limit = 75;
          return { rules: { 'header-max-length': [2, 'always', limit] } };
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",75]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "rules that are functions", "commitlint.config.js", packageType: nil,
      text: """
        const scopes = ['api', 'web'];
        module.exports = {
          rules: {
            'scope-enum': () => [2, 'always', scopes],
            'header-max-length': async () => [2, 'always', 66],
            'type-enum': function () { return [2, 'always', ['feat', 'fix']]; },
          },
        };
        """,
      commitlint: .loads(
        rules:
          #"{"scope-enum":[2,"always",["api","web"]],"header-max-length":[2,"always",66],"type-enum":[2,"always",["feat","fix"]]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "scopes read from the file system", "commitlint.config.js", packageType: nil,
      text: """
        const fs = require('fs');
        const path = require('path');

        const packages = fs.readdirSync(path.resolve(__dirname, 'packages'));

        module.exports = {
          rules: {
            'scope-enum': [2, 'always', ['repo', ...packages]],
            'header-max-length': [2, 'always', 100],
          },
        };
        """,
      commitlint: .loads(
        rules: #"{"scope-enum":[2,"always",["repo","alpha","beta"]],"header-max-length":[2,"always",100]}"#,
        ignored: []),
      notes: [
        "4:18: rules[\"scope-enum\"] is not honoured: fs.readdirSync(…), a call of readdirSync from fs, which StableText does not run"
      ],
      warning: nil),
    OracleRow(
      "a rule from the environment", "commitlint.config.js", packageType: nil,
      text: """
        module.exports = {
          rules: {
            'header-max-length': [2, 'always', 100],
            'body-max-line-length': [process.env.CI ? 2 : 1, 'always', 100],
          },
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",100],"body-max-line-length":[1,"always",100]}"#,
        ignored: []),
      notes: [
        "4:30: rules[\"body-max-line-length\"] is not honoured: process.env, which depends on how commitlint is run"
      ],
      warning: nil),
    OracleRow(
      "ignores: includes, startsWith, endsWith, ===", "commitlint.config.js", packageType: nil,
      text: """
        module.exports = {
          rules: { 'header-max-length': [2, 'always', 100] },
          ignores: [
            (commit) => commit.includes('WIP'),
            (commit) => commit.startsWith('Release '),
            (message) => message.endsWith('[ci skip]'),
            (message) => message === 'Initial commit',
          ],
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",100]}"#,
        ignored: [
          "WIP: half done", "WIP", "chore: WIP", "WIP and more", "Release 1.0.0", "Release ",
          "Release  and more", "docs: update README [ci skip]", "[ci skip]", "chore: [ci skip]",
          "Initial commit",
        ],
        alsoProbed: [
          "WIP", "chore: WIP", "WIP and more", "Release ", "chore: Release ", "Release  and more",
          "[ci skip]", "chore: [ci skip]", "[ci skip] and more", "chore: Initial commit",
          "Initial commit and more",
        ]),
      notes: [],
      warning: nil),
    OracleRow(
      "ignores: regular expressions", "commitlint.config.mjs", packageType: nil,
      text: """
        const dependabot = /^chore\\(deps\\): bump .+ from .+ to .+$/m;
        export default {
          rules: { 'header-max-length': [2, 'always', 100] },
          ignores: [
            (commit) => /^v?\\d+\\.\\d+\\.\\d+$/.test(commit),
            (commit) => dependabot.test(commit),
            (commit) => commit.match(/signed-off-by: dependabot/i),
            (commit) => new RegExp('^wip', 'i').test(commit),
          ],
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",100]}"#,
        ignored: [
          "v1.2.3", "1.2.3", "chore(deps): bump lodash from 4.17.20 to 4.17.21",
          "chore: update dependencies\n\nSigned-off-by: dependabot[bot] <support@github.com>",
          "WIP: half done", "wip on branch",
        ],
        alsoProbed: ["^wip", "chore: ^wip", "^wip and more", "i", "chore: i", "i and more"]),
      notes: [],
      warning: nil),
    OracleRow(
      "ignores: functions, blocks, combinations", "commitlint.config.ts", packageType: nil,
      text: """
        import type { UserConfig } from '@commitlint/types';

        const skipped = ['fixup!', 'squash!', 'amend!'];

        const config: UserConfig = {
          rules: { 'header-max-length': [2, 'always', 100] },
          ignores: [
            function (message: string): boolean {
              return message.toLowerCase().includes('wip') && !message.includes('feat');
            },
            (message) => skipped.some((prefix) => message.startsWith(prefix)),
            (message) => {
              const title = message.split('\\n')[0];
              if (title.startsWith('Bump ')) return true;
              return title.trim() === 'Update README.md';
            },
            (message) => message.indexOf('[skip ci]') !== -1 || message.indexOf('Auto-merge') === 0,
            (message) => ['1.2.3', 'v1.2.3'].includes(message),
          ],
        };

        export default config;
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",100]}"#,
        ignored: [
          "WIP: half done", "wip on branch", "wip", "chore: wip", "wip and more", "fixup! feat: add a thing",
          "squash! fix: y", "amend! fix: y", "Update README.md", "Bump version to 2.0.1", "Bump ",
          "Bump  and more", "[skip ci] update docs", "Auto-merge main", "[skip ci]", "chore: [skip ci]",
          "[skip ci] and more", "Auto-merge", "Auto-merge and more", "v1.2.3", "1.2.3",
        ],
        alsoProbed: [
          "wip", "chore: wip", "wip and more", "feat", "chore: feat", "feat and more", "\\n", "chore: \\n",
          "\\n and more", "Bump ", "chore: Bump ", "Bump  and more", "chore: Update README.md",
          "Update README.md and more", "[skip ci]", "chore: [skip ci]", "[skip ci] and more", "Auto-merge",
          "chore: Auto-merge", "Auto-merge and more", "chore: 1.2.3", "1.2.3 and more", "chore: v1.2.3",
          "v1.2.3 and more",
        ]),
      notes: [],
      warning: nil),
    OracleRow(
      "ignores: a function not read", "commitlint.config.js", packageType: nil,
      text: """
        const { execSync } = require('child_process');
        module.exports = {
          rules: { 'header-max-length': [2, 'always', 100] },
          ignores: [
            (commit) => commit.includes('WIP'),
            (commit) => execSync('git rev-parse HEAD').toString().trim() === commit,
          ],
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",100]}"#,
        ignored: ["WIP: half done", "WIP", "chore: WIP", "WIP and more"],
        alsoProbed: [
          "WIP", "chore: WIP", "WIP and more", "git rev-parse HEAD", "chore: git rev-parse HEAD",
          "git rev-parse HEAD and more",
        ]),
      notes: [
        "6:17: ignores[1] is not honoured: execSync(…), a call of execSync from child_process, which StableText does not run"
      ],
      warning: nil),
    OracleRow(
      "parserPreset with its own patterns", "commitlint.config.js", packageType: nil,
      text: """
        module.exports = {
          parserPreset: {
            parserOpts: {
              headerPattern: /^(\\w*)(?:\\[(.*)\\])?: (.*)$/,
              headerCorrespondence: ['type', 'scope', 'subject'],
            },
          },
          rules: { 'header-max-length': [2, 'always', 100] },
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",100]}"#,
        ignored: []),
      notes: [
        "4:22: parserPreset is not honoured: a regular expression (/^(\\w*)(?:\\[(.*)\\])?: (.*)$/) where StableText reads only JSON-like data"
      ],
      warning: nil),
    OracleRow(
      "a local plugin", "commitlint.config.js", packageType: nil,
      text: """
        module.exports = {
          plugins: [
            {
              rules: {
                'ticket-reference': ({ subject }) => [/#\\d+/.test(subject || ''), 'the subject names no ticket'],
              },
            },
          ],
          rules: {
            'ticket-reference': [2, 'always'],
            'header-max-length': [2, 'always', 100],
          },
        };
        """,
      commitlint: .loads(
        rules: #"{"ticket-reference":[2,"always"],"header-max-length":[2,"always",100]}"#,
        ignored: []),
      notes: [
        "4:14: plugins[0] is not honoured: a local plugin, whose rules are functions StableText does not run",
        "10:25: rules[\"ticket-reference\"] is not honoured: a rule of a local plugin (plugins[0]), whose rules StableText does not run",
      ],
      warning: nil),
    OracleRow(
      "prompt with functions", "commitlint.config.js", packageType: nil,
      text: """
        const scopes = ['api', 'web'];
        module.exports = {
          rules: { 'scope-enum': [2, 'always', scopes] },
          prompt: {
            scopes,
            customScopesAlign: 'bottom',
            formatMessageCB: ({ defaultMessage }) => defaultMessage,
          },
        };
        """,
      commitlint: .loads(
        rules: #"{"scope-enum":[2,"always",["api","web"]]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "ES module syntax in a CommonJS package", "commitlint.config.js", packageType: "commonjs",
      text: """
        export default {
          rules: { 'header-max-length': [2, 'always', 72] },
        };
        """,
      commitlint: .loadsNothing,
      notes: [],
      warning:
        "commitlint (Node) loads nothing from this file: export (line 1) is ES module syntax, and package.json says \"type\": \"commonjs\": Node refuses the file; StableText applies what it read"
    ),
    OracleRow(
      "ES module syntax without a package type", "commitlint.config.js", packageType: nil,
      text: """
        export default {
          rules: { 'header-max-length': [2, 'always', 72] },
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",72]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "CommonJS in an ES module package", "commitlint.config.js", packageType: "module",
      text: """
        module.exports = {
          rules: { 'header-max-length': [2, 'always', 72] },
        };
        """,
      commitlint: .loadsNothing,
      notes: [],
      warning:
        "commitlint (Node) loads nothing from this file: it uses CommonJS's module (line 1), and package.json says \"type\": \"module\": Node stops it with a ReferenceError; StableText applies what it read"
    ),
    OracleRow(
      "CommonJS in a .mjs file", "commitlint.config.mjs", packageType: nil,
      text: """
        module.exports = {
          rules: { 'header-max-length': [2, 'always', 72] },
        };
        """,
      commitlint: .loadsNothing,
      notes: [],
      warning:
        "commitlint (Node) loads nothing from this file: it uses CommonJS's module (line 1), and a .mjs file is an ES module: Node stops it with a ReferenceError; StableText applies what it read"
    ),
    OracleRow(
      "an ES module without a default export", "commitlint.config.mjs", packageType: nil,
      text: """
        export const rules = { 'header-max-length': [2, 'always', 72] };
        """,
      commitlint: .loadsNothing,
      notes: [],
      warning:
        "commitlint (Node) loads nothing from this file: a .mjs file is an ES module, and it has no default export: commitlint looks further, and so does StableText"
    ),
    OracleRow(
      "TypeScript named exports without a default", "commitlint.config.ts", packageType: nil,
      text: """
        export const rules = { 'header-max-length': [2, 'always', 72] };
        export const defaultIgnores = false;
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",72]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "TypeScript module.exports", "commitlint.config.cts", packageType: nil,
      text: """
        import type { UserConfig } from '@commitlint/types';
        const config: UserConfig = { rules: { 'header-max-length': [2, 'always', 81] } };
        module.exports = config;
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",81]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "TypeScript export =", "commitlint.config.cts", packageType: nil,
      text: """
        import type { UserConfig } from '@commitlint/types';
        const config: UserConfig = { rules: { 'header-max-length': [2, 'always', 82] } };
        export = config;
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",82]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "require.resolve of a preset", "commitlint.config.cjs", packageType: nil,
      text: """
        module.exports = {
          extends: [require.resolve('@commitlint/config-conventional')],
          rules: { 'header-max-length': [2, 'always', 90] },
        };
        """,
      commitlint: .loads(
        rules:
          #"{"body-leading-blank":[1,"always"],"body-max-line-length":[2,"always",100],"footer-leading-blank":[1,"always"],"footer-max-line-length":[2,"always",100],"header-max-length":[2,"always",90],"header-trim":[2,"always"],"subject-case":[2,"never",["sentence-case","start-case","pascal-case","upper-case"]],"subject-empty":[2,"never"],"subject-full-stop":[2,"never","."],"type-case":[2,"always","lower-case"],"type-empty":[2,"never"],"type-enum":[2,"always",["build","chore","ci","docs","feat","fix","perf","refactor","revert","style","test"]]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "RuleConfigCondition used as a value", "commitlint.config.ts", packageType: nil,
      text: """
        import { RuleConfigCondition, RuleConfigSeverity } from '@commitlint/types';

        export default {
          rules: {
            'header-max-length': [RuleConfigSeverity.Error, RuleConfigCondition.Always, 72],
          },
        };
        """,
      commitlint: .fails("TypeScriptLoader failed to compile TypeScript:"),
      notes: [
        "5:53: rules[\"header-max-length\"] is not honoured: RuleConfigCondition.Always: RuleConfigCondition is only a type in @commitlint/types, with no value when the file runs (a TypeError in Node)"
      ],
      warning: nil),
    OracleRow(
      "a helper from another package", "commitlint.config.mjs", packageType: nil,
      text: """
        import { defineConfig } from 'commitlint-helper-not-installed';

        export default defineConfig({
          rules: { 'header-max-length': [2, 'always', 72] },
        });
        """,
      commitlint: .fails(
        "Cannot find package 'commitlint-helper-not-installed' imported from <dir>/commitlint.config.mjs"),
      notes: [
        "3:16: the configuration is not honoured: defineConfig(…), a call of defineConfig from commitlint-helper-not-installed, which StableText does not run"
      ],
      warning: nil),
    OracleRow(
      "an import of another file of the repository", "commitlint.config.js", packageType: nil,
      text: """
        const scopes = require('./scopes.json');
        module.exports = {
          rules: {
            'scope-enum': [2, 'always', scopes],
            'header-max-length': [2, 'always', 100],
          },
        };
        """,
      commitlint: .loads(
        rules: #"{"scope-enum":[2,"always",["api","web"]],"header-max-length":[2,"always",100]}"#,
        ignored: []),
      notes: [
        "1:16: rules[\"scope-enum\"] is not honoured: an import of another file (./scopes.json), which StableText does not read"
      ],
      warning: nil),
    OracleRow(
      "a branch on the environment that changes a rule", "commitlint.config.js", packageType: nil,
      text: """
        const rules = {
          'header-max-length': [2, 'always', 100],
          'body-max-line-length': [2, 'always', 100],
        };
        if (process.env.RELAXED) {
          rules['body-max-line-length'] = [0];
        }
        module.exports = { rules };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",100],"body-max-line-length":[2,"always",100]}"#,
        ignored: []),
      notes: [
        "5:5: rules[\"body-max-line-length\"] is not honoured: process.env, which depends on how commitlint is run"
      ],
      warning: nil),
    OracleRow(
      "an if over constants and a for-of", "commitlint.config.js", packageType: nil,
      text: """
        'use strict';
        const strict = true;
        const rules = {};
        for (const name of ['type-empty', 'subject-empty']) {
          rules[name] = [2, 'never'];
        }
        if (strict) {
          rules['header-max-length'] = [2, 'always', 72];
        } else {
          rules['header-max-length'] = [1, 'always', 100];
        }
        module.exports = { rules };
        """,
      commitlint: .loads(
        rules: #"{"type-empty":[2,"never"],"subject-empty":[2,"never"],"header-max-length":[2,"always",72]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "functions declared in the file", "commitlint.config.js", packageType: nil,
      text: """
        function level(strict) {
          return strict ? 2 : 1;
        }
        const limit = (n) => [level(true), 'always', n];
        module.exports = {
          rules: {
            'header-max-length': limit(72),
            'body-max-line-length': [level(false), 'always', 100],
          },
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",72],"body-max-line-length":[1,"always",100]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "comments, a hashbang and JSDoc", "commitlint.config.js", packageType: nil,
      text: """
        #!/usr/bin/env node
        /**
         * @type {import('@commitlint/types').UserConfig}
         */
        module.exports = {
          // rules /* not a comment end */
          rules: {
            /* the limit */ 'header-max-length': [2, 'always', 0x40], // 64
            'body-max-line-length': [2, 'always', 1_000],
          },
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",64],"body-max-line-length":[2,"always",1000]}"#,
        ignored: []),
      notes: [],
      warning: nil),
    OracleRow(
      "ignores: a block, a list holding the message, comments inside", "commitlint.config.cjs",
      packageType: nil,
      text: """
        const Configuration = {
          rules: { 'header-max-length': [2, 'always', 100] },
          ignores: [
            (commit) => {
              if (commit === '') {
                return true;
              }
              return ['merge', 'release', 'initial commit'].includes(commit.trim().toLowerCase());
            },
            (message) =>
              message.includes('Signed-off-by: dependabot[bot]') ||
              // generated by the release bot
              message.startsWith('chore(release):'),
          ],
        };
        module.exports = Configuration;
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",100]}"#,
        ignored: [
          "Initial commit", "initial commit", "", "merge", "release", "chore(release): 1.2.3",
          "chore: update dependencies\n\nSigned-off-by: dependabot[bot] <support@github.com>",
          "Signed-off-by: dependabot[bot]", "chore: Signed-off-by: dependabot[bot]",
          "Signed-off-by: dependabot[bot] and more", "chore(release):", "chore(release): and more",
        ],
        alsoProbed: [
          "merge", "chore: merge", "merge and more", "release", "chore: release", "release and more",
          "chore: initial commit", "initial commit and more", "Signed-off-by: dependabot[bot]",
          "chore: Signed-off-by: dependabot[bot]", "Signed-off-by: dependabot[bot] and more",
          "chore(release):", "chore: chore(release):", "chore(release): and more",
        ]),
      notes: [],
      warning: nil),
    OracleRow(
      "a spread of an imported preset", "commitlint.config.cjs", packageType: nil,
      text: """
        const conventional = require('@commitlint/config-conventional');
        module.exports = {
          rules: {
            ...conventional.rules,
            'header-max-length': [2, 'always', 80],
          },
        };
        """,
      commitlint: .loads(
        rules: #"{"header-max-length":[2,"always",80]}"#,
        ignored: []),
      notes: [
        "4:5: rules is not honoured: a spread of what @commitlint/config-conventional exports, which StableText does not read"
      ],
      warning: nil),
  ]

  @Test(arguments: rows) func agreesWithCommitlint(_ row: OracleRow) throws {
    let script = try CommitlintScript.read(
      Array(row.text.utf8), fileName: row.file, packageType: row.packageType
    ).get()
    #expect(script.notHonoured.map(\.description) == row.notes)
    #expect(script.formatWarning == row.warning)
    switch row.commitlint {
    case .loadsNothing:
      #expect(row.warning != nil)
    case .fails:
      // commitlint stops on the file: StableText names the part that needs what failed.
      #expect(!row.notes.isEmpty)
    case .loads(let rulesJSON, let ignored, let alsoProbed):
      // As the configuration search reads it for check, the hook and the daemon.
      let read = CommitlintFile.readScript(Array(row.text.utf8), path: row.file, packageType: row.packageType)
      let setup = try #require(read.outcome?.setup)
      #expect(setup.configuration.ignores == script.ignores ?? [])
      guard case .object(let expected) = try CommitlintFile.json(Array(rulesJSON.utf8)).get() else {
        Issue.record("the recorded rules are not an object")
        return
      }
      let named = Set(
        script.notHonoured.compactMap { note -> String? in
          guard note.path.hasPrefix("rules[") else { return nil }
          return String(note.path.dropFirst(7).dropLast(2))
        })
      let allNamed = script.notHonoured.contains { $0.path == "rules" || $0.path == "the configuration" }
      for rule in expected {
        if named.contains(rule.name) || allNamed {
          #expect(setup.configuration.setting(rule.name) == nil, "\(rule.name) is named not honoured")
        } else {
          let setting = try CommitlintFile.setting(rule.value, of: rule.name).get()
          #expect(setup.configuration.setting(rule.name) == setting, "\(rule.name)")
        }
      }
      #expect(Set(setup.configuration.rules.map(\.name)).isSubset(of: Set(expected.map(\.name))))
      let ignores = script.ignores ?? []
      let skipped = (Self.probes + alsoProbed).filter { message in ignores.contains { $0.ignores(message) } }
      if script.notHonoured.contains(where: { $0.path.hasPrefix("ignores") }) {
        #expect(Set(skipped).isSubset(of: Set(ignored)))
      } else {
        #expect(Set(skipped) == Set(ignored))
      }
    }
  }
}
