import type { CairnMessage } from '@cairn/core';
import { convertChatMessage } from './convert-chat-message.js';
import { convertJsonlRecord } from './convert-jsonl-record.js';
import { SessionFormatError } from './session-format-error.js';
import { describeJson, extraFields, type Fail, isRecord, sourceBasename } from './session-record-helpers.js';

/** A probe of a data set (LoCoMo): a question about a session, and the messages that answer it. */
export interface DatasetProbe {
  /** `<source-basename>#<index>` (0-based among the probes), unless the line has a string `id`. */
  id: string;
  question: string;
  /** The expected answer; numbers become strings. Absent for adversarial probes with no answer. */
  answer?: string;
  /** Ids of the session messages that hold the answer (may be empty). */
  evidence: string[];
  /** LoCoMo category: 1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop, 5 adversarial. */
  category?: number;
  /** E.g. `temporal`. */
  categoryName?: string;
  /** For adversarial probes: the answer the question tempts, which is wrong. */
  adversarialAnswer?: string;
  /** Other fields of the line. */
  metadata?: Readonly<Record<string, unknown>>;
}

const PROBE_FIELDS = new Set(['id', 'question', 'answer', 'evidence', 'category', 'category_name', 'adversarial_answer']);

/** Calls `convert` on each non-blank line's JSON value, with errors located at that line. */
function parseJsonLines<T>(text: string, source: string, convert: (value: unknown, fail: Fail, index: number) => T): { results: T[]; lines: number[] } {
  const results: T[] = [];
  const lines: number[] = [];
  text
    .replace(/^\uFEFF/, '')
    .split('\n')
    .forEach((raw, lineIndex) => {
      const line = raw.trim();
      if (line === '') return;
      const fail: Fail = (reason, cause) => {
        throw new SessionFormatError({ source, line: lineIndex + 1, reason, cause });
      };
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch (error) {
        fail(`not valid JSON (${(error as Error).message})`, error);
      }
      results.push(convert(value, fail, results.length));
      lines.push(lineIndex + 1);
    });
  return { results, lines };
}

/** Fills a tool message's missing `name` from its call, and rejects duplicate ids. */
function finishSession(messages: CairnMessage[], onDuplicate: (id: string, position: number, firstPosition: number) => never): CairnMessage[] {
  const callNames = new Map<string, string>();
  const firstPosition = new Map<string, number>();
  return messages.map((message, position) => {
    const previous = firstPosition.get(message.id);
    if (previous !== undefined) onDuplicate(message.id, position, previous);
    firstPosition.set(message.id, position);
    for (const call of message.toolCalls ?? []) callNames.set(call.id, call.name);
    const name = message.role === 'tool' && message.name === undefined && message.toolCallId !== undefined ? callNames.get(message.toolCallId) : undefined;
    return name === undefined ? message : { ...message, name };
  });
}

/**
 * Parses a session in the neutral JSONL format (one message per line: `id`, `role`, `content`,
 * `name?`, `timestamp?`, `tool_calls?: [{id, name, arguments}]`, `tool_call_id?`, `is_error?`).
 * Timestamps (ISO strings, read as UTC when they carry no offset, or epoch milliseconds) become
 * epoch milliseconds; invalid ones are dropped. Other fields (`agent`, `session`, `error_kind`…)
 * go to `metadata`. Blank lines are skipped.
 *
 * @param text - The file's text.
 * @param source - The file name, used in error messages.
 * @returns The messages, in file order.
 * @throws {@link SessionFormatError} naming the 1-based line of the first bad line: not JSON, not an object, no string `id`, unknown `role`, bad `tool_calls`, a tool message without `tool_call_id`, or a duplicate id.
 *
 * @example
 * ```ts
 * const messages = parseSessionJsonl(await readFile(path, 'utf8'), path);
 * ```
 */
export function parseSessionJsonl(text: string, source: string): CairnMessage[] {
  const { results, lines } = parseJsonLines(text, source, (value, fail) => convertJsonlRecord(value, fail));
  return finishSession(results, (id, position, firstPosition) => {
    throw new SessionFormatError({ source, line: lines[position], reason: `duplicate id ${JSON.stringify(id)} (first on line ${lines[firstPosition]})` });
  });
}

