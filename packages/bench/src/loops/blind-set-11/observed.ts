import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import type { Family11 } from './family.js';

/** Kinds whose pattern was seen in the real tau-bench and CodeR runs (the README names runs and messages). */
export const OBSERVED_KINDS_11_LIST = [
  'loop:service-identical-search-at-each-budget-ask',
  'loop:coder-rerun-after-only-reading-the-module',
  'work:service-think-and-calculate-per-lower-budget',
  'work:coder-scroll-down-through-a-long-module',
  'work:coder-relative-path-guessed-until-found',
] as const;

/** One kind of {@link OBSERVED_KINDS_11_LIST}. */
export type ObservedKind11 = (typeof OBSERVED_KINDS_11_LIST)[number];

const AIRLINE =
  'You are a customer-service agent for Kittiwake Airways. Tools: get_user_details, get_reservation_details, search_direct_flight, search_onestop_flight, calculate, think, update_reservation_flights. Before any change that costs money, list the details and get an explicit yes. Basic-economy tickets can only be changed after an upgrade to economy.';

const FIRST = ['Noor', 'Mateo', 'Priya', 'Tobias', 'Aiko', 'Dario', 'Leila', 'Sven'] as const;
const LAST = ['Haddad', 'Lindgren', 'Okafor', 'Castellano', 'Brandt', 'Moreau', 'Sato', 'Kowal'] as const;

/** A traveller with a user id and one reservation code, and the first two reads every airline episode makes. */
function openAirline11(log: EpisodeWriter5, random: SeededRandom, opening: string): { userId: string; code: string; name: string } {
  const given = FIRST[random.int(0, FIRST.length - 1)]!;
  const family = LAST[random.int(0, LAST.length - 1)]!;
  const userId = `${given.toLowerCase()}_${family.toLowerCase()}_${random.int(1000, 9999)}`;
  const code = Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[random.int(0, 30)]).join('');
  openAgent7(log, AIRLINE, opening, 'customer');
  log.say('I can help with that. Could you give me your user id, please?', `Sure, it is ${userId}.`);
  log.call('get_user_details', { user_id: userId }, JSON.stringify({ name: { first_name: given, last_name: family }, membership: 'silver', reservations: [code] }));
  return { userId, code, name: `${given} ${family}` };
}

const ASKS = [
  'That is more than the $100 I can spend. Is there any other nonstop that day?',
  'Hmm. What about something leaving in the evening instead?',
  'Would basic economy on that route come out cheaper?',
  'Does a partner airline fly that route nonstop?',
  'Is there a student fare I could use?',
  'And nothing else at all on the 21st?',
] as const;
const SEARCH_TEXT = ['Let me look up the nonstop flights.', 'Let me check the nonstop options again.', 'Searching once more.', 'Let me search again.', 'One more search.', 'Checking.'] as const;
const ANSWERS = [
  'The only nonstop that day is KW211 at 07:05, $141 in economy.',
  'I checked: KW211 at 07:05 is the only nonstop, $141 in economy.',
  'Still just KW211 in the morning, $141 economy and $118 basic economy.',
  'The search shows only KW211 at 07:05.',
  'Only KW211 again, I am afraid.',
  'Only KW211.',
] as const;

/** The traveller asks one question after another; the agent answers each by running the identical nonstop search, with the identical single flight in return. */
const identicalSearchEachAsk: Family11 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const traveller = openAirline11(log, random, 'Hi, I need to move my Philadelphia flight on May 21 to a nonstop the same day.');
  log.call('get_reservation_details', { reservation_id: traveller.code }, JSON.stringify({ reservation_id: traveller.code, origin: 'PHL', destination: 'DEN', cabin: 'economy', flights: [{ flight_number: 'KW508', date: '2024-05-21', via: 'ORD' }], passengers: 1 }));
  const flights = JSON.stringify([{ flight_number: 'KW211', origin: 'PHL', destination: 'DEN', departure: '07:05', arrival: '09:10', prices: { basic_economy: 118, economy: 141, business: 402 }, available_seats: { basic_economy: 3, economy: 6, business: 2 } }]);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('search_direct_flight', { origin: 'PHL', destination: 'DEN', date: '2024-05-21' }, flights, { text: nth7(SEARCH_TEXT, round) }));
    log.say(nth7(ANSWERS, round), round < repeats - 1 ? nth7(ASKS, round) : 'OK, I will think about it. Bye.');
  }
  return {
    repeats,
    evidenceIds,
    note: `The traveller asks ${repeats} different questions (other nonstops, an evening flight, a cheaper fare…); the agent answers each by running the identical search_direct_flight PHL–DEN for May 21 and gets the identical one-flight list — every answer was already in the first result. The same call, the same outcome, ${repeats} times with talk between: a loop.`,
  };
};

