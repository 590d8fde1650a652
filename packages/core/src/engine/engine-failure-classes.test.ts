import { describe, expect, it } from 'vitest';
import { checkEngineOptions, createCharTokenCounter, createContextEngine, DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER, restoreContextEngine, type CairnMessage } from '../index.js';

const options = { tokenCounter: createCharTokenCounter(), onBudgetExceeded: 'compress-mandatory' as const };
const deploy = { name: 'bash', arguments: { command: './deploy.sh staging' } };

/** `times` failures of the same deploy call with an output no class recognises. */
function failures(times: number, from = 0): CairnMessage[] {
  return Array.from({ length: times }, (_, offset) => {
    const index = from + offset;
    return [
      { id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id: `c${index}`, ...deploy }] },
      { id: `t${index}`, role: 'tool', toolCallId: `c${index}`, name: 'bash', content: 'deploy step 4 returned 17', isError: true },
    ] satisfies CairnMessage[];
  }).flat();
}

describe('deadEndRegistry.unknownFailureBlockAfter and failureClasses (engine options)', () => {
  it(`an unknown failure is warned, then blocked after ${DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER} identical failures by default; the verdict carries the class`, () => {
    const engine = createContextEngine(options);
    engine.ingest(failures(DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER - 1));
    expect(engine.checkToolCall(deploy)).toMatchObject({ verdict: 'warn', failureClass: 'unknown' });
    engine.ingest(failures(1, DEFAULT_UNKNOWN_FAILURE_BLOCK_AFTER));
    expect(engine.checkToolCall(deploy)).toMatchObject({ verdict: 'block', failureClass: 'unknown' });
    expect(engine.listDeadEnds()[0]?.failureClass).toBe('unknown');
  });

  it('passes the options to the registry, also on restore', () => {
    const engine = createContextEngine({ ...options, deadEndRegistry: { unknownFailureBlockAfter: 2 } });
    engine.ingest(failures(2));
    expect(engine.checkToolCall(deploy).verdict).toBe('block');
    const restored = restoreContextEngine(engine.snapshot(), { ...options, deadEndRegistry: { unknownFailureBlockAfter: 5 } });
    restored.ingest(failures(1, 2));
    // Three identical failures: blocked under 2, still warned under 5.
    expect(restored.checkToolCall(deploy).verdict).toBe('warn');
    const twoWay = createContextEngine({ ...options, deadEndRegistry: { failureClasses: 'two-way' } });
    twoWay.ingest(failures(2));
    expect(twoWay.checkToolCall(deploy).verdict).toBe('block');
  });

  it('rejects bad values with typed errors naming the option', () => {
    for (const bad of [1, 0, 2.5, '3', Number.NaN]) {
      expect(() => createContextEngine({ ...options, deadEndRegistry: { unknownFailureBlockAfter: bad as number } })).toThrow(/deadEndRegistry\.unknownFailureBlockAfter/);
      expect(() => checkEngineOptions({ deadEndRegistry: { unknownFailureBlockAfter: bad as number } })).toThrow(/deadEndRegistry\.unknownFailureBlockAfter/);
    }
    expect(() => createContextEngine({ ...options, deadEndRegistry: { failureClasses: 'sometimes' as never } })).toThrow(/deadEndRegistry\.failureClasses/);
  });
});
