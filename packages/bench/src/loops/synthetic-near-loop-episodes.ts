import type { CairnMessage } from '@cairn/core';
import { createSeededRandom } from '../seeded-random.js';

/** What a near-repeat episode plants (the ground truth comes with the kind). */
export type NearLoopEpisodeKind =
  | 'loop:varied-rejected-edit'
  | 'loop:reworded-refusal'
  | 'loop:reworded-request'
  | 'work:other-value-each-try'
  | 'work:offer-with-new-values'
  | 'work:varied-edit-that-applies';

/** One generated near-repeat episode: an agent's messages and whether it loops. */
export interface NearLoopEpisode {
  id: string;
  kind: NearLoopEpisodeKind;
  loop: boolean;
  messages: CairnMessage[];
}

const KINDS: readonly NearLoopEpisodeKind[] = [
  'loop:varied-rejected-edit',
  'loop:reworded-refusal',
  'loop:reworded-request',
  'work:other-value-each-try',
  'work:offer-with-new-values',
  'work:varied-edit-that-applies',
];

const REJECTED = 'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit command.\nERRORS:\n- E999 IndentationError: unexpected indent';
const OPENERS = ['I understand your concern, but', 'Unfortunately,', 'I am sorry, but', 'As mentioned,', 'I see why you ask; however,'];
const CLOSERS = ['Is there anything else I can help with?', 'Let me know if you need anything else.', 'Can I help with something else?', ''];
const REFUSALS = ['I cannot add travel insurance to an existing reservation.', 'travel insurance cannot be added to a reservation after booking.', 'adding insurance to your existing booking is not possible.'];
const REQUESTS = ['I need your reservation ID to proceed with the change.', 'to proceed with the change I need the reservation ID.', 'please provide the reservation ID so I can proceed with the change.'];

/**
 * Generates one labelled near-repeat episode (ground truth by construction), the variants exact
 * hashes miss and the systematic work near repeats must not call loops: a rejected edit
 * resubmitted 3–5 times with small changes to its block (loop); a refusal or a request reworded
 * 3–5 times with nothing new (loop); a failing call tried with another card each time, replies
 * restating an offer with new prices each time, and an edit varied until it applies (work).
 * Around it, ordinary distinct steps. Deterministic in `seed`.
 *
 * @param seed - Any integer.
 * @returns The episode with its ground truth.
 */
export function syntheticNearLoopEpisode(seed: number): NearLoopEpisode {
  const random = createSeededRandom(seed * 7919 + 17);
  const kind = KINDS[seed % KINDS.length]!;
  const prefix = `n${seed}`;
  const messages: CairnMessage[] = [{ id: `${prefix}-u`, role: 'user', content: `Task ${prefix}: help with reservation R${seed} and fix the export.` }];
  let count = 0;
  const call = (name: string, args: Record<string, unknown>, result: string, isError = false): void => {
    const id = `${prefix}-${count++}`;
    messages.push({ id: `${id}-a`, role: 'assistant', content: '', toolCalls: [{ id: `${id}-c`, name, arguments: args }] });
    messages.push({ id: `${id}-r`, role: 'tool', toolCallId: `${id}-c`, name, content: result, ...(isError ? { isError } : {}) });
  };
  const say = (content: string, user = 'Please, I really need this.'): void => {
    messages.push({ id: `${prefix}-${count++}-a`, role: 'assistant', content });
    messages.push({ id: `${prefix}-${count++}-u`, role: 'user', content: user });
  };
  const work = (): void => {
    const step = count;
    if (random.chance(0.5)) call('open', { path: `src/module_${step}.py` }, `1: def f_${step}():\n2:     return ${step}`);
    else call('search_dir', { term: `export_${step}` }, `Found ${step % 5} matches for "export_${step}"`);
  };
  for (let index = random.int(1, 4); index > 0; index--) work();
  const times = random.int(3, 5);
  const line = random.int(10, 90);
  switch (kind) {
    case 'loop:varied-rejected-edit':
      for (let index = 0; index < times; index++) {
        const start = line + random.int(0, 1);
        const command = `edit ${start}:${start + 3}\n    class Meta:\n        app_label = "test_app"\n${random.chance(0.5) ? '        ordering = ["id"]\n' : ''}${' '.repeat(random.int(4, 8))}db_table = "orders"\nend_of_edit`;
        call('edit', { command }, `${REJECTED} at line ${start + random.int(0, 2)}`, true);
      }
      break;
    case 'loop:reworded-refusal':
    case 'loop:reworded-request': {
      const core = kind === 'loop:reworded-refusal' ? REFUSALS : REQUESTS;
      for (let index = 0; index < times; index++) say(`${random.pick(OPENERS)} ${random.pick(core)} ${random.pick(CLOSERS)}`.trim());
      break;
    }
    case 'work:other-value-each-try':
      for (let index = 0; index < times; index++) call('update_reservation', { reservation_id: `R${seed}`, payment_id: `gift_card_${1000 + index * 37}` }, 'Error: gift card balance is not enough', true);
      break;
    case 'work:offer-with-new-values':
      for (let index = 0; index < times; index++) {
        const flight = `HAT${100 + random.int(0, 899)}`;
        say(`${random.pick(OPENERS)} flight ${flight} on 2024-05-${10 + index} costs $${100 + random.int(0, 400)}. Would you like to proceed with this change?`, 'What about another day?');
      }
      break;
    case 'work:varied-edit-that-applies':
      for (let index = 0; index < times; index++) {
        const command = `edit ${line + index * 10}:${line + index * 10 + 2}\n    total = order.get("total", ${index})\nend_of_edit`;
        call('edit', { command }, `[File: src/export.py (${200 + index} lines total)]`);
        call('python', { command: 'python reproduce.py' }, `KeyError: 'total' (case ${index})`, true);
      }
      break;
  }
  for (let index = random.int(1, 3); index > 0; index--) work();
  return { id: `synthetic-near-${seed}`, kind, loop: kind.startsWith('loop:'), messages };
}
