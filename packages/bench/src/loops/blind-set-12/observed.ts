import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7 } from '../blind-set-7/family.js';
import type { Family12 } from './family.js';

/** Kinds whose pattern was seen in the real tau-bench and CodeR runs (the README names runs and messages). */
export const OBSERVED_KINDS_12_LIST = [
  'loop:service-user-id-requested-again-after-lookup',
  'loop:coder-same-window-reached-by-goto-and-scroll',
  'work:service-update-retried-with-corrected-payment',
  'work:coder-missing-module-installed-then-rerun',
  'work:coder-identical-search-in-each-opened-file',
] as const;

/** One kind of {@link OBSERVED_KINDS_12_LIST}. */
export type ObservedKind12 = (typeof OBSERVED_KINDS_12_LIST)[number];

const AIRLINE =
  'You are the reservations agent of Petrel Air. Tools: get_user_details, get_reservation_details, search_direct_flight, update_reservation_flights, think. Authenticate the traveller by user id once. Before a change that costs money, list it and get an explicit yes.';

const GIVEN = ['Imani', 'Rafael', 'Yuki', 'Greta', 'Omar', 'Lucía', 'Anders', 'Mei'] as const;
const FAMILY = ['Okoye', 'Brennan', 'Takeda', 'Vogel', 'Rahimi', 'Serrano', 'Holm', 'Chen'] as const;

/** A traveller: name, user id and reservation code. */
function traveller12(random: SeededRandom): { given: string; family: string; userId: string; code: string } {
  const given = GIVEN[random.int(0, GIVEN.length - 1)]!;
  const family = FAMILY[random.int(0, FAMILY.length - 1)]!;
  const userId = `${given.toLowerCase().replace('í', 'i')}_${family.toLowerCase()}_${random.int(1000, 9999)}`;
  const code = Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[random.int(0, 30)]).join('');
  return { given, family, userId, code };
}

const ASK_ID = [
  'Before I go on, could you tell me your user id?',
  'Thank you. To be sure I have the right profile, could you confirm your user id once more?',
  'I just need your user id to continue, please.',
  'Could you give me the user id on the account?',
  'May I have your user id?',
  'Your user id, please?',
] as const;
const RESTATE = [
  (id: string) => `Sure — it's ${id}, as I wrote at the start.`,
  (id: string) => `Same as before: ${id}.`,
  (id: string) => `I've given it already. ${id}.`,
  (id: string) => `Again, my user id is ${id}. Can we move on?`,
  (id: string) => `${id}. That is the third time now.`,
  (id: string) => `It is still ${id}.`,
] as const;

/** The agent asks for the user id the traveller gave in the first message, looks it up, and asks for it again — round after round, the same lookup each time. */
const userIdAgainAfterLookup: Family12 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const person = traveller12(random);
  openAgent7(log, AIRLINE, `Hello, my user id is ${person.userId}. I would like to upgrade reservation ${person.code} to business class.`, 'customer');
  const profile = JSON.stringify({ user_id: person.userId, name: { first_name: person.given, last_name: person.family }, membership: 'gold', payment_methods: { credit_card_5521907: { brand: 'visa', last_four: '4410' } }, reservations: [person.code] });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(say7(log, nth7(ASK_ID, round), nth7(RESTATE, round)(person.userId), 'customer'));
    log.call('get_user_details', { user_id: person.userId }, profile, { text: round === 0 ? 'Let me pull up your profile.' : 'Looking up the profile.' });
  }
  log.say('I am sorry for the wait. Let me transfer you to a colleague.');
  return {
    repeats,
    evidenceIds,
    note: `The traveller gives the user id in the first message; the agent asks for it ${repeats} times in new words, the traveller restates the same id each time (in new words), and each time the identical get_user_details returns the identical profile — the upgrade is never looked at. The same question and the same lookup with nothing learned: a loop.`,
  };
};

const PROGRAMMER = 'You are the Programmer in a team of agents fixing a GitHub issue in the `heron` statistics library. Commands (one a turn): open, goto, scroll_up, scroll_down, search_file, find_file, edit, succeed, fail.';
const FILE_HEAD = '[File: /heron/heron/models/kalman.py (812 lines total)]';

