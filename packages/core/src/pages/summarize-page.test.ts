import { describe, expect, it } from 'vitest';
import { refineText, summarizePage } from './summarize-page.js';

describe('refineText (the seed summary rule)', () => {
  it('keeps negations, corrections, conclusions and anchors, and drops filler', () => {
    const text = 'Hi there! Thanks so much. We tried port 8080 first. It did not answer. Actually the proxy listens elsewhere. So we use 9090 from now on. Sounds great!';
    expect(refineText(text)).toBe('We tried port 8080 first. It did not answer. Actually the proxy listens elsewhere. So we use 9090 from now on.');
  });

  it('keeps a question and a step of reasoning', () => {
    expect(refineText('Lovely day. Why is the build red? Because the lockfile changed.')).toBe('Why is the build red? Because the lockfile changed.');
  });

  it('falls back to the first sentence when nothing qualifies', () => {
    expect(refineText('Lovely day. Great weather.')).toBe('Lovely day.');
    expect(refineText('   ')).toBe('');
  });

  it('has no length cap: a text of informative sentences keeps all of them', () => {
    const sentences = Array.from({ length: 60 }, (_, index) => `Order ORD-${1000 + index} was not shipped.`);
    const refined = refineText(sentences.join(' '));
    expect(refined).toBe(sentences.join(' '));
  });
});

describe('summarizePage', () => {
  it('names speakers, tool calls and failed results', () => {
    const summary = summarizePage([
      { id: 'a1', role: 'assistant', content: 'Looking it up.', toolCalls: [{ id: 'c1', name: 'get_order', arguments: { id: 'ORD-4821' } }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', name: 'get_order', content: 'Error: ORD-4821 not found.', isError: true },
    ]);
    expect(summary).toContain('assistant called get_order(');
    expect(summary).toContain('ORD-4821');
    expect(summary).toContain('error from get_order: Error: ORD-4821 not found.');
  });

  it('prefixes a named speaker', () => {
    expect(summarizePage([{ id: 'u', role: 'user', name: 'Ana', content: 'I moved to Lisbon in 2021.' }])).toBe('user Ana: I moved to Lisbon in 2021.');
  });
});
