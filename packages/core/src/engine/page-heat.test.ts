import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { TOPIC_PAGE_OPTIONS, topicConversation } from '../test-support/topic-conversation.js';
import { MERGE_HEAT_LIMIT, QUERY_HIT_HEAT } from '../pages/index.js';


const conversation = topicConversation;
const options = TOPIC_PAGE_OPTIONS;
const byTopic = (engine: ReturnType<typeof createContextEngine>, word: string) => engine.listPages('Consolidated').find((page) => page.keywords.includes(word))!;

describe('page heat from query hits, activation of consolidated pages', () => {
  it('a new query heats the pages holding its best matches (original and consolidated), once per question; heat decays with turns', () => {
    const engine = createContextEngine(options);
    engine.ingest(conversation());
    engine.ingest({ id: 'q', role: 'user', content: 'What about the postgres replicas and vacuum?' });
    expect(engine.listPages('all').every((page) => page.heat === 0)).toBe(true);
    engine.assemble({ budget: 300, query: 'postgres replicas vacuum' });
    const database = byTopic(engine, 'postgr');
    const garden = byTopic(engine, 'basil');
    expect(database.heat).toBeCloseTo(QUERY_HIT_HEAT);
    expect(garden.heat).toBe(0);
    const hotOriginals = engine.listPages('Original').filter((page) => page.heat > 0);
    expect(hotOriginals.length).toBeGreaterThan(0);
    expect(hotOriginals.some((page) => database.sources!.includes(page.id))).toBe(true);
    // The same question again is no new hit; the heat decays by half in 10 turns.
    for (let turn = 0; turn < 10; turn++) engine.assemble({ budget: 300, query: 'postgres replicas vacuum' });
    expect(byTopic(engine, 'postgr').heat).toBeCloseTo(QUERY_HIT_HEAT / 2);
    // A consult adds 1.
    engine.consult({ ids: [database.id], reason: 'need the details' });
    expect(byTopic(engine, 'postgr').heat).toBeCloseTo(1 + QUERY_HIT_HEAT / 2);
    // Heat survives a snapshot.
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), options);
    expect(restored.listPages('all').map((page) => page.heat)).toEqual(engine.listPages('all').map((page) => page.heat));
  });

  it('consolidated pages report their activation: the most faithful fidelity of their units in the last view', () => {
    const engine = createContextEngine(options);
    engine.ingest(conversation(16));
    expect(engine.listPages('Consolidated').every((page) => page.activation === undefined)).toBe(true);
    engine.assemble({ budget: 250 });
    const pages = engine.listPages('Consolidated');
    const originals = new Map(engine.listPages('Original').map((page) => [page.id, page.activation]));
    const rank = { placeholder: 0, compressed: 1, full: 2 } as const;
    for (const page of pages) {
      const best = page.sources!.map((id) => originals.get(id)!).reduce((a, b) => (rank[a!] >= rank[b!] ? a : b));
      expect(page.activation).toBe(best);
    }
    // At this budget the first pages are in view only as placeholders; the open (not consolidated) pages are in full.
    expect(pages[0]!.activation).toBe('placeholder');
    expect(engine.listPages('Original').at(-1)!.activation).toBe('full');
  });

  it('metabolic merging leaves hot pages (heat ≥ MERGE_HEAT_LIMIT) for later: the cold ones merge first', () => {
    const cold = createContextEngine(options);
    cold.ingest(conversation());
    const hot = createContextEngine(options);
    hot.ingest(conversation());
    const pages = hot.listPages('Consolidated');
    expect(pages.length).toBe(2);
    // Consult then shelve the first page: it is back in Summary but still hot.
    hot.consult({ ids: [pages[0]!.id], reason: 'look' });
    hot.shelve({ ids: [pages[0]!.id], reason: 'done' });
    expect(hot.getPage(pages[0]!.id)!.heat).toBeGreaterThanOrEqual(MERGE_HEAT_LIMIT);
    expect(cold.consolidate().merged.length).toBe(1);
    expect(hot.consolidate().merged).toEqual([]);
    // Once its heat decays under the limit (10 turns halve it), it merges.
    for (let turn = 0; turn < 11; turn++) hot.assemble({ budget: 300 });
    expect(hot.getPage(pages[0]!.id)!.heat).toBeLessThan(MERGE_HEAT_LIMIT);
    expect(hot.consolidate().merged.length).toBe(1);
  });
});
