import { CommitParser } from './CommitParser.mjs'
import { readFileSync } from 'node:fs'
const angular = { headerPattern: /^(\w*)(?:\((.*)\))?: (.*)$/, headerCorrespondence: ['type','scope','subject'], noteKeywords: ['BREAKING CHANGE'], revertPattern: /^(?:Revert|revert:)\s"?([\s\S]+?)"?\s*This reverts commit (\w{7,40})\b/i, revertCorrespondence: ['header','hash'] }
const cc = { headerPattern: /^(\w*)(?:\((.*)\))?!?: (.*)$/, breakingHeaderPattern: /^(\w*)(?:\((.*)\))?!: (.*)$/, headerCorrespondence: ['type','scope','subject'], noteKeywords: ['BREAKING CHANGE','BREAKING-CHANGE'], revertPattern: /^(?:Revert|revert:)\s"?([\s\S]+?)"?\s*This reverts commit (\w*)\./i, revertCorrespondence: ['header','hash'], issuePrefixes: ['#'] }
const messages = JSON.parse(readFileSync(0, 'utf8'))
const out = []
for (const [preset, message] of messages) {
  const opts = { ...angular, fieldPattern: null, ...(preset === 'cc' ? cc : {}) }
  if (!message.trim()) { out.push(null); continue }
  const c = new CommitParser(opts).parse(message)
  out.push({ header: c.header, type: c.type ?? null, scope: c.scope ?? null, subject: c.subject ?? null, body: c.body, footer: c.footer, notes: c.notes, references: c.references, mentions: c.mentions, revert: c.revert })
}
console.log(JSON.stringify(out))
