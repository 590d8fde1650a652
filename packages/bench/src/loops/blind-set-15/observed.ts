import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import type { Family15 } from './family.js';

/** Kinds whose pattern was seen in the real tau-bench and CodeR runs (the README names runs and messages). */
export const OBSERVED_KINDS_15_LIST = [
  'loop:service-empty-nonstop-search-rerun-unchanged',
  'loop:coder-block-edit-rejected-by-the-linter-each-try',
  'work:service-tagline-on-every-customer-turn',
  'work:coder-symbol-hunted-with-a-new-tool-each-miss',
  'work:coder-test-rerun-after-each-real-fix',
] as const;

/** One kind of {@link OBSERVED_KINDS_15_LIST}. */
export type ObservedKind15 = (typeof OBSERVED_KINDS_15_LIST)[number];

const AIRLINE =
  'You are the reservations agent of Kestrel Airways. Tools: get_user_details, get_reservation_details, search_direct_flight, search_onestop_flight, update_reservation_flights. Before any change, list the details and get an explicit yes.';

const AIRPORTS = [['BOS', 'MIA'], ['SEA', 'DEN'], ['ORD', 'PHL'], ['LAX', 'ATL'], ['DFW', 'EWR']] as const;
const RERUN_TEXT = ['Searching for nonstop flights.', 'Let me search again.', 'Trying the search once more.', 'Checking nonstop flights again.', 'One more search.', 'Searching again.'] as const;

/** Asked to move a booking to a nonstop flight, the agent runs the identical nonstop search again and again; each returns an empty list, and one-stop options are never looked at. */
const emptySearchRerun: Family15 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const [origin, destination] = AIRPORTS[random.int(0, AIRPORTS.length - 1)]!;
  const code = Array.from({ length: 6 }, () => 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'[random.int(0, 30)]).join('');
  const date = `2024-05-${random.int(18, 28)}`;
  openAgent7(log, AIRLINE, `Hi, booking ${code} from ${origin} to ${destination} on ${date} has a stop. Can you move me to a nonstop flight that day?`, 'customer');
  log.call('get_reservation_details', { reservation_id: code }, JSON.stringify({ reservation_id: code, origin, destination, cabin: 'economy', flights: [{ flight_number: `HAT${random.int(100, 299)}`, date }] }), { text: 'Let me pull up the booking.' });
  const evidenceIds = Array.from({ length: repeats }, (_, round) => log.call('search_direct_flight', { origin, destination, date }, '[]', { text: nth7(RERUN_TEXT, round) }));
  log.say('I am still looking for a nonstop option.');
  return {
    repeats,
    evidenceIds,
    note: `search_direct_flight ${repeats} times back to back with identical arguments; each returns an empty list, nothing changes in between, and the agent neither tells the passenger there is no nonstop nor looks at one-stop flights. The same successful (empty) read: a loop.`,
  };
};

const LINT =
  'Edit not applied: the new lines do not parse.\nE999 IndentationError: unexpected indent (the def line)\nThe file is unchanged; correct the edit and submit it again.\n(Open file: /tern/src/tern/views.py)\n(Current directory: /tern)';
const VARIABLE_NAMES = ['payload', 'item', 'row', 'entry', 'record', 'result'] as const;
const EDIT_TEXT = ['Replacing the serializer block.', 'Retrying the edit.', 'Fixing the edit and retrying.', 'Another try at the block.', 'Retrying with a small change.', 'Trying again.'] as const;

