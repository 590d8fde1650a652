import { contentText, type SessionLog } from '../log/index.js';

/** Cue bit: the unit's lead message speaks mostly in the first person ("I went…", "our kids…"). */
export const FIRST_PERSON_CUE = 1;
/** Cue bit: the unit's lead message ends with a question (its reply is the next unit). */
export const ASKS_CUE = 2;

const FIRST_PERSON = new Set(['i', "i'm", "i've", "i'd", "i'll", 'im', 'ive', 'my', 'me', 'mine', 'myself', 'we', "we're", "we've", "we'd", "we'll", 'our', 'ours', 'us', 'ourselves']);
const SECOND_PERSON = new Set(['you', "you're", "you've", "you'd", "you'll", 'your', 'yours', 'yourself', 'yourselves', 'ya']);
/** A shared image's caption (`[image: …]`, as LoCoMo writes it) says nothing about who speaks. */
const CAPTION = /\[image:[^\]]*\]/g;
const WORD = /[a-z']+/g;
/** A question mark at the end, before any trailing caption, quote or bracket. */
const ENDS_ASKING = /\?[\s"')\]]*$/;

/** The cues of every unit so far, by unit index; a unit's lead message never changes. */
interface CueCache {
  cues: Uint8Array;
  size: number;
}

const caches = new WeakMap<SessionLog, CueCache>();

/**
 * The dialogue cues of one chat message's text: {@link FIRST_PERSON_CUE} when it has more
 * first-person words (I, my, we, our…) than second-person ones (you, your…), {@link ASKS_CUE}
 * when it ends with a question mark. English only: other languages get no cue. @internal
 */
export function textCues(text: string): number {
  const plain = text.replace(CAPTION, ' ').trimEnd();
  let first = 0;
  let second = 0;
  for (const word of plain.toLowerCase().replace(/\u2019/g, "'").match(WORD) ?? []) {
    if (FIRST_PERSON.has(word)) first++;
    else if (SECOND_PERSON.has(word)) second++;
  }
  return (first > second ? FIRST_PERSON_CUE : 0) | (ENDS_ASKING.test(plain) ? ASKS_CUE : 0);
}

/**
 * The dialogue cues of every unit of the log, by unit index: those of its lead message's text
 * when a user or an assistant wrote it (tool exchanges and system prompts get none). Read once per
 * unit and kept beside the log, so a question costs one array read per unit. @internal
 */
export function dialogueCues(log: SessionLog): Uint8Array {
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
    cache.cues[index] = unit.kind === 'user' || unit.kind === 'assistant' ? textCues(contentText(lead.content)) : 0;
  }
  cache.size = log.units.length;
  return cache.cues;
}
