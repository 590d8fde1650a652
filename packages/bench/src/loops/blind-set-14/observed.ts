import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import type { Family14 } from './family.js';

/** Kinds whose pattern was seen in the real tau-bench and CodeR runs (the README names runs and messages). */
export const OBSERVED_KINDS_14_LIST = [
  'loop:service-status-plea-refused-in-new-words',
  'loop:coder-comment-only-edit-and-same-traceback',
  'work:service-each-listed-booking-cancelled-in-turn',
  'work:coder-file-scrolled-down-page-by-page',
  'work:coder-reproducer-grown-between-runs',
] as const;

/** One kind of {@link OBSERVED_KINDS_14_LIST}. */
export type ObservedKind14 = (typeof OBSERVED_KINDS_14_LIST)[number];

const AIRLINE =
  'You are the reservations agent of Osprey Air. Tools: get_user_details, get_reservation_details, cancel_reservation, transfer_to_human_agents. Basic-economy bookings without insurance cannot be cancelled unless booked within 24 hours or the flight was cancelled by the airline; membership tier does not change this. Confirm every cancellation with an explicit yes first. Transfer to a human agent only when the request is outside your policy and the user asks for it.';

const FIRST = ['Amara', 'Bogdan', 'Chiara', 'Dev', 'Elif', 'Farid', 'Greta', 'Hiro'] as const;
const LAST = ['Okafor', 'Novak', 'Ricci', 'Patel', 'Kaya', 'Rahimi', 'Lund', 'Sato'] as const;

/** A passenger's user id. */
function userId14(random: SeededRandom): string {
  return `${FIRST[random.int(0, FIRST.length - 1)]!.toLowerCase()}_${LAST[random.int(0, LAST.length - 1)]!.toLowerCase()}_${random.int(1000, 9999)}`;
}

/** A six-character booking code. */
function bookingCode14(random: SeededRandom): string {
  return Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[random.int(0, 30)]).join('');
}

const PLEAS = [
  "But I'm a Silver member — surely that counts for something?",
  'I fly with you every month. Can you not make an exception for a Silver member?',
  'Silver status is supposed to mean priority treatment. Please cancel it.',
  'Is there really nothing you can do given my membership?',
  'Come on, a loyal Silver member asking for one cancellation.',
  'Please, just this once, cancel it for me.',
] as const;
const REFUSALS = [
  'I understand. However, this is a basic-economy booking without travel insurance, so it cannot be cancelled for a change of plans.',
  'I appreciate your loyalty, but the rule for basic economy without insurance applies to every membership tier, so I am unable to cancel it.',
  'Membership tier does not change the cancellation rule: a basic-economy ticket without insurance cannot be cancelled for a change of plans.',
  'I am sorry, but even for Silver members a basic-economy booking without insurance cannot be cancelled.',
  'Unfortunately the policy is the same for all tiers; I cannot cancel this basic-economy booking.',
  'I have to decline again: without insurance, basic economy cannot be cancelled, whatever the tier.',
] as const;

/** The passenger leans on their membership again and again; the agent restates the same refusal in new words, never offering the transfer or any alternative. */
const statusPleaRefused: Family14 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const user = userId14(random);
  const code = bookingCode14(random);
  openAgent7(log, AIRLINE, `Hi, ${user} here. Please cancel my flight from ATL to JFK on May 19, booking ${code}. My plans changed.`, 'customer');
  log.call('get_reservation_details', { reservation_id: code }, JSON.stringify({ reservation_id: code, user_id: user, origin: 'ATL', destination: 'JFK', cabin: 'basic_economy', insurance: 'no', created_at: '2024-05-02T09:14:00', membership: 'silver' }), { text: 'Let me look at the booking.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    if (round > 0) log.user(nth7(PLEAS, round - 1), 'customer');
    evidenceIds.push(log.say(nth7(REFUSALS, round)));
  }
  return {
    repeats,
    evidenceIds,
    note: `The passenger pleads ${repeats - 1} times on their Silver status; the agent answers ${repeats} times with the same refusal (basic economy without insurance cannot be cancelled) in new words, with no new call, no new fact and no alternative offered. The same reply by meaning to the same request: a loop.`,
  };
};

const PROGRAMMER = 'You are the Programmer in a team of agents fixing a GitHub issue in the `quill` sparse-solver library. Commands (one a turn): open, goto, edit, python, succeed, fail. reproduce.py shows the bug.';

