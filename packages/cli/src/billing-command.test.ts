import { describe, expect, it } from 'vitest';
import { main } from './main.js';
import { createMemoryIo } from './test-support/memory-io.js';

describe('cairn billing', () => {
  it('prints raw and billed tokens, prefix stability and the verdict for the runs long enough', async () => {
    const io = await createMemoryIo();
    const code = await main(['billing', '--synthetic', 'support:200:1', '--budget-tokens', '4000,200000', '--strategies', 'recency,cairn'], io);
    expect(code).toBe(0);
    const out = io.out();
    expect(out).toContain('cached prefix at 0.1 of the uncached price');
    expect(out).toContain('synthetic — budget 4,000 tokens');
    // A 200-message session is far shorter than 3 × 200,000 tokens: no table at that budget.
    expect(out).not.toContain('budget 200,000 tokens');
    expect(out).toMatch(/^recency\s+1\s+\d+\s+[\d,]+\s+[\d,]+\s+\d+\.\d%\s+\d+\.\d%\s+0\s+0$/m);
    expect(out).toMatch(/^cairn\s+1\s+\d+/m);
    expect(out).toMatch(/cairn (bills less than every baseline within budget|does not bill less than: recency)\./);
  });

  it('rejects bad options with exit code 2', async () => {
    const io = await createMemoryIo();
    expect(await main(['billing', '--budget-tokens', '8k'], io)).toBe(2);
    expect(await main(['billing', '--cached-ratio', '2'], io)).toBe(2);
    expect(await main(['billing', '--strategies', 'magic'], io)).toBe(2);
    expect(await main(['billing', '--synthetic', 'none'], io)).toBe(2);
  });
});
