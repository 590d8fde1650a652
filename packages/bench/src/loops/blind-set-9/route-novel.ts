import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { bar8, clock8, hexId8 } from '../blind-set-8/family.js';
import type { Family9 } from './family.js';

/** Kinds invented for the ninth blind set in pipelines of calls: trip planning across APIs, a CI/CD bot. */
export const ROUTE_NOVEL_KINDS_9 = [
  'loop:travel-rail-quote-fresh-quote-id',
  'work:travel-hotel-results-paged',
  'work:travel-seat-hold-backoff-then-held',
  'loop:cicd-rerun-then-log-same-refusal',
  'work:cicd-pipeline-stages-advance',
  'work:cicd-canary-check-between-traffic-steps',
] as const;

/** One kind of {@link ROUTE_NOVEL_KINDS_9}. */
export type RouteNovelKind9 = (typeof ROUTE_NOVEL_KINDS_9)[number];

const TRAVEL = 'You plan trips across several provider APIs. Tools: quote_rail({ from, to, date, passengers }), search_hotels({ city, check_in, nights, page }), hold_seat({ flight, seat }), wait({ seconds }). Quote prices in EUR.';
const CITIES = ['Lyon', 'Bologna', 'Graz', 'Ghent', 'Basel', 'Porto', 'Kraków', 'Ljubljana'] as const;

/** `quote_rail` for the same journey again and again: the same fare and the same "only first class left", a new quote id and expiry each time. */
const railQuoteFreshQuoteId: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const [from, to] = random.shuffle([...CITIES]);
  const date = `2026-04-${random.int(10, 28)}`;
  const fare = random.int(140, 260);
  openAgent7(log, TRAVEL, `Two second-class rail tickets ${from} → ${to} on ${date}, under €${fare - 40} each if possible.`, 'traveller');
  const start = random.int(9 * 3600, 18 * 3600);
  const texts = ['Getting a rail quote.', 'Only first class came back; asking for a fresh quote.', 'Requesting the quote again — second class may have been released.', 'Re-quoting.', 'Another quote.', 'Quoting once more.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const answer = JSON.stringify({ quote_id: `Q-${hexId8(random, 10)}`, quoted_at: `${date}T${clock8(start, round, 17)}Z`, expires_at: `${date}T${clock8(start + 900, round, 17)}Z`, from, to, date, passengers: 2, offers: [{ class: 'first', fare_eur: fare, seats_left: 6 }], note: 'second class sold out on all services' });
    evidenceIds.push(log.call('quote_rail', { from, to, date, passengers: 2 }, answer, { text: nth7(texts, round) }));
  }
  log.say(`Only first class is left on ${date}, at €${fare} each.`);
  return { repeats, evidenceIds, note: `The identical quote_rail ${repeats} times in a row; each answer has a new quote_id, quoted_at and expires_at, but the same single first-class offer at €${fare} and "second class sold out". Successful calls with the same outcome, nothing changed between: a loop.` };
};

const HOTELS = ['Hôtel des Arts', 'Albergo Centrale', 'Stadthotel Mur', 'Hotel Gravensteen', 'Pension Rhein', 'Casa do Rio', 'Hotel Wawel', 'Hostel Zmaj', 'Maison Bellecour', 'Hotel Due Torri', 'Gasthof Lend', 'Hotel Adoma'] as const;

