import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { reportsNoChange } from './no-op-change.js';
import { requestedRepeats } from './requested-repeats.js';
import { steadyOutputText } from './steady-output.js';
import { SameStateReached } from './same-state-reached.js';

const loops = { window: 8, repeats: 3 };
const stall = { ...loops, ...DEFAULT_STALL_SETTINGS };
const near = { ...loops, ...DEFAULT_NEAR_LOOP_SIMILARITY };
let next = 0;

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, text = '', user?: string): AssistantTurnHashes {
  const id = `m${next++}`;
  const message: CairnMessage = { id, role: 'assistant', content: text, toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user }];
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true, prompt });
}

/** Any detector of the default configuration (exact, near, stall) raises after some message (the engine checks after each). */
const anyRaises = (turns: readonly AssistantTurnHashes[]): boolean =>
  turns.some((_, index) => {
    const seen = turns.slice(0, index + 1);
    return Boolean(detectLoop(seen, loops) ?? detectNearLoop(seen, near) ?? detectStallLoop(seen, stall));
  });

describe('loops16: an ordinal or a label number is no count of runs', () => {
  it('reads counts of goes, and not the ordinals or labels written with the same counters', () => {
    expect(requestedRepeats('3번 실행해 줘')).toBe(3);
    expect(requestedRepeats('테스트를 3번 돌려 줘')).toBe(3);
    expect(requestedRepeats('3回実行して')).toBe(3);
    expect(requestedRepeats('运行3次')).toBe(3);
    expect(requestedRepeats('4번 오븐에 트레이를 넣어서 구워 줘.'), 'oven No. 4').toBeUndefined();
    expect(requestedRepeats('4번째 판을 넣어 줘'), 'the fourth tray').toBeUndefined();
    expect(requestedRepeats('3回目の実行です'), 'the third run').toBeUndefined();
    expect(requestedRepeats('第3次运行'), 'the third run').toBeUndefined();
  });

  test.prop([fc.integer({ min: 2, max: 99 }), fc.constantFrom('回', '度', '次', '遍', '번', '회')])('a counter followed by an ordinal mark, or preceded by 第, is no count', (count, counter) => {
    const ordinal = counter === '번' ? `${count}번째` : `第${count}${counter}`;
    expect(requestedRepeats(`${ordinal} 실행`)).toBeUndefined();
    expect(requestedRepeats(`${count}${counter} 실행`)).toBe(count);
  });
});

describe('loops16: progress-bar snapshots are how a run was drawn, not what it found', () => {
  const bar = (pct: number): string => `[${'#'.repeat(Math.round(pct / 5))}${'-'.repeat(20 - Math.round(pct / 5))}] ${pct}%`;
  const report = (marks: readonly number[], seconds: string): string =>
    [...marks.map((pct) => `checking ${bar(pct)}`), `timetable v3 checked in ${seconds}秒`, 'conflicts: 12', ...Array.from({ length: 12 }, (_, index) => `${index + 1}. train ${1201 + index * 2} and train ${1302 + index * 3} share platform ${(index % 3) + 1}`)].join('\n');

  it('finds the same long report read again with only its progress snapshots and run time moved', () => {
    const runs = [[12, 40, 77, 100], [7, 51, 64, 100], [18, 33, 89, 100]].map((marks, index) => call('run_conflict_check', { timetable: 'v3' }, report(marks, `${index + 2}.4`), 'Checking again.'));
    expect(anyRaises(runs)).toBe(true);
  });

  it('does not count a poll whose single bar and real field move on', () => {
    const polls = [20, 45, 70, 95].map((pct) => call('get_print_status', { printer: 'P3' }, `P3 PRINTING bracket.gcode ${bar(pct)} layer ${pct * 2}/212 nozzle 240/240 C bed 85/85 C`, 'Checking P3.'));
    expect(anyRaises(polls)).toBe(false);
  });

  test.prop([fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 2, maxLength: 5 }), fc.array(fc.integer({ min: 0, max: 100 }), { minLength: 2, maxLength: 5 })])(
    'two or more bars before the same text mask alike, however many cells each filled',
    (first, second) => {
      const text = (marks: readonly number[]): string => `${marks.slice(0, 2).map((pct) => bar(pct)).join(' ')} done: 12 conflicts`;
      expect(steadyOutputText(text(first))).toBe(steadyOutputText(text(second)));
    },
  );

  test.prop([fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 100 })])('a single bar is kept: two polls at other percentages differ', (a, b) => {
    fc.pre(a !== b);
    expect(steadyOutputText(`p3 ${bar(a)}`)).not.toBe(steadyOutputText(`p3 ${bar(b)}`));
  });
});

