import { describe, expect, it } from 'vitest';
import { runChat } from './run-chat.js';
import { ScriptedLLM } from './scripted-llm.js';

describe('examples/llamaindex-chat', () => {
  it('runs offline: the view stays within 70% of the model window while the history grows', async () => {
    const llm = new ScriptedLLM();
    const reports = await runChat(llm, 40);
    expect(reports.at(-1)!.stored).toBe(80);
    for (const report of reports) {
      expect(report.budget).toBe(Math.floor(0.7 * 2048));
      expect(report.tokens).toBeLessThanOrEqual(report.budget);
    }
    expect(reports.at(-1)!.inView).toBeLessThan(80);
    for (const report of reports) expect(report.full + report.compressed + report.placeholders).toBe(report.inView);
    expect(reports.at(-1)!.historyTokens).toBeGreaterThan(reports.at(-1)!.budget);
  });
});
