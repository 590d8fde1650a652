import type { SessionLog } from '../log/index.js';
import type { TermBag } from '../text/index.js';

/**
 * Share of its score for a question that a unit keeps when the question names some of the
 * conversation's speakers and the unit is not theirs. Half: what the others said may still
 * matter (the prompt a speaker answers, a match too strong to pass over), but "what does Mel do
 * to relax?" is answered by what Mel said. @internal
 */
export const OTHER_SPEAKER_SHARE = 0.5;

/** The speaker of a unit: the `name` of its lead message when a user or assistant wrote it. */
function speakerOf(log: SessionLog, unit: number): string | undefined {
  const lead = log.entries[log.units[unit]!.positions[0]!]!.message;
  if (lead.role !== 'user' && lead.role !== 'assistant') return undefined;
  return lead.name?.trim() || undefined;
}

function contains(bag: TermBag, id: number): boolean {
  let low = 0;
  let high = bag.ids.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const value = bag.ids[middle]!;
    if (value === id) return true;
    if (value < id) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}

/**
 * How much of its score for a question each unit keeps, by who wrote it: in a conversation
 * between named speakers (user and assistant messages with a `name`), a question that names
 * some but not all of them asks about what those said. Their units keep their whole score;
 * everyone else's units, and units no speaker wrote (tool exchanges, system prompts), keep
 * {@link OTHER_SPEAKER_SHARE}.
 *
 * A speaker is named when every term of their name is a term of the question (the same
 * stemming and case folding as all matching). Returns `undefined`, meaning every unit keeps its
 * whole match, when the question names no speaker or names every one of them.
 *
 * @param log - The session log.
 * @param question - The question's term bag, from the log's vectoriser.
 * @param indexes - The units being scored, ascending.
 * @returns One factor per entry of `indexes`, or `undefined`. @internal
 */
export function speakerFocus(log: SessionLog, question: TermBag, indexes: readonly number[]): Float64Array | undefined {
  if (question.length === 0) return undefined;
  const { speakers, bags } = speakerIndex(log);
  if (bags.size === 0) return undefined;
  const named = new Map<string, boolean>();
  let namedCount = 0;
  for (const [speaker, terms] of bags) {
    const isNamed = terms.length > 0 && Array.from(terms.ids).every((id) => contains(question, id));
    named.set(speaker, isNamed);
    if (isNamed) namedCount++;
  }
  if (namedCount === 0 || namedCount === named.size) return undefined;
  const factors = new Float64Array(indexes.length);
  for (let offset = 0; offset < indexes.length; offset++) {
    const speaker = speakers[indexes[offset]!];
    factors[offset] = speaker !== undefined && named.get(speaker) ? 1 : OTHER_SPEAKER_SHARE;
  }
  return factors;
}

/**
 * The speaker of every unit of a log and the term bag of each distinct speaker, in order of
 * first appearance: kept per log and extended by the units appended since (units are only ever
 * appended, and a unit's lead message never changes), so a question reads the speakers without
 * visiting every unit's lead message again.
 */
interface SpeakerIndex {
  /** The last unit indexed (a log whose units were replaced is indexed afresh). */
  last: object | undefined;
  readonly speakers: (string | undefined)[];
  readonly bags: Map<string, TermBag>;
}

const speakerIndexes = new WeakMap<SessionLog, SpeakerIndex>();

/** Brings the log's speaker index up to its units (a restored engine builds it at restore). @internal */
export function syncSpeakers(log: SessionLog): void {
  speakerIndex(log);
}

function speakerIndex(log: SessionLog): SpeakerIndex {
  let index = speakerIndexes.get(log);
  const known = index?.speakers.length ?? 0;
  if (!index || known > log.units.length || (known > 0 && log.units[known - 1] !== index.last)) {
    index = { last: undefined, speakers: [], bags: new Map() };
    speakerIndexes.set(log, index);
  }
  const { speakers, bags } = index;
  for (let unit = speakers.length; unit < log.units.length; unit++) {
    const speaker = speakerOf(log, unit);
    speakers.push(speaker);
    // A speaker's bag, taken when it first speaks (the terms of a name were interned with its message).
    if (speaker !== undefined && !bags.has(speaker)) bags.set(speaker, log.vectoriser.bag(speaker));
  }
  index.last = log.units[log.units.length - 1];
  return index;
}