/** The traceback reproduce.py prints while line 214's division stands. */
function traceback14(line: number): string {
  return `Traceback (most recent call last):\n  File "/quill/reproduce.py", line 17, in <module>\n    model.fit(X_sparse, y)\n  File "/quill/src/quill/fit.py", line 122, in fit\n    self._fit_sparse(X, y)\n  File "/quill/src/quill/fit.py", line ${line}, in _fit_sparse\n    step = coef_index.size / n_groups\nZeroDivisionError: float division by zero\n(Open file: /quill/src/quill/fit.py)\n(Current directory: /quill)`;
}
const COMMENTS = [
  '# guard: n_groups may be zero for a single-target fit',
  '# handle a single-target fit, where n_groups is zero',
  '# n_groups is zero when there is only one target',
  '# single target: n_groups == 0',
  '# avoid n_groups == 0 below',
  '# zero groups for a single target',
] as const;
const EDIT_TEXT = ['Adding a guard above the division.', 'Rewording the guard.', 'Making the guard clearer.', 'Adjusting the guard once more.', 'Another pass at the guard.', 'Trying the guard again.'] as const;

/** The Programmer edits lines 205–207 again and again, only the comment line changing, while the division at line 215 stays; each run prints the same traceback. */
const commentOnlyEditSameTraceback: Family14 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, PROGRAMMER, 'Issue #2291: fit() raises ZeroDivisionError on sparse input with a single target. The Debugger points at _fit_sparse in src/quill/fit.py, lines 205–215.', 'manager');
  log.call('open', { command: 'open src/quill/fit.py 205' }, `[File: /quill/src/quill/fit.py (${random.int(380, 460)} lines total)]\n(189 more lines above)\n205:        # number of groups\n206:        n_groups = len(self.groups_) - 1\n207:        coef_index = np.arange(n_features)\n(Open file: /quill/src/quill/fit.py)\n(Current directory: /quill)`, { text: 'Opening the function.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    log.call('edit', { command: `edit 205:207\n        ${nth7(COMMENTS, round)}\n        n_groups = len(self.groups_) - 1\n        coef_index = np.arange(n_features)\nend_of_edit` }, '[File: /quill/src/quill/fit.py edited]\n(Open file: /quill/src/quill/fit.py)\n(Current directory: /quill)', { text: nth7(EDIT_TEXT, round) });
    evidenceIds.push(log.call('python', { command: 'python reproduce.py' }, traceback14(215), { text: 'Running the reproduction.', isError: true }));
  }
  log.call('fail', { command: 'fail' }, '', { text: 'The division still fails.' });
  return {
    repeats,
    evidenceIds,
    note: `The Programmer edits lines 205–207 ${repeats} times; each edit only rewrites the comment above the same two lines, and the division at line 215 is never touched. Each identical python reproduce.py prints the identical ZeroDivisionError. Trivially varied edits and the same failing run: a loop.`,
  };
};

