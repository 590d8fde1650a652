import { describe, expect, it } from 'vitest';
import { findCairnLosses } from './find-cairn-losses.js';
import { SAMPLE_RESULT } from './test-support/sample-result.js';

describe('findCairnLosses', () => {
  it('lists every compared metric where a baseline does better, never informational ones', () => {
    const losses = findCairnLosses(SAMPLE_RESULT);
    expect(losses.map((loss) => [loss.dataset, loss.budget, loss.metric.key, loss.strategy, loss.baselineValue, loss.cairnValue, loss.baselineOverBudgetViews])).toEqual([
      ['locomo', 0.1, 'evidenceRecall', 'bm25', 0.6, 0.5, 1],
    ]);
  });

  it('is empty without a cairn strategy', () => {
    expect(findCairnLosses(SAMPLE_RESULT, 'nope')).toEqual([]);
  });
});
