/**
 * The blind sets' sections of `loop-detection.ts` (issue 16), scored once per detector — all,
 * without the borderline ones, and per kind (which loops each misses, which non-loops it fires
 * on). The first: 66 synthetic tau-bench and CodeR episodes written and committed before the
 * restatement detector existed. The second: 90 episodes written by another author, who never read
 * a detector, while the stall detector was being written (neither saw the other). The third: 108
 * episodes of 36 new kinds, written the same way while the stall detector's second version was
 * being written; its `borderline` marks both loops and non-loops. The fourth and fifth the same way,
 * in parallel with the stall detector's third and fourth versions; the fifth's episodes carry a
 * stratum (`observed`: patterns its author found in the shared runs, new text; `novel`: invented
 * kinds), scored apart too.
 */
import type { CairnMessage, DetectLoopOptions } from '@cairn/core';
import { blindLoopEpisodes, blindLoopEpisodes2, blindLoopEpisodes3, blindLoopEpisodes4, blindLoopEpisodes5, blindLoopEpisodes6, replayLoopDetection, scoreDetections, type LoopDetectorKind } from '../src/index.js';

/** What a blind set's section reads of an episode. */
export interface ScoredEpisode {
  id: string;
  kind: string;
  loop: boolean;
  borderline: boolean;
  messages: CairnMessage[];
}

const percent = (value: number, denominator: number): string => (denominator === 0 ? 'n/a' : `${(value * 100).toFixed(1)}%`);

