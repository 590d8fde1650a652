import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { MIN_OUTPUT_TERMS } from './detect-restatement-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';

const options = { window: 8, repeats: 3, ...DEFAULT_STALL_SETTINGS };

/** One step of a generated episode: an observing call (tool, question, answer), perhaps after a user's turn. */
interface Step {
  tool: number;
  question: number;
  answer: number;
  user: number | undefined;
}

const TOOLS = ['search_notes', 'get_profile', 'lookup_rate', 'find_record'];
/** Questions that share words (so calls ask about the same subject again) and some that share none. */
const QUESTIONS = ['fee for a late return', 'late return fee', 'return fee rules', 'opening hours today', 'opening hours'];
const ANSWERS = ['{"found": 0, "items": []}', '{"found": 1, "items": ["late return fee"]}', 'no matching note', '{"hours": "9 to 5"}'];
const USERS = ['Please look again.', 'Anything else?', 'Hm.'];

// Mostly the questions about one subject, the first answer (an empty result) half the time and a
// user's turn one step in six, so that generated episodes do hold loops (one question asked again
// with the same empty answer): about one episode in five.
const stepArbitrary: fc.Arbitrary<Step> = fc.record({
  tool: fc.nat(TOOLS.length - 1),
  question: fc.nat(QUESTIONS.length * 2 - 1).map((pick) => (pick >= QUESTIONS.length ? pick % 3 : pick)),
  answer: fc.nat(ANSWERS.length * 2 - 1).map((pick) => (pick >= ANSWERS.length ? 0 : pick)),
  user: fc.nat(USERS.length * 6 - 1).map((pick) => (pick < USERS.length ? pick : undefined)),
});

/** An assistant message with one call and its result, after the user's turn (if any). */
function turn(id: string, name: string, args: Record<string, unknown>, result: string, user: string | undefined): AssistantTurnHashes {
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `${id}u`, role: 'user', content: user }];
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true, prompt });
}

/** The episode of the steps; `fresh` gives each answer a value no other answer has. */
function episode(steps: readonly Step[], fresh: boolean): AssistantTurnHashes[] {
  return steps.map((step, index) => {
    const answer = fresh ? `${ANSWERS[step.answer]!} ref Q${7301 + index * 13}` : ANSWERS[step.answer]!;
    return turn(`p${index}`, TOOLS[step.tool]!, { text: QUESTIONS[step.question]! }, answer, step.user === undefined ? undefined : USERS[step.user]);
  });
}

// Short answers: the same-output runs and reruns of loops6/7 read only outputs of at least
// MIN_OUTPUT_TERMS terms (a long output that changes one value in a group of alike outputs from
// different calls is theirs to judge), so what is tested here is the no-news streak and the futile change.
test.prop([fc.array(stepArbitrary, { minLength: 1, maxLength: 12 })])('calls each answered with a value no earlier answer had never make a loop', (steps) => {
  const turns = episode(steps, true);
  for (const hashed of turns) expect(hashed.calls[0]!.resultTerms.length).toBeLessThan(MIN_OUTPUT_TERMS);
  expect(detectStallLoop(turns, options)).toBeUndefined();
});

test.prop([fc.array(stepArbitrary, { minLength: 3, maxLength: 12 }), fc.boolean()])('same input, same output; a loop is at least `repeats` long and its last repeat inside the window', (steps, fresh) => {
  const turns = episode(steps, fresh);
  const found = detectStallLoop(turns, options);
  expect(detectStallLoop(episode(steps, fresh), options)).toEqual(found);
  if (found) {
    expect(found.count).toBeGreaterThanOrEqual(options.repeats);
    expect(turns.slice(-options.window).map((hashed) => hashed.id)).toContain(found.lastId);
  }
});

const BERTHS = ['1A', '1C', '2A', '2C', '3A', '3C', '4A', '4C', '5A', '5C', '6A', '6C'];
// The identical call whose long answer loses a value each time (a list that shrinks, a count
// that falls) learns that the world moved; replies and user turns between change nothing to that.
test.prop([fc.integer({ min: 3, max: BERTHS.length }), fc.integer({ min: 3, max: 8 }), fc.array(fc.option(fc.constantFrom(...USERS), { nil: undefined }), { maxLength: 8 })])(
  'the identical call answered each time with a value gone is never a loop',
  (size, polls, users) => {
    const turns = Array.from({ length: Math.min(polls, size) }, (_, index) => {
      const free = BERTHS.slice(0, size - index).map((berth) => `"${berth}"`);
      return turn(`b${index}`, 'get_free_berths', { train: 'NT-41', coach: 'sleeper' }, `{"train": "NT-41", "coach": "sleeper", "status": "open for booking", "free": [${free.join(', ')}], "note": "berths are held for ten minutes"}`, users[index]);
    });
    expect(detectStallLoop(turns, options)).toBeUndefined();
  },
);