/** The window of kalman.py whose first line is `top + 1` (100 lines, shown by four). */
function kalmanWindow(top: number): string {
  const line = (n: number): string => `${n}:${['        state = self._predict(state)', '    def _update(self, state, obs):', '        gain = cov @ H.T @ inv(S)', '        return state, cov'][n % 4]!}`;
  return `${FILE_HEAD}\n(${top} more lines above)\n${[line(top + 1), line(top + 34), line(top + 67), line(top + 100)].join('\n...\n')}\n(${812 - top - 100} more lines below)\n(Open file: /heron/heron/models/kalman.py)\n(Current directory: /heron)`;
}

/** Steps that leave the window at line 420 and steps that come back to it, a different command each time. */
const DETOURS: readonly { away: [string, string, string]; back: [string, string] }[] = [
  { away: ['scroll_down', 'scroll_down', kalmanWindow(520)], back: ['scroll_up', 'scroll_up'] },
  { away: ['goto', 'goto 700', kalmanWindow(650)], back: ['goto', 'goto 470'] },
  { away: ['search_file', 'search_file "def fit("', 'No matches found for "def fit(" in /heron/heron/models/kalman.py\n(Open file: /heron/heron/models/kalman.py)\n(Current directory: /heron)'], back: ['open', 'open heron/models/kalman.py 470'] },
  { away: ['scroll_up', 'scroll_up', kalmanWindow(320)], back: ['scroll_down', 'scroll_down'] },
  { away: ['goto', 'goto 150', kalmanWindow(100)], back: ['goto', 'goto 470'] },
];
const BACK_TEXT = ['fit() must be near the update step; back to it.', 'Not there either. Returning to the update block.', 'Let me look at the update block once more.', 'Back to lines 420–520.', 'Once more the update block.'] as const;

/** The Programmer looks for fit() in a file that does not define it and keeps coming back to the same window — by scroll_up, goto, open with a line, scroll_down — the same 100 lines each time. */
const sameWindowByGotoAndScroll: Family12 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, PROGRAMMER, 'Issue #611: KalmanSmoother.fit ignores `n_iter`. The Debugger says the loop over iterations is in heron/models/kalman.py. Fix it.', 'manager');
  log.call('open', { command: 'open heron/models/kalman.py' }, `${FILE_HEAD}\n1:"""Kalman filtering and smoothing."""\n2:from .base import BaseStateSpace\n...\n(Open file: /heron/heron/models/kalman.py)\n(Current directory: /heron)`, { text: 'Opening the module.' });
  const window = kalmanWindow(420);
  const evidenceIds = [log.call('goto', { command: 'goto 470' }, window, { text: 'The update step should be around line 470.' })];
  for (let round = 1; round < repeats; round++) {
    const detour = DETOURS[(round - 1) % DETOURS.length]!;
    log.call(detour.away[0], { command: detour.away[1] }, detour.away[2], { text: round === 1 ? 'No fit() here; looking further.' : 'Looking elsewhere in the file.' });
    evidenceIds.push(log.call(detour.back[0], { command: detour.back[1] }, window, { text: nth7(BACK_TEXT, round - 1) }));
  }
  log.say('I could not find where fit() runs its iterations in kalman.py. Reporting back to the Manager.');
  return {
    repeats,
    evidenceIds,
    note: `The Programmer looks for fit() in a module that does not define it and reaches the identical window (lines 421–520) ${repeats} times, each time by a different command (goto 470, scroll_up, open with a line, scroll_down) after a detour elsewhere; nothing is edited and fit() is never found. The same state reached again and again: a loop.`,
  };
};

/** The attempts at the upgrade: the payment id or flight used, the error, and what the agent does to fix it before the next attempt. */
const ATTEMPTS: readonly { payment: string; flight: string; error: string }[] = [
  { payment: 'credit_card_4410', flight: 'PA318', error: 'Error: payment method not found' },
  { payment: 'gift_card_6630921', flight: 'PA318', error: 'Error: gift card balance is not enough' },
  { payment: 'credit_card_5521907', flight: 'PA318', error: 'Error: flight PA318 not available in business on date 2024-05-19' },
];

