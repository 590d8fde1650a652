import { composeBrief, type DeadEnd } from '../dead-ends/index.js';
import { lessonAlignment, playbookLessons, SKILL_DIRECTION_UNITS, skillMatchesDirection } from '../playbook/index.js';
import { renderingCounter, type EngineState } from '../render/index.js';

/** The lessons message's text and the logged messages it speaks for. @internal */
export interface LessonsBrief {
  text: string;
  sourceIds: string[];
}

/** Dead ends a brief names at most. */
const BRIEF_DEAD_ENDS = 40;
/** Brief texts whose token counts are remembered between turns. */
const BRIEF_TOKEN_CACHE = 512;

function byDeadEndId(a: DeadEnd, b: DeadEnd): number {
  return Number(a.id.slice(a.id.lastIndexOf('-') + 1)) - Number(b.id.slice(b.id.lastIndexOf('-') + 1)) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * A token count through `cache`: brief lines change only when a lesson does, so their counts are
 * kept between turns (the cache is emptied past {@link BRIEF_TOKEN_CACHE} entries).
 */
function cachedCount(state: EngineState, cache: Map<string, number>): (value: string) => number {
  // By words (the same counts): the lessons and the whole brief share most of their words.
  const counter = renderingCounter(state.options.tokenCounter);
  if (cache.size > BRIEF_TOKEN_CACHE) cache.clear();
  return (value) => {
    let tokens = cache.get(value);
    if (tokens === undefined) cache.set(value, (tokens = counter.count(value)));
    return tokens;
  };
}

/**
 * Logged messages after a dead end's latest failure during which a "since changed, may work now"
 * status (a later call changed what the failure depended on) waits under `prefix.briefLines:
 * 'settled'`: an edit-and-run loop repeats the run within a few messages of the edit.
 */
export const SETTLE_ENTRIES = 6;

/**
 * A dead end as a `'settled'` brief shows it: with the status it had before it turned stale while
 * a change made it stale (not the call succeeding) and its latest failure is among the last
 * {@link SETTLE_ENTRIES} logged messages; else as it is. Reads only the log and the dead end, so
 * a restored engine shows the same. @internal
 */
export function settledDeadEnd(state: EngineState, deadEnd: DeadEnd): DeadEnd {
  if (!deadEnd.stale || deadEnd.transient || deadEnd.changedSince === undefined) return deadEnd;
  const latest = deadEnd.sourceIds.at(-1);
  const position = latest === undefined ? undefined : state.log.position(latest);
  if (position === undefined || state.log.entries.length - 1 - position > SETTLE_ENTRIES) return deadEnd;
  const { stale: _stale, changedSince: _changedSince, ...held } = deadEnd;
  return held;
}

/**
 * The "known dead ends" brief: live dead ends most relevant to the direction, within `maxTokens`.
 * Registered dead ends first, then long-term ones, then suspects, then stale and transient ones;
 * within a group the latest failure first (what the agent is most likely to try again next), then
 * the most relevant to the direction. Shown in a stable order (by id), so the brief changes only
 * when the set of dead ends in it does, which keeps views cache-friendly.
 * @internal
 */
export function deadEndBrief(state: EngineState, maxTokens: number, cache: Map<string, number>): LessonsBrief | undefined {
  const { registeredDeadEnds } = state;
  const group = (deadEnd: DeadEnd): number =>
    (deadEnd.stale || deadEnd.transient ? 3 : 0) + (registeredDeadEnds.has(deadEnd.id) ? 0 : deadEnd.status === 'dead' ? 1 : 2);
  const settled = state.options.prefix.cacheAware && state.options.prefix.briefLines === 'settled';
  const listed = state.deadEnds.list({ direction: state.direction.current });
  // Ranked by what they are; a settled brief words the chosen ones as they settle.
  const live = listed
    .map((deadEnd, order) => ({ deadEnd, order, group: group(deadEnd) }))
    .sort((a, b) => a.group - b.group || b.deadEnd.lastSeen - a.deadEnd.lastSeen || a.order - b.order)
    .slice(0, BRIEF_DEAD_ENDS)
    .map(({ deadEnd }) => (settled ? settledDeadEnd(state, deadEnd) : deadEnd));
  if (live.length === 0) return undefined;
  const { text, chosen } = composeBrief(live, maxTokens, cachedCount(state, cache), byDeadEndId, settled ? 'coarse' : 'exact');
  if (text.length === 0) return undefined;
  const sourceIds = [...new Set(chosen.flatMap((deadEnd) => deadEnd.sourceIds))].filter((id) => state.log.hasMessage(id));
  return { text, sourceIds };
}

/**
 * The view's lessons within `maxTokens`: the dead-end brief (the mistakes to avoid) first, then
 * the playbook's bullets in what is left.
 * @internal
 */
export function lessonsBrief(state: EngineState, maxTokens: number, cache: Map<string, number>): LessonsBrief | undefined {
  const deadEnds = deadEndBrief(state, maxTokens, cache);
  if (!state.playbook) return deadEnds;
  // The whole texts repeat turn after turn too: counted through the same cache.
  const count = cachedCount(state, cache);
  const rest = maxTokens - (deadEnds ? count(`${deadEnds.text}\n`) : 0);
  const tools = directionTools(state);
  const alignment = (text: string): number => lessonAlignment(state.direction.current, text, state.log.vectoriser.vocabulary);
  const lessons = playbookLessons(state.playbook, rest, count, (bullet) => skillMatchesDirection(bullet, tools, alignment));
  if (lessons.text === '') return deadEnds;
  const text = deadEnds ? `${deadEnds.text}\n${lessons.text}` : lessons.text;
  if (count(text) > maxTokens) {
    state.playbook.inView = [];
    return deadEnds;
  }
  const sourceIds = [...new Set([...(deadEnds?.sourceIds ?? []), ...lessons.sourceIds.filter((id) => state.log.hasMessage(id))])];
  return { text, sourceIds };
}

/** Tools of the current direction: those called in the last units of the log. */
function directionTools(state: EngineState): Set<string> {
  const tools = new Set<string>();
  const units = state.log.units;
  for (let index = Math.max(0, units.length - SKILL_DIRECTION_UNITS); index < units.length; index++) for (const call of units[index]!.calls) tools.add(call.name);
  return tools;
}
