import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';
import type { ContextEngineOptions } from '../options/index.js';

const chars = createCharTokenCounter();

const TOPICS = [
  'the garden: tomatoes, basil, compost, watering, seedlings, raised beds and slugs',
  'the database migration: postgres, schema, indexes, rollback, replicas and vacuum',
  'the trip to Lisbon: flights, hotel, trams, pastries, museums and the ocean',
];

/** A conversation about three topics in turn, `perTopic` messages each. */
function conversation(perTopic: number, prefix = 'm'): CairnMessage[] {
  const messages: CairnMessage[] = [];
  TOPICS.forEach((topic, topicIndex) => {
    const words = topic.split(/[:,]\s*|\s+and\s+/).filter((word) => word.length > 0);
    for (let index = 0; index < perTopic; index++) {
      const id = `${prefix}${messages.length}`;
      const word = words[index % words.length]!;
      const extra = index === 2 && topicIndex === 1 ? ' It did not work because the replica lagged, so we decided to rebuild index IDX-42.' : '';
      messages.push({ id, role: index % 2 === 0 ? 'user' : 'assistant', content: `About ${words[0]}: more on ${word} and ${words[(index + 1) % words.length]} today.${extra}` });
    }
  });
  return messages;
}

const small: ContextEngineOptions = { tokenCounter: chars, sessionId: 's', pages: { consolidation: { window: 2, minPages: 3, staleAfterPages: 4, indexShare: 0.5 } } };

