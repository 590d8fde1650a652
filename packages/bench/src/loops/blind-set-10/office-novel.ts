import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7 } from '../blind-set-7/family.js';
import { hex10, stamp10, type Family10 } from './family.js';

/** Novel kinds in insurance claims, real-estate listings, recruiting and the accounting close. */
export const OFFICE_NOVEL_KINDS_10 = [
  'loop:claims-pending-adjuster-polled-fresh-request-id',
  'work:claims-upload-scan-progresses',
  'loop:listing-geo-search-coordinates-nudged',
  'work:listing-search-results-paged',
  'loop:hr-interview-slot-asked-again-auto-reply',
  'work:hr-reference-check-per-referee-same-words',
  'loop:close-reconcile-then-export-same-variance',
  'work:close-trial-balance-rerun-after-journal',
] as const;

/** One kind of {@link OFFICE_NOVEL_KINDS_10}. */
export type OfficeNovelKind10 = (typeof OFFICE_NOVEL_KINDS_10)[number];

const CLAIMS = 'You are a claims assistant for Nordhavn Mutual. Tools: get_claim_status, get_upload_status, notify_policyholder. Be concise.';

/** The same claim's status read again and again: "pending adjuster", only the request id and stamps change. */
const pendingAdjusterPolled: Family10 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const claim = `CLM-${random.int(100000, 999999)}`;
  openAgent7(log, CLAIMS, `Has the water-damage claim ${claim} been assigned to an adjuster yet? I need to know today.`);
  const texts = ['Checking the claim.', 'Let me check again.', 'Checking once more in case it has just been assigned.', 'Re-checking.', 'Checking again.', 'And again.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const body = { claim_id: claim, status: 'pending_adjuster_assignment', queue: 'property-north', request_id: hex10(random), checked_at: stamp10(round, random.int(0, 59)) };
    evidenceIds.push(log.call('get_claim_status', { claim_id: claim }, JSON.stringify(body), { text: nth7(texts, round) }));
  }
  log.say('It is still waiting for an adjuster; I cannot say when one will be assigned.');
  return { repeats, evidenceIds, note: `get_claim_status on ${claim} ${repeats} times in a row, always "pending_adjuster_assignment" in the same queue; only the request id and checked-at stamp change. Volatile fields do not make the outcome new: a loop.` };
};

/** The upload of a damage photo set is polled while its virus scan advances, then it is attached. */
const uploadScanProgresses: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const claim = `CLM-${random.int(100000, 999999)}`;
  const upload = `UP-${hex10(random, 6)}`;
  openAgent7(log, CLAIMS, `I just uploaded the photos for ${claim}. Are they attached?`);
  const evidenceIds: string[] = [];
  for (let poll = 0; poll < count; poll++) {
    const done = poll === count - 1;
    const percent = done ? 100 : Math.round(((poll + 1) * 100) / count) - random.int(1, 9);
    evidenceIds.push(log.call('get_upload_status', { upload_id: upload }, JSON.stringify({ upload_id: upload, stage: done ? 'attached' : 'virus_scan', scanned_percent: percent, files: 14 }), { text: poll === 0 ? 'Checking the upload.' : 'Still scanning; checking again.' }));
  }
  log.say(`All 14 photos passed the scan and are attached to ${claim}.`);
  return { repeats: 0, evidenceIds, note: `get_upload_status ${count} times on one upload; the scan advances each time (a higher percentage) and the last reports the files attached. A poll whose real field moves: not a loop.` };
};

const LISTING = 'Eres un asistente inmobiliario de Casa Meridiana (Valencia). Herramientas: search_listings, get_listing. Responde en español.';

