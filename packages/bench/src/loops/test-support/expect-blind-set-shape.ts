import { expect } from 'vitest';
import { actionKey7, type QueriedEpisode7 } from './blind-set-7-queries.js';

/** What the shape checks read of an episode of the seventh set on. */
interface ShapedEpisode extends QueriedEpisode7 {
  kind: string;
  loop: boolean;
  repeats: number;
  evidenceIds: string[];
}

/** Every loop kind's three episodes repeat 3, 4, then 5 or more times (kinds in build order). */
export function expectLoopLengths(episodes: readonly ShapedEpisode[], kinds: readonly string[]): void {
  for (const kind of kinds.filter((candidate) => candidate.startsWith('loop:'))) {
    const lengths = episodes.filter((episode) => episode.kind === kind).map((episode) => episode.repeats);
    expect(lengths.slice(0, 2), kind).toEqual([3, 4]);
    expect(lengths[2], kind).toBeGreaterThanOrEqual(5);
  }
}

/** Every loop's repeats come in order and close together: three within 4 assistant messages, three rounds of `roundKinds` within 6. */
export function expectLoopsInWindow(loops: readonly ShapedEpisode[], roundKinds: readonly string[]): void {
  for (const episode of loops) {
    const actions = episode.messages.filter((message) => message.role === 'assistant').map((message) => message.id);
    const positions = episode.evidenceIds.map((id) => actions.indexOf(id));
    const limit = roundKinds.includes(episode.kind) ? 6 : 4;
    for (let index = 0; index + 2 < positions.length; index++) {
      expect(positions[index + 1]!).toBeGreaterThan(positions[index]!);
      expect(positions[index + 2]! - positions[index]!, episode.id).toBeLessThan(limit);
    }
  }
}

/** The actions (keys sorted, outcome normalised: `actionKey7`) an episode takes 3 times or more: the exact form of the rule. */
export function actionsTakenThrice(episode: ShapedEpisode): string[] {
  const seen = new Map<string, number>();
  episode.messages.forEach((message, index) => {
    if (message.role !== 'assistant') return;
    const key = actionKey7(episode, index);
    seen.set(key, (seen.get(key) ?? 0) + 1);
  });
  return [...seen].filter(([, count]) => count >= 3).map(([key]) => key);
}

/** What the label checks read of an episode of the eleventh set on. */
interface LabelledEpisode {
  id: string;
  kind: string;
  loop: boolean;
  borderline: boolean;
  note: string;
  repeats: number;
  evidenceIds: string[];
}

/**
 * Labels follow the kind (`loop:` kinds loop); a loop repeats 3–6 times with one evidence id per
 * repeat and is borderline exactly at 3; a non-loop has at least 3 look-alikes and is borderline
 * exactly when its kind is in `borderlineWork`; the set has `borderlineLoops` and
 * `borderlineOthers` borderline episodes.
 */
export function expectLabelledByKind(episodes: readonly LabelledEpisode[], borderlineWork: readonly string[], borderlineLoops: number, borderlineOthers: number): void {
  for (const episode of episodes) {
    expect(episode.loop).toBe(episode.kind.startsWith('loop:'));
    expect(episode.note.length, episode.id).toBeGreaterThan(60);
    if (episode.loop) {
      expect(episode.repeats).toBeGreaterThanOrEqual(3);
      expect(episode.repeats).toBeLessThanOrEqual(6);
      expect(episode.evidenceIds).toHaveLength(episode.repeats);
      expect(episode.borderline, episode.id).toBe(episode.repeats === 3);
    } else {
      expect(episode.repeats).toBe(0);
      expect(episode.evidenceIds.length, episode.id).toBeGreaterThanOrEqual(3);
      expect(episode.borderline, episode.id).toBe(borderlineWork.includes(episode.kind));
    }
  }
  expect(episodes.filter((episode) => episode.loop && episode.borderline)).toHaveLength(borderlineLoops);
  expect(episodes.filter((episode) => !episode.loop && episode.borderline)).toHaveLength(borderlineOthers);
}

/**
 * Every loop's repeats and every non-loop's look-alikes come in order, any three within the window
 * of the episode's layout (`windows`, in assistant messages), `step` ones back to back; returns the
 * layouts the loops use, sorted.
 */
export function expectInLayoutWindows<Layout extends string>(episodes: readonly (ShapedEpisode & { id: string; layout: Layout })[], windows: Readonly<Record<Layout, number>>): string[] {
  for (const episode of episodes) {
    const actions = episode.messages.filter((message) => message.role === 'assistant').map((message) => message.id);
    const positions = episode.evidenceIds.map((id) => actions.indexOf(id));
    for (let index = 0; index + 2 < positions.length; index++) {
      expect(positions[index + 1]!, episode.id).toBeGreaterThan(positions[index]!);
      expect(positions[index + 2]! - positions[index]!, episode.id).toBeLessThan(windows[episode.layout]);
    }
    if (episode.layout === 'step') expect(positions.at(-1)! - positions[0]!, episode.id).toBe(positions.length - 1);
  }
  return [...new Set(episodes.filter((episode) => episode.loop).map((episode) => episode.layout as string))].sort();
}
