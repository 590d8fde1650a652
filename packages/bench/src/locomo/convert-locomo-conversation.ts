import { CairnError } from '@cairn/core';
import { type LocomoCategoryName, type LocomoConversion, type LocomoMessageRecord, type LocomoProbeRecord, LOCOMO_CATEGORY_NAMES } from './locomo-types.js';
import { parseLocomoTimestamp } from './parse-locomo-timestamp.js';
import { PYTHON_WHITESPACE } from './python-whitespace.js';
import { type JsonValue, toPythonJson } from './to-python-json.js';

/** Options of {@link convertLocomoConversation}. */
export interface ConvertLocomoConversationOptions {
  /**
   * The conversation's id, named in errors and in the file names (`conv-<id>`); upstream's
   * `data/multimodal_dialog/locomo10_v2/<N>.json` files carry none, so pass `N`.
   * @default the input's `sample_id` without a `conv-` prefix (required when it has none)
   */
  id?: string;
}

type Json = Record<string, unknown>;
const EVIDENCE_SEPARATORS = new RegExp(`[;${PYTHON_WHITESPACE}]+`);
const SESSION_KEY = /^session_(\d+)$/;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A short text of a bad value for an error message. */
function describe(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

function invalid(id: string, field: string, problem: string): never {
  throw new CairnError({ code: 'INVALID_MESSAGE', message: `Invalid LoCoMo conversation ${JSON.stringify(id)}: ${field} ${problem}`, details: { conversation: id, field } });
}

function conversationId(json: unknown, id: string | undefined): string {
  if (id !== undefined) {
    if (typeof id !== 'string' || id === '') throw new CairnError({ code: 'INVALID_OPTIONS', message: 'convertLocomoConversation: id must be a non-empty string (the upstream file number, e.g. "42").' });
    return id;
  }
  const sampleId = isObject(json) ? json.sample_id : undefined;
  if (typeof sampleId === 'string' && sampleId !== '') return sampleId.replace(/^conv-/, '');
  throw new CairnError({ code: 'INVALID_OPTIONS', message: 'convertLocomoConversation needs { id } (the upstream file number, e.g. "42") when the conversation has no "sample_id".' });
}

/** The session numbers 1…n; a numbered session after a gap would be lost, so it is an error. */
function sessionNumbers(json: Json, id: string): number[] {
  const numbers = Object.keys(json)
    .map((key) => SESSION_KEY.exec(key)?.[1])
    .filter((digits): digits is string => digits !== undefined)
    .map(Number)
    .sort((a, b) => a - b);
  if (!numbers.includes(1)) invalid(id, 'session_1', 'is missing; a conversation needs sessions session_1, session_2, ….');
  numbers.forEach((number, index) => {
    if (number !== index + 1) invalid(id, `session_${number}`, `follows a gap (there is no session_${index + 1}); sessions must be numbered 1, 2, 3, … without gaps.`);
  });
  return numbers;
}

function convertTurn(turn: unknown, field: string, context: { id: string; speakers: readonly [string, string]; timestamp: string; session: number }): LocomoMessageRecord {
  const { id, speakers, timestamp, session } = context;
  if (!isObject(turn)) invalid(id, field, 'is not an object; each turn needs "speaker", "dia_id" and "text".');
  if (typeof turn.dia_id !== 'string' || turn.dia_id === '') invalid(id, `${field}.dia_id`, `is ${describe(turn.dia_id)}; each turn needs a non-empty string "dia_id".`);
  if (typeof turn.text !== 'string') invalid(id, `${field}.text`, `(turn ${turn.dia_id}) is ${describe(turn.text)}; each turn needs a string "text".`);
  if (typeof turn.speaker !== 'string' || !speakers.includes(turn.speaker)) {
    invalid(id, `${field}.speaker`, `(turn ${turn.dia_id}) is ${describe(turn.speaker)}; expected speaker_a ${JSON.stringify(speakers[0])} or speaker_b ${JSON.stringify(speakers[1])}.`);
  }
  const caption = turn.blip_caption;
  if (caption !== undefined && caption !== null && typeof caption !== 'string') invalid(id, `${field}.blip_caption`, `(turn ${turn.dia_id}) is ${describe(caption)}; an image caption must be a string.`);
  const content = caption ? `${turn.text} [image: ${caption}]` : turn.text;
  return { id: turn.dia_id, role: turn.speaker === speakers[0] ? 'user' : 'assistant', name: turn.speaker, content, timestamp, session };
}

function convertMessages(json: Json, id: string): LocomoMessageRecord[] {
  const speakers = (['speaker_a', 'speaker_b'] as const).map((key) => {
    const speaker = json[key];
    if (typeof speaker !== 'string' || speaker === '') invalid(id, key, `is ${describe(speaker)}; a conversation needs both speakers' names.`);
    return speaker;
  }) as [string, string];
  const messages: LocomoMessageRecord[] = [];
  const seen = new Map<string, string>();
  for (const session of sessionNumbers(json, id)) {
    const turns = json[`session_${session}`];
    if (!Array.isArray(turns)) invalid(id, `session_${session}`, 'is not an array of turns.');
    const dateKey = `session_${session}_date_time`;
    const dateText = json[dateKey];
    if (typeof dateText !== 'string') invalid(id, dateKey, `is ${describe(dateText)}; each session needs a date like "1:56 pm on 8 May, 2023".`);
    const timestamp = parseLocomoTimestamp(dateText);
    if (timestamp === undefined) invalid(id, dateKey, `is ${describe(dateText)}, not a date like "1:56 pm on 8 May, 2023".`);
    turns.forEach((turn, index) => {
      const field = `session_${session}[${index}]`;
      const message = convertTurn(turn, field, { id, speakers, timestamp, session });
      const first = seen.get(message.id);
      if (first !== undefined) invalid(id, `${field}.dia_id`, `repeats ${JSON.stringify(message.id)} (first at ${first}); turn ids must be unique.`);
      seen.set(message.id, field);
      messages.push(message);
    });
  }
  return messages;
}

function convertProbe(qa: unknown, field: string, id: string): LocomoProbeRecord {
  if (!isObject(qa)) invalid(id, field, 'is not an object; each question needs "question" and "category".');
  if (typeof qa.question !== 'string') invalid(id, `${field}.question`, `is ${describe(qa.question)}; each question needs a string "question".`);
  if (typeof qa.category !== 'number') invalid(id, `${field}.category`, `is ${describe(qa.category)}; each question needs a category number (1–5).`);
  const raw = qa.evidence ?? [];
  if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string')) invalid(id, `${field}.evidence`, `is ${describe(raw)}; evidence must be an array of turn ids (strings).`);
  const rawEvidence = raw as string[];
  const evidence = rawEvidence.flatMap((item) => item.split(EVIDENCE_SEPARATORS).filter((part) => part !== ''));
  const categoryName: LocomoCategoryName | null = (LOCOMO_CATEGORY_NAMES as Record<number, LocomoCategoryName>)[qa.category] ?? null;
  const probe: LocomoProbeRecord = { question: qa.question, answer: (qa.answer ?? null) as JsonValue, evidence, category: qa.category, category_name: categoryName };
  if (evidence.length !== rawEvidence.length || evidence.some((item, index) => item !== rawEvidence[index])) probe.evidence_raw = rawEvidence;
  if ('adversarial_answer' in qa) probe.adversarial_answer = qa.adversarial_answer as JsonValue;
  return probe;
}

const toJsonl = (records: readonly object[]): string => records.map((record) => `${toPythonJson(record)}\n`).join('');

/**
 * Converts one upstream LoCoMo conversation (`snap-research/locomo`,
 * `data/multimodal_dialog/locomo10_v2/<N>.json`) into the benchmark's files, byte for byte as
 * `../shared/data/locomo/conv-<N>.*.jsonl` were made:
 *
 * - every turn of `session_1`, `session_2`, … becomes a message: `id` = `dia_id`, `speaker_a` →
 *   `user`, `speaker_b` → `assistant`, `name` = the speaker, `content` = the text plus
 *   ` [image: <blip_caption>]` when the turn shared an image, `timestamp` = the session's date
 *   (`1:56 pm on 8 May, 2023` → `2023-05-08T13:56:00`), `session` = its number;
 * - every `qa` entry becomes a probe: evidence entries split on `;` and whitespace (the original
 *   kept as `evidence_raw` when that changed it), a missing answer written as `null`,
 *   `adversarial_answer` kept, the category's name added;
 * - both are serialised like Python's `json.dumps(record, ensure_ascii=False)`, one per line.
 *
 * @param json - The parsed upstream JSON of one conversation.
 * @param options - The conversation's id.
 * @returns The records and their JSONL texts.
 * @throws `CairnError` with code `INVALID_MESSAGE` naming the conversation and the field (`session_3[5].dia_id`, `session_2_date_time`, `qa[7].evidence`…) when the input is not an object, lacks a speaker, has no `session_1` or a gap in its sessions, a turn lacks a string `dia_id` / `text` or has another speaker, a turn id repeats, a date does not parse, or `qa` is not an array of questions; `INVALID_OPTIONS` when no id is given or found.
 *
 * @example
 * ```ts
 * const upstream = JSON.parse(await readFile('locomo10_v2/42.json', 'utf8'));
 * const { sessionJsonl, probesJsonl } = convertLocomoConversation(upstream, { id: '42' });
 * await writeFile('data/locomo/conv-42.session.jsonl', sessionJsonl);
 * await writeFile('data/locomo/conv-42.probes.jsonl', probesJsonl);
 * ```
 */
export function convertLocomoConversation(json: unknown, { id: givenId }: ConvertLocomoConversationOptions = {}): LocomoConversion {
  const id = conversationId(json, givenId);
  if (!isObject(json)) invalid(id, 'the conversation', `is ${Array.isArray(json) ? 'an array' : describe(json)}, not an object; pass the parsed upstream <N>.json.`);
  const messages = convertMessages(json, id);
  if (!Array.isArray(json.qa)) invalid(id, 'qa', `is ${json.qa === undefined ? 'missing' : 'not an array'}; a conversation needs its "qa" questions (use [] for none).`);
  const probes = json.qa.map((qa, index) => convertProbe(qa, `qa[${index}]`, id));
  return { id, messages, probes, sessionJsonl: toJsonl(messages), probesJsonl: toJsonl(probes) };
}
