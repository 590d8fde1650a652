import { describe, expect, it } from 'vitest';
import { createCharTokenCounter, createContextEngine, type CairnMessage } from '../index.js';

const options = { tokenCounter: createCharTokenCounter(), onBudgetExceeded: 'compress-mandatory' as const };
const failing: CairnMessage[] = [
  { id: 'u1', role: 'user', content: 'Run the ledger sync tests.' },
  { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'run_command', arguments: { command: 'npm test -- ledger sync' } }] },
  { id: 't1', role: 'tool', toolCallId: 'c1', name: 'run_command', content: 'Error: ledger sync fixture missing\nexit code 1', isError: true },
];

describe('experiences record the real alignment', () => {
  it('hits in an aligned direction are consistent (hot); hits while the direction wanders are not', () => {
    const steady = createContextEngine(options);
    steady.ingest(failing);
    for (let hit = 0; hit < 3; hit++) {
      steady.assemble({ budget: 4000, query: 'run npm test ledger sync' });
      steady.recordOutcome('de-1', 'hit');
    }
    const records = steady.getDirectionState().hotExperiences;
    expect(records.map((hot) => hot.key)).toEqual(['de-1']);
    expect(records[0]!.alignmentStdDev).toBeLessThan(0.15);

    const wandering = createContextEngine(options);
    wandering.ingest(failing);
    const away = ['book a table for two at the italian place tonight', 'which wine goes with the risotto', 'is the terrace open in the evening', 'can we bring the dog along'];
    const topics = [['run npm test ledger sync'], away, ['npm test ledger sync']];
    for (const [index, turn] of topics.entries()) {
      for (const [at, topic] of turn.entries()) {
        wandering.ingest({ id: `q${index}-${at}`, role: 'user', content: topic });
        wandering.assemble({ budget: 4000, query: topic }); // the direction moves turn by turn
      }
      const topic = turn.at(-1)!;
      wandering.assemble({ budget: 4000, query: topic });
      wandering.recordOutcome('de-1', 'hit');
    }
    const alignments = (wandering.snapshot().deadEnds?.experiences ?? []).map((record) => record.alignment);
    expect(new Set(alignments).size).toBe(3); // recorded as they were, not as 1
    expect(wandering.getDirectionState().hotExperiences).toEqual([]);
  });
});
