import { DEFAULT_MAX_ANCHORS, extractAnchors, positiveInteger, type Anchor, type AnchorKind } from './extract-anchors.js';

/** Options for {@link entityKeys}. */
export interface EntityKeysOptions {
  /**
   * At most this many keys are returned (the first ones in text order).
   * @default 64
   */
  maxKeys?: number;
}

/** Default of {@link EntityKeysOptions.maxKeys}. */
export const DEFAULT_MAX_ENTITY_KEYS = 64;

const KEY_KINDS: ReadonlySet<AnchorKind> = new Set(['id', 'path', 'url', 'name']);

/** Parts of an identifier: split on `_ . - ::` and on lower-to-upper case changes. */
function identifierPartCount(text: string): number {
  const parts = text
    .replace(/^-+/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.:-]+/)
    .filter((part) => part.length > 0);
  return parts.length;
}

function countDigits(text: string): number {
  let digits = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code >= 48 && code <= 57) digits++;
  }
  return digits;
}

function normaliseKey(anchor: Anchor): string {
  let key = anchor.text.toLowerCase();
  if (anchor.kind === 'path') key = key.replace(/:\d+(?::\d+)?$/, '').replace(/^\.\//, '');
  else if (anchor.kind === 'url') key = key.replace(/\/+$/, '');
  else if (anchor.kind === 'number') key = key.replace(/,/g, '');
  return key;
}

/**
 * The high-specificity anchors of a text, normalised to link messages that talk about the same
 * thing: ids, paths, urls, names, identifiers of two or more parts (`user_id`, `fetchUser`,
 * `os.path`) and numbers with three or more digits. Keys are lowercased; paths lose a `:line`
 * suffix and a leading `./`, urls a trailing `/`, numbers their thousands separators. Unique, in
 * order of first appearance.
 *
 * @example
 * ```ts
 * entityKeys('Booked PNR 4XK9QZ for Ada Lovelace at $1,250.00'); // ['4xk9qz', 'ada lovelace', '$1250.00']
 * ```
 */
export function entityKeys(text: string, options: EntityKeysOptions = {}): string[] {
  const maxKeys = positiveInteger(options.maxKeys, DEFAULT_MAX_ENTITY_KEYS);
  const keys: string[] = [];
  if (maxKeys === 0) return keys;
  const seen = new Set<string>();
  for (const anchor of extractAnchors(text, { maxAnchors: Math.max(DEFAULT_MAX_ANCHORS, maxKeys * 8) })) {
    const keep =
      KEY_KINDS.has(anchor.kind) ||
      (anchor.kind === 'identifier' && identifierPartCount(anchor.text) >= 2) ||
      (anchor.kind === 'number' && countDigits(anchor.text) >= 3);
    if (!keep) continue;
    const key = normaliseKey(anchor);
    if (seen.has(key)) continue;
    seen.add(key);
    keys.push(key);
    if (keys.length >= maxKeys) break;
  }
  return keys;
}
