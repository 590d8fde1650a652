import { UNIT_KIND_CODES, type SessionLog } from '../log/index.js';
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
 * Each unit's share of its score for a question, by whether it asks: a chat message that ends
 * with a question mark ("Wow! What got you into running?", "Have you tried it?") keeps `share`,
 * one that does not keeps its whole score. A message that asks tells less than the one that
 * answers it: on the LoCoMo conversations 12% of the messages that ask are evidence for some
 * question, against 27% of the others (shared set). The reply still takes its share of the
 * asking message's match ({@link shareWithReplies}), which is read before this factor. Units no
 * user or assistant wrote keep their score. Multiplies into `focus`, or starts from 1.
 *
 * @param log - The session log.
 * @param indexes - The scored units, ascending.
 * @param focus - Factors already applied (speaker, first person, answer cues), one per entry of `indexes`.
 * @param share - The share a message that asks keeps, 0–1; 1 changes nothing.
 * @returns One factor per entry of `indexes`, or `focus` itself when `share` is 1. @internal
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