const BUDGETS = [900, 800, 700, 620, 560] as const;

/** Each time the traveller lowers the budget, the agent thinks and calculates the cost of a cheaper combination; the last one fits and is booked. */
const thinkCalculatePerBudget: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const traveller = openAirline11(log, random, 'Hello! I want to move our trip from Houston to Seattle one day later and go business class, the three of us. We can pay up to $900 more.');
  log.call('get_reservation_details', { reservation_id: traveller.code }, JSON.stringify({ reservation_id: traveller.code, origin: 'IAH', destination: 'SEA', cabin: 'economy', passengers: 3, paid_per_passenger: 251 }));
  log.call('search_onestop_flight', { origin: 'IAH', destination: 'SEA', date: '2024-05-24' }, JSON.stringify([{ legs: ['KW112', 'KW047'], business: [388, 196] }, { legs: ['KW286', 'KW047'], business: [372, 196] }, { legs: ['KW286', 'KW533'], business: [372, 149] }]));
  const evidenceIds: string[] = [];
  for (let round = 0; round < count; round++) {
    const last = round === count - 1;
    const budget = BUDGETS[round]!;
    const cost = 3 * Math.round((last ? budget - random.int(20, 80) : budget + random.int(40, 120)) / 3);
    const second = random.int(140, 200) - round * 10;
    const first = cost / 3 + 251 - second;
    log.call('think', { thought: `Budget now $${budget} in total. Try legs priced ${first} and ${second} for three passengers, minus the 251 each already paid.` }, '');
    evidenceIds.push(log.call('calculate', { expression: `(${first} + ${second} - 251) * 3` }, `${cost}.0`));
    log.say(`That combination costs $${cost} more in total.${last ? ' It fits your budget.' : ''}`, last ? 'Great, that works. Go ahead.' : `Still too much. Can you get it under $${BUDGETS[round + 1]!}?`);
  }
  log.call('update_reservation_flights', { reservation_id: traveller.code, cabin: 'business', flights: [{ flight_number: 'KW286', date: '2024-05-24' }, { flight_number: 'KW533', date: '2024-05-24' }], payment_id: 'credit_card_4410087' }, JSON.stringify({ reservation_id: traveller.code, status: 'updated' }));
  log.say('Your trip is moved to May 24 in business class.');
  return {
    repeats: 0,
    evidenceIds,
    note: `${count} rounds of think then calculate, one for each lower budget the traveller names; each round prices a cheaper combination (a different expression and result) and the last fits, is confirmed and booked. A two-step shape repeated with a real change each time that ends in success: not a loop.`,
  };
};

const TESTER = 'You are the Tester in a team of agents fixing a GitHub issue in the `tidepool` plotting library. Commands (one a turn): python, open, goto, search_file, edit, succeed, fail. Check the Programmer\'s fix with reproduce.py and report.';

