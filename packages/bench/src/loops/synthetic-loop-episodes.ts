import type { CairnMessage } from '@cairn/core';
import { createSeededRandom, type SeededRandom } from '../seeded-random.js';

/** What an episode plants (the ground truth comes with the kind). */
export type LoopEpisodeKind =
  | 'loop:same-failing-call'
  | 'loop:same-read'
  | 'loop:same-reply'
  | 'loop:two-step-cycle'
  | 'work:paging'
  | 'work:edit-run-iteration'
  | 'work:near-identical-calls'
  | 'work:twice-only'
  | 'work:spread-out-repeats'
  | 'work:plain';

/** One generated episode: an agent's messages and whether it loops. */
export interface LoopEpisode {
  id: string;
  kind: LoopEpisodeKind;
  loop: boolean;
  messages: CairnMessage[];
}

const KINDS: readonly LoopEpisodeKind[] = [
  'loop:same-failing-call',
  'loop:same-read',
  'loop:same-reply',
  'loop:two-step-cycle',
  'work:paging',
  'work:edit-run-iteration',
  'work:near-identical-calls',
  'work:twice-only',
  'work:spread-out-repeats',
  'work:plain',
];

class EpisodeWriter {
  readonly messages: CairnMessage[] = [];
  private count = 0;
  constructor(
    private readonly prefix: string,
    readonly random: SeededRandom,
  ) {
    this.messages.push({ id: `${prefix}-u`, role: 'user', content: `Task ${prefix}: fix the failing order export and confirm it works.` });
  }
  call(name: string, args: Record<string, unknown>, result: string, isError = false, content = ''): void {
    const id = `${this.prefix}-${this.count++}`;
    this.messages.push({ id: `${id}-a`, role: 'assistant', content, toolCalls: [{ id: `${id}-c`, name, arguments: args }] });
    this.messages.push({ id: `${id}-r`, role: 'tool', toolCallId: `${id}-c`, name, content: result, ...(isError ? { isError } : {}) });
  }
  say(content: string): void {
    this.messages.push({ id: `${this.prefix}-${this.count++}-a`, role: 'assistant', content });
  }
  /** A step of ordinary work, different every time (observations and small successful changes). */
  work(): void {
    const step = this.count;
    const roll = this.random.int(0, 4);
    if (roll === 0) this.call('search', { query: `export order ${step}` }, `found ${step} matches in src/export_${step}.py`);
    else if (roll === 1) this.call('read_file', { path: `src/module_${step}.py` }, `def f_${step}():\n    return ${step}`);
    else if (roll === 2) this.call('think', { thought: `Step ${step}: next I check module ${step}.` }, '');
    else if (roll === 3) this.say(`Looking at part ${step} of the export now.`);
    else this.call('get_order', { id: `ORD-${1000 + step}` }, `{"id": "ORD-${1000 + step}", "status": "shipped"}`);
  }
  /** A step between repeats that changes nothing (a thought, a new search). */
  idle(): void {
    const step = this.count;
    if (this.random.chance(0.5)) this.call('think', { thought: `Maybe attempt ${step} works differently.` }, '');
    else this.call('search', { query: `why export fails ${step}` }, `no matches for attempt ${step}`);
  }
}

/**
 * Generates one labelled episode: ordinary work around a planted pattern. Loops repeat the same
 * action with the same outcome 3–6 times within 8 steps with nothing changed in between (a failing
 * call, an unchanged read, a reply, a two-step cycle); hard non-loops repeat a call with new results
 * (paging), re-run a test after each new successful edit, vary one argument, repeat only twice, or
 * spread three repeats beyond the window. Deterministic in `seed`.
 *
 * @param seed - Any integer.
 * @returns The episode with its ground truth.
 */
export function syntheticLoopEpisode(seed: number): LoopEpisode {
  const random = createSeededRandom(seed);
  const kind = KINDS[seed % KINDS.length]!;
  const writer = new EpisodeWriter(`s${seed}`, random);
  for (let index = random.int(2, 6); index > 0; index--) writer.work();
  const repeats = random.int(3, 6);
  const idle = () => {
    for (let index = random.int(0, 1); index > 0; index--) writer.idle();
  };
  switch (kind) {
    case 'loop:same-failing-call':
      for (let index = 0; index < repeats; index++, idle()) writer.call('update_order', { id: 'ORD-7', status: 'exported' }, 'Error: order ORD-7 is locked', true);
      break;
    case 'loop:same-read':
      for (let index = 0; index < repeats; index++, idle()) writer.call('read_file', { path: 'src/export.py' }, 'def export(order):\n    raise NotImplementedError');
      break;
    case 'loop:same-reply':
      for (let index = 0; index < repeats; index++, idle()) writer.say('It seems there is still an issue with the export. Let me try again.');
      break;
    case 'loop:two-step-cycle':
      for (let index = 0; index < 3; index++) {
        writer.call('open', { path: 'src/export.py', line: 40 }, '40: def export(order):');
        writer.call('run_tests', { target: 'tests/test_export.py' }, 'FAILED test_export - KeyError: total', true);
      }
      break;
    case 'work:paging':
      for (let index = 0; index < repeats + 2; index++) writer.call('scroll_down', {}, `lines ${index * 100}-${index * 100 + 99} of src/export.py`);
      break;
    case 'work:edit-run-iteration':
      for (let index = 0; index < repeats; index++) {
        writer.call('edit', { path: 'src/export.py', line: 40 + index, text: `total = order.get("total", ${index})` }, `File updated (${100 + index} lines).`);
        writer.call('run_tests', { target: 'tests/test_export.py' }, 'FAILED test_export - KeyError: total', true);
      }
      break;
    case 'work:near-identical-calls':
      for (let index = 0; index < repeats; index++, idle()) writer.call('pay_order', { id: 'ORD-7', card: `gift_card_${index}` }, 'Error: gift card balance is not enough', true);
      break;
    case 'work:twice-only':
      for (let index = 0; index < 2; index++, idle()) writer.call('update_order', { id: 'ORD-7', status: 'exported' }, 'Error: order ORD-7 is locked', true);
      break;
    case 'work:spread-out-repeats':
      for (let index = 0; index < 3; index++) {
        writer.call('get_order', { id: 'ORD-7' }, '{"id": "ORD-7", "status": "locked"}');
        for (let gap = 0; gap < 8; gap++) writer.work();
      }
      break;
    case 'work:plain':
      for (let index = random.int(4, 10); index > 0; index--) writer.work();
      break;
  }
  for (let index = random.int(1, 4); index > 0; index--) writer.work();
  return { id: `synthetic-${seed}`, kind, loop: kind.startsWith('loop:'), messages: writer.messages };
}