/**
 * Parses LoCoMo-style probes, one per line: `question`, `answer` (string or number; `null` for
 * adversarial probes), `evidence` (message ids), `category`, `category_name?`, `adversarial_answer?`.
 *
 * @param text - The file's text.
 * @param source - The file name, used in ids and error messages.
 * @returns The probes, in file order.
 * @throws {@link SessionFormatError} naming the line of a line that is not JSON, not an object, lacks a string `question`, or whose `evidence` is not an array of strings.
 *
 * @example
 * ```ts
 * const probes = parseProbesJsonl(text, 'locomo/conv-26.probes.jsonl');
 * ```
 */
export function parseProbesJsonl(text: string, source: string): DatasetProbe[] {
  const basename = sourceBasename(source);
  return parseJsonLines(text, source, (value, fail, index): DatasetProbe => {
    if (!isRecord(value)) return fail(`expected a JSON object, got ${describeJson(value)}`);
    if (typeof value.question !== 'string') return fail('lacks a string "question"');
    const evidence = value.evidence ?? [];
    if (!Array.isArray(evidence) || !evidence.every((id) => typeof id === 'string')) return fail('"evidence" must be an array of message ids (strings)');
    const probe: { -readonly [Key in keyof DatasetProbe]: DatasetProbe[Key] } = { id: typeof value.id === 'string' ? value.id : `${basename}#${index}`, question: value.question, evidence: [...evidence] };
    if (typeof value.answer === 'string' || typeof value.answer === 'number') probe.answer = String(value.answer);
    if (typeof value.category === 'number') probe.category = value.category;
    if (typeof value.category_name === 'string') probe.categoryName = value.category_name;
    if (typeof value.adversarial_answer === 'string' || typeof value.adversarial_answer === 'number') probe.adversarialAnswer = String(value.adversarial_answer);
    const metadata = extraFields(value, PROBE_FIELDS);
    if (metadata !== undefined) probe.metadata = metadata;
    return probe;
  }).results;
}

/**
 * Parses a JSON array of messages (or an object with a `messages` array) in OpenAI
 * chat-completions format or Vercel AI SDK `ModelMessage` format, told apart per message by shape.
 * OpenAI `tool_calls[].function.arguments` strings are parsed (kept raw when not JSON); an AI SDK
 * `tool` message with several `tool-result` parts becomes several cairn tool messages. Messages
 * without an `id` get `<source-basename>#<index>` (0-based position in the result).
 *
 * @param text - The file's text.
 * @param source - The file name, used in ids and error messages.
 * @returns The messages, in order.
 * @throws {@link SessionFormatError} when the text is not JSON, not an array of messages, or an element is malformed (its array index is named).
 *
 * @example
 * ```ts
 * parseSessionJson(JSON.stringify([{ role: 'user', content: 'hi' }]), 'chat.json');
 * // [{ id: 'chat.json#0', role: 'user', content: 'hi' }]
 * ```
 */
export function parseSessionJson(text: string, source: string): CairnMessage[] {
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const line = /line (\d+)/.exec((error as Error).message)?.[1];
    throw new SessionFormatError({ source, line: line === undefined ? undefined : Number(line), reason: `not valid JSON (${(error as Error).message})`, cause: error });
  }
  const elements = Array.isArray(value) ? value : isRecord(value) && Array.isArray(value.messages) ? value.messages : undefined;
  if (elements === undefined) throw new SessionFormatError({ source, reason: `expected a JSON array of messages (or an object with a "messages" array), got ${describeJson(value)}` });
  const basename = sourceBasename(source);
  const origin: number[] = [];
  const drafts = elements.flatMap((element: unknown, index) => {
    const converted = convertChatMessage(element, (reason, cause) => {
      throw new SessionFormatError({ source, index, reason, cause });
    });
    for (let count = 0; count < converted.length; count += 1) origin.push(index);
    return converted;
  });
  const messages = drafts.map((draft, position) => ({ ...draft, id: draft.id ?? `${basename}#${position}` }));
  return finishSession(messages, (id, position, firstPosition) => {
    throw new SessionFormatError({ source, index: origin[position], reason: `duplicate id ${JSON.stringify(id)} (first in element ${origin[firstPosition]})` });
  });
}
