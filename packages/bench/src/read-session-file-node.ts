import { readFile } from 'node:fs/promises';
import type { CairnMessage } from '@cairn/core';
import { type DatasetProbe, parseProbesJsonl, parseSessionJson, parseSessionJsonl } from './read-session-file.js';
import { SessionFormatError } from './session-format-error.js';

/**
 * Reads a session file from disk: `.jsonl` as the neutral JSONL format, `.json` as an OpenAI or
 * AI SDK message array. The path, as given, is the `source` in errors and generated ids.
 *
 * @param path - A `.jsonl` or `.json` file.
 * @returns The messages, in order.
 * @throws {@link SessionFormatError} for other extensions or malformed content; the file system's error when the file cannot be read.
 *
 * @example
 * ```ts
 * const messages = await readSessionFile('../shared/data/tau-bench-airline/runs/task000-trial0.session.jsonl');
 * ```
 */
export async function readSessionFile(path: string): Promise<CairnMessage[]> {
  const lower = path.toLowerCase();
  if (!lower.endsWith('.jsonl') && !lower.endsWith('.json')) {
    throw new SessionFormatError({ source: path, reason: 'unsupported file extension; expected .jsonl (one message per line) or .json (a message array)' });
  }
  const text = await readFile(path, 'utf8');
  return lower.endsWith('.jsonl') ? parseSessionJsonl(text, path) : parseSessionJson(text, path);
}

/**
 * Reads a LoCoMo-style probes file (`.jsonl`) from disk.
 *
 * @param path - A `.jsonl` file of probes.
 * @returns The probes, in file order.
 * @throws {@link SessionFormatError} for malformed lines; the file system's error when the file cannot be read.
 *
 * @example
 * ```ts
 * const probes = await readProbesFile('../shared/data/locomo/conv-26.probes.jsonl');
 * ```
 */
export async function readProbesFile(path: string): Promise<DatasetProbe[]> {
  return parseProbesJsonl(await readFile(path, 'utf8'), path);
}
