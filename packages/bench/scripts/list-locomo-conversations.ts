import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** One upstream LoCoMo conversation file. */
export interface LocomoConversationFile {
  /** The file's stem, e.g. `42` for `42.json` (the converted files are `conv-42.*.jsonl`). */
  id: string;
  path: string;
}

/** Where the conversations lie inside an extracted `data/locomo10.zip`. */
const NESTED = join('data', 'multimodal_dialog', 'locomo10_v2');

/**
 * Lists the `<N>.json` conversations of an upstream folder, in numeric order. Accepts the folder
 * itself or the root of an extracted `locomo10.zip` (which holds `data/multimodal_dialog/locomo10_v2/`).
 */
export function listLocomoConversations(dir: string): LocomoConversationFile[] {
  const folder = existsSync(join(dir, NESTED)) ? join(dir, NESTED) : dir;
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .map((name) => ({ id: name.slice(0, -'.json'.length), path: join(folder, name) }))
    .sort((a, b) => Number(a.id) - Number(b.id) || a.id.localeCompare(b.id));
}
