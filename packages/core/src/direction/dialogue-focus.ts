import { contentText, UNIT_KIND_CODES, type SessionLog } from '../log/index.js';
import { ASKS_CUE, dialogueCues, FIRST_PERSON_CUE } from './dialogue-cues.js';

/**
 * Each unit's share of its score for a question, by whether its speaker tells something of
 * their own: a chat message in the first person ("I just signed up for a pottery class", "we
 * went camping") keeps its whole score, one that is not (a reaction to the other speaker: "You'd
 * be a great counselor!", "Cool! What did it look like?") keeps `share`. Questions about a
 * conversation ask what someone did, likes or is, and that is told in the first person: on the
 * LoCoMo conversations 77% of evidence messages are first-person, against 41–42% of the others
 * (the same on the shared and the unseen ones). Units no user or assistant wrote (tool exchanges,
 * system prompts) keep their score. Multiplies into `focus` (the speaker focus), or starts from 1.
 *
 * @param log - The session log.
 * @param indexes - The scored units, ascending.
 * @param focus - Factors already applied (the speaker focus), one per entry of `indexes`.
 * @param share - The share a unit not in the first person keeps, 0–1; 1 changes nothing.
 * @returns One factor per entry of `indexes`, or `focus` itself when `share` is 1. @internal
 */
export function selfDisclosureFocus(log: SessionLog, indexes: readonly number[], focus: Float64Array | undefined, share: number): Float64Array | undefined {
  if (share >= 1 || indexes.length === 0) return focus;
  const cues = dialogueCues(log);
  const factors = focus ? Float64Array.from(focus) : new Float64Array(indexes.length).fill(1);
  // The kinds from the log's trait codes (not every unit's object).
  const { kinds } = log.traits;
  const user = UNIT_KIND_CODES.indexOf('user');
  const assistant = UNIT_KIND_CODES.indexOf('assistant');
  for (let offset = 0; offset < indexes.length; offset++) {
    const index = indexes[offset]!;
    const kind = kinds[index]!;
    if ((kind === user || kind === assistant) && (cues[index]! & FIRST_PERSON_CUE) === 0) factors[offset] = factors[offset]! * share;
  }
  return factors;
}

/**
 * Lets the reply to a question take `share` of the question's match: in a dialogue the message
 * right after one that asks ("How did the kids like the museum?") answers it, in words of its
 * own ("They were stoked for the dinosaur exhibit!"). Where the unit before a unit ends with a
 * question mark (and both were scored together), the unit's value becomes the larger of its own
 * and `share` times the asking unit's. Never lowers a value; linear in the number of units.
 *
 * @param log - The session log.
 * @param values - Match values, one per scored unit, in `indexes` order.
 * @param indexes - The log index of each value's unit, ascending.
 * @param share - 0–1; 0 returns `values` itself.
 * @returns The values with replies lifted (a new array unless `share` is 0). @internal
 */
export function shareWithReplies(log: SessionLog, values: Float64Array, indexes: readonly number[], share: number): Float64Array {
  if (share <= 0 || indexes.length < 2) return values;
  const cues = dialogueCues(log);
  const lifted = Float64Array.from(values);
  for (let offset = 1; offset < indexes.length; offset++) {
    const asking = indexes[offset - 1]!;
    if (asking !== indexes[offset]! - 1 || (cues[asking]! & ASKS_CUE) === 0) continue;
    const part = share * values[offset - 1]!;
    if (part > lifted[offset]!) lifted[offset] = part;
  }
  return lifted;
}

/**
 * EXPLORATION: each chat unit that ends with a question keeps `share` of its score.
 * @internal
 */
export function askingFocus(log: SessionLog, indexes: readonly number[], focus: Float64Array | undefined, share: number): Float64Array | undefined {
  if (share >= 1 || indexes.length === 0) return focus;
  const cues = dialogueCues(log);
  const factors = focus ? Float64Array.from(focus) : new Float64Array(indexes.length).fill(1);
  const { kinds } = log.traits;
  const user = UNIT_KIND_CODES.indexOf('user');
  const assistant = UNIT_KIND_CODES.indexOf('assistant');
  for (let offset = 0; offset < indexes.length; offset++) {
    const index = indexes[offset]!;
    const kind = kinds[index]!;
    if ((kind === user || kind === assistant) && (cues[index]! & ASKS_CUE) !== 0) factors[offset] = factors[offset]! * share;
  }
  return factors;
}

const NARRATES = /\b(i|we|my \w+|our \w+)\s+(just\s+|finally\s+|also\s+|recently\s+|actually\s+)?(\w+ed|went|took|made|got|saw|ran|did|had|bought|found|met|gave|began|wrote|read|won|lost|built|left|came|became|felt|told|taught|sang|drew|kept|heard)\b/i;
const narrates = new WeakMap<SessionLog, Uint8Array>();
const mostly = new WeakMap<SessionLog, Uint8Array>();
/** EXPLORATION: more than `part` of the words in sentences ending with "?". */
function mostlyAsks(text: string, part: number): boolean {
  const plain = text.replace(/\[image:[^\]]*\]/g, ' ').trim();
  let asked = 0;
  let all = 0;
  for (const sentence of plain.split(/(?<=[.!?])\s+/)) {
    const words = sentence.split(/\s+/).filter(Boolean).length;
    all += words;
    if (/\?["')\]]*$/.test(sentence)) asked += words;
  }
  return all > 0 && asked > part * all;
}
/** EXPLORATION: chat units mostly made of questions keep `share`. @internal */
export function mostlyAsksFocus(log: SessionLog, indexes: readonly number[], focus: Float64Array | undefined, share: number, part: number): Float64Array | undefined {
  if (share >= 1 || indexes.length === 0) return focus;
  let cues = mostly.get(log);
  if (!cues || cues.length !== log.units.length) {
    cues = new Uint8Array(log.units.length);
    for (let index = 0; index < log.units.length; index++) {
      const unit = log.units[index]!;
      cues[index] = mostlyAsks(contentText(log.entries[unit.positions[0]!]!.message.content), part) ? 1 : 0;
    }
    mostly.set(log, cues);
  }
  const factors = focus ? Float64Array.from(focus) : new Float64Array(indexes.length).fill(1);
  for (let offset = 0; offset < indexes.length; offset++) {
    const index = indexes[offset]!;
    const kind = log.units[index]!.kind;
    if ((kind === 'user' || kind === 'assistant') && cues[index] === 1) factors[offset] = factors[offset]! * share;
  }
  return factors;
}
/** EXPLORATION: chat units that do not narrate (first-person subject + past verb) keep `share`. @internal */
export function narrationFocus(log: SessionLog, indexes: readonly number[], focus: Float64Array | undefined, share: number): Float64Array | undefined {
  if (share >= 1 || indexes.length === 0) return focus;
  let cues = narrates.get(log);
  if (!cues || cues.length !== log.units.length) {
    cues = new Uint8Array(log.units.length);
    for (let index = 0; index < log.units.length; index++) {
      const unit = log.units[index]!;
      const text = contentText(log.entries[unit.positions[0]!]!.message.content).replace(/\[image:[^\]]*\]/g, ' ');
      cues[index] = NARRATES.test(text) ? 1 : 0;
    }
    narrates.set(log, cues);
  }
  const factors = focus ? Float64Array.from(focus) : new Float64Array(indexes.length).fill(1);
  for (let offset = 0; offset < indexes.length; offset++) {
    const index = indexes[offset]!;
    const kind = log.units[index]!.kind;
    if ((kind === 'user' || kind === 'assistant') && cues[index] === 0) factors[offset] = factors[offset]! * share;
  }
  return factors;
}