describe('loops16: a change whose answer says it changed nothing is no change', () => {
  const verify = (): AssistantTurnHashes => call('verify_gcode', { job: 'bracket_v7' }, 'warnings: 3\n1. overhang 71° at layer 88 unsupported\n2. bridge span 41 mm over limit at layer 140\n3. thin wall 0.3 mm below nozzle width at layer 201', 'Verifying again after the change.');
  const edit = (answer: string, key: string): AssistantTurnHashes => call('set_slicer_setting', { profile: 'PETG-fine', key, value: 'on' }, answer, `Changing ${key}.`);

  it('finds the same verify made again after edits that each say nothing changed', () => {
    expect(anyRaises([verify(), edit('No change: PETG-fine.bridge_mode is already on', 'bridge_mode'), verify(), edit('No change: PETG-fine.ironing is already on', 'ironing'), verify()])).toBe(true);
    expect(anyRaises([verify(), edit('Sin cambios: ironing ya está activado', 'ironing'), verify(), edit('変更なし', 'seam'), verify()])).toBe(true);
  });

  it('does not count the verify after edits that applied', () => {
    expect(anyRaises([verify(), edit('Saved: PETG-fine.bridge_mode = on', 'bridge_mode'), verify(), edit('Saved: PETG-fine.ironing = on', 'ironing'), verify()])).toBe(false);
  });

  it('reads what a change says it did at its start, not a long report mentioning "unchanged" further on', () => {
    expect(reportsNoChange('No change: PETG-fine.bridge_speed is already 25')).toBe(true);
    expect(reportsNoChange('0 rows affected')).toBe(true);
    expect(reportsNoChange('Saved: PETG-draft.support_material = true')).toBe(false);
    expect(reportsNoChange('No changes needed? Saved 3 settings.')).toBe(false);
    expect(reportsNoChange(`Saved 3 settings. ${'x'.repeat(200)} 2 left unchanged`)).toBe(false);
  });

  test.prop([fc.string({ maxLength: 40 }).filter((text) => !/change|unchanged|modif|update|nothing|already|no-op|affected|[^\x20-\x7e]/i.test(text))])('an answer naming none of the no-change words reads as a change', (text) => {
    expect(reportsNoChange(text)).toBe(false);
  });
});

describe('loops16: the same long record reached again through other tools', () => {
  const record = (query: string): string => JSON.stringify({ account: 'CAV-935866', holder: 'Marília Couto', address: 'Rua das Acácias, 214 – Jundiaí', meter: 'HD53935866', balance: 'R$ 187,40', status: 'active', query_id: query });
  const ids = ['52b94ad5', '64ac4f03', '863465be', '9f1c2d3e'];

  it('finds one account record reached by a new lookup each time', () => {
    const lookups = [
      call('get_account', { cpf: '311.385.312-41' }, record(ids[0]!), 'Opening your account by CPF.'),
      call('search_customer', { name: 'Marília Couto' }, record(ids[1]!), 'Searching by name.'),
      call('lookup_by_address', { street: 'Rua das Acácias', number: 214 }, record(ids[2]!), 'Maybe by address.'),
    ];
    expect(anyRaises(lookups)).toBe(true);
  });

  it('finds one file window reached by goto, by scrolling back and by goto again, other windows between', () => {
    const view = (from: number): string => `[File: /heron/models/kalman.py (812 lines total)] (${from - 1} more lines above) ${Array.from({ length: 8 }, (_, index) => `${from + index * 12}: state_${from + index} = update(state, obs_${index})`).join(' ')} (Open file: /heron/models/kalman.py)`;
    const reads = [call('goto', { command: 'goto 470' }, view(421)), call('scroll_down', { command: 'scroll_down' }, view(521)), call('scroll_up', { command: 'scroll_up' }, view(421)), call('goto', { command: 'goto 700' }, view(651)), call('goto', { command: 'goto 470' }, view(421))];
    expect(anyRaises(reads)).toBe(true);
  });

  it('does not count a short file shown whole by one tool asked for two places apart, nor one record read by one tool', () => {
    const whole = '[File: /django/db/migrations/recorder.py (98 lines total)] 1:from django.apps.registry import Apps 2:from django.db import DatabaseError, models 3:from django.utils.functional import classproperty 4:from django.utils.timezone import now';
    expect(anyRaises([call('open', { command: 'open recorder.py' }, whole), call('goto', { command: 'goto 59' }, whole), call('search_dir', { command: 'search_dir x' }, 'Found 3 matches for "x" in /django: a.py b.py c.py and more results here for the reader to see'), call('goto', { command: 'goto 86' }, whole)])).toBe(false);
  });

  test.prop([fc.array(fc.constantFrom('get_account', 'search_customer', 'lookup_by_address', 'get_account_by_meter'), { minLength: 1, maxLength: 6 })])('records of at most one tool, or short answers, are never counted as reached through other tools', (tools) => {
    const reached = new SameStateReached();
    const short = tools.map((tool, at) => reached.see({ callHash: `c${at}`, resultHash: 'r', changed: false, toolName: tool, failed: false, argumentLeaves: [], resultTerms: ['ok'] }, 'same', at, `m${at}`));
    expect(short.every((record) => record === undefined)).toBe(true);
    const one = new SameStateReached();
    const terms = Array.from({ length: 20 }, (_, index) => `term${index}`);
    const single = tools.map((_, at) => one.see({ callHash: `c${at}`, resultHash: 'r', changed: false, toolName: 'get_account', failed: false, argumentLeaves: [], resultTerms: terms }, 'same', at, `m${at}`));
    expect(single.every((record) => record === undefined)).toBe(true);
  });
});