/** Each failed update names a different problem that the agent fixes before retrying (the card's id, the gift card's balance, a sold-out cabin); the last attempt succeeds. */
const updateRetriedWithCorrectedPayment: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const person = traveller12(random);
  openAgent7(log, AIRLINE, `Hi, I'm ${person.userId}. Please upgrade reservation ${person.code} (Boston to Denver on May 19) to business. Use my card ending 4410.`, 'customer');
  log.call('get_reservation_details', { reservation_id: person.code }, JSON.stringify({ reservation_id: person.code, origin: 'BOS', destination: 'DEN', cabin: 'economy', flights: [{ flight_number: 'PA318', date: '2024-05-19' }], passengers: 1 }), { text: 'Checking the reservation.' });
  say7(log, 'Upgrading PA318 on May 19 to business costs $386, paid with your card ending 4410. Shall I go ahead?', 'Yes, go ahead.', 'customer');
  const evidenceIds: string[] = [];
  const fixes: (() => void)[] = [
    () => {
      log.call('get_user_details', { user_id: person.userId }, JSON.stringify({ user_id: person.userId, payment_methods: { credit_card_5521907: { last_four: '4410' }, gift_card_6630921: { balance: 120 } } }), { text: 'The id was wrong; looking up your payment methods.' });
      say7(log, 'Your card ending 4410 is on file, and you also have a gift card. Which should I use?', 'Oh, use the gift card, please.', 'customer');
    },
    () => say7(log, 'Your gift card has $120, which does not cover $386. Shall I charge the card ending 4410 instead?', 'Yes, the card then.', 'customer'),
    () => {
      log.call('search_direct_flight', { origin: 'BOS', destination: 'DEN', date: '2024-05-19' }, JSON.stringify([{ flight_number: 'PA318', available_seats: { business: 0 } }, { flight_number: 'PA322', departure: '13:40', available_seats: { business: 3 }, prices: { business: 412 } }]), { text: 'Business on PA318 is sold out; searching the same day.' });
      say7(log, 'PA322 at 13:40 has business seats for $412 in total. Move you to it and charge the card ending 4410?', 'Yes please.', 'customer');
    },
  ];
  for (let attempt = 0; attempt < count - 1; attempt++) {
    const { payment, flight, error } = ATTEMPTS[attempt]!;
    evidenceIds.push(log.call('update_reservation_flights', { reservation_id: person.code, cabin: 'business', flights: [{ flight_number: flight, date: '2024-05-19' }], payment_id: payment }, error, { text: attempt === 0 ? 'Upgrading now.' : 'Retrying with the correction.', isError: true }));
    fixes[attempt]!();
  }
  const lastFlight = count === 4 ? 'PA322' : 'PA318';
  evidenceIds.push(log.call('update_reservation_flights', { reservation_id: person.code, cabin: 'business', flights: [{ flight_number: lastFlight, date: '2024-05-19' }], payment_id: 'credit_card_5521907' }, JSON.stringify({ reservation_id: person.code, cabin: 'business', flights: [{ flight_number: lastFlight, date: '2024-05-19' }], status: 'updated' }), { text: 'Upgrading with the corrected details.' }));
  log.say(`Done: reservation ${person.code} is now business class on ${lastFlight}.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `update_reservation_flights ${count} times; each failure names a different problem (${['the card\'s id', 'a gift card too small', 'a sold-out cabin'].slice(0, count - 1).join(', then ')}) that the agent fixes before retrying, each retry with different arguments; the last succeeds. Retries with a real change that end in success: not a loop.`,
  };
};

const REPRODUCER = 'You are the Reproducer in a team of agents fixing a GitHub issue in the `wren` test runner. Commands (one a turn): create, edit, python, pip, find_file, succeed, fail. Write reproduce.py and make it show the bug.';
const MODULES = ['chatterbox', 'wirc', 'tempora_lite', 'inflectx', 'backports_clock'] as const;

/** The reproduction script needs packages that are not installed; each run names the next missing one, which is installed; the last run shows the bug. */
const moduleInstalledThenRerun: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, REPRODUCER, 'Issue #2290: under `--import-mode=importlib` a plugin module is imported twice, so its `Logger.store` is set on the wrong copy.', 'manager');
  log.call('create', { command: 'create reproduce.py' }, '[File: /wren/reproduce.py (1 lines total)]\n1:\n(Open file: /wren/reproduce.py)\n(Current directory: /wren)', { text: 'Creating the script.' });
  log.call('edit', { command: 'edit 1:1\nimport chatterbox.logging\nfrom chatterbox.logging import Logger\nprint("store set:", hasattr(Logger, "store"))\nend_of_edit' }, '[File: /wren/reproduce.py (3 lines total)]\n(Open file: /wren/reproduce.py)\n(Current directory: /wren)', { text: 'Writing the reproduction.' });
  const evidenceIds: string[] = [];
  for (let run = 0; run < count; run++) {
    const last = run === count - 1;
    const module = MODULES[run]!;
    const where = run === 0 ? '/wren/reproduce.py", line 1' : `/opt/env/lib/python3.10/site-packages/${MODULES[run - 1]!}/__init__.py", line ${random.int(3, 40)}`;
    const output = last
      ? `Loading chatterbox core\nLoading chatterbox logging\nstore set: False\n(Open file: /wren/reproduce.py)\n(Current directory: /wren)`
      : `Traceback (most recent call last):\n  File "${where}, in <module>\nModuleNotFoundError: No module named '${module}'\n(Open file: /wren/reproduce.py)\n(Current directory: /wren)`;
    evidenceIds.push(log.call('python', { command: 'python reproduce.py' }, output, { text: run === 0 ? 'Running it.' : 'Installed; running again.', ...(last ? {} : { isError: true }) }));
    if (!last) log.call('pip', { command: `pip install ${module}` }, `Collecting ${module}\nInstalling collected packages: ${module}\nSuccessfully installed ${module}-${random.int(1, 9)}.${random.int(0, 20)}.0`, { text: `Missing ${module}; installing it.` });
  }
  log.say('reproduce.py now prints "store set: False": the bug is reproduced.');
  return {
    repeats: 0,
    evidenceIds,
    note: `python reproduce.py ${count} times, the identical command; each failing run names a different missing module (first the package, then its own dependencies), which is installed before the next run, and the last run shows the bug. The same command after a real change each time, ending in success: not a loop.`,
  };
};

