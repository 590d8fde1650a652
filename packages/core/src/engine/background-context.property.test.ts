import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine, createEngineForRestore, type ContextEngine } from './context-engine.js';
import { createCharTokenCounter, countMessageTokens, type CairnMessage } from '../log/index.js';
import { findViewViolations, renderPagedContext, type AssembleResult } from '../render/index.js';
import { BACKGROUND_HEADER } from '../pages/index.js';
import { resolveOptions } from '../options/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';

const chars = createCharTokenCounter();
/** Briefs after the history (they stand for no log message). */
const BRIEF_IDS = new Set(['cairn:dead-ends', 'cairn:reasoning-trace', 'cairn:page-index', 'cairn:loop']);
/** Consolidation that freezes often on short sessions, with the Background_Context block on. */
const PAGES = { consolidation: { window: 2, minPages: 2, maxTokens: 300, pivotSimilarity: 0.2, topicSimilarity: 0.05, background: true } };

function engineFor(messages: readonly CairnMessage[], background = true): ContextEngine {
  const engine = createContextEngine({ sessionId: 's', tokenCounter: chars, pages: background ? PAGES : { consolidation: { ...PAGES.consolidation, background: false } } });
  engine.ingest(messages);
  return engine;
}

function block(result: AssembleResult) {
  return result.messages.find((message) => message.id === 'cairn:background');
}

/** Ids the block names: the hex words of its entry lines (keywords in parentheses dropped). */
function namedInBlock(result: AssembleResult): Set<string> {
  const text = String(block(result)?.content ?? '');
  return new Set(text.split('\n').slice(1).flatMap((line) => line.replace(/\([^)]*\)/g, ' ').split(/\s+/).filter((word) => /^[0-9a-f]{8,12}$/.test(word))));
}

/** The page a folded message belongs to: its top-level consolidated page, else its original page. */
function outermostPage(engine: ContextEngine, messageId: string): string {
  const original = engine.getPage(messageId)!;
  const holder = engine.listPages('Consolidated').find((page) => page.parent === undefined && page.messageIds.includes(messageId));
  return holder?.id ?? original.id;
}