const TRACEBACK = [
  'Traceback (most recent call last):',
  '  File "/tidepool/reproduce.py", line 9, in <module>',
  '    fig.legend(handles, labels, loc="outside upper left")',
  '  File "/tidepool/tidepool/figure.py", line 1187, in legend',
  '    loc = _parse_loc(loc)',
  '  File "/tidepool/tidepool/legend.py", line 412, in _parse_loc',
  '    return LOCATIONS[loc]',
  "KeyError: 'outside upper left'",
].join('\n');
const LEGEND_WINDOW = [
  '[File: /tidepool/tidepool/legend.py (688 lines total)]',
  '(396 more lines above)',
  '397:def _loc_aliases(loc):',
  '398:    """Accept "outside" prefixes (issue #4127)."""',
  '399:    if loc.startswith("outside "):',
  '400:        return loc[len("outside "):], True',
  '401:    return loc, False',
  '...',
  '410:def _parse_loc(loc):',
  '411:    """Map a location string to its code."""',
  '412:    return LOCATIONS[loc]',
  '(276 more lines below)',
].join('\n');
const RUN_TEXT = [
  'Running the reproduction script to check the fix.',
  'The helper for "outside" prefixes is in legend.py, so the fix seems applied. Running the script again.',
  'Re-running reproduce.py; maybe a stale module was loaded before.',
  'Once more with the script.',
  'Running it again.',
  'Again.',
] as const;
const OPEN_TEXT = [
  'The traceback ends in _parse_loc. Let me look at legend.py to see whether the fix is there.',
  'Same KeyError. Opening legend.py again to double-check the change.',
  'Still failing; let me re-read the module.',
  'Back to legend.py.',
  'Opening legend.py.',
  'legend.py again.',
] as const;
const GOTO_TEXT = ['Going to the failing line.', 'To line 412.', 'Checking line 412 again.', 'Line 412.', 'goto 412.', '412.'] as const;

/** The Tester runs the script, reads the module and the failing line, and runs the script again — no edit anywhere — round after round, the same traceback each time. */
const rerunAfterReading: Family11 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, TESTER, 'The Programmer reports that issue #4127 ("outside" legend locations raise KeyError) is fixed in tidepool/legend.py. Verify it.', 'manager');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const open = round === 0 ? 'n/a' : '/tidepool/tidepool/legend.py';
    evidenceIds.push(log.call('python', { command: 'python reproduce.py' }, `${TRACEBACK}\n\n(Open file: ${open})\n(Current directory: /tidepool)`, { text: nth7(RUN_TEXT, round), isError: true }));
    log.call('open', { command: 'open tidepool/legend.py' }, `[File: /tidepool/tidepool/legend.py (688 lines total)]\n1:"""Legend placement for tidepool figures."""\n2:from ._locations import LOCATIONS\n...\n(Open file: /tidepool/tidepool/legend.py)`, { text: nth7(OPEN_TEXT, round) });
    log.call('goto', { command: 'goto 412' }, `${LEGEND_WINDOW}\n(Open file: /tidepool/tidepool/legend.py)`, { text: nth7(GOTO_TEXT, round) });
  }
  log.say('The KeyError is still raised. Reporting back to the Manager that the fix does not work yet.');
  return {
    repeats,
    evidenceIds,
    note: `${repeats} rounds of python reproduce.py (the same KeyError from _parse_loc at line 412), open legend.py, goto 412 — no edit in any round, and line 412 still does the failing lookup, which the reads show every time. A three-step cycle with the same outcomes: a loop.`,
  };
};

/** A line of the `kestrel` unit module at `line`, drawn so that every window differs. */
function moduleLine(line: number): string {
  const kinds = ['    value = value * factor', '    return _SCALES[name]', '# conversions between SI prefixes', '    if unit is None:', '        raise UnitError(unit)', 'def _scale_%(value, factor):'];
  return `${line}:${kinds[line % kinds.length]!.replace('%', String(line))}`;
}

/** A window of the module from `top`, 100 lines tall, shown by three lines. */
function moduleWindow(top: number, total: number, found: boolean): string {
  const lines = found ? [moduleLine(top + 1), `${top + 37}:def _resolve_units(expr, system="SI"):`, moduleLine(top + 99)] : [moduleLine(top + 1), moduleLine(top + 50), moduleLine(top + 99)];
  return `[File: /kestrel/kestrel/units.py (${total} lines total)]\n(${top} more lines above)\n${lines.join('\n...\n')}\n(${total - top - 100} more lines below)\n(Open file: /kestrel/kestrel/units.py)`;
}

