import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';

const tokenCounter = createCharTokenCounter();
const REJECTED = 'Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit command. E999 IndentationError: unexpected indent';

/** An agent resubmitting a rejected edit with small changes each time. */
function resubmittedEdits(): CairnMessage[] {
  const messages: CairnMessage[] = [{ id: 'u1', role: 'user', content: 'Add app_label to the Meta class of reproduce.py.' }];
  ['edit 22:24 class Meta: app_label = "test_app"', 'edit 22:25 class Meta: app_label = "test_app"', 'edit 23:23 app_label = "test_app"'].forEach((command, index) => {
    messages.push({ id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id: `c${index}`, name: 'edit', arguments: { command } }] });
    messages.push({ id: `t${index}`, role: 'tool', toolCallId: `c${index}`, name: 'edit', content: `${REJECTED} (line ${22 + index})`, isError: true });
  });
  return messages;
}

describe('near-repeat loops (sovereignty.loops.near)', () => {
  it('are on by default; near: false keeps exact repeats only', () => {
    const byDefault = createContextEngine({ tokenCounter, budget: 4_000 });
    byDefault.ingest(resubmittedEdits());
    expect(byDefault.assemble().metadata.sovereignty).toMatchObject({ stuck: true, loop: { kind: 'call', toolName: 'edit', near: true } });
    const exactOnly = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { near: false, stall: false } } });
    exactOnly.ingest(resubmittedEdits());
    expect(exactOnly.assemble().metadata.sovereignty?.stuck).toBe(false);
  });

  it('with near: true, a rejected edit resubmitted with small changes raises stuck and the notice', () => {
    const engine = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { near: true } } });
    engine.ingest(resubmittedEdits());
    const { metadata, messages } = engine.assemble();
    expect(metadata.sovereignty).toMatchObject({ stuck: true, loop: { kind: 'call', toolName: 'edit', count: 3, near: true } });
    expect(messages.map((message) => String(message.content)).find((content) => content.includes('[cairn:loop]'))).toContain('nearly the same arguments');
  });

  it('takes its own similarities, and refuses nonsense with INVALID_OPTIONS', () => {
    const strict = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { near: { argumentSimilarity: 1 }, stall: false } } });
    strict.ingest(resubmittedEdits());
    expect(strict.assemble().metadata.sovereignty?.stuck).toBe(false);
    for (const near of ['yes', { replySimilarity: 2 }, { resultSimilarity: -0.1 }, null]) {
      let code: string | undefined;
      try {
        createContextEngine({ sovereignty: { loops: { near: near as never } } });
      } catch (error) {
        code = CairnError.isInstance(error) ? error.code : 'untyped';
      }
      expect(code).toBe('INVALID_OPTIONS');
    }
  });

  it('with near: true, a systematic try of another value each time (another card) is work, not a loop', () => {
    const messages: CairnMessage[] = [{ id: 'u1', role: 'user', content: 'Pay reservation R7 with one of my gift cards.' }];
    ['gift_card_0', 'gift_card_1', 'gift_card_2', 'gift_card_3'].forEach((card, index) => {
      messages.push({ id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id: `c${index}`, name: 'pay', arguments: { reservation: 'R7', card } }] });
      messages.push({ id: `t${index}`, role: 'tool', toolCallId: `c${index}`, name: 'pay', content: 'Error: gift card balance is not enough', isError: true });
    });
    const engine = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { near: true } } });
    engine.ingest(messages);
    expect(engine.assemble().metadata.sovereignty?.stuck).toBe(false);
  });
});