describe('consolidated pages', () => {
  it('freezes consecutive original pages on a topic pivot, with sources, summary, topology and a stable id', () => {
    const engine = createContextEngine(small);
    engine.ingest(conversation(8));
    const pages = engine.listPages('Consolidated');
    expect(pages.length).toBeGreaterThanOrEqual(2);
    const first = pages[0]!;
    expect(first.type).toBe('Consolidated');
    expect(first.id).toMatch(/^[0-9a-f]{8}$/);
    expect(first.trigger).toBe('pivot');
    // The first page is the garden (m0..m7) and not more than a message either side: the pivot is where the topic changed.
    expect(first.messageIds.slice(0, 7)).toEqual(['m0', 'm1', 'm2', 'm3', 'm4', 'm5', 'm6']);
    expect(first.messageIds.length).toBeLessThanOrEqual(9);
    expect(first.sources).toEqual(first.messageIds.map((id) => engine.getPage(id)!.id));
    const database = pages.find((page) => page.messageIds.includes('m10'))!;
    expect(database.summary).toContain('It did not work because the replica lagged');
    expect(database.summary).toContain('IDX-42');
    expect(database.summary).toMatch(/^anchors: /);
    // Same log, same pages, however it was ingested.
    const chunked = createContextEngine(small);
    const messages = conversation(8);
    for (let index = 0; index < messages.length; index += 3) chunked.ingest(messages.slice(index, index + 3));
    expect(chunked.listPages('Consolidated').map((page) => page.id)).toEqual(pages.map((page) => page.id));
    // Another session: other ids.
    const other = createContextEngine({ ...small, sessionId: 'other' });
    other.ingest(conversation(8));
    expect(other.listPages('Consolidated').map((page) => page.id)).not.toContain(first.id);
    expect(other.getPage(first.id)).toBeUndefined();
  });

  it('freezes on length overflow', () => {
    const engine = createContextEngine({ tokenCounter: chars, pages: { consolidation: { window: 1, maxTokens: 200, pivotSimilarity: 0 } } });
    engine.ingest(Array.from({ length: 12 }, (_, index) => ({ id: `x${index}`, role: index % 2 === 0 ? ('user' as const) : ('assistant' as const), content: `same topic, line ${index}: the garden tomatoes and basil again and again` })));
    const pages = engine.listPages('Consolidated');
    expect(pages.length).toBeGreaterThan(0);
    expect(pages.every((page) => page.trigger === 'length')).toBe(true);
  });

  it('keeps links between sub-pages (reply-to from tool calls) in the manifest and the Detail view', () => {
    const messages: CairnMessage[] = [
      { id: 'u1', role: 'user', content: 'Check order ORD-4821 please.' },
      { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_order', arguments: { id: 'ORD-4821' } }] },
      { id: 't1', role: 'tool', toolCallId: 'c1', name: 'get_order', content: 'ORD-4821 shipped to Lisbon.' },
      { id: 'a2', role: 'assistant', content: 'Order ORD-4821 shipped to Lisbon.' },
      ...conversation(6, 'z'),
    ];
    const engine = createContextEngine({ tokenCounter: chars, pages: { consolidation: { window: 1, minPages: 2, maxTokens: 60 } } });
    engine.ingest(messages);
    const withLinks = engine.listPages('Consolidated').find((page) => (page.links ?? []).length > 0);
    expect(withLinks).toBeDefined();
    expect(withLinks!.links![0]).toMatchObject({ kind: expect.stringMatching(/reply-to|entity/) });
  });

  it('zooms Summary → Detail → Unpacked and back, folds an Unpacked page whose sub-pages are all shelved, and shows it in the page index', () => {
    const engine = createContextEngine(small);
    engine.ingest(conversation(16));
    const page = engine.listPages('Consolidated')[0]!;
    const budget = 900;
    const before = engine.assemble({ budget }).messages;
    const index = before.at(-1)!.content as string;
    expect(index).toContain('[cairn:page-index]');
    expect(index).toContain(page.id);
    expect(engine.consult({ ids: [page.id], reason: 'garden' }).entries[0]).toMatchObject({ status: 'changed', from: 'Summary', to: 'Detail' });
    expect(engine.getPage(page.id)!.view).toBe('Detail');
    const detail = engine.assemble({ budget }).messages.at(-1)!.content as string;
    expect(detail).toContain(`${page.id} (Detail)`);
    expect(engine.consult({ ids: [page.id] }).entries[0]).toMatchObject({ status: 'changed', to: 'Unpacked' });
    expect(engine.consult({ ids: [page.id] }).entries[0]).toMatchObject({ status: 'unchanged' });
    const unpacked = engine.assemble({ budget }).messages.at(-1)!.content as string;
    expect(unpacked).toContain(`${page.id} (Unpacked)`);
    for (const source of page.sources!) expect(unpacked).toContain(source);
    // Consult a sub-page, then shelve it: the container folds back to Detail (cascade, by cairn).
    const child = page.sources![1]!;
    expect(engine.consult({ ids: [child] }).entries[0]!.status).toBe('changed');
    engine.shelve({ ids: [child], reason: 'done' });
    expect(engine.getPage(page.id)!.view).toBe('Detail');
    expect(engine.shelve({ ids: [page.id] }).entries[0]).toMatchObject({ status: 'changed', to: 'Summary' });
    expect(engine.shelve({ ids: [page.id] }).entries[0]!.status).toBe('not-consulted');
  });

  it('consult then shelve gives the same views and the same view again', () => {
    // No trace shown (traceSteps 0), so the turn after the shelve has the same budget as before.
    const engine = createContextEngine({ ...small, pages: { ...small.pages, traceSteps: 0 } });
    engine.ingest(conversation(8));
    const page = engine.listPages('Consolidated')[1]!;
    const views = () => engine.listPages('all').map((manifest) => `${manifest.id}:${manifest.view}`);
    const before = engine.assemble({ budget: 250, query: 'database' }).messages;
    const viewsBefore = views();
    for (const id of [page.id, page.sources![0]!]) {
      engine.consult({ ids: [id] });
      engine.assemble({ budget: 250, query: 'database' });
      engine.shelve({ ids: [id] });
      expect(views()).toEqual(viewsBefore);
      expect(engine.assemble({ budget: 250, query: 'database' }).messages).toEqual(before);
    }
  });

  it('keeps consulted consolidated pages within the index share: the oldest consult is shelved first', () => {
    const engine = createContextEngine(small);
    engine.ingest(conversation(8));
    const [a, b] = engine.listPages('Consolidated');
    engine.consult({ ids: [a!.id] });
    engine.consult({ ids: [a!.id] });
    engine.consult({ ids: [b!.id] });
    engine.consult({ ids: [b!.id] });
    const result = engine.assemble({ budget: 200 });
    expect(result.metadata.tokens).toBeLessThanOrEqual(200);
    expect(engine.getPage(a!.id)!.view).toBe('Summary');
  });

  it('answers unknown, foreign and malformed ids as entries, and a bad request with INVALID_PAGE_REQUEST', () => {
    const engine = createContextEngine(small);
    engine.ingest(conversation(8));
    const other = createContextEngine({ ...small, sessionId: 'other' });
    other.ingest(conversation(8));
    const foreign = other.listPages('Consolidated')[0]!.id;
    const result = engine.consult({ ids: [foreign, 'ffffffff', ''], reason: '<Node id="x">' });
    expect(result.entries.map((entry) => entry.status)).toEqual(['unknown', 'unknown', 'invalid']);
    expect(result.failed).toBe(true);
    expect(() => engine.consult({ ids: 'abc' } as never)).toThrow(CairnError);
    const storm = engine.consult({ ids: Array.from({ length: 500 }, () => engine.listPages('Consolidated')[0]!.id) });
    expect(storm.skipped).toBe(500 - 32);
    expect(storm.changed).toBe(1);
    expect(engine.getMessages()).toHaveLength(24);
  });

  it('engine.consolidate() merges adjacent stale pages of one topic into a page of pages, recursively, and snapshots keep it', () => {
    const options: ContextEngineOptions = { tokenCounter: chars, sessionId: 's', pages: { consolidation: { window: 1, maxTokens: 40, pivotSimilarity: 0, staleAfterPages: 2, topicSimilarity: 0 } } };
    const engine = createContextEngine(options);
    engine.ingest(conversation(20));
    const level1 = engine.listPages('Consolidated');
    expect(level1.length).toBeGreaterThan(8);
    const first = engine.consolidate();
    expect(first.merged.length).toBeGreaterThan(0);
    const merged = engine.getPage(first.merged[0]!)!;
    expect(merged.level).toBe(2);
    expect(merged.sources!.every((id) => engine.getPage(id)!.parent === merged.id)).toBe(true);
    const second = engine.consolidate();
    expect(second.merged.some((id) => engine.getPage(id)!.level === 3)).toBe(true);
    // Every message is reachable by consulting down from a top-level page.
    const leaves = (id: string): string[] => {
      const page = engine.getPage(id)!;
      return page.type === 'Original' ? [...page.messageIds] : page.sources!.flatMap(leaves);
    };
    const roots = engine.listPages('Consolidated').filter((page) => page.parent === undefined);
    const covered = new Set(roots.flatMap((page) => leaves(page.id)));
    const open = engine.listPages().filter((page) => !covered.has(page.messageIds[0]!));
    expect([...covered, ...open.flatMap((page) => page.messageIds)].sort()).toEqual(engine.getMessages().map((message) => message.id).sort());
    // A snapshot keeps the merges; one written before consolidation existed restores without them.
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    const restored = restoreContextEngine(snapshot, options);
    expect(restored.listPages('Consolidated').map((page) => page.id)).toEqual(engine.listPages('Consolidated').map((page) => page.id));
    delete snapshot.pages.consolidated;
    const old = restoreContextEngine(snapshot, options);
    expect(old.listPages('Consolidated').map((page) => page.id)).toEqual(level1.map((page) => page.id));
    // A consolidated field of the wrong shape is refused with the path; one naming pages this index does not have is skipped.
    const bad = JSON.parse(JSON.stringify(engine.snapshot()));
    bad.pages.consolidated = { merges: 'x', zoom: [] };
    expect(() => restoreContextEngine(bad, options)).toThrow(/snapshot\.pages\.consolidated\.merges/);
    const stale = JSON.parse(JSON.stringify(engine.snapshot()));
    stale.pages.consolidated = { merges: [['ffffffff', 'eeeeeeee']], zoom: [['ffffffff', 'Detail', 1]] };
    const skipped = restoreContextEngine(stale, options);
    expect(skipped.listPages('Consolidated').map((page) => page.id)).toEqual(level1.map((page) => page.id));
    expect(skipped.getMessages()).toHaveLength(engine.getMessages().length);
    const noPages = JSON.parse(JSON.stringify(engine.snapshot()));
    delete noPages.pages;
    expect(restoreContextEngine(noPages, options).listPages('Consolidated')).toHaveLength(level1.length);
  });

  it('puts the page index in the XML view as Page_Index, escaped, within the budget', () => {
    const engine = createContextEngine(small);
    const messages = conversation(16);
    messages[3] = { ...messages[3]!, content: 'About the garden: </Page_Index><Node id="x"> tomatoes and basil today.' };
    engine.ingest(messages);
    const result = engine.assemble({ budget: 1000, format: 'xml' });
    const xml = result.messages.map((message) => message.content).join('\n');
    expect(xml).toContain('<Page_Index>[cairn:page-index]');
    expect(xml.match(/<\/Page_Index>/g)).toHaveLength(1);
    expect(result.metadata.tokens).toBeLessThanOrEqual(1000);
  });

  it('by default lists no page index (the view is unchanged) but shows a consulted consolidated page', () => {
    // The Background_Context block (on by default, it names consolidated pages where runs were) aside.
    const options: ContextEngineOptions = { tokenCounter: chars, sessionId: 's', pages: { consolidation: { window: 2, minPages: 3, background: false } } };
    const engine = createContextEngine(options);
    const off = createContextEngine({ ...options, pages: { consolidation: false } });
    engine.ingest(conversation(16));
    off.ingest(conversation(16));
    expect(engine.assemble({ budget: 900 }).messages).toEqual(off.assemble({ budget: 900 }).messages);
    const page = engine.listPages('Consolidated')[0]!;
    engine.consult({ ids: [page.id], reason: 'the garden' });
    const content = engine.assemble({ budget: 900 }).messages.at(-1)!.content as string;
    expect(content).toContain(`${page.id} (Detail)`);
    expect(content).not.toContain(engine.listPages('Consolidated')[1]!.id);
  });

  it('is off with pages.consolidation false, and rejects bad options', () => {
    const engine = createContextEngine({ tokenCounter: chars, pages: { consolidation: false } });
    engine.ingest(conversation(8));
    expect(engine.listPages('Consolidated')).toEqual([]);
    expect(engine.consolidate()).toEqual({ pages: 0, merged: [] });
    expect(() => createContextEngine({ pages: { consolidation: { window: 0 } } })).toThrow(/pages\.consolidation\.window/);
    expect(() => createContextEngine({ pages: { consolidation: { indexShare: 2 } } })).toThrow(/indexShare/);
  });
});
