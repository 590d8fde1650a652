import { contentText, type SessionLog } from '../log/index.js';

/** Cue bit: the unit's lead message names a time ("yesterday", "last week", "in May", "2022"). */
export const TIME_CUE = 1;
/** Cue bit: the unit's lead message names someone or somewhere (a capitalised word inside a sentence). */
export const NAME_CUE = 2;

/** What a question asks for, read from its words: a time, a name or place, or anything else. @internal */
export type AnswerKind = 'time' | 'name' | undefined;

const ASKS_TIME = /^\W*when\b|\bhow long\b|\b(what|which) (year|month|date|day|week|time)\b/i;
// "What European countries…", "which US states…": one word may stand between.
const ASKS_NAME = /^\W*(who|whom|whose|where)\b|\b(what|which)( [a-z]+)? (countries|country|cities|city|states|state|places?|names?|people|towns?)\b|\bnames? of\b/i;

/**
 * What a question asks for (English only): `'time'` for "when…", "how long…", "what year…";
 * `'name'` for "who…", "where…", "what (European) countries / cities / names / people…";
 * otherwise `undefined`.
 * @internal
 */
export function answerKind(question: string): AnswerKind {
  if (ASKS_TIME.test(question)) return 'time';
  if (ASKS_NAME.test(question)) return 'name';
  return undefined;
}

const MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december';
const WEEKDAYS = 'monday|tuesday|wednesday|thursday|friday|saturday|sunday';
const TIME_WORDS = new RegExp(
  `\\b(yesterday|today|tonight|tomorrow|recently|lately|ago|weekend|(last|this|next|past|few|couple of|other) (night|day|days|week|weeks|month|months|year|years|summer|winter|spring|fall|weekend|${WEEKDAYS})|${MONTHS}|${WEEKDAYS}|(19|20)\\d\\d|since)\\b`,
  'i',
);
/** Words that open a sentence or address someone, not names of what is talked about. */
const NOT_NAMES = new Set(['i', 'im', 'ive', 'id', 'ill', 'hey', 'hi', 'hello', 'thanks', 'thank', 'you', 'wow', 'oh', 'yes', 'yeah', 'yep', 'no', 'ok', 'okay', 'sure', 'congrats', 'aw', 'aww', 'bye', 'sorry', 'dear', 'good', 'great', 'cool', 'nice', 'awesome', 'amazing', 'haha', 'lol', 'omg']);
const CALENDAR = new Set([...MONTHS.split('|'), ...WEEKDAYS.split('|')]);
/** A shared image's caption (`[image: …]`) is not what the speaker says. */
const CAPTION = /\[image:[^\]]*\]/g;
const HEAD_CHARS = 1_200;

/**
 * The answer cues of one message's text (its first 1,200 characters, an image caption left out):
 * {@link TIME_CUE} when it names a time, {@link NAME_CUE} when a capitalised word stands inside a
 * sentence and is not a greeting, a month or a day, an acronym, nor addresses someone (a name right
 * after a greeting or a reaction: "Thanks, Mel!", "Hey Caroline", "That's great, Jon"). English
 * only. @internal
 */
export function textAnswerCues(text: string): number {
  const head = text.length > HEAD_CHARS ? text.slice(0, HEAD_CHARS) : text;
  const plain = head.includes('[image:') ? head.replace(CAPTION, ' ') : head;
  let cues = TIME_WORDS.test(plain) ? TIME_CUE : 0;
  const words = /[A-Za-z][A-Za-z'\u2019]*|[.!?,;:\-–—()"]/g;
  let previous = '.';
  let beforePrevious = '.';
  for (let match = words.exec(plain); match !== null && (cues & NAME_CUE) === 0; match = words.exec(plain)) {
    const word = match[0];
    const code = word.charCodeAt(0);
    if (code >= 65 && code <= 90 && word.length > 1) {
      const lower = word.toLowerCase().replace(/['\u2019].*$/, '');
      const opensSentence = /^[.!?"(:;\-–—]$/.test(previous);
      // Addressed: right after a greeting or a reaction ("Hey Caroline", "Thanks, Mel", "Wow, Jon").
      const addressed = NOT_NAMES.has(previous.toLowerCase()) || (previous === ',' && NOT_NAMES.has(beforePrevious.toLowerCase()));
      if (!opensSentence && !addressed && !NOT_NAMES.has(lower) && !CALENDAR.has(lower) && word !== word.toUpperCase()) cues |= NAME_CUE;
    }
    beforePrevious = previous;
    previous = word;
  }
  return cues;
}

interface CueCache {
  cues: Uint8Array;
  size: number;
}

const caches = new WeakMap<SessionLog, CueCache>();

/**
 * The answer cues of every unit of the log, by unit index: those of its lead message's text when
 * a user or an assistant wrote it (tool exchanges and system prompts get none). Read once per unit
 * and kept beside the log. @internal
 */
export function answerCues(log: SessionLog): Uint8Array {
  let cache = caches.get(log);
  if (cache === undefined || cache.size > log.units.length) {
    cache = { cues: new Uint8Array(Math.max(64, log.units.length)), size: 0 };
    caches.set(log, cache);
  }
  if (cache.cues.length < log.units.length) {
    const grown = new Uint8Array(Math.max(log.units.length, 2 * cache.cues.length));
    grown.set(cache.cues);
    cache.cues = grown;
  }
  for (let index = cache.size; index < log.units.length; index++) {
    const unit = log.units[index]!;
    const lead = log.entries[unit.positions[0]!]!.message;
    cache.cues[index] = unit.kind === 'user' || unit.kind === 'assistant' ? textAnswerCues(contentText(lead.content)) : 0;
  }
  cache.size = log.units.length;
  return cache.cues;
}

/**
 * For a question that asks for a time or a name, each unit's share of its score by whether its
 * lead message holds that kind of answer: a chat message that names no time (for "when…") or no
 * name or place (for "who / where…") keeps `share`. Multiplies into `focus`, or starts from 1.
 * @internal
 */
export function answerFocus(log: SessionLog, indexes: readonly number[], focus: Float64Array | undefined, kind: AnswerKind, share: number): Float64Array | undefined {
  if (kind === undefined || share >= 1 || indexes.length === 0) return focus;
  const cues = answerCues(log);
  const bit = kind === 'time' ? TIME_CUE : NAME_CUE;
  const factors = focus ? Float64Array.from(focus) : new Float64Array(indexes.length).fill(1);
  for (let offset = 0; offset < indexes.length; offset++) {
    const index = indexes[offset]!;
    const unitKind = log.units[index]!.kind;
    if ((unitKind === 'user' || unitKind === 'assistant') && (cues[index]! & bit) === 0) factors[offset] = factors[offset]! * share;
  }
  return factors;
}
