import { describe, expect, it } from 'vitest';
import { runOffline } from './run-offline.js';

describe('examples/langchain-agent offline run', () => {
  it('keeps every prompt within budget and stops the repeated failing deploy', async () => {
    const result = await runOffline({ turns: 24, log: () => undefined });
    expect(result.historyTokens).toBeGreaterThan(result.budget);
    for (const tokens of result.promptTokens) expect(tokens).toBeLessThanOrEqual(result.budget);
    expect(result.warned).toBeGreaterThanOrEqual(1);
    expect(result.blocked).toBeGreaterThanOrEqual(1);
    expect(result.commands.filter((command) => command === 'npm run deploy')).toHaveLength(2);
  });
});