/**
 * Prints the detectors on the blind set.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  const episodes = blindLoopEpisodes();
  const loops = episodes.filter((episode) => episode.loop).length;
  const borderline = episodes.filter((episode) => episode.borderline).length;
  process.stdout.write(
    `\nBlind restatement set (${episodes.length} synthetic episodes, ${loops} loops of which ${borderline} borderline, ${episodes.length - loops} hard non-loops; src/loops/blind-restatement-episodes.ts, committed before cairn+restate was written; not tuned on — cairn+restate scored once here, then left as it was)\n`,
  );
  printEpisodeScores(episodes, options, detectors);
}

/**
 * Prints the detectors on the second blind set (`src/loops/blind-loop-episodes-2.ts`).
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printSecondBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  const episodes = blindLoopEpisodes2();
  const loops = episodes.filter((episode) => episode.loop).length;
  const borderline = episodes.filter((episode) => episode.borderline).length;
  process.stdout.write(
    `\nSecond blind set (${episodes.length} synthetic episodes, ${loops} loops of which ${borderline} borderline, ${episodes.length - loops} hard non-loops; src/loops/blind-loop-episodes-2.ts, written by an author who never read a detector, in parallel with cairn+stall; scored once as written, then studied and tuned on for cairn+stall by loops6: for it a tuning set now)\n`,
  );
  printEpisodeScores(episodes, options, detectors);
}

/**
 * Prints the detectors on the third blind set (`src/loops/blind-loop-episodes-3.ts`).
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printThirdBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  const episodes = blindLoopEpisodes3();
  const loops = episodes.filter((episode) => episode.loop).length;
  const borderlineLoops = episodes.filter((episode) => episode.loop && episode.borderline).length;
  const borderlineOthers = episodes.filter((episode) => !episode.loop && episode.borderline).length;
  process.stdout.write(
    `\nThird blind set (${episodes.length} synthetic episodes of 36 kinds, ${loops} loops of which ${borderlineLoops} borderline, ${episodes.length - loops} hard non-loops of which ${borderlineOthers} borderline; src/loops/blind-loop-episodes-3.ts, written by an author who never read a detector, in parallel with the stall detector's second version; scored once as written (cairn+stall 96.0% / 53.3%), then studied and tuned on for cairn+stall by loops7: for it a tuning set now)\n`,
  );
  printEpisodeScores(episodes, options, detectors);
}

/**
 * Prints the detectors on the fourth blind set (`src/loops/blind-loop-episodes-4.ts`).
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printFourthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  const episodes = blindLoopEpisodes4();
  const loops = episodes.filter((episode) => episode.loop).length;
  const borderlineLoops = episodes.filter((episode) => episode.loop && episode.borderline).length;
  const borderlineOthers = episodes.filter((episode) => !episode.loop && episode.borderline).length;
  process.stdout.write(
    `\nFourth blind set (${episodes.length} synthetic episodes of 30 kinds, ${loops} loops of which ${borderlineLoops} borderline, ${episodes.length - loops} hard non-loops of which ${borderlineOthers} borderline; src/loops/blind-loop-episodes-4.ts, written by an author who never read a detector, in parallel with the stall detector's third version; scored once as written (cairn+stall 92.9% / 72.2%), then studied and tuned on for cairn+stall by loops8: for it a tuning set now)\n`,
  );
  printEpisodeScores(episodes, options, detectors);
}

/**
 * Prints the detectors on the fifth blind set (`src/loops/blind-loop-episodes-5.ts`), all and per
 * stratum (observed in the shared runs / novel).
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printFifthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  const episodes = blindLoopEpisodes5();
  const loops = episodes.filter((episode) => episode.loop).length;
  const borderlineLoops = episodes.filter((episode) => episode.loop && episode.borderline).length;
  const borderlineOthers = episodes.filter((episode) => !episode.loop && episode.borderline).length;
  const kinds = new Set(episodes.map((episode) => episode.kind)).size;
  process.stdout.write(
    `\nFifth blind set (${episodes.length} synthetic episodes of ${kinds} kinds, ${loops} loops of which ${borderlineLoops} borderline, ${episodes.length - loops} hard non-loops of which ${borderlineOthers} borderline; src/loops/blind-loop-episodes-5.ts, written by an author who never read a detector, in parallel with the stall detector's fourth version; half its kinds are patterns the author found in the shared runs (observed), half invented (novel); scored once as written (cairn+stall 88.0% / 56.4%), then studied and tuned on for cairn+stall by loops9: for it a tuning set now)\n`,
  );
  printEpisodeScores(episodes, options, detectors, [
    ['observed', episodes.filter((episode) => episode.stratum === 'observed')],
    ['novel', episodes.filter((episode) => episode.stratum === 'novel')],
  ]);
}

/**
 * Prints the detectors on the sixth blind set (`src/loops/blind-loop-episodes-6.ts`), all and per
 * stratum, written while loops9 was tuned on the fifth.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printSixthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  const episodes = blindLoopEpisodes6();
  const loops = episodes.filter((episode) => episode.loop).length;
  const borderlineLoops = episodes.filter((episode) => episode.loop && episode.borderline).length;
  const borderlineOthers = episodes.filter((episode) => !episode.loop && episode.borderline).length;
  const kinds = new Set(episodes.map((episode) => episode.kind)).size;
  process.stdout.write(
    `\nSixth blind set (${episodes.length} synthetic episodes of ${kinds} kinds, ${loops} loops of which ${borderlineLoops} borderline, ${episodes.length - loops} hard non-loops of which ${borderlineOthers} borderline; src/loops/blind-loop-episodes-6.ts, written by an author who never read a detector, while the stall detector's fifth version (loops9) was tuned on the fifth set; observed and novel strata as the fifth's; scored once as written (cairn+stall 82.1% / 85.2%), then studied and tuned on for cairn+stall by loops10: for it a tuning set now)\n`,
  );
  printEpisodeScores(episodes, options, detectors, [
    ['observed', episodes.filter((episode) => episode.stratum === 'observed')],
    ['novel', episodes.filter((episode) => episode.stratum === 'novel')],
  ]);
}

/** Prints each detector's scores on `episodes`: all, borderline left out, then each named subset; then the wrong episodes by kind. @internal */
export function printEpisodeScores(episodes: readonly ScoredEpisode[], options: DetectLoopOptions, detectors: readonly LoopDetectorKind[], strata: readonly (readonly [string, readonly ScoredEpisode[]])[] = []): void {
  process.stdout.write('subset                          detector       units  loops   TP  FP  FN  precision  recall\n');
  for (const detector of detectors) {
    const fired = new Map(episodes.map((episode) => [episode.id, replayLoopDetection(episode.messages, options, detector).fired]));
    for (const [subset, chosen] of [
      ['all', episodes],
      ['borderline left out', episodes.filter((episode) => !episode.borderline)],
      ...strata,
    ] as const) {
      const score = scoreDetections(chosen.map((episode) => [fired.get(episode.id)!, episode.loop] as const));
      const predicted = score.truePositives + score.falsePositives;
      process.stdout.write(
        `${subset.padEnd(31)} ${detector.padEnd(13)} ${String(chosen.length).padStart(6)} ${String(chosen.filter((episode) => episode.loop).length).padStart(6)} ${String(score.truePositives).padStart(4)} ${String(score.falsePositives).padStart(3)} ${String(score.falseNegatives).padStart(3)}  ${percent(score.precision, predicted).padStart(9)}  ${percent(score.recall, score.truePositives + score.falseNegatives).padStart(6)}\n`,
      );
    }
    const wrong = new Map<string, number>();
    for (const episode of episodes) if (fired.get(episode.id) !== episode.loop) wrong.set(episode.kind, (wrong.get(episode.kind) ?? 0) + 1);
    process.stdout.write(`                                wrong, by kind: ${[...wrong].map(([kind, count]) => `${kind} ${count}`).join(', ') || '-'}\n`);
  }
}
