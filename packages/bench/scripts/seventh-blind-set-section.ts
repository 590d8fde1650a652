/**
 * The seventh blind set's section of `loop-detection.ts` (issue 16): 81 episodes written by an
 * author who never read a detector, while the stall detector's sixth version (loops10) was tuned
 * on the fifth and sixth sets. Strata as the fifth's (observed in the shared runs / novel); the
 * novel kinds leave customer service and coding for web research, data / SQL, operations and
 * multi-agent crews, so they are also scored per domain. A second, blind labeller labelled the
 * same episodes from their messages alone (`src/loops/loop-labels-seventh-second.json`): the
 * section prints the two labellers' agreement and scores each detector against the second
 * labeller too, and on the episodes both label alike.
 */
import { readFileSync } from 'node:fs';
import type { DetectLoopOptions } from '@cairn/core';
import { blindLoopEpisodes7, cohensKappa, type LoopDetectorKind } from '../src/index.js';
import { printEpisodeScores } from './blind-set-section.js';

/** The domains of the seventh set's kinds, by the first word after `loop:` / `work:`. */
const DOMAINS: readonly (readonly [string, string])[] = [
  ['service', 'customer service'],
  ['coder', 'coding agents'],
  ['web', 'web research'],
  ['sql', 'data / SQL'],
  ['ops', 'operations'],
  ['crew', 'multi-agent crews'],
];

/**
 * Prints the detectors on the seventh blind set (`src/loops/blind-loop-episodes-7.ts`), all, per
 * stratum and per domain.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printSeventhBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  const episodes = blindLoopEpisodes7();
  const loops = episodes.filter((episode) => episode.loop).length;
  const borderlineLoops = episodes.filter((episode) => episode.loop && episode.borderline).length;
  const borderlineOthers = episodes.filter((episode) => !episode.loop && episode.borderline).length;
  const kinds = new Set(episodes.map((episode) => episode.kind)).size;
  process.stdout.write(
    `\nSeventh blind set (${episodes.length} synthetic episodes of ${kinds} kinds, ${loops} loops of which ${borderlineLoops} borderline, ${episodes.length - loops} hard non-loops of which ${borderlineOthers} borderline; src/loops/blind-loop-episodes-7.ts, written by an author who never read a detector, while the stall detector's sixth version (loops10) was tuned on the fifth and sixth sets; observed and novel strata, the novel kinds from four new domains; scored once as written (cairn+stall 78.9% / 90.9%), then studied and tuned on for cairn+stall by loops11: for it a tuning set now)\n`,
  );
  const second = new Map(Object.entries((JSON.parse(readFileSync(new URL('../src/loops/loop-labels-seventh-second.json', import.meta.url), 'utf8')) as { labels: Record<string, { loop: boolean; borderline: boolean }> }).labels));
  const labelled = episodes.filter((episode) => second.has(episode.id));
  const agreement = cohensKappa(labelled.map((episode) => [episode.loop, second.get(episode.id)!.loop] as const));
  const disagreed = labelled.filter((episode) => episode.loop !== second.get(episode.id)!.loop);
  process.stdout.write(
    `second labeller (blind, messages only): ${labelled.length} episodes, ${labelled.filter((episode) => second.get(episode.id)!.loop).length} loops; agreement ${(agreement.observedAgreement * 100).toFixed(1)}%, Cohen's kappa ${agreement.kappa.toFixed(3)}; they differ on ${disagreed.map((episode) => `${episode.id} (${episode.kind}, author: ${episode.loop ? 'loop' : 'not'})`).join(', ') || 'none'}\n`,
  );
  const domainOf = (kind: string) => DOMAINS.find(([prefix]) => kind.replace(/^(loop|work):/, '').startsWith(`${prefix}-`))?.[1] ?? 'other';
  printEpisodeScores(episodes, options, detectors, [
    ['observed', episodes.filter((episode) => episode.stratum === 'observed')],
    ['novel', episodes.filter((episode) => episode.stratum === 'novel')],
    ...DOMAINS.map(([, domain]) => [domain, episodes.filter((episode) => domainOf(episode.kind) === domain)] as const),
    ['both labellers agree', labelled.filter((episode) => episode.loop === second.get(episode.id)!.loop)],
  ]);
  process.stdout.write('by the second labeller\'s labels (and borderline marks):\n');
  printEpisodeScores(
    labelled.map((episode) => ({ ...episode, ...second.get(episode.id)! })),
    options,
    detectors,
  );
}
