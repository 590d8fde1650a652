// The anchor kinds, apart from the extractor so its pattern tables can name them without an import cycle.

/**
 * The kinds of logical anchor cairn keeps when it compresses a message: the facts a later question
 * is most likely to need.
 */
export type AnchorKind =
  | 'id'
  | 'number'
  | 'path'
  | 'url'
  | 'identifier'
  | 'name'
  | 'error'
  | 'negation'
  | 'decision';