/** The Programmer re-submits the same block edit; each keeps the same stray extra indent on its first line (only a local name changes), and each is rejected with the same linter error. */
const blockEditRejected: Family15 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const start = random.int(40, 60);
  openAgent7(log, 'You are the Programmer in a team of agents fixing a GitHub issue in the `tern` web framework. Commands (one a turn): open, edit, python, succeed, fail.', 'Issue #884: let subclasses extend the JSON result of the autocomplete view. Move the dict building into a serialize_result method.', 'manager');
  log.call('open', { command: `open src/tern/views.py ${start}` }, `[File: /tern/src/tern/views.py (${random.int(200, 320)} lines total)]\n${start}:        return JsonResponse({\n(Open file: /tern/src/tern/views.py)\n(Current directory: /tern)`, { text: 'Opening the view.' });
  const evidenceIds = Array.from({ length: repeats }, (_, round) => {
    const name = nth7(VARIABLE_NAMES, round);
    return log.call('edit', { command: `edit ${start}:${start + 8}\n            def serialize_result(self, obj, to_field_name):\n        ${name} = {'id': str(getattr(obj, to_field_name)), 'text': str(obj)}\n        return ${name}\nend_of_edit` }, LINT, { text: nth7(EDIT_TEXT, round), isError: true });
  });
  log.call('fail', { command: 'fail' }, '', { text: 'The edit keeps failing.' });
  return {
    repeats,
    evidenceIds,
    note: `The Programmer submits the same edit of lines ${start}–${start + 8} ${repeats} times; only a local variable's name changes, the stray indent on the def line stays, and each is rejected with the identical IndentationError. Trivially varied edits, the same failure: a loop.`,
  };
};

const TAGLINE = 'You are the most patient agent I have ever spoken to.';
const TAGGED_TURNS = [
  { user: 'My user id is {user}. What bookings do I have?', call: 'get_user_details', reply: 'You have bookings {a} and {b}.' },
  { user: 'What is on booking {a}?', call: 'get_reservation_details', reply: 'Booking {a} is economy from JFK to ORD on May 21.' },
  { user: 'And booking {b}?', call: 'get_reservation_details', reply: 'Booking {b} is business from ORD to SFO on May 25.' },
  { user: 'Any nonstop from ORD to SFO on May 26?', call: 'search_direct_flight', reply: 'Yes: HAT271 at 09:10 and HAT305 at 15:40.' },
  { user: 'What would it cost to move {b} to HAT271?', call: 'search_direct_flight', reply: 'Moving {b} to HAT271 costs no fare difference in business.' },
] as const;

/** The customer ends every turn with the same flattering sentence; each turn asks something new, and the agent answers each with a new call and a new reply. */
const taglineEveryTurn: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const user = `noor_haddad_${random.int(1000, 9999)}`;
  const a = `K${random.int(10000, 99999)}`;
  const b = `Q${random.int(10000, 99999)}`;
  const fill = (text: string): string => text.replaceAll('{user}', user).replaceAll('{a}', a).replaceAll('{b}', b);
  log.system(AIRLINE);
  const evidenceIds: string[] = [];
  for (let turn = 0; turn < count; turn++) {
    const step = TAGGED_TURNS[turn]!;
    log.user(`${fill(step.user)} ${TAGLINE}`, 'customer');
    const args: Record<string, unknown> =
      step.call === 'get_user_details' ? { user_id: user } : step.call === 'get_reservation_details' ? { reservation_id: turn === 1 ? a : b } : { origin: 'ORD', destination: 'SFO', date: '2024-05-26', ...(turn === 4 ? { cabin: 'business' } : {}) };
    log.call(step.call, args, JSON.stringify({ ...args, turn, answer: fill(step.reply) }));
    evidenceIds.push(log.say(fill(step.reply)));
  }
  return {
    repeats: 0,
    evidenceIds,
    note: `The customer ends each of ${count} turns with the same flattering sentence, but each turn asks something new; the agent makes a different call and gives a different answer each time. A repeat on the user's side with progress on the agent's: not a loop.`,
  };
};

const HUNTS = [
  { name: 'search_class', command: 'search_class /tern AutocompleteView', result: 'No class named AutocompleteView.' },
  { name: 'find_file', command: 'find_file "autocomplete"', result: 'find_file: 0 files match "autocomplete".' },
  { name: 'search_method', command: 'search_method /tern serialize_result', result: 'No method named serialize_result.' },
  { name: 'search_code', command: 'search_code /tern "JsonResponse({"', result: 'search_code: no hit for JsonResponse({.' },
  { name: 'ls', command: 'ls src/tern/contrib', result: 'admin\nauth\nsessions' },
] as const;

