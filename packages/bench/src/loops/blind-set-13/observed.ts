import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import type { Family13 } from './family.js';

/** Kinds whose pattern was seen in the real tau-bench and CodeR runs (the README names runs and messages). */
export const OBSERVED_KINDS_13_LIST = [
  'loop:service-basic-fare-reread-and-refused-again',
  'loop:coder-seed-line-toggled-and-rerun-same-verdict',
  'work:service-every-booking-read-to-find-duplicates',
  'work:coder-same-line-reopened-by-each-role-after-edits',
  'work:coder-directory-search-with-a-new-term-each-time',
] as const;

/** One kind of {@link OBSERVED_KINDS_13_LIST}. */
export type ObservedKind13 = (typeof OBSERVED_KINDS_13_LIST)[number];

const AIRLINE =
  'You are the booking agent of Kestrel Airways. Tools: get_user_details, get_reservation_details, search_direct_flight, update_reservation_flights, cancel_reservation. Basic-fare bookings cannot change flights; they may be upgraded to standard first, at the fare difference. List any paid action and get an explicit yes first.';

const FIRST = ['Noor', 'Tomasz', 'Aiko', 'Felix', 'Zanele', 'Ines', 'Kofi', 'Lena'] as const;
const LAST = ['Haddad', 'Lis', 'Mori', 'Brandt', 'Dlamini', 'Couto', 'Mensah', 'Strand'] as const;

/** A passenger: user id and a booking code. */
function passenger13(random: SeededRandom): { userId: string; code: string } {
  const first = FIRST[random.int(0, FIRST.length - 1)]!.toLowerCase();
  const last = LAST[random.int(0, LAST.length - 1)]!.toLowerCase();
  return { userId: `${first}_${last}_${random.int(1000, 9999)}`, code: bookingCode13(random) };
}

/** A six-letter booking code. */
function bookingCode13(random: SeededRandom): string {
  return Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[random.int(0, 30)]).join('');
}

const ASK_CHANGE = [
  'Could you move me to an earlier flight on the same day?',
  'Is there really no way to take the morning flight instead?',
  'Please just put me on something earlier that day.',
  'What about switching me to the 07:10 departure?',
  'Any earlier departure would do — can you change it?',
  'I only want an earlier flight on the 21st.',
] as const;
const REFUSE = [
  'Your booking is on a basic fare, and basic-fare bookings cannot change flights.',
  'I checked again: the fare is basic, so the flight itself cannot be changed.',
  'Unfortunately, on a basic fare the flights on the booking cannot be modified.',
  'The booking is still basic fare; a flight change is not possible on it.',
  'As the fare is basic, I am not able to change the flight.',
  'Basic fare again, I am afraid — no flight changes.',
] as const;

/** The passenger asks for an earlier flight in new words; the agent re-reads the identical booking and refuses in new words, never offering the upgrade the policy allows. */
const basicFareRereadAndRefused: Family13 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const person = passenger13(random);
  openAgent7(log, AIRLINE, `Hi, I'm ${person.userId}. Booking ${person.code}: I need an earlier flight on May 21.`, 'customer');
  const booking = JSON.stringify({ reservation_id: person.code, user_id: person.userId, origin: 'ORD', destination: 'SEA', fare: 'basic', flights: [{ flight_number: 'KS441', date: '2024-05-21', departure: '15:35' }], passengers: 1 });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    if (round > 0) log.user(nth7(ASK_CHANGE, round), 'customer');
    evidenceIds.push(log.call('get_reservation_details', { reservation_id: person.code }, booking, { text: round === 0 ? 'Let me open the booking.' : 'Let me look at the booking again.' }));
    log.say(nth7(REFUSE, round));
  }
  return {
    repeats,
    evidenceIds,
    note: `The passenger asks ${repeats} times, in new words, for an earlier flight; each time the agent re-reads the identical booking (the identical result) and refuses in new words because the fare is basic, never offering the upgrade the policy allows. The same read and the same answer with nothing learned: a loop.`,
  };
};

const REPRODUCER = 'You are the Reproducer in a team of agents fixing a GitHub issue in the `lumen` embedding library. Commands (one a turn): create, edit, python, find_file, succeed, fail. Make reproduce.py show the bug.';

/** Five floats as a projection prints them. */
function floats13(random: SeededRandom): string {
  return `[${Array.from({ length: 5 }, () => `${random.int(0, 1) === 0 ? '-' : ' '}0.${String(random.int(0, 99999)).padStart(5, '0')}`).join(' ')}]`;
}

const SEED_OFF = 'edit 6:6\n# np.random.seed(7)  # disabled to get varied runs\nend_of_edit';
const SEED_ON = 'edit 6:6\nnp.random.seed(7)\nend_of_edit';
const TOGGLE_TEXT = ['Maybe the fixed seed hides the flip; disabling it.', 'Varied runs show nothing; restoring the seed for a stable baseline.', 'Disabling the seed again to get variety.', 'Restoring the seed once more.', 'Trying without the seed again.', 'And with the seed again.'] as const;

