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
