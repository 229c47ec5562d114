
const nomatchRegex = /(?!.*)/

function escape(string) {
  return string.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

function joinOr(parts) {
  return parts
    .map(val => (typeof val === 'string' ? escape(val.trim()) : val.source))
    .filter(Boolean)
    .join('|')
}

function getNotesRegex(
  noteKeywords,
  notesPattern
) {
  if (!noteKeywords) {
    return nomatchRegex
  }

  const noteKeywordsSelection = joinOr(noteKeywords)

  if (!notesPattern) {
    return new RegExp(`^(?:\\*\\s+)?(${noteKeywordsSelection}):\\s*(.*)`, 'i')
  }

  return notesPattern(noteKeywordsSelection)
}

function getReferencePartsRegex(
  issuePrefixes,
  issuePrefixesCaseSensitive
) {
  if (!issuePrefixes) {
    return nomatchRegex
  }

  const flags = issuePrefixesCaseSensitive ? 'g' : 'gi'

  return new RegExp(`(?:.*?)??\\s*([\\w-\\.\\/]*?)??(${joinOr(issuePrefixes)})([\\w-]+)(?=\\s|$|[,;.)\\]])`, flags)
}

function getReferencesRegex(
  referenceActions
) {
  if (!referenceActions) {
    // matches everything
    return /()(.+)/gi
  }

  const joinedKeywords = joinOr(referenceActions)

  return new RegExp(`(${joinedKeywords})(?:\\s+(.*?))(?=(?:${joinedKeywords})|$)`, 'gi')
}

function getFooterTokenRegex(
  issuePrefixes
) {
  const issuePrefixSeparator = issuePrefixes
    ? `|\\s+(?:${joinOr(issuePrefixes)})`
    : ''

  // Footers follow the git trailer convention: the token starts at the
  // beginning of the line, indented `key: value` lines are not footers.
  return new RegExp(`^(?:BREAKING CHANGE|[\\w-]+)(?::\\s+${issuePrefixSeparator}).+`, 'i')
}

/**
 * Make the regexes used to parse a commit.
 * @param options
 * @returns Regexes.
 */
export function getParserRegexes(
  options = {}
) {
  const notes = getNotesRegex(options.noteKeywords, options.notesPattern)
  const referenceParts = getReferencePartsRegex(options.issuePrefixes, options.issuePrefixesCaseSensitive)
  const references = getReferencesRegex(options.referenceActions)
  const footerToken = getFooterTokenRegex(options.issuePrefixes)

  return {
    notes,
    referenceParts,
    references,
    footerToken,
    mentions: /@([\w-]+)/g,
    url: /\b(?:https?):\/\/(?:www\.)?([-a-zA-Z0-9@:%_+.~#?&//=])+\b/
  }
}
