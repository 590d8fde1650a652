import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { drawRepo5, openCoder5, run5, window5 } from '../blind-set-5/coder-setting.js';
import { lookAlikes7, nth7, repeats7 } from '../blind-set-7/family.js';
import type { Family9 } from './family.js';

/** Coding-agent kinds whose pattern was seen in the real CodeR runs (the README names runs and messages). */
export const CODER_OBSERVED_KINDS_9 = ['loop:coder-two-file-shuttle-without-edit', 'work:coder-scroll-same-words-new-lines'] as const;

/** One kind of {@link CODER_OBSERVED_KINDS_9}. */
export type CoderObservedKind9 = (typeof CODER_OBSERVED_KINDS_9)[number];

/** A Tester shuttles between the source and its base class, opening each at the same place round after round, never editing or running. */
const twoFileShuttleWithoutEdit: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random, 5);
  const repo = drawRepo5(random);
  const base = `${repo.source.split('/').slice(0, -1).join('/')}/base.py`;
  const baseLine = random.int(40, 200);
  openCoder5(log, repo, 'Tester');
  run5(log, repo, 'n/a', 'Running the reproduction script to check the fix.', 'python reproduce.py', repo.bugOutput, true);
  const toSource = [
    `The output still shows the bug. Let me look at ${repo.source} around the changed line.`,
    `Back to ${repo.source} to see how the value is used.`,
    `Returning to ${repo.source} to compare with the base class.`,
    `Let me look at ${repo.source} again.`,
    `Once more, ${repo.source}.`,
  ];
  const toBase = [
    `It calls into the base class; opening ${base} at line ${baseLine}.`,
    'Now the base class again, to check what it expects.',
    `Checking ${base} once more.`,
    'And the base class again.',
    'Base class again.',
  ];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(run5(log, repo, repo.source, nth7(toSource, round), `open ${repo.source} ${repo.line}`, window5(repo, repo.line - 10, repo.line + 10)));
    run5(log, repo, base, nth7(toBase, round), `open ${base} ${baseLine}`, `[File: /${repo.name}/${base} (412 lines total)]\n(${baseLine - 11} more lines above)\n${baseLine}:    def ${repo.symbol}(self, value):\n${baseLine + 1}:        raise NotImplementedError\n(${412 - baseLine - 1} more lines below)`);
  }
  run5(log, repo, base, 'I cannot tell whether the issue is resolved.', 'fail', '');
  return { repeats, evidenceIds, note: `${repeats} rounds of \`open ${repo.source} ${repo.line}\` then \`open ${base} ${baseLine}\`, each showing the identical window; no edit, search or run between rounds, then the Tester gives up. A two-step cycle with identical outcomes: a loop.` };
};

/** Scrolling down a long file to find a class, with word-for-word the same narration each time; each scroll shows new lines. */
const scrollSameWordsNewLines: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const repo = drawRepo5(random);
  const target = 100 * (count + 1) + random.int(5, 60);
  openCoder5(log, repo, 'Tester');
  run5(log, repo, repo.source, `Opening ${repo.source} to find ${repo.symbol}.`, `open ${repo.source}`, window5(repo, 1, 100));
  const evidenceIds: string[] = [];
  for (let page = 1; page <= count; page++) {
    const first = page * 100 + 1;
    const found = page === count;
    const shown = window5(repo, first, first + 99);
    evidenceIds.push(run5(log, repo, repo.source, `The definition of ${repo.symbol} is still not visible, so I will continue to scroll down the file to locate it.`, 'scroll_down', found ? `${shown}\n${target}:def ${repo.symbol}(self, value):` : shown));
  }
  run5(log, repo, repo.source, `Found ${repo.symbol} at line ${target}; going there.`, `goto ${target}`, window5(repo, target - 10, target + 10));
  return { repeats: 0, evidenceIds, note: `scroll_down ${count} times with word-for-word the same narration; each shows the next hundred lines of the file, and the last reaches ${repo.symbol}. Paging through a file: not a loop.` };
};

const FAMILIES: Record<CoderObservedKind9, Family9> = {
  'loop:coder-two-file-shuttle-without-edit': twoFileShuttleWithoutEdit,
  'work:coder-scroll-same-words-new-lines': scrollSameWordsNewLines,
};

/**
 * Builds one coding episode of the ninth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildCoderObserved9(kind: CoderObservedKind9, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
