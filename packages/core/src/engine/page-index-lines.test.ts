import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { PAGE_INDEX_HEADER } from '../pages/index.js';

const chars = createCharTokenCounter();

function conversation(): CairnMessage[] {
  const topics = [
    ['garden', 'tomatoes', 'basil', 'compost'],
    ['database', 'postgres', 'schema', 'indexes'],
    ['Lisbon', 'flights', 'hotel', 'trams'],
    ['guitar', 'chords', 'strings', 'practice'],
    ['budget', 'savings', 'taxes', 'invoices'],
  ];
  const messages: CairnMessage[] = [];
  for (const words of topics) for (let index = 0; index < 8; index++) messages.push({ id: `m${messages.length}`, role: index % 2 === 0 ? 'user' : 'assistant', content: `About the ${words[0]}: more on ${words[index % 4]} and ${words[(index + 1) % 4]} today.` });
  return messages;
}

describe('pages.consolidation.indexLines', () => {
  it("'compact' lists a page as its id and 3 keywords, so more pages fit the same share", () => {
    const index = (indexLines: 'full' | 'compact') => {
      const engine = createContextEngine({ tokenCounter: chars, sessionId: 's', pages: { consolidation: { window: 2, minPages: 3, indexShare: 0.35, indexLines } } });
      engine.ingest(conversation());
      const text = engine.assemble({ budget: 300 }).messages.map((message) => String(message.content)).find((content) => content.includes(PAGE_INDEX_HEADER)) ?? '';
      return { text, lines: text.split('\n').filter((line) => /^- [0-9a-f]{8}\b/.test(line)), pages: engine.listPages('Consolidated') };
    };
    const full = index('full');
    const compact = index('compact');
    expect(full.lines.length).toBeGreaterThan(0);
    expect(compact.lines.length).toBeGreaterThan(full.lines.length);
    for (const line of compact.lines) expect(line).toMatch(/^- [0-9a-f]{8} \[[^\]]*\]$/);
    for (const line of full.lines) expect(line).toMatch(/\(\d+ pages\)/);
    expect(() => createContextEngine({ pages: { consolidation: { indexLines: 'tiny' as never } } })).toThrow(/indexLines/);
  });
});
