/**
 * The sections of `loop-detection.ts` for the blind sets that carry strata, domains and a second,
 * blind labeller (issue 16): the seventh and the eighth. Each was written by an author who never
 * read a detector, while the stall detector's next version was tuned on the sets before it; a
 * second labeller labelled the same episodes from their messages alone (shuffled under opaque
 * ids). A section prints the two labellers' agreement, then each detector's scores — all, without
 * the borderline ones, per stratum, per domain, on the episodes both label alike — and again by
 * the second labeller's labels.
 */
import { readFileSync } from 'node:fs';
import type { DetectLoopOptions } from '@cairn/core';
import { blindLoopEpisodes7, blindLoopEpisodes8, blindLoopEpisodes9, blindLoopEpisodes10, blindLoopEpisodes11, blindLoopEpisodes12, blindLoopEpisodes13, blindLoopEpisodes14, blindLoopEpisodes15, cohensKappa, type LoopDetectorKind } from '../src/index.js';
import { printEpisodeScores, type ScoredEpisode } from './blind-set-section.js';

/** A blind set with strata, domains (by the first word of a kind after `loop:` / `work:`) and a second labeller's file. */
interface LabelledBlindSet {
  title: string;
  /** Where it comes from and how it was written (after the counts). */
  about: string;
  episodes: readonly (ScoredEpisode & { stratum: string })[];
  /** `[kind prefix, domain name]`. */
  domains: readonly (readonly [string, string])[];
  /** The second labeller's labels, in `src/loops/`. */
  secondLabels: string;
}

function printLabelledBlindSetReport(set: LabelledBlindSet, options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  const { episodes } = set;
  const loops = episodes.filter((episode) => episode.loop).length;
  const borderlineLoops = episodes.filter((episode) => episode.loop && episode.borderline).length;
  const borderlineOthers = episodes.filter((episode) => !episode.loop && episode.borderline).length;
  const kinds = new Set(episodes.map((episode) => episode.kind)).size;
  process.stdout.write(`\n${set.title} (${episodes.length} synthetic episodes of ${kinds} kinds, ${loops} loops of which ${borderlineLoops} borderline, ${episodes.length - loops} hard non-loops of which ${borderlineOthers} borderline; ${set.about})\n`);
  const second = new Map(Object.entries((JSON.parse(readFileSync(new URL(`../src/loops/${set.secondLabels}`, import.meta.url), 'utf8')) as { labels: Record<string, { loop: boolean; borderline: boolean }> }).labels));
  const labelled = episodes.filter((episode) => second.has(episode.id));
  const agreement = cohensKappa(labelled.map((episode) => [episode.loop, second.get(episode.id)!.loop] as const));
  const disagreed = labelled.filter((episode) => episode.loop !== second.get(episode.id)!.loop);
  process.stdout.write(
    `second labeller (blind, messages only): ${labelled.length} episodes, ${labelled.filter((episode) => second.get(episode.id)!.loop).length} loops; agreement ${(agreement.observedAgreement * 100).toFixed(1)}%, Cohen's kappa ${agreement.kappa.toFixed(3)}; they differ on ${disagreed.map((episode) => `${episode.id} (${episode.kind}, author: ${episode.loop ? 'loop' : 'not'})`).join(', ') || 'none'}\n`,
  );
  const domainOf = (kind: string) => set.domains.find(([prefix]) => kind.replace(/^(loop|work):/, '').startsWith(`${prefix}-`))?.[1] ?? 'other';
  printEpisodeScores(episodes, options, detectors, [
    ['observed', episodes.filter((episode) => episode.stratum === 'observed')],
    ['novel', episodes.filter((episode) => episode.stratum === 'novel')],
    ...set.domains.map(([, domain]) => [domain, episodes.filter((episode) => domainOf(episode.kind) === domain)] as const),
    ['both labellers agree', labelled.filter((episode) => episode.loop === second.get(episode.id)!.loop)],
  ]);
  process.stdout.write("by the second labeller's labels (and borderline marks):\n");
  printEpisodeScores(
    labelled.map((episode) => ({ ...episode, ...second.get(episode.id)! })),
    options,
    detectors,
  );
}