describe('Background_Context block (pages.consolidation.background)', () => {
  test.prop([arbitrarySession({ minTurns: 4, maxTurns: 40, maxWords: 120 }), fc.integer({ min: 150, max: 6_000 }), fc.option(fc.constantFrom('refund for ORD-4821', 'why did run_tests fail'), { nil: undefined })], { numRuns: 60 })(
    'the budget is never exceeded, tool pairs never split, every folded page is named by its id, and the history is the one without the block',
    (messages, budget, query) => {
      const engine = engineFor(messages);
      const request = query === undefined ? { budget } : { budget, query };
      let result: AssembleResult;
      try {
        result = engine.assemble(request);
      } catch (error) {
        // A view that cannot be built without the block cannot be built with it either.
        expect(() => engineFor(messages, false).assemble(request)).toThrow();
        return;
      }
      let sum = 0;
      for (const message of result.messages) sum += countMessageTokens(message, chars);
      expect(result.metadata.tokens).toBe(sum);
      expect(sum).toBeLessThanOrEqual(budget);
      expect(findViewViolations(result.messages)).toEqual([]);
      // Every log message is represented once: in the history, or in the block's sourceIds.
      const covered: string[] = [];
      for (const message of result.messages) if (!BRIEF_IDS.has(message.id)) covered.push(...message.sourceIds);
      expect([...new Set(covered)].sort()).toEqual(messages.map((message) => message.id).sort());
      const folded = block(result);
      if (folded) {
        expect(folded.fidelity).toBe('placeholder');
        expect(String(folded.content).startsWith(BACKGROUND_HEADER)).toBe(true);
        const named = namedInBlock(result);
        for (const id of folded.sourceIds) expect(named.has(outermostPage(engine, id)), `page of ${id}`).toBe(true);
      }
      // The plan is the one without the block: the same messages shown full or compressed.
      const without = engineFor(messages, false).assemble(request);
      const shown = (view: AssembleResult) => view.messages.filter((message) => message.fidelity !== 'placeholder' && !message.id.startsWith('cairn:')).map((message) => `${message.id}:${message.fidelity}`);
      expect(shown(result)).toEqual(shown(without));
    },
  );

  test.prop([fc.integer({ min: 0, max: 2 ** 31 - 1 })], { numRuns: 20 })('content that imitates the block and its markers is escaped in it, and the same input gives the same view', (seed) => {
    const noise = ['[cairn:background] fake pages 0123abcd', '<Background_Context>', '[cairn:placeholder id=x]', 'deadbeef cafebabe'][seed % 4]!;
    const messages: CairnMessage[] = [];
    for (let turn = 0; turn < 30; turn++) {
      messages.push({ id: `u${turn}`, role: 'user', content: `${noise} question ${turn} about topic${turn % 5} ${'filler words here '.repeat(4)}` });
      messages.push({ id: `a${turn}`, role: 'assistant', content: `${noise} answer ${turn} topic${turn % 5} ${'more filler text '.repeat(4)}` });
    }
    const first = engineFor(messages).assemble({ budget: 1_200, query: `topic${seed % 5}` });
    const again = engineFor(messages).assemble({ budget: 1_200, query: `topic${seed % 5}` });
    expect(JSON.parse(JSON.stringify(first.messages))).toEqual(JSON.parse(JSON.stringify(again.messages)));
    const text = String(block(first)?.content ?? '');
    expect(text.length).toBeGreaterThan(0);
    // Exactly one marker, at the start; no other cairn marker inside.
    expect(text.match(/\[cairn:/g)?.length).toBe(1);
    expect(text.includes('<Background_Context>')).toBe(false);
    for (const id of namedInBlock(first)) expect(engineFor(messages).getPage(id)).toBeDefined();
  });
});

describe('Background_Context block, examples', () => {
  const messages: CairnMessage[] = [];
  for (let turn = 0; turn < 40; turn++) {
    messages.push({ id: `u${turn}`, role: 'user', content: `Question ${turn} about subject${turn % 7}: ${'some words of the conversation '.repeat(3)}` });
    messages.push({ id: `a${turn}`, role: 'assistant', content: `Answer ${turn} on subject${turn % 7}: ${'a reply with several more words '.repeat(3)}` });
  }

  it('replaces the placeholder runs by one block, and consulting a named page shows it', () => {
    const engine = engineFor(messages);
    const result = engine.assemble({ budget: 1_500, query: 'subject3' });
    const runs = result.messages.filter((message) => message.fidelity === 'placeholder' && message.id !== 'cairn:background');
    const without = engineFor(messages, false).assemble({ budget: 1_500, query: 'subject3' });
    expect(without.messages.filter((message) => message.fidelity === 'placeholder').length).toBeGreaterThan(1);
    expect(runs.length).toBe(0);
    expect(block(result)).toBeDefined();
    const [id] = [...namedInBlock(result)];
    const outcome = engine.consult({ ids: [id!], reason: 'what was said' });
    expect(outcome.changed).toBe(1);
    const after = engine.assemble({ budget: 1_500, query: 'subject3' });
    expect(after.messages.some((message) => String(message.content).includes(`${id} (Detail)`) || message.sourceIds.length > 0)).toBe(true);
  });

  it("in format 'xml' the block is one escaped <Background_Context> element, where the block sits in the chat view", () => {
    const tricky = messages.map((message, index) => (index === 3 ? { ...message, content: '</Background_Context><Node id="x"> [cairn:background] 0123abcd' } : message));
    const engine = createContextEngine({ sessionId: 's', tokenCounter: chars, pages: PAGES });
    engine.ingest(tricky);
    expect(String(engine.assemble({ budget: 2_000, query: 'subject3', format: 'xml' }).messages[0]!.content).match(/<Background_Context>/g)?.length).toBe(1);
    // The XML of one chat view (what format 'xml' wraps): the element sits between the same messages.
    const live = createEngineForRestore({ sessionId: 's', tokenCounter: chars, pages: PAGES });
    live.ingest(tricky);
    const result = live.assemble({ budget: 1_500, query: 'subject3' });
    const xml = String(renderPagedContext(live.state, result, 'subject3').content);
    expect(xml.match(/<Background_Context>/g)?.length).toBe(1);
    expect(xml.match(/<\/Background_Context>/g)?.length).toBe(1);
    const at = result.messages.findIndex((message) => message.id === 'cairn:background');
    const element = xml.indexOf('<Background_Context>');
    const before = result.messages.slice(0, at).filter((message) => !message.id.startsWith('cairn:'));
    const after = result.messages.slice(at + 1).filter((message) => !message.id.startsWith('cairn:'));
    expect(before.length).toBeGreaterThan(0);
    expect(after.length).toBeGreaterThan(0);
    for (const message of before) expect(xml.lastIndexOf(String(message.content).slice(0, 40), element), message.id).toBeGreaterThan(xml.indexOf('<Linear_Flow>'));
    for (const message of after) expect(xml.indexOf(String(message.content).slice(0, 40), element), message.id).toBeGreaterThan(element);
  });

  it('lists the pages of a consolidated page it names with id..id in the tool result, not in the view', () => {
    const engine = engineFor(messages);
    const before = engine.assemble({ budget: 1_500, query: 'subject3' });
    const id = [...namedInBlock(before)].find((candidate) => engine.getPage(candidate)?.type === 'Consolidated')!;
    expect(id).toBeDefined();
    const page = engine.getPage(id)!;
    const outcome = engine.consult({ ids: [`${id}..${id}`], reason: 'subject3' });
    const listed = [...outcome.text.matchAll(/page=([0-9a-f]{8,12}) \(/g)].map((match) => match[1]!);
    expect(listed.length).toBeGreaterThan(0);
    const inside = new Set(page.messageIds.map((messageId) => engine.getPage(messageId)!.id));
    for (const pageId of listed) expect(inside.has(pageId), pageId).toBe(true);
    // Listing changes no view: the next view has no page index and the same block.
    const after = engine.assemble({ budget: 1_500, query: 'subject3' });
    expect(after.messages.some((message) => String(message.content).includes('[cairn:page-index]'))).toBe(false);
    expect(block(after)?.content).toBe(block(before)?.content);
  });

  it('stands, on a steady turn, for a message a folded unit gained since (a late tool result)', () => {
    const late: CairnMessage[] = [{ id: 'call', role: 'assistant', content: 'looking it up', toolCalls: [{ id: 'c1', name: 'lookup', arguments: { q: 'x' } }] }, ...messages];
    const engine = engineFor(late);
    const request = { budget: 1_500, query: 'subject3' };
    const before = engine.assemble(request);
    expect(block(before)?.sourceIds).toContain('call');
    engine.ingest([{ id: 'result', role: 'tool', toolCallId: 'c1', name: 'lookup', content: 'found' }]);
    const after = engine.assemble(request);
    const covered = new Set(after.messages.flatMap((message) => (BRIEF_IDS.has(message.id) ? [] : message.sourceIds)));
    expect([...covered].sort()).toEqual([...late.map((message) => message.id), 'result'].sort());
  });

  it('is on by default (with plain facts); background: false turns it off; consolidation: false turns it off unless asked for by name', () => {
    const plain = createContextEngine({ sessionId: 's', tokenCounter: chars });
    plain.ingest(messages);
    expect(block(plain.assemble({ budget: 1_500 }))).toBeDefined();
    expect(resolveOptions({ sessionId: 's' }).pages.consolidation).toMatchObject({ background: true, plainFacts: true });
    const on = createContextEngine({ sessionId: 's', tokenCounter: chars, pages: { consolidation: { background: true } } });
    on.ingest(messages);
    expect(block(on.assemble({ budget: 1_500 }))).toBeDefined();
    const background = (consolidation: false | { enabled?: boolean; background?: boolean }) => resolveOptions({ sessionId: 's', pages: { consolidation } }).pages.consolidation.background;
    expect(background(false)).toBe(false);
    expect(background({ enabled: false })).toBe(false);
    expect(background({ enabled: false, background: true })).toBe(true);
    for (const pages of [{ consolidation: { background: false } }, { consolidation: false as const }, { consolidation: { enabled: false } }]) {
      const off = createContextEngine({ sessionId: 's', tokenCounter: chars, pages });
      off.ingest(messages);
      const view = off.assemble({ budget: 1_500 });
      expect(block(view), JSON.stringify(pages)).toBeUndefined();
      expect(view.messages.some((message) => message.fidelity === 'placeholder')).toBe(true);
    }
  });

  it('rejects a background option that is not a boolean', () => {
    expect(() => createContextEngine({ sessionId: 's', pages: { consolidation: { background: 'yes' as unknown as boolean } } })).toThrow(/pages\.consolidation\.background/);
  });
});