/** `search_hotels` paged through: the same query with `page` 1, 2, 3 … and different hotels each page, the last page short. */
const hotelResultsPaged: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const city = random.pick(CITIES);
  openAgent7(log, TRAVEL, `List every hotel in ${city} under €120 a night for 3 nights from 2026-05-14, I'll choose.`, 'traveller');
  const names = random.shuffle([...HOTELS]);
  const evidenceIds: string[] = [];
  for (let page = 1; page <= count; page++) {
    const last = page === count;
    const results = (last ? [names[(page - 1) * 2 % names.length]!] : [names[(page - 1) * 2 % names.length]!, names[((page - 1) * 2 + 1) % names.length]!]).map((name) => ({ name, price_eur: random.int(62, 119) }));
    evidenceIds.push(log.call('search_hotels', { city, check_in: '2026-05-14', nights: 3, page }, JSON.stringify({ city, page, pages: count, results }), { text: page === 1 ? 'Searching hotels.' : 'Fetching the next page.' }));
  }
  log.say(`That is all ${count} pages of hotels in ${city} under €120.`);
  return { repeats: 0, evidenceIds, note: `search_hotels ${count} times with the same query and pages 1 … ${count}, each page with different hotels and the last one short. Pagination: not a loop.` };
};

/** `hold_seat` rate-limited; the agent waits the time the API asks (doubling) before each retry, and the hold succeeds. */
const seatHoldBackoffThenHeld: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const flight = `${random.pick(['LX', 'OS', 'TP', 'LO'])}${random.int(100, 999)}`;
  const seat = `${random.int(3, 30)}${random.pick(['A', 'C', 'D', 'F'])}`;
  openAgent7(log, TRAVEL, `Hold seat ${seat} on ${flight} for me, please.`, 'traveller');
  const evidenceIds: string[] = [];
  for (let attempt = 0; attempt < count; attempt++) {
    const last = attempt === count - 1;
    const wait = 2 ** (attempt + 1);
    evidenceIds.push(log.call('hold_seat', { flight, seat }, last ? JSON.stringify({ flight, seat, held: true, hold_id: `H-${hexId8(random, 8)}`, expires_in_min: 20 }) : JSON.stringify({ error: 'rate_limited', status: 429, retry_after_s: wait }), { text: attempt === 0 ? 'Holding the seat.' : 'Retrying after the wait the API asked for.', ...(last ? {} : { isError: true }) }));
    if (!last) log.call('wait', { seconds: wait }, `waited ${wait}s`, { text: `Rate limited; waiting ${wait} s as the API asks.` });
  }
  log.say(`Seat ${seat} on ${flight} is held for 20 minutes.`);
  return { repeats: 0, borderline: count >= 4, evidenceIds, note: `hold_seat ${count} times: ${count - 1} rate-limit answers, each followed by a wait of the time the API asked for (doubling), then the hold succeeds. Backoff gives each retry a new chance and it succeeds: not a loop${count >= 4 ? '; borderline because it takes more than "a retry or two"' : ''}.` };
};

const CICD = 'You are the CI/CD bot of a platform team. Tools: rerun_job({ pipeline_id, job }), get_job_log({ pipeline_id, job }), get_pipeline({ pipeline_id }), set_traffic({ service, canary_percent }), check_canary({ service }). Post short status updates.';

/** Rounds of `rerun_job` and `get_job_log` for a job that fails on a missing secret: new run ids and durations, the same refusal each time. */
const rerunThenLogSameRefusal: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random, 5);
  const pipeline = random.int(40000, 99999);
  const job = random.pick(['deploy-staging', 'publish-image', 'migrate-db']);
  openAgent7(log, CICD, `Pipeline ${pipeline} is red on ${job}. Get it green, please.`, 'engineer');
  const texts = [`Rerunning ${job}.`, `Still failing; rerunning ${job} once more.`, `Maybe it was transient — rerunning.`, `Rerunning the job again.`, `One more rerun.`];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const run = random.int(1000000, 9999999);
    evidenceIds.push(log.call('rerun_job', { pipeline_id: pipeline, job }, JSON.stringify({ pipeline_id: pipeline, job, run_id: run, status: 'failed', duration_s: random.int(18, 44) }), { text: nth7(texts, round) }));
    log.call('get_job_log', { pipeline_id: pipeline, job }, `[${clock8(random.int(0, 80000), 0, 1)}] run ${run}\n$ ./deploy.sh\nError: secret REGISTRY_TOKEN is not available to protected jobs on unprotected branches\nexit code 1`, { text: 'Reading the log.' });
  }
  log.say(`${job} keeps failing: REGISTRY_TOKEN is not available on this branch.`);
  return { repeats, evidenceIds, note: `${repeats} rounds of rerun_job ${job} (failed) then get_job_log; every log gives the same refusal (REGISTRY_TOKEN unavailable to an unprotected branch), differing only in the run id, a clock and the duration, and nothing is changed between rounds. A two-step cycle with the same outcome: a loop.` };
};

