import { afterEach, describe, expect, it, vi } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { TOPIC_PAGE_OPTIONS, TOPICS, topicConversation } from '../test-support/topic-conversation.js';
import { PageBook, QUERY_HIT_HEAT } from '../pages/index.js';
import type { EngineState } from '../render/index.js';
import { errorCode } from '../test-support/error-code.js';

const conversation = topicConversation;
const options = TOPIC_PAGE_OPTIONS;
const stateOf = (engine: ContextEngine) => (engine as unknown as { state: EngineState }).state;
const heats = (engine: ContextEngine) => engine.listPages('all').map((page) => `${page.id}:${page.heat}`);

describe('query hits held back until heat is read', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('a view with a new question freezes no consolidated page and assigns no page id, after a restore too', () => {
    // Without the Background_Context block (on by default): a block names the pages of the units it folds, so it resolves them.
    const options = { ...TOPIC_PAGE_OPTIONS, pages: { consolidation: { ...TOPIC_PAGE_OPTIONS.pages!.consolidation as object, background: false } } };
    const engine = createContextEngine(options);
    engine.ingest(conversation());
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), options);
    const ids = vi.spyOn(PageBook.prototype, 'sync');
    for (const each of [engine, restored]) {
      const freeze = vi.spyOn(stateOf(each).pages.consolidation!, 'sync');
      each.assemble({ budget: 300, query: 'postgres replicas vacuum' });
      expect(freeze).not.toHaveBeenCalled();
      expect(stateOf(each).pages.pendingHits.size).toBe(1);
    }
    expect(ids).not.toHaveBeenCalled();
    // Reading heat applies them: the question's pages are hot, in both.
    expect(heats(restored)).toEqual(heats(engine));
    expect(engine.listPages('Consolidated').some((page) => page.heat === QUERY_HIT_HEAT)).toBe(true);
    expect(stateOf(engine).pages.pendingHits.size).toBe(0);
  });

  it('restore then assemble gives the view of assemble without the restore; held-back hits survive a snapshot', () => {
    const engine = createContextEngine(options);
    engine.ingest(conversation(12));
    engine.assemble({ budget: 400, query: 'garden compost' });
    engine.ingest({ id: 'q1', role: 'user', content: 'And the Lisbon trams?' });
    engine.assemble({ budget: 400, query: 'Lisbon trams' });
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    expect(snapshot.pages.pendingHits).toHaveLength(2);
    const restored = restoreContextEngine(snapshot, options);
    for (const query of ['postgres vacuum', 'hotel near the ocean', undefined]) {
      const request = { budget: 350, ...(query ? { query } : {}) };
      expect(JSON.stringify(restored.assemble(request).messages)).toBe(JSON.stringify(engine.assemble(request).messages));
    }
    expect(heats(restored)).toEqual(heats(engine));
    expect(restored.consolidate()).toEqual(engine.consolidate());
  });

  it('applies them on the view path once more than MAX_PENDING_QUERY_HITS views wait (bounded memory)', () => {
    const engine = createContextEngine(options);
    engine.ingest(conversation());
    for (let turn = 0; turn < 200; turn++) engine.assemble({ budget: 300, query: `${TOPICS[turn % 3]![turn % 7]} question ${turn}` });
    expect(stateOf(engine).pages.pendingHits.size).toBeLessThanOrEqual(64);
  });

  it('a snapshot from before hits were held back (no pendingHits) restores with its heat; a malformed list is refused', () => {
    const engine = createContextEngine(options);
    engine.ingest(conversation());
    engine.assemble({ budget: 300, query: 'postgres replicas vacuum' });
    heats(engine);
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    expect(snapshot.pages.pendingHits).toBeUndefined();
    expect(heats(restoreContextEngine(snapshot, options))).toEqual(heats(engine));
    for (const bad of ['x', [[1]], [[1, 2, -1]], [[1, 9999, 0]], [[1, 5, 7]]]) {
      expect(errorCode(() => restoreContextEngine({ ...snapshot, pages: { ...snapshot.pages, pendingHits: bad } }, options))).toBe('INVALID_SNAPSHOT');
    }
  });
});