/** The Debugger pages through a long module with the identical scroll_down, a new window each time, until the function it wants appears. */
const scrollThroughModule: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const total = 100 * (count + 2) + random.int(10, 90);
  openAgent7(log, TESTER.replace('Tester', 'Debugger').replace('Check the Programmer\'s fix with reproduce.py and report.', 'Find where the bug lives and tell the Programmer.').replace('tidepool', 'kestrel').replace('plotting', 'units'), 'Issue #902: converting "kWh" to "J" loses a factor of 1000. Find the faulty conversion.', 'manager');
  log.call('open', { command: 'open kestrel/units.py' }, moduleWindow(0, total, false), { text: 'Opening the units module.' });
  const evidenceIds: string[] = [];
  for (let page = 1; page <= count; page++) {
    evidenceIds.push(log.call('scroll_down', { command: 'scroll_down' }, moduleWindow(page * 100, total, page === count), { text: page === 1 ? 'Scrolling down to find the resolver.' : 'Not here yet; scrolling on.' }));
  }
  log.say(`Found it: _resolve_units at line ${count * 100 + 37} drops the prefix factor. Handing over to the Programmer.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `scroll_down ${count} times, the identical command, each showing the next 100 lines of a ${total}-line module (a new window each time), until _resolve_units appears. Paging through a file: not a loop.`,
  };
};

const GUESSES: readonly [string, string, string][] = [
  ['ls', 'ls ../../assets/palettes', "ls: cannot access '../../assets/palettes': No such file or directory"],
  ['find_file', 'find_file "viridis.json" ../../assets/palettes', 'Directory ../../assets/palettes not found'],
  ['ls', 'ls ../../assets', "ls: cannot access '../../assets': No such file or directory"],
  ['ls', 'ls ../assets/palettes', "ls: cannot access '../assets/palettes': No such file or directory"],
];

/** The Programmer, in a subdirectory, guesses where the palette files are with a different relative path each time, then searches and finds them. */
const pathGuessedUntilFound: Family11 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, TESTER.replace('Tester', 'Programmer').replace('Check the Programmer\'s fix with reproduce.py and report.', 'Make the change the Debugger located.'), 'The Debugger says the colour map "viridis" is read from a JSON palette file that is missing a key. Fix the palette.', 'manager');
  log.call('cd', { command: 'cd tidepool/colors' }, 'Your command ran successfully and did not produce any output.\n(Open file: n/a)\n(Current directory: /tidepool/tidepool/colors)', { text: 'Going to the colours package.' });
  const evidenceIds: string[] = [];
  for (let guess = 0; guess < count - 1; guess++) {
    const [name, command, error] = GUESSES[guess]!;
    evidenceIds.push(log.call(name, { command }, `${error}\n(Open file: n/a)\n(Current directory: /tidepool/tidepool/colors)`, { text: guess === 0 ? 'The palettes should be two levels up.' : 'Not there; trying another path.', isError: true }));
  }
  evidenceIds.push(log.call('find', { command: 'find /tidepool -type d -name "palettes"' }, `/tidepool/tidepool/data/palettes\n(Open file: n/a)\n(Current directory: /tidepool/tidepool/colors)`, { text: 'Searching for the directory instead of guessing.' }));
  log.call('ls', { command: 'ls /tidepool/tidepool/data/palettes' }, 'cividis.json\nmagma.json\nviridis.json\n(Open file: n/a)', { text: `Found; listing it.` });
  log.say('The palette directory is tidepool/data/palettes; opening viridis.json next.');
  return {
    repeats: 0,
    evidenceIds,
    note: `${count - 1} failed look-ups of the palette directory, each a different relative path (ls, find_file), then a find that locates it. Different targets, each failure ruling one out, ending in success: not a loop.`,
  };
};

const FAMILIES: Record<ObservedKind11, Family11> = {
  'loop:service-identical-search-at-each-budget-ask': identicalSearchEachAsk,
  'loop:coder-rerun-after-only-reading-the-module': rerunAfterReading,
  'work:service-think-and-calculate-per-lower-budget': thinkCalculatePerBudget,
  'work:coder-scroll-down-through-a-long-module': scrollThroughModule,
  'work:coder-relative-path-guessed-until-found': pathGuessedUntilFound,
};

/**
 * Builds one observed episode of the eleventh blind set (an airline desk, or a coding team's agent).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildObserved11(kind: ObservedKind11, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