/**
 * Prints the detectors on the seventh blind set (`src/loops/blind-loop-episodes-7.ts`): 81
 * episodes written while loops10 was tuned on the fifth and sixth sets; its novel kinds come from
 * four new domains.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printSeventhBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  printLabelledBlindSetReport(
    {
      title: 'Seventh blind set',
      about:
        "src/loops/blind-loop-episodes-7.ts, written by an author who never read a detector, while the stall detector's sixth version (loops10) was tuned on the fifth and sixth sets; observed and novel strata, the novel kinds from four new domains; scored once as written (cairn+stall 78.9% / 90.9%), then studied and tuned on for cairn+stall by loops11: for it a tuning set now",
      episodes: blindLoopEpisodes7(),
      domains: [
        ['service', 'customer service'],
        ['coder', 'coding agents'],
        ['web', 'web research'],
        ['sql', 'data / SQL'],
        ['ops', 'operations'],
        ['crew', 'multi-agent crews'],
      ],
      secondLabels: 'loop-labels-seventh-second.json',
    },
    options,
    detectors,
  );
}

/**
 * Prints the detectors on the eighth blind set (`src/loops/blind-loop-episodes-8.ts`): 75
 * episodes written while loops11 was tuned on the seventh; its novel kinds come from six more
 * domains. Scored once as written, then tuned on by loops12 (for `cairn+stall` a tuning set now).
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printEighthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  printLabelledBlindSetReport(
    {
      title: 'Eighth blind set',
      about:
        "src/loops/blind-loop-episodes-8.ts, written by an author who never read a detector, while the stall detector's seventh version (loops11) was tuned on the seventh set; observed and novel strata, the novel kinds from six more domains; scored once as written (cairn+stall 77.8% / 63.6%), then studied and tuned on for cairn+stall by loops12: for it a tuning set now",
      episodes: blindLoopEpisodes8(),
      domains: [
        ['service', 'customer service'],
        ['coder', 'coding agents'],
        ['mail', 'calendar / e-mail'],
        ['home', 'home and robots'],
        ['sheet', 'spreadsheets / finance'],
        ['tutor', 'tutoring'],
        ['game', 'games'],
        ['l10n', 'localisation'],
      ],
      secondLabels: 'loop-labels-eighth-second.json',
    },
    options,
    detectors,
  );
}

/**
 * Prints the detectors on the ninth blind set (`src/loops/blind-loop-episodes-9.ts`): 72
 * episodes written while loops12 was tuned on the eighth; its novel kinds come from eight more
 * domains.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printNinthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  printLabelledBlindSetReport(
    {
      title: 'Ninth blind set',
      about:
        "src/loops/blind-loop-episodes-9.ts, written by an author who never read a detector, while the stall detector's eighth version (loops12) was tuned on the eighth set; observed and novel strata, the novel kinds from eight more domains; scored once as written (cairn+stall 100% / 73.3%), then studied and tuned on for cairn+stall by loops13: for it a tuning set now",
      episodes: blindLoopEpisodes9(),
      domains: [
        ['service', 'customer service'],
        ['coder', 'coding agents'],
        ['legal', 'contract review'],
        ['pdf', 'document extraction'],
        ['shop', 'e-commerce catalogue'],
        ['triage', 'medical intake'],
        ['lab', 'lab protocols'],
        ['voice', 'voice assistant'],
        ['travel', 'travel planning'],
        ['cicd', 'CI/CD'],
      ],
      secondLabels: 'loop-labels-ninth-second.json',
    },
    options,
    detectors,
  );
}

/**
 * Prints the detectors on the tenth blind set (`src/loops/blind-loop-episodes-10.ts`): 60
 * episodes written while loops13 was tuned on the ninth; its novel kinds come from eight more
 * domains. Scored once as written, then tuned on by loops14: a tuning set for `cairn+stall` now.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printTenthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  printLabelledBlindSetReport(
    {
      title: 'Tenth blind set',
      about:
        "src/loops/blind-loop-episodes-10.ts, written by an author who never read a detector, while the stall detector's ninth version (loops13) was tuned on the ninth set; observed and novel strata, the novel kinds from eight more domains; scored once as written (cairn+stall 81.8% / 66.7%), then studied and tuned on for cairn+stall by loops14: for it a tuning set now",
      episodes: blindLoopEpisodes10(),
      domains: [
        ['service', 'customer service'],
        ['claims', 'insurance claims'],
        ['listing', 'real-estate listings'],
        ['hr', 'recruiting'],
        ['close', 'accounting close'],
        ['playlist', 'playlists'],
        ['incident', 'incident response'],
        ['catalogue', 'library catalogue'],
        ['dispatch', 'logistics dispatch'],
      ],
      secondLabels: 'loop-labels-tenth-second.json',
    },
    options,
    detectors,
  );
}

/**
 * Prints the detectors on the eleventh blind set (`src/loops/blind-loop-episodes-11.ts`): 60
 * episodes written while loops14 was tuned on the tenth; its novel kinds come from eight more
 * domains, and its loops take new shapes (three-step cycles, repeats spread over chat). Scored once
 * as written, then tuned on by loops15: a tuning set for `cairn+stall` now.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printEleventhBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  printLabelledBlindSetReport(
    {
      title: 'Eleventh blind set',
      about:
        "src/loops/blind-loop-episodes-11.ts, written by an author who never read a detector, while the stall detector's tenth version (loops14) was tuned on the tenth set; observed (tau-bench and CodeR) and novel strata, the novel kinds from eight more domains; scored once as written (cairn+stall 72.7% / 88.9%), then studied and tuned on for cairn+stall by loops15: for it a tuning set now",
      episodes: blindLoopEpisodes11(),
      domains: [
        ['service', 'customer service'],
        ['coder', 'coding agents'],
        ['farm', 'farm irrigation'],
        ['charging', 'EV charging'],
        ['harbour', 'harbour berths'],
        ['factory', 'factory QA'],
        ['newsroom', 'newsroom'],
        ['bank', 'banking'],
        ['kitchen', 'kitchen'],
        ['genealogy', 'genealogy'],
      ],
      secondLabels: 'loop-labels-eleventh-second.json',
    },
    options,
    detectors,
  );
}

/**
 * Prints the detectors on the twelfth blind set (`src/loops/blind-loop-episodes-12.ts`): 60
 * episodes written while loops15 was tuned on the eleventh; its novel kinds come from eight more
 * domains. Scored once as written, then tuned on by loops16: a tuning set for `cairn+stall` now.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printTwelfthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  printLabelledBlindSetReport(
    {
      title: 'Twelfth blind set',
      about:
        "src/loops/blind-loop-episodes-12.ts, written by an author who never read a detector, while the stall detector's eleventh version (loops15) was tuned on the eleventh set; observed (tau-bench and CodeR) and novel strata, the novel kinds from eight more domains; scored once as written (cairn+stall 73.7% / 51.9%), then studied and tuned on for cairn+stall by loops16: for it a tuning set now",
      episodes: blindLoopEpisodes12(),
      domains: [
        ['service', 'customer service'],
        ['coder', 'coding agents'],
        ['observatory', 'observatory'],
        ['rail', 'rail timetables'],
        ['drone', 'drones'],
        ['printer', 'print farm'],
        ['utility', 'water utility'],
        ['theatre', 'theatre box office'],
        ['permit', 'city permits'],
        ['vet', 'animal hospital'],
      ],
      secondLabels: 'loop-labels-twelfth-second.json',
    },
    options,
    detectors,
  );
}

/**
 * Prints the detectors on the thirteenth blind set (`src/loops/blind-loop-episodes-13.ts`): 60
 * episodes written while loops16 was tuned on the twelfth; its novel kinds come from eight more
 * domains, with loop shapes in the mix real agent logs show. Scored once as written, then tuned on
 * by loops17: a tuning set for `cairn+stall` now.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printThirteenthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  printLabelledBlindSetReport(
    {
      title: 'Thirteenth blind set',
      about:
        "src/loops/blind-loop-episodes-13.ts, written by an author who never read a detector, while the stall detector's twelfth version (loops16) was tuned on the twelfth set; observed (tau-bench and CodeR) and novel strata, the novel kinds from eight more domains; scored once as written (cairn+stall 77.8% / 77.8%), then studied and tuned on for cairn+stall by loops17: for it a tuning set now",
      episodes: blindLoopEpisodes13(),
      domains: [
        ['service', 'customer service'],
        ['coder', 'coding agents'],
        ['museum', 'museum'],
        ['school', 'school office'],
        ['pharmacy', 'pharmacy'],
        ['gym', 'gym'],
        ['vineyard', 'vineyard'],
        ['solar', 'solar park'],
        ['ski', 'ski resort'],
        ['aquarium', 'aquarium'],
      ],
      secondLabels: 'loop-labels-thirteenth-second.json',
    },
    options,
    detectors,
  );
}

/**
 * Prints the detectors on the fourteenth blind set (`src/loops/blind-loop-episodes-14.ts`): 60
 * episodes written while loops17 was tuned on the thirteenth; its novel kinds come from eight more
 * domains. Scored once as written, then tuned on by loops18: a tuning set for `cairn+stall` now.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printFourteenthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  printLabelledBlindSetReport(
    {
      title: 'Fourteenth blind set',
      about:
        "src/loops/blind-loop-episodes-14.ts, written by an author who never read a detector, while the stall detector's thirteenth version (loops17) was tuned on the thirteenth set; observed (tau-bench and CodeR) and novel strata, the novel kinds from eight more domains; scored once as written (cairn+stall 100% / 88.9%), then studied and tuned on for cairn+stall by loops18: for it a tuning set now",
      episodes: blindLoopEpisodes14(),
      domains: [
        ['service', 'customer service'],
        ['coder', 'coding agents'],
        ['bakery', 'bakery'],
        ['dental', 'dental clinic'],
        ['bikeshare', 'bike share'],
        ['brewery', 'brewery'],
        ['apiary', 'apiary'],
        ['hotel', 'hotel'],
        ['laundry', 'laundry'],
        ['choir', 'choir'],
      ],
      secondLabels: 'loop-labels-fourteenth-second.json',
    },
    options,
    detectors,
  );
}

/**
 * Prints the detectors on the fifteenth blind set (`src/loops/blind-loop-episodes-15.ts`): 60
 * episodes written while loops18 was tuned on the fourteenth; its novel kinds come from eight more
 * domains.
 *
 * @param options - Window and repeats.
 * @param detectors - The detectors to score.
 */
export function printFifteenthBlindSetReport(options: DetectLoopOptions, detectors: readonly LoopDetectorKind[]): void {
  printLabelledBlindSetReport(
    {
      title: 'Fifteenth blind set',
      about:
        "src/loops/blind-loop-episodes-15.ts, written by an author who never read a detector, while the stall detector's fourteenth version (loops18) was tuned on the fourteenth set; observed (tau-bench and CodeR) and novel strata, the novel kinds from eight more domains; no detector tuned on it",
      episodes: blindLoopEpisodes15(),
      domains: [
        ['service', 'customer service'],
        ['coder', 'coding agents'],
        ['florist', 'florist'],
        ['ferry', 'ferry'],
        ['carhire', 'car hire'],
        ['recycling', 'recycling yard'],
        ['pottery', 'pottery'],
        ['cinema', 'cinema'],
        ['nursery', 'plant nursery'],
        ['hut', 'mountain hut'],
      ],
      secondLabels: 'loop-labels-fifteenth-second.json',
    },
    options,
    detectors,
  );
}
