import { contentText, type SessionLog } from '../log/index.js';

/** Cue bit: the unit's lead message speaks mostly in the first person ("I went…", "our kids…"). */
export const FIRST_PERSON_CUE = 1;
/** Cue bit: the unit's lead message ends with a question (its reply is the next unit). */
export const ASKS_CUE = 2;

const FIRST_PERSON = new Set(['i', "i'm", "i've", "i'd", "i'll", 'im', 'ive', 'my', 'me', 'mine', 'myself', 'we', "we're", "we've", "we'd", "we'll", 'our', 'ours', 'us', 'ourselves']);
const SECOND_PERSON = new Set(['you', "you're", "you've", "you'd", "you'll", 'your', 'yours', 'yourself', 'yourselves', 'ya']);
/** A shared image's caption (`[image: …]`, as LoCoMo writes it) says nothing about who speaks. */
const CAPTION = /\[image:[^\]]*\]/g;
/** A question mark at the end, before any trailing caption, quote or bracket. */
const ENDS_ASKING = /\?[\s"')\]]*$/;

/** The cues of every unit so far, by unit index; a unit's lead message never changes. */
interface CueCache {
  cues: Uint8Array;
  size: number;
}

const caches = new WeakMap<SessionLog, CueCache>();

/** Characters of a message read for its pronouns: who speaks shows in its opening. */
const HEAD_CHARS = 1_200;
/** Characters of its close read for a closing question mark (an image caption may follow it). */
const TAIL_CHARS = 400;
/** The longest pronoun looked up ("ourselves", "yourselves"). */
const LONGEST_PRONOUN = 10;

/** True for a-z, A-Z, an apostrophe or a right single quote (a word character here). */
function isWordCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 39 || code === 0x2019;
}

/**
 * The dialogue cues of one chat message's text: {@link FIRST_PERSON_CUE} when its opening (the
 * first 1,200 characters) has more first-person words (I, my, we, our…) than second-person ones
 * (you, your…), {@link ASKS_CUE} when it ends with a question mark. English only: other
 * languages get no cue. @internal
 */
export function textCues(text: string): number {
  // Only the opening and the close are read, so a long message costs what a short one does.
  const head = text.length > HEAD_CHARS ? text.slice(0, HEAD_CHARS) : text;
  const plain = head.includes('[image:') ? head.replace(CAPTION, ' ') : head;
  let first = 0;
  let second = 0;
  const end = plain.length;
  for (let index = 0; index < end; ) {
    if (!isWordCode(plain.charCodeAt(index))) {
      index++;
      continue;
    }
    const start = index;
    while (index < end && isWordCode(plain.charCodeAt(index))) index++;
    if (index - start > LONGEST_PRONOUN) continue;
    const word = plain.slice(start, index).toLowerCase().replace('\u2019', "'");
    if (FIRST_PERSON.has(word)) first++;
    else if (SECOND_PERSON.has(word)) second++;
  }
  const tail = text.length > TAIL_CHARS ? text.slice(-TAIL_CHARS) : text;
  return (first > second ? FIRST_PERSON_CUE : 0) | (ENDS_ASKING.test(tail.includes('[image:') ? tail.replace(CAPTION, ' ') : tail) ? ASKS_CUE : 0);
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