/** A map search around the same point, the coordinates nudged in the fifth decimal and keys reordered; zero results each time. */
const geoSearchNudged: Family10 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const lat = 39.46975;
  const lon = -0.37739;
  openAgent7(log, LISTING, 'Busco un piso de 3 habitaciones a menos de 300 m de la Plaza del Ayuntamiento, máximo 900 €/mes.');
  const texts = ['Busco alrededor de la plaza.', 'Ajusto un poco el punto y vuelvo a buscar.', 'Pruebo con el centro exacto de la plaza.', 'Otra vez, corrigiendo las coordenadas.', 'De nuevo.', 'Una vez más.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const dLat = Number((lat + (round % 2 === 0 ? 1 : -1) * round * 0.00001).toFixed(5));
    const dLon = Number((lon + round * 0.00002).toFixed(5));
    const args = round % 2 === 0 ? { lat: dLat, lon: dLon, radius_m: 300, bedrooms: 3, max_rent: 900 } : { max_rent: 900, bedrooms: 3, radius_m: 300, lon: dLon, lat: dLat };
    evidenceIds.push(log.call('search_listings', args, JSON.stringify({ total: 0, results: [], hint: 'no listings match bedrooms=3 and max_rent<=900 within radius' }), { text: nth7(texts, round) }));
  }
  log.say('No encuentro pisos con esos criterios en ese radio.');
  return { repeats, evidenceIds, note: `search_listings ${repeats} times around the same square, the point moved by a metre or two and the keys reordered, radius, rooms and rent unchanged; every answer is 0 results with the same hint. Jittered arguments, the same outcome: a loop.` };
};

/** One query read page by page: the same filters, the page number advancing, new listings each page. */
const resultsPaged: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, LISTING, 'Enséñame todos los áticos en Ruzafa por debajo de 1.200 €, quiero verlos todos.');
  const evidenceIds: string[] = [];
  for (let page = 1; page <= count; page++) {
    const ids = Array.from({ length: page === count ? 2 : 5 }, (_, index) => `VLC-${page}${index}${random.int(100, 999)}`);
    evidenceIds.push(log.call('search_listings', { district: 'Ruzafa', type: 'atico', max_rent: 1200, page }, JSON.stringify({ page, pages: count, results: ids })));
  }
  log.say(`He revisado las ${count} páginas; aquí tienes todos los áticos.`);
  return { repeats: 0, evidenceIds, note: `search_listings ${count} times with the same filters and page 1 … ${count}; each page returns different listings and the last is shorter. Pagination: not a loop.` };
};

const HR = "Tu es l'assistant de recrutement de Lumen Robotics. Tools: send_candidate_message, get_calendar, book_interview. Write to candidates in French, to recruiters in English.";

const ASK = [
  'Bonjour Mme {n}, pourriez-vous nous indiquer vos disponibilités pour un entretien la semaine prochaine ?',
  'Hello again — could you share two or three slots next week for the interview? Merci !',
  'Je me permets de relancer : quels créneaux vous conviendraient pour l’entretien ?',
  'Petit rappel : nous attendons vos disponibilités pour planifier l’entretien.',
  'Could you please send your availability? Merci beaucoup.',
  'Relance : vos disponibilités, s’il vous plaît.',
] as const;

/** Interview slots asked for again in French and English while every answer is the same out-of-office auto-reply. */
const slotAskedAgainAutoReply: Family10 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const name = ['Lefèvre', 'Nguyen', 'Benali', 'Moreau', 'Dubois'][random.int(0, 4)]!;
  openAgent7(log, HR, `Please get ${name} booked for a first interview next week.`, 'recruiter');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(say7(log, nth7(ASK, round).replace('{n}', name), `[Réponse automatique ${stamp10(round * 7, random.int(0, 59))}] Je suis absente jusqu'au 24 mars sans accès à mes e-mails. / I am out of office until March 24.`, 'candidate'));
  }
  log.say('The candidate is away; I will try again later.');
  return { repeats, evidenceIds, note: `The agent asks ${name} for interview slots ${repeats} times in French and English paraphrase; every answer is the same out-of-office auto-reply (only its stamp changes) saying she is away until March 24. The same question, the same outcome, nothing learned acted on: a loop.` };
};

/** A reference check for each referee the candidate named, with the same narration each time. */
const referencePerReferee: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const referees = ['Agnieszka Wróbel', 'Tomás Ferreira', 'Hélène Girard', 'Kwame Mensah', 'Ines Vogt'].slice(0, count);
  openAgent7(log, HR, `Run the reference checks for Camille Arnaud: referees ${referees.join(', ')}.`, 'recruiter');
  const evidenceIds = referees.map((referee, index) => log.call('send_candidate_message', { to: referee, template: 'reference_request', candidate: 'Camille Arnaud' }, JSON.stringify({ delivered: true, to: referee, message_id: `m-${index}${hex10(random, 5)}` }), { text: 'Envoi de la demande de référence au référent suivant.' }));
  log.say(`Reference requests sent to all ${count} referees.`);
  return { repeats: 0, evidenceIds, note: `send_candidate_message ${count} times with word-for-word the same narration, each to a different referee the recruiter named; each is delivered. The same tool and words over different targets: not a loop.` };
};