/** The Reproducer toggles the same seed line off and on and re-runs the script: the floats change, the verdict ("sign flips: 0") never does. */
const seedToggledAndRerun: Family13 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, REPRODUCER, 'Issue #1742: SpectralEmbedding.fit_transform returns components whose signs flip between runs.', 'manager');
  log.call('create', { command: 'create reproduce.py' }, '[File: /lumen/reproduce.py (1 lines total)]\n1:\n(Open file: /lumen/reproduce.py)\n(Current directory: /lumen)', { text: 'Creating the script.' });
  log.call('edit', { command: 'edit 1:1\nimport numpy as np\nfrom lumen.manifold import SpectralEmbedding\n\n\nX = np.random.rand(60, 8)\nnp.random.seed(7)\nruns = [SpectralEmbedding(n_components=1).fit_transform(X)[:5, 0] for _ in range(3)]\nprint(*runs, sep="\\n")\nprint("sign flips:", sum(np.sign(r[0]) != np.sign(runs[0][0]) for r in runs))\nend_of_edit' }, '[File: /lumen/reproduce.py (9 lines total)]\n(Open file: /lumen/reproduce.py)\n(Current directory: /lumen)', { text: 'Three fits on one matrix, counting sign flips.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const off = round % 2 === 0;
    log.call('edit', { command: off ? SEED_OFF : SEED_ON }, `[File: /lumen/reproduce.py (9 lines total)]\n6:${off ? '# np.random.seed(7)  # disabled to get varied runs' : 'np.random.seed(7)'}\n(Open file: /lumen/reproduce.py)\n(Current directory: /lumen)`, { text: nth7(TOGGLE_TEXT, round) });
    const first = floats13(random);
    evidenceIds.push(log.call('python', { command: 'python reproduce.py' }, `${first}\n${first}\n${first}\nsign flips: 0\n(Open file: /lumen/reproduce.py)\n(Current directory: /lumen)`, { text: 'Running it.' }));
  }
  log.call('fail', { command: 'fail' }, '', { text: 'I could not make the sign flip appear.' });
  return {
    repeats,
    evidenceIds,
    note: `The Reproducer toggles the same seed line off and on (two edits that undo each other) and re-runs reproduce.py ${repeats} times; the printed floats differ each run (the data is drawn before the seed), but the verdict is always "sign flips: 0", and nothing else in the script changes. The same run with the same result between edits that go back and forth: a loop.`,
  };
};

