import { describe, expect, it } from 'vitest';
import { createCharTokenCounter, createContextEngine, type CairnMessage } from '../index.js';
import type { EngineState } from '../render/index.js';
import { DEFAULT_DEAD_END_STEERING } from '../options/index.js';
import { steerDeadEnds } from './steer-dead-ends.js';

const options = { tokenCounter: createCharTokenCounter(), onBudgetExceeded: 'compress-mandatory' as const };
const on = { ...DEFAULT_DEAD_END_STEERING, enabled: true };

function stateOf(messages: readonly CairnMessage[]): EngineState {
  const engine = createContextEngine(options);
  engine.ingest(messages);
  return (engine as unknown as { state: EngineState }).state;
}

const run = (id: string, command: string, output: string, isError: boolean): CairnMessage[] => [
  { id: `a${id}`, role: 'assistant', content: '', toolCalls: [{ id: `c${id}`, name: 'run_command', arguments: { command } }] },
  { id: `t${id}`, role: 'tool', toolCallId: `c${id}`, name: 'run_command', content: output, ...(isError ? { isError: true } : {}) },
];

const failing = (id: string) => run(id, 'npm test -- src/ledger-sync.ts', 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', true);
const shownAll = (state: EngineState) => new Set(state.deadEnds.list().flatMap((deadEnd) => deadEnd.sourceIds));
const unitOf = (state: EngineState, id: string) => state.log.entries[state.log.position(id)!]!.unit;

describe('steerDeadEnds', () => {
  it('steers the exchanges of a call that failed twice at the long-term weight, once at the suspect weight', () => {
    const twice = stateOf([{ id: 'u1', role: 'user', content: 'Run the ledger tests.' }, ...failing('1'), ...failing('2')]);
    const steering = steerDeadEnds(twice.log, twice.deadEnds.list(), shownAll(twice), on);
    expect(steering.matches).toEqual([{ id: 'de-1', status: 'dead', weight: 0.1, units: ['a1', 'a2'] }]);
    expect([...steering.weights]).toEqual([[unitOf(twice, 'a1'), 0.1], [unitOf(twice, 'a2'), 0.1]]);
    const once = stateOf([{ id: 'u1', role: 'user', content: 'Run the ledger tests.' }, ...failing('1')]);
    expect(steerDeadEnds(once.log, once.deadEnds.list(), shownAll(once), on).matches).toEqual([{ id: 'de-1', status: 'suspect', weight: 0.5, units: ['a1'] }]);
  });

  it('steers nothing the brief does not name, nothing stale, nothing transient', () => {
    const state = stateOf([{ id: 'u1', role: 'user', content: 'Run the ledger tests.' }, ...failing('1'), ...failing('2')]);
    expect(steerDeadEnds(state.log, state.deadEnds.list(), new Set(), on).matches).toEqual([]);
    const stale = stateOf([{ id: 'u1', role: 'user', content: 'Run the ledger tests.' }, ...failing('1'), ...run('2', 'npm test -- src/ledger-sync.ts', 'ok 12 tests', false)]);
    expect(stale.deadEnds.list()[0]!.stale).toBe(true);
    expect(steerDeadEnds(stale.log, stale.deadEnds.list(), shownAll(stale), on).matches).toEqual([]);
    const transient = stateOf([{ id: 'u1', role: 'user', content: 'Fetch the rates.' }, ...run('1', 'curl https://rates.example/api', 'HTTP 503 Service Unavailable: try again later', true)]);
    expect(transient.deadEnds.list()[0]!.transient).toBe(true);
    expect(steerDeadEnds(transient.log, transient.deadEnds.list(), shownAll(transient), on).matches).toEqual([]);
  });

  it('leaves an exchange alone when another of its parallel calls succeeded', () => {
    const state = stateOf([
      { id: 'u1', role: 'user', content: 'Run the ledger tests and read the config.' },
      { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'run_command', arguments: { command: 'npm test -- src/ledger-sync.ts' } }, { id: 'c1b', name: 'read_file', arguments: { path: 'config/ledger.yaml' } }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', name: 'run_command', content: 'Error: connect ECONNREFUSED 127.0.0.1:5401\nexit code 1', isError: true },
      { id: 't1b', role: 'tool', toolCallId: 'c1b', name: 'read_file', content: 'port: 5401\nhost: ledger-db' },
      ...failing('2'),
    ]);
    expect(steerDeadEnds(state.log, state.deadEnds.list(), shownAll(state), on).matches).toEqual([{ id: 'de-1', status: 'dead', weight: 0.1, units: ['a2'] }]);
  });

  it('steers the corrected approach when its unit matches at the threshold, and not above what matches', () => {
    const messages: CairnMessage[] = [
      { id: 'u1', role: 'user', content: 'Speed up the nightly export.' },
      { id: 'a1', role: 'assistant', content: 'I will cache the export rows in redis keyed by customer id.' },
      { id: 'u2', role: 'user', content: 'No, that is wrong: we are not allowed to put customer rows in redis.' },
    ];
    const state = stateOf(messages);
    const deadEnd = state.deadEnds.list()[0]!;
    expect(deadEnd.trace.signature).toBeUndefined();
    expect(steerDeadEnds(state.log, state.deadEnds.list(), shownAll(state), on).matches).toEqual([{ id: deadEnd.id, status: 'suspect', weight: 0.5, units: ['a1'] }]);
    // The user's correction itself (the lesson) is never steered.
    expect(steerDeadEnds(state.log, state.deadEnds.list(), shownAll(state), on).weights.has(unitOf(state, 'u2'))).toBe(false);
  });

  it('is deterministic', () => {
    const make = () => stateOf([{ id: 'u1', role: 'user', content: 'Run the ledger tests.' }, ...failing('1'), ...failing('2'), ...failing('3')]);
    const [a, b] = [make(), make()];
    const steer = (state: EngineState) => steerDeadEnds(state.log, state.deadEnds.list(), shownAll(state), on);
    expect({ ...steer(a), weights: [...steer(a).weights] }).toEqual({ ...steer(b), weights: [...steer(b).weights] });
  });
});