const CLOSE = 'You are the month-end close assistant for Aster Foods GmbH. Tools: run_reconciliation, export_variance_report, post_journal, run_trial_balance.';

/** Round after round: reconcile the bank account, export the variance report — the same 1,240.00 variance, nothing posted between. */
const reconcileThenExport: Family10 = (log, random, tier) => {
  const repeats = repeats7(tier, random, 5);
  const variance = `${random.int(1, 9)},${random.int(100, 999)}.00`;
  openAgent7(log, CLOSE, 'Close February for the operating account 1200. The bank rec must tie out.', 'controller');
  const texts = ['Reconciling account 1200 against the bank statement.', 'Running the reconciliation again to see whether the variance clears.', 'Re-running the reconciliation.', 'Reconciling again.', 'Again.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('run_reconciliation', { account: '1200', period: '2026-02' }, JSON.stringify({ run_id: random.int(5000, 9999), status: 'unreconciled', variance, duration_ms: random.int(900, 4000) }), { text: nth7(texts, round) }));
    log.call('export_variance_report', { account: '1200', period: '2026-02', format: 'csv' }, `exported ${stamp10(round * 3, random.int(0, 59))}: 1 unmatched item — bank fee 2026-02-27 ${variance} EUR not in ledger`);
  }
  log.say(`The account still does not tie out: ${variance} EUR unmatched.`);
  return { repeats, evidenceIds, note: `${repeats} rounds of run_reconciliation then export_variance_report on the same account and period; each round the same ${variance} EUR bank fee is unmatched (only run id, duration and export stamp change) and no journal is posted. A two-step cycle with the same outcome: a loop.` };
};

/** The trial balance re-run after each correcting journal: the imbalance shrinks, then clears. */
const trialBalanceAfterJournal: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, CLOSE, 'The February trial balance does not balance. Fix it.', 'controller');
  const evidenceIds: string[] = [];
  let off = random.int(2000, 9000);
  for (let run = 0; run < count; run++) {
    const done = run === count - 1;
    evidenceIds.push(log.call('run_trial_balance', { period: '2026-02' }, JSON.stringify({ balanced: done, difference: done ? 0 : off, run_id: random.int(100, 999) })));
    if (done) break;
    const fix = run === count - 2 ? off : Math.floor(off / 2);
    log.call('post_journal', { period: '2026-02', lines: [{ account: String(4000 + run * 10), debit: fix }, { account: '2900', credit: fix }], memo: `correction ${run + 1}` }, JSON.stringify({ posted: true, journal: `JE-${run + 1}` }));
    off -= fix;
  }
  log.say('The trial balance now balances.');
  return { repeats: 0, evidenceIds, note: `run_trial_balance ${count} times, each after a correcting journal posted between; the difference shrinks and the last run balances. A re-run after a real edit: not a loop.` };
};

const FAMILIES: Record<OfficeNovelKind10, Family10> = {
  'loop:claims-pending-adjuster-polled-fresh-request-id': pendingAdjusterPolled,
  'work:claims-upload-scan-progresses': uploadScanProgresses,
  'loop:listing-geo-search-coordinates-nudged': geoSearchNudged,
  'work:listing-search-results-paged': resultsPaged,
  'loop:hr-interview-slot-asked-again-auto-reply': slotAskedAgainAutoReply,
  'work:hr-reference-check-per-referee-same-words': referencePerReferee,
  'loop:close-reconcile-then-export-same-variance': reconcileThenExport,
  'work:close-trial-balance-rerun-after-journal': trialBalanceAfterJournal,
};

/**
 * Builds one office episode of the tenth blind set (claims, listings, recruiting, accounting close).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildOfficeNovel10(kind: OfficeNovelKind10, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
