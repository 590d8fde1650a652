import { describe, expect, it } from 'vitest';
import { runAgent } from './run-agent.js';
import { scriptedModel } from './scripted-model.js';

describe('examples/ai-sdk-agent (offline)', () => {
  it('the guard blocks a third failing run; the fix makes the dead end stale, the tests run again and pass', async () => {
    const run = await runAgent(scriptedModel());
    expect(run.commands).toEqual(['npm test', 'npm test', 'cat src/sum.ts', "sed -i 's/a - b/a + b/' src/sum.ts", 'npm test']);
    expect(run.blocked).toBe(1);
    expect(run.deadEnds).toEqual([{ line: expect.stringContaining('npm test'), stale: true }]);
    expect(run.text).toContain('Fixed');
  });

  it('every view stays within the budget, and the longer history is curated (placeholders), not cut blindly', async () => {
    const run = await runAgent(scriptedModel());
    expect(run.views.length).toBeGreaterThan(3);
    for (const view of run.views) expect(view.tokens).toBeLessThanOrEqual(run.budget);
    const last = run.views[run.views.length - 1]!;
    expect(last.historyTokens).toBeGreaterThan(run.budget);
    expect(last.mode).toBe('curated');
    expect(last.placeholder + last.compressed).toBeGreaterThan(0);
  });
});