/** The agent reads every booking of the passenger, one by one, to find two on the same day; then cancels the one the passenger names. */
const everyBookingRead: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const person = passenger13(random);
  openAgent7(log, AIRLINE, `Hello, ${person.userId} here. I think I was booked twice on one day by mistake; I don't have the codes.`, 'customer');
  const codes = Array.from({ length: count }, () => bookingCode13(random));
  log.call('get_user_details', { user_id: person.userId }, JSON.stringify({ user_id: person.userId, reservations: codes }), { text: 'Pulling up your profile.' });
  const routes = [['ORD', 'SEA'], ['BOS', 'MIA'], ['DEN', 'LAX'], ['JFK', 'ATL'], ['SFO', 'PDX']] as const;
  const evidenceIds = codes.map((code, index) => {
    const date = index >= count - 2 ? '2024-05-24' : `2024-06-${String(3 + index * 4).padStart(2, '0')}`;
    const [origin, destination] = index >= count - 2 ? routes[0] : routes[index + 1]!;
    return log.call('get_reservation_details', { reservation_id: code }, JSON.stringify({ reservation_id: code, origin, destination, date, passengers: 1 }), { text: index === 0 ? 'Checking each booking in turn.' : '' });
  });
  log.say(`${codes[count - 2]} and ${codes[count - 1]} are both Chicago to Seattle on May 24. Which one shall I cancel?`);
  log.user(`Cancel ${codes[count - 1]}, please. Yes, I confirm.`, 'customer');
  log.call('cancel_reservation', { reservation_id: codes[count - 1] }, JSON.stringify({ reservation_id: codes[count - 1], status: 'cancelled' }), { text: 'Cancelling it.' });
  log.say(`${codes[count - 1]} is cancelled; ${codes[count - 2]} stays.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `get_reservation_details ${count} times in a row, each on a different booking of the passenger (different routes and dates), to find the two on the same day; then the one named is cancelled. The same tool over different targets: not a loop.`,
  };
};

const FILE = 'src/lumen/render/svg.py';
/** The window of svg.py around line 512, with the guard line as it stands. */
function svgWindow(guard: string): string {
  return `[File: /lumen/${FILE} (1204 lines total)]\n(461 more lines above)\n507:        for glyph in run:\n508:            chunk = glyph.path()\n509:        ${guard}\n510:            parts.append(chunk)\n511:        return parts\n(693 more lines below)\n(Open file: /lumen/${FILE})\n(Current directory: /lumen)`;
}
const GUARDS = ['', 'if chunk:', 'if chunk is not None:', 'if chunk is not None and chunk.size:', 'if chunk is not None and len(chunk) > 0:'] as const;
const ROLES = ['Debugger', 'Programmer', 'Tester', 'Programmer', 'Tester'] as const;

/** Each role, at its handover, opens the same file at the same line; between, the previous role has edited that line, so each view differs. */
const sameLineReopenedByEachRole: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, 'You are a team of agents (Debugger, Programmer, Tester) fixing a GitHub issue in `lumen`. Commands: open, goto, edit, python, search_file. Each role starts from the manager\'s handover.', 'Issue #1810: saving a figure to SVG raises TypeError when a text run is empty.', 'manager');
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    if (index > 0) log.user(`Handover to the ${ROLES[index]!}: the previous role changed line 509.`, 'manager');
    evidenceIds.push(log.call('open', { command: `open ${FILE} 509` }, svgWindow(GUARDS[index]!), { text: `${ROLES[index]!}: opening the guard line.` }));
    if (index < count - 1) log.call('edit', { command: `edit 509:509\n        ${GUARDS[index + 1]!}\nend_of_edit` }, `[File: /lumen/${FILE} (1204 lines total)]\n509:        ${GUARDS[index + 1]!}\n(Open file: /lumen/${FILE})\n(Current directory: /lumen)`, { text: index === 0 ? 'The append runs for an empty chunk; guarding it.' : 'Tightening the guard.' });
  }
  log.call('python', { command: 'python reproduce.py' }, 'Saved empty_run.svg without errors.\n(Open file: /lumen/reproduce.py)\n(Current directory: /lumen)', { text: 'Checking the reproduction with the final guard.' });
  log.say('The guard holds; SVG export no longer raises.');
  return {
    repeats: 0,
    evidenceIds,
    note: `open ${FILE} 509 ${count} times, the identical command, one per role at a handover; between opens the line was edited (a new guard each time), so each view shows different code, and the last check passes. The same command after a real change each time: not a loop.`,
  };
};

const TERMS = ['"_empty_run"', '"TextRun"', '"glyph_runs"', '"def path("', '"split_runs"'] as const;

/** The Debugger searches the repository with a new term each time; the first ones find nothing, the last finds the function. */
const directorySearchNewTerm: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, 'You are the Debugger in a team of agents fixing a GitHub issue in `lumen`. Commands: find_file, search_dir, search_file, open, succeed.', 'Issue #1810: saving a figure to SVG raises TypeError when a text run is empty. Find where runs are split.', 'manager');
  const terms = [...TERMS.slice(0, count - 1), TERMS[4]];
  const evidenceIds = terms.map((term, index) => {
    const last = index === terms.length - 1;
    const found = `Found ${random.int(3, 7)} matches for ${term} in /lumen:\n/lumen/src/lumen/text/layout.py (2 matches)\n/lumen/src/lumen/render/svg.py (1 matches)\nEnd of matches for ${term} in /lumen\n(Open file: n/a)\n(Current directory: /lumen)`;
    return log.call('search_dir', { command: `search_dir ${term}` }, last ? found : `No matches found for ${term} in /lumen\n(Open file: n/a)\n(Current directory: /lumen)`, { text: index === 0 ? 'Searching the repository.' : 'Nothing; another name.', ...(last ? {} : { isError: true }) });
  });
  log.call('open', { command: 'open src/lumen/text/layout.py' }, '[File: /lumen/src/lumen/text/layout.py (388 lines total)]\n1:"""Text layout."""\n(Open file: /lumen/src/lumen/text/layout.py)\n(Current directory: /lumen)', { text: 'Opening the layout module.' });
  log.say('split_runs in text/layout.py yields empty runs; handing over to the Programmer.');
  return {
    repeats: 0,
    evidenceIds,
    note: `search_dir ${count} times, each with a different term (${terms.join(', ')}); ${count - 1} find nothing, the last finds the function. The same tool over different queries, ending in success: not a loop.`,
  };
};

const FAMILIES: Record<ObservedKind13, Family13> = {
  'loop:service-basic-fare-reread-and-refused-again': basicFareRereadAndRefused,
  'loop:coder-seed-line-toggled-and-rerun-same-verdict': seedToggledAndRerun,
  'work:service-every-booking-read-to-find-duplicates': everyBookingRead,
  'work:coder-same-line-reopened-by-each-role-after-edits': sameLineReopenedByEachRole,
  'work:coder-directory-search-with-a-new-term-each-time': directorySearchNewTerm,
};

/**
 * Builds one observed episode of the thirteenth blind set (an airline desk, or a coding team's agent).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildObserved13(kind: ObservedKind13, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}

