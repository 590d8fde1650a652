import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7, type Family7 } from './family.js';

/** Multi-agent hand-off kinds invented for the seventh blind set: the assistant is an orchestrator, the other agents speak as users. */
export const CREW_NOVEL_KINDS_7 = ['loop:crew-dispatch-announced-never-sent', 'work:crew-status-roundup-per-worker', 'work:crew-handoff-checklist-read-each-time'] as const;

/** One kind of {@link CREW_NOVEL_KINDS_7}. */
export type CrewNovelKind7 = (typeof CREW_NOVEL_KINDS_7)[number];

const ORCHESTRATOR = 'You are the orchestrator of a crew of agents (scraper, analyst, writer, checker). Tools: dispatch({ worker, task }), get_worker_status({ worker }), read_file({ path }). Workers report back as messages. Assign work; do not do the workers\' jobs yourself.';

const ANNOUNCE = [
  'Next step: I will dispatch the scraper to collect the listings from the Harbour Lofts site.',
  'The plan is to have the scraper pull the Harbour Lofts listings next.',
  'Right — the scraper will be sent to gather the Harbour Lofts listings now.',
  'I am about to assign the Harbour Lofts listings to the scraper.',
  'Once more, the next move is the scraper collecting those listings.',
  'The scraper gets the Harbour Lofts listings job next.',
] as const;
const IDLE = [
  'scraper: idle, no task received.',
  'scraper: still idle — nothing in my queue.',
  'scraper: waiting for a task. Nothing has arrived.',
  'scraper: queue empty. Did you send it?',
  'scraper: still nothing here.',
] as const;

/** The orchestrator announces the same dispatch turn after turn, in new words, and never calls dispatch. */
const dispatchAnnouncedNeverSent: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const listings = random.int(30, 60);
  openAgent7(log, ORCHESTRATOR, `Compile a price report on the ${listings} rental listings at Harbour Lofts. The analyst and writer are waiting on the data.`, 'lead');
  log.call('get_worker_status', { worker: 'scraper' }, JSON.stringify({ worker: 'scraper', state: 'idle' }));
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(say7(log, ANNOUNCE[round]!, round < repeats - 1 ? IDLE[round]! : nth7(IDLE, 4), 'scraper'));
  log.call('dispatch', { worker: 'scraper', task: `Collect all ${listings} Harbour Lofts listings: rent, size, floor, date listed.` }, 'dispatched to scraper');
  return { repeats, evidenceIds, note: `The orchestrator announces the same dispatch ${repeats} times in new words with no call between, while the idle scraper reports each time that nothing arrived; the plan is re-announced instead of carried out: a loop.` };
};

/** The orchestrator asks each worker for its status in turn; each answers for itself. */
const statusRoundupPerWorker: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const workers = ['scraper', 'analyst', 'writer', 'checker'].slice(0, count);
  openAgent7(log, ORCHESTRATOR, 'Stand-up: where is everyone on the Harbour Lofts report?', 'lead');
  const evidenceIds = workers.map((worker) => log.call('get_worker_status', { worker }, JSON.stringify({ worker, state: random.pick(['done', 'working', 'blocked']), detail: { scraper: `${random.int(30, 60)} listings saved`, analyst: 'median rent by floor computed', writer: 'draft 2 of 3 sections', checker: 'checked 11 figures, 1 query open' }[worker] }), { text: `Asking the ${worker}.` }));
  log.say(`Status: ${workers.join(', ')} have reported; the report is on track.`);
  return { repeats: 0, evidenceIds, note: `${count} get_worker_status calls of one shape, each to a different worker with its own answer: the same tool over different targets. Not a loop.` };
};

/** The crew's protocol: read HANDOFF.md to every receiving agent before assigning it work. */
const handoffChecklistReadEachTime: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const protocol = `${ORCHESTRATOR} PROTOCOL: before every dispatch, read HANDOFF.md (read_file) and pass it to the receiving agent; no exceptions.`;
  openAgent7(log, protocol, 'Run the Harbour Lofts report end to end.', 'lead');
  const checklist = '# HANDOFF\n1. State the task and the definition of done.\n2. Name the input files.\n3. Name who reviews the result.\n4. Report blockers within 10 minutes.';
  const steps = [
    { worker: 'scraper', task: 'Collect the Harbour Lofts listings into listings.csv.', back: 'scraper: done, listings.csv saved.' },
    { worker: 'analyst', task: 'Compute median rent by floor and size band from listings.csv.', back: 'analyst: done, stats.json written.' },
    { worker: 'writer', task: 'Write the two-page report from stats.json.', back: 'writer: done, report.md drafted.' },
    { worker: 'checker', task: 'Check every figure in report.md against stats.json.', back: 'checker: all figures match.' },
  ].slice(0, count);
  const evidenceIds: string[] = [];
  for (const step of steps) {
    evidenceIds.push(log.call('read_file', { path: 'HANDOFF.md' }, checklist, { text: `Hand-off to the ${step.worker}: reading the checklist first, as the protocol requires.` }));
    log.call('dispatch', { worker: step.worker, task: step.task }, `dispatched to ${step.worker}`);
    log.user(step.back, step.worker);
  }
  log.say(`All ${count} hand-offs are complete: ${steps.map((step) => step.worker).join(', ')}.`);
  return { repeats: 0, evidenceIds, borderline: true, note: `read_file HANDOFF.md ${count} times with the identical content — the exact form of the rule — but the crew's protocol requires it before every dispatch, and each precedes a hand-off to a different worker with a different task that completes. A required repetition: borderline, labelled not a loop.` };
};

const FAMILIES: Record<CrewNovelKind7, Family7> = {
  'loop:crew-dispatch-announced-never-sent': dispatchAnnouncedNeverSent,
  'work:crew-status-roundup-per-worker': statusRoundupPerWorker,
  'work:crew-handoff-checklist-read-each-time': handoffChecklistReadEachTime,
};

/**
 * Builds one multi-agent hand-off episode of the seventh blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildCrewNovel7(kind: CrewNovelKind7, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