const DEBUGGER = PROGRAMMER.replace('Programmer', 'Debugger').replace('edit, succeed, fail', 'succeed, fail');
const FILES = ['heron/core/symbol.py', 'heron/core/atom.py', 'heron/core/expr.py', 'heron/core/node.py', 'heron/core/basic.py'] as const;

/** The Debugger opens one candidate file after another and runs the identical search_file in each (it searches the open file); the last one has the method. */
const identicalSearchEachFile: Family12 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, DEBUGGER, 'Issue #640: two equal expressions hash differently after pickling. Find where __hash__ is defined for expressions.', 'manager');
  const files = [...FILES.slice(0, count - 1), FILES[4]];
  const evidenceIds: string[] = [];
  files.forEach((file, index) => {
    const last = index === files.length - 1;
    const lines = random.int(300, 2100);
    log.call('open', { command: `open ${file}` }, `[File: /heron/${file} (${lines} lines total)]\n1:"""${file.split('/').pop()}"""\n(Open file: /heron/${file})\n(Current directory: /heron)`, { text: index === 0 ? 'Starting with the symbol module.' : 'Trying the next candidate module.' });
    const found = `Found 2 matches for "def __hash__" in /heron/${file}:\nLine ${random.int(100, 400)}:    def __hash__(self):\nLine ${random.int(500, 900)}:    def __hash__(self):  # cached\nEnd of matches for "def __hash__" in /heron/${file}\n(Open file: /heron/${file})\n(Current directory: /heron)`;
    const none = `No matches found for "def __hash__" in /heron/${file}\n(Open file: /heron/${file})\n(Current directory: /heron)`;
    evidenceIds.push(log.call('search_file', { command: 'search_file "def __hash__"' }, last ? found : none, { text: 'Searching the open file for __hash__.' }));
  });
  log.say(`__hash__ is defined in ${FILES[4]}; the cached variant is the suspect. Handing over to the Programmer.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `search_file "def __hash__" ${count} times, the identical command, but each in a different file just opened (search_file searches the open file): ${count - 1} say no matches in a different file, the last finds the method. The same command over different targets: not a loop.`,
  };
};

const FAMILIES: Record<ObservedKind12, Family12> = {
  'loop:service-user-id-requested-again-after-lookup': userIdAgainAfterLookup,
  'loop:coder-same-window-reached-by-goto-and-scroll': sameWindowByGotoAndScroll,
  'work:service-update-retried-with-corrected-payment': updateRetriedWithCorrectedPayment,
  'work:coder-missing-module-installed-then-rerun': moduleInstalledThenRerun,
  'work:coder-identical-search-in-each-opened-file': identicalSearchEachFile,
};

/**
 * Builds one observed episode of the twelfth blind set (an airline desk, or a coding team's agent).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildObserved12(kind: ObservedKind12, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
