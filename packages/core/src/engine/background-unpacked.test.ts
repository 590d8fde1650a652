import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';

const chars = createCharTokenCounter();
const CONSOLIDATION = { window: 2, minPages: 2, maxTokens: 300, pivotSimilarity: 0.2, topicSimilarity: 0.05 };

function session(): CairnMessage[] {
  const messages: CairnMessage[] = [];
  for (let turn = 0; turn < 40; turn++) {
    messages.push({ id: `u${turn}`, role: 'user', content: `Question ${turn} about subject${turn % 7}: ${'some words of the conversation '.repeat(3)}` });
    messages.push({ id: `a${turn}`, role: 'assistant', content: `Answer ${turn} on subject${turn % 7}: ${'a reply with several more words '.repeat(3)}` });
  }
  return messages;
}

/** The page index text of a view after unpacking the first consolidated page and consulting one of its sub-pages. */
function unpackedIndex(background: boolean): { text: string; container: string; children: string[]; consulted: string } {
  const engine = createContextEngine({ sessionId: 's', tokenCounter: chars, pages: { consolidation: { ...CONSOLIDATION, background } } });
  engine.ingest(session());
  const container = engine.listPages('Consolidated').find((page) => page.parent === undefined && (page.sources?.length ?? 0) >= 2)!;
  engine.consult({ ids: [container.id], reason: 'look' });
  engine.consult({ ids: [container.id], reason: 'look closer' });
  const children = container.sources!;
  engine.consult({ ids: [children[0]!], reason: 'this one' });
  const view = engine.assemble({ budget: 2_000, query: 'subject3' });
  const text = view.messages.map((message) => String(message.content)).find((content) => content.includes('[cairn:page-index]')) ?? '';
  return { text, container: container.id, children, consulted: children[0]! };
}

describe('Unpacked listing with the Background_Context block', () => {
  it('lists the original sub-pages by bare id (consulted ones marked Detail), with no summary heads', () => {
    const { text, container, children, consulted } = unpackedIndex(true);
    expect(text).toContain(`${container} (Unpacked)`);
    for (const child of children) expect(text).toContain(child);
    expect(text).toContain(`${consulted} (Detail)`);
    expect(text).not.toMatch(/id=u\d+/);
  });

  it('keeps the long listing (message id, keywords, summary head) without the block', () => {
    const { text, children } = unpackedIndex(false);
    for (const child of children) expect(text).toMatch(new RegExp(`- ${child} id=`));
  });
});
