import { describe, expect, it } from 'vitest';
import { renderTable } from './render-table.js';
import { SAMPLE_RESULT } from './test-support/sample-result.js';

describe('renderTable', () => {
  it('prints a table per data set and budget with the measured metrics', () => {
    const text = renderTable(SAMPLE_RESULT, { budgets: [0.1] });
    expect(text.split('\n')).toEqual([
      'locomo — budget 10% of history (1 sessions, 400 messages, 4 probes)',
      'strategy   evid  pairs✗  over✗  reduce',
      'bm25      60.0%       0      1   95.0%',
      'cairn     50.0%       0      0   90.0%',
    ]);
    expect(renderTable(SAMPLE_RESULT).split('\n\n')).toHaveLength(2);
  });
});