const STAGES = ['build', 'unit', 'integration', 'package', 'deploy'] as const;

/** The identical `get_pipeline` polled while the stages finish one by one (a progress bar advancing), until it passes. */
const pipelineStagesAdvance: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const pipeline = random.int(40000, 99999);
  openAgent7(log, CICD, `Tell me when pipeline ${pipeline} is done.`, 'engineer');
  const evidenceIds: string[] = [];
  for (let poll = 0; poll < count; poll++) {
    const done = Math.round(((poll + 1) / count) * STAGES.length);
    const percent = Math.round((done / STAGES.length) * 100);
    evidenceIds.push(log.call('get_pipeline', { pipeline_id: pipeline }, JSON.stringify({ pipeline_id: pipeline, request_id: hexId8(random, 8), status: done === STAGES.length ? 'passed' : 'running', finished: STAGES.slice(0, done), progress: bar8(percent) }), { text: poll === 0 ? 'Checking the pipeline.' : 'Checking again.' }));
  }
  log.say(`Pipeline ${pipeline} passed.`);
  return { repeats: 0, evidenceIds, note: `The identical get_pipeline ${count} times; each answer has more finished stages and a fuller progress bar until the pipeline passes. A progressing poll: not a loop.` };
};

/** The rollout protocol: a canary health check (identical call, identical "healthy") before each traffic step. */
const canaryCheckBetweenTrafficSteps: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const service = random.pick(['checkout-api', 'search-gateway', 'billing-worker']);
  const steps = [5, 10, 25, 50, 100].slice(5 - count);
  openAgent7(log, CICD, `Roll out ${service} v${random.int(2, 9)}.${random.int(0, 20)} to ${steps.join(' → ')} %. Runbook RB-12: run check_canary before every traffic step.`, 'engineer');
  const evidenceIds: string[] = [];
  for (const step of steps) {
    evidenceIds.push(log.call('check_canary', { service }, JSON.stringify({ service, healthy: true, error_rate_ok: true, latency_ok: true }), { text: 'Canary check (RB-12).' }));
    log.call('set_traffic', { service, canary_percent: step }, JSON.stringify({ service, canary_percent: step, applied: true }), { text: `Moving to ${step} %.` });
  }
  log.say(`${service} is at 100 %; every canary check passed.`);
  return { repeats: 0, borderline: true, evidenceIds, note: `The identical check_canary with the identical "healthy" answer ${count} times, as the runbook requires before every traffic step; each is followed by a different step (${steps.join(', ')} %). A protocol's check: not a loop; borderline because the same call and outcome occur ${count} times.` };
};

const FAMILIES: Record<RouteNovelKind9, Family9> = {
  'loop:travel-rail-quote-fresh-quote-id': railQuoteFreshQuoteId,
  'work:travel-hotel-results-paged': hotelResultsPaged,
  'work:travel-seat-hold-backoff-then-held': seatHoldBackoffThenHeld,
  'loop:cicd-rerun-then-log-same-refusal': rerunThenLogSameRefusal,
  'work:cicd-pipeline-stages-advance': pipelineStagesAdvance,
  'work:cicd-canary-check-between-traffic-steps': canaryCheckBetweenTrafficSteps,
};

/**
 * Builds one trip-planning or CI/CD episode of the ninth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildRouteNovel9(kind: RouteNovelKind9, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
