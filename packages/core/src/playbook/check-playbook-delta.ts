import type { PlaybookDelta } from '../options/index.js';
import { SECTION_SLUGS } from './playbook-types.js';

const isId = (value: unknown): value is string => typeof value === 'string' && value.length > 0 && value.length <= 64;
const isCount = (value: unknown): boolean => value === undefined || (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 1000);
const isStrings = (value: unknown): boolean => value === undefined || (Array.isArray(value) && value.every((each) => typeof each === 'string'));

/**
 * Whether a value is a well-formed playbook delta: an `add` with a known section and non-empty
 * text, a `count` of whole numbers 0–1000, a `merge` or `prune` naming bullet ids. A reflector's
 * output is checked with it before any of it is applied.
 *
 * @example
 * ```ts
 * isPlaybookDelta({ op: 'prune', id: 'str-00003' }); // true
 * isPlaybookDelta({ op: 'rewrite', playbook: '…' }); // false
 * ```
 */
export function isPlaybookDelta(value: unknown): value is PlaybookDelta {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const delta = value as Record<string, unknown>;
  switch (delta['op']) {
    case 'add':
      return typeof delta['section'] === 'string' && Object.hasOwn(SECTION_SLUGS, delta['section']) && typeof delta['content'] === 'string' && delta['content'].trim() !== '' && isStrings(delta['sourceIds']);
    case 'count':
      return isId(delta['id']) && isCount(delta['helpful']) && isCount(delta['harmful']);
    case 'merge':
      return isId(delta['from']) && isId(delta['into']);
    case 'prune':
      return isId(delta['id']);
    default:
      return false;
  }
}