/** The Debugger looks for a symbol with one search after another, each a different tool or query, until a listing shows where to look. */
const symbolHunted: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, 'You are the Debugger in a team of agents fixing a GitHub issue in `tern`. Commands: search_class, search_method, search_code, find_file, ls, open, succeed.', `Issue #${random.int(800, 999)}: the autocomplete view's JSON result cannot be extended. Find the view.`, 'manager');
  const hunts = HUNTS.slice(HUNTS.length - count);
  const evidenceIds = hunts.map((hunt, index) => log.call(hunt.name, { command: hunt.command }, `${hunt.result}\n(Open file: n/a)\n(Current directory: /tern)`, { text: index === 0 ? 'Looking for the view.' : '' }));
  log.call('open', { command: 'open src/tern/contrib/admin/autocomplete.py' }, '[File: /tern/src/tern/contrib/admin/autocomplete.py (102 lines total)]\n(Open file: /tern/src/tern/contrib/admin/autocomplete.py)\n(Current directory: /tern)', { text: 'Found it under contrib/admin.' });
  return {
    repeats: 0,
    evidenceIds,
    note: `${count} searches back to back, each a different tool or a different query (class, file, method, code, listing); the misses are different misses, and the last narrows the search to the right folder. A search that moves: not a loop.`,
  };
};

const FIXES = [
  { fix: 'Passing to_field_name through.', failure: 'TypeError: serialize_result() missing 1 required positional argument: \'to_field_name\'' },
  { fix: 'Returning the dict from serialize_result.', failure: 'AssertionError: expected 2 results, got 0' },
  { fix: 'Keeping pagination in the response.', failure: 'KeyError: \'pagination\'' },
  { fix: 'Building the list from serialize_result.', failure: 'AssertionError: \'notes\' not in result' },
] as const;

/** The Tester runs the same test after each real fix the Programmer makes; each run fails differently until the last passes. */
const testRerunAfterFix: Family15 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, 'You are the Tester in a team of agents fixing a GitHub issue in `tern`. Commands: edit, python, succeed.', 'The Programmer has moved the dict into serialize_result. Run the issue\'s test and fix what it shows.', 'manager');
  const evidenceIds: string[] = [];
  for (let run = 0; run < count; run++) {
    const last = run === count - 1;
    evidenceIds.push(log.call('python', { command: 'python reproduce.py' }, last ? 'results: 2, notes present, pagination present\nOK\n(Open file: /tern/reproduce.py)\n(Current directory: /tern)' : `Traceback (most recent call last):\n  File "/tern/reproduce.py", line ${30 + run * 4}, in <module>\n${FIXES[run]!.failure}\n(Open file: /tern/reproduce.py)\n(Current directory: /tern)`, { text: 'Running the test.', ...(last ? {} : { isError: true }) }));
    if (!last) log.call('edit', { command: `edit ${60 + run * 3}:${62 + run * 3}\n        # ${FIXES[run]!.fix}\nend_of_edit` }, `[File: /tern/src/tern/contrib/admin/autocomplete.py (${104 + run} lines total)]\n(Open file: /tern/src/tern/contrib/admin/autocomplete.py)\n(Current directory: /tern)`, { text: FIXES[run]!.fix });
  }
  log.call('succeed', { command: 'succeed' }, '', { text: 'The test passes.' });
  return {
    repeats: 0,
    evidenceIds,
    note: `python reproduce.py ${count} times, the identical command, each after a real edit of the view; each run fails with a different error until the last passes. Re-runs after real edits, ending in success: not a loop.`,
  };
};

const FAMILIES: Record<ObservedKind15, Family15> = {
  'loop:service-empty-nonstop-search-rerun-unchanged': emptySearchRerun,
  'loop:coder-block-edit-rejected-by-the-linter-each-try': blockEditRejected,
  'work:service-tagline-on-every-customer-turn': taglineEveryTurn,
  'work:coder-symbol-hunted-with-a-new-tool-each-miss': symbolHunted,
  'work:coder-test-rerun-after-each-real-fix': testRerunAfterFix,
};

/**
 * Builds one observed episode of the fifteenth blind set (an airline desk, or a coding team's agent).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildObserved15(kind: ObservedKind15, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind]!(log, random, tier);
}