/** The passenger lists several bookings to cancel; each is eligible, and the agent cancels them one by one after one yes. */
const eachListedBookingCancelled: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const user = userId14(random);
  const codes = Array.from({ length: count }, () => bookingCode14(random));
  openAgent7(log, AIRLINE, `Hello, ${user}. My trip is off; please cancel all of these: ${codes.join(', ')}. They all have travel insurance.`, 'customer');
  log.call('get_user_details', { user_id: user }, JSON.stringify({ user_id: user, membership: 'gold', reservations: codes }), { text: 'Checking your profile.' });
  log.say(`All ${count} bookings are insured, so each can be cancelled with a full refund to the original payment. Shall I cancel all ${count}?`, 'Yes, cancel them all.');
  const routes = ['LAS-SEA', 'SEA-LAS', 'DEN-BOS', 'BOS-DEN', 'PHX-ORD'] as const;
  const evidenceIds = codes.map((code, index) => {
    const [origin, destination] = routes[index]!.split('-');
    return log.call('cancel_reservation', { reservation_id: code }, JSON.stringify({ reservation_id: code, origin, destination, status: 'cancelled', refund: random.int(120, 690) }), { text: index === 0 ? 'Cancelling them one by one.' : '' });
  });
  log.say(`Done: ${codes.join(', ')} are cancelled, refunds on the way.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `cancel_reservation ${count} times back to back, each on a different booking the passenger listed and confirmed (different routes and refunds). The same tool over different targets: not a loop.`,
  };
};

const LINES_PER_VIEW = 100;

/** The Debugger opens a long file and scrolls down through it; each view is the next hundred lines. */
const fileScrolledDown: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const total = 600 + random.int(0, 99);
  openAgent7(log, 'You are the Debugger in a team of agents fixing a GitHub issue in `quill`. Commands: open, goto, scroll_down, search_file, succeed.', 'Issue #2304: the pretty printer drops the unit of a Measure. Find where Measure is printed.', 'manager');
  log.call('open', { command: 'open src/quill/printing/pretty.py' }, `[File: /quill/src/quill/printing/pretty.py (${total} lines total)]\n1:"""Pretty printing."""\n(${total - LINES_PER_VIEW} more lines below)\n(Open file: /quill/src/quill/printing/pretty.py)\n(Current directory: /quill)`, { text: 'Opening the printer.' });
  const evidenceIds = Array.from({ length: count }, (_, view) => {
    const first = (view + 1) * LINES_PER_VIEW + 1;
    const body = view === count - 1 ? `${first + 12}:    def _print_Measure(self, expr):\n${first + 13}:        return self._print(expr.value)` : `${first}:    def _print_${['Matrix', 'Tensor', 'Interval', 'Set', 'Range'][view]!}(self, expr):`;
    return log.call('scroll_down', { command: 'scroll_down' }, `[File: /quill/src/quill/printing/pretty.py (${total} lines total)]\n(${first - 1} more lines above)\n${body}\n(${total - first - LINES_PER_VIEW + 1} more lines below)\n(Open file: /quill/src/quill/printing/pretty.py)\n(Current directory: /quill)`, { text: view === 0 ? 'Reading on.' : '' });
  });
  log.say('_print_Measure prints only the value; the unit is dropped there. Handing over to the Programmer.');
  return {
    repeats: 0,
    evidenceIds,
    note: `scroll_down ${count} times back to back, the identical command; each view shows the next hundred lines of the file (a new position, new code), and the last finds the method. Reading through a file page by page: not a loop.`,
  };
};

const STAGES = [
  { error: 'ModuleNotFoundError: No module named \'scipy_sparse_io\'', fix: 'Importing the right module.' },
  { error: 'NameError: name \'X_sparse\' is not defined', fix: 'Building the sparse matrix first.' },
  { error: 'ValueError: y has 1 target; expected at least 2 for a grouped fit', fix: 'Setting groups so the grouped fit runs.' },
  { error: 'AttributeError: \'Model\' object has no attribute \'groups_\'', fix: 'Fitting before reading groups_.' },
] as const;

/** The Reproducer runs reproduce.py after each edit that grows it; each run fails differently, the last shows the bug. */
const reproducerGrown: Family14 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, 'You are the Reproducer in a team of agents fixing a GitHub issue in `quill`. Commands: create, edit, python, succeed, fail.', 'Issue #2291: fit() raises ZeroDivisionError on sparse input with a single target.', 'manager');
  log.call('create', { command: 'create reproduce.py' }, '[File: /quill/reproduce.py (1 lines total)]\n1:\n(Open file: /quill/reproduce.py)\n(Current directory: /quill)', { text: 'Creating the script.' });
  const evidenceIds: string[] = [];
  let lines = 6;
  for (let run = 0; run < count; run++) {
    lines += random.int(2, 5);
    log.call('edit', { command: `edit 1:${lines - 3}\n${run === 0 ? 'from quill import Model' : nth7(STAGES, run - 1).fix}\n...${lines} lines...\nend_of_edit` }, `[File: /quill/reproduce.py (${lines} lines total)]\n(Open file: /quill/reproduce.py)\n(Current directory: /quill)`, { text: run === 0 ? 'Writing a first version.' : nth7(STAGES, run - 1).fix });
    const last = run === count - 1;
    evidenceIds.push(log.call('python', { command: 'python reproduce.py' }, last ? traceback14(215) : `Traceback (most recent call last):\n  File "/quill/reproduce.py", line ${run + 3}, in <module>\n${STAGES[run]!.error}\n(Open file: /quill/reproduce.py)\n(Current directory: /quill)`, { text: 'Running it.', isError: true }));
  }
  log.call('succeed', { command: 'succeed' }, '', { text: 'The ZeroDivisionError from _fit_sparse is reproduced.' });
  return {
    repeats: 0,
    evidenceIds,
    note: `python reproduce.py ${count} times, the identical command, each after an edit that grows the script (a new import, the input, the groups, the fit order); each run fails with a different error until the last shows the issue's ZeroDivisionError. Re-runs after real edits, ending in success: not a loop.`,
  };
};

const FAMILIES: Record<ObservedKind14, Family14> = {
  'loop:service-status-plea-refused-in-new-words': statusPleaRefused,
  'loop:coder-comment-only-edit-and-same-traceback': commentOnlyEditSameTraceback,
  'work:service-each-listed-booking-cancelled-in-turn': eachListedBookingCancelled,
  'work:coder-file-scrolled-down-page-by-page': fileScrolledDown,
  'work:coder-reproducer-grown-between-runs': reproducerGrown,
};

/**
 * Builds one observed episode of the fourteenth blind set (an airline desk, or a coding team's agent).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildObserved14(kind: ObservedKind14, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
