import { describe, expect, it } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import type { EngineSnapshot } from './snapshot.js';
import { contentText, createCharTokenCounter, type CairnMessage, type ViewMessage } from '../log/index.js';
import { BACKGROUND_MORE_HEADER } from '../pages/index.js';
import type { AssembleResult } from '../render/index.js';
import { checkView } from '../test-support/check-view.js';

// Issue 14, prefix stability with the Background_Context block (`pages.consolidation.background`): a cache-aware turn
// that frees a region of history keeps the blocks before it byte for byte and folds the region
// into a later block (or extends the last block: its text stays the first bytes of the new one).

const chars = createCharTokenCounter();
const BUDGET = 4_000;
/**
 * The block on (opt-in), with plain facts, as it was measured; freeing down to the yellow level
 * (prefix.compactTo 0.7): a turn that frees down to half the budget (the default) may reach back
 * into the first block and fold more into it.
 */
const OPTIONS = { tokenCounter: chars, pages: { consolidation: { background: true, plainFacts: true } }, prefix: { compactTo: 0.7 } };
const QUERY = 'subject3';

function conversation(turns = 60): CairnMessage[] {
  const messages: CairnMessage[] = [];
  for (let turn = 0; turn < turns; turn++) {
    messages.push({ id: `u${turn}`, role: 'user', content: `Question ${turn} about subject${turn % 7}: ${'some words of the conversation '.repeat(3)}` });
    messages.push({ id: `a${turn}`, role: 'assistant', content: `Answer ${turn} on subject${turn % 7}: ${'a reply with several more words '.repeat(3)}` });
  }
  return messages;
}

const later = (turn: number): CairnMessage[] => [
  { id: `nu${turn}`, role: 'user', content: `More on subject${turn % 5}: ${'new words in a later turn '.repeat(4)}` },
  { id: `na${turn}`, role: 'assistant', content: `Reply ${turn}: ${'and a longer answer to it '.repeat(4)}` },
];

const isBlock = (message: ViewMessage) => message.id === 'cairn:background' || message.id.startsWith('cairn:background:');
const blocks = (result: AssembleResult) => result.messages.filter(isBlock);
const same = (a: ViewMessage, b: ViewMessage) => a.id === b.id && contentText(a.content) === contentText(b.content);

function engine(turns = 60): ContextEngine {
  const created = createContextEngine({ sessionId: 's', tokenCounter: chars, pages: OPTIONS.pages, prefix: OPTIONS.prefix });
  created.ingest(conversation(turns));
  return created;
}

/** The views of `turns` steady turns (two messages appended each, same query). */
function steadyTurns(target: ContextEngine, turns: number, from = 0): AssembleResult[] {
  const views: AssembleResult[] = [];
  for (let turn = from; turn < from + turns; turn++) {
    target.ingest(later(turn));
    views.push(target.assemble({ budget: BUDGET, query: QUERY }));
  }
  return views;
}

describe('Background_Context blocks on turns that free history', () => {
  it('keeps the earlier blocks and what comes before them byte for byte, adds a later block, then extends it; every view is valid', () => {
    const live = engine();
    let previous = live.assemble({ budget: BUDGET, query: QUERY });
    checkView(live, previous, { counter: chars, budget: BUDGET });
    expect(blocks(previous)).toHaveLength(1);
    let added = 0;
    let extended = 0;
    for (let turn = 0; turn < 40; turn++) {
      const [view] = steadyTurns(live, 1, turn) as [AssembleResult];
      checkView(live, view, { counter: chars, budget: BUDGET });
      const before = blocks(previous);
      const after = blocks(view);
      expect(after.length).toBeLessThanOrEqual(4);
      // Whatever else changed, the first block and every message before it stay (no unit it stands for came back).
      const first = previous.messages.findIndex(isBlock);
      for (let index = 0; index <= first; index++) expect(same(previous.messages[index]!, view.messages[index]!), `message ${index}`).toBe(true);
      if (after.length > before.length) {
        added++;
        const last = view.messages.indexOf(after[after.length - 1]!);
        // The new block comes after the kept ones; everything before it is the last view's, but for the runs it folds.
        expect(String(after[after.length - 1]!.content).startsWith(BACKGROUND_MORE_HEADER)).toBe(true);
        for (const block of before) expect(view.messages.slice(0, last).some((message) => same(message, block))).toBe(true);
      } else if (before.length > 0 && after.length === before.length && !same(before[before.length - 1]!, after[after.length - 1]!)) {
        extended++;
        // The extended block begins with the old one's text.
        expect(contentText(after[after.length - 1]!.content).startsWith(contentText(before[before.length - 1]!.content))).toBe(true);
        expect(after[after.length - 1]!.sourceIds.length).toBeGreaterThan(before[before.length - 1]!.sourceIds.length);
      }
      previous = view;
    }
    expect(added).toBeGreaterThan(0);
    expect(extended).toBeGreaterThan(0);
  });

  it('a new question that brings back a few folded units keeps the block text, standing for the units still out of view; every view is valid', () => {
    const live = engine(300);
    let previous = live.assemble({ budget: BUDGET, query: QUERY });
    let trimmed = 0;
    for (const [turn, query] of ['subject5 words', 'Question 12', 'Answer 40 on subject5', 'subject1', 'Question 3 about subject3', 'subject6 reply'].entries()) {
      live.ingest({ id: `q${turn}`, role: 'user', content: query });
      const view = live.assemble({ budget: BUDGET, query });
      checkView(live, view, { counter: chars, budget: BUDGET });
      const [before] = blocks(previous);
      const [after] = blocks(view);
      if (before && after && contentText(before.content) === contentText(after.content) && after.sourceIds.length < before.sourceIds.length) {
        trimmed++;
        // What it no longer stands for is in the view (coverage is checked by checkView).
        const shown = new Set(view.messages.filter((message) => !isBlock(message)).flatMap((message) => message.sourceIds));
        for (const id of before.sourceIds) if (!after.sourceIds.includes(id)) expect(shown.has(id), id).toBe(true);
      }
      previous = view;
    }
    expect(trimmed).toBeGreaterThan(0);
  });

  it('a restored engine shows the live blocks, and a snapshot made before later blocks existed restores as one block', () => {
    const live = engine();
    live.assemble({ budget: BUDGET, query: QUERY });
    const views = steadyTurns(live, 10);
    expect(blocks(views[views.length - 1]!).length).toBeGreaterThan(1);
    const snapshot = JSON.parse(JSON.stringify(live.snapshot())) as EngineSnapshot;
    expect(snapshot.background?.more?.length).toBeGreaterThan(0);
    const restored = restoreContextEngine(snapshot, OPTIONS);
    const liveNext = steadyTurns(live, 20, 10);
    const restoredNext = steadyTurns(restored, 20, 10);
    restoredNext.forEach((view, index) => expect(JSON.stringify(view.messages)).toBe(JSON.stringify(liveNext[index]!.messages)));
    // The shape of a snapshot from before: one block, no `covers`, no `more` (its units: the folded runs).
    const older = engine();
    older.assemble({ budget: BUDGET, query: QUERY });
    const { covers: _covers, more: _more, ...first } = JSON.parse(JSON.stringify(older.snapshot().background)) as NonNullable<EngineSnapshot['background']>;
    const before = restoreContextEngine({ ...(JSON.parse(JSON.stringify(older.snapshot())) as EngineSnapshot), background: first }, OPTIONS);
    const fresh = older.assemble({ budget: BUDGET, query: QUERY });
    const view = before.assemble({ budget: BUDGET, query: QUERY });
    checkView(before, view, { counter: chars, budget: BUDGET });
    expect(JSON.stringify(view.messages)).toBe(JSON.stringify(fresh.messages));
    for (let turn = 0; turn < 10; turn++) checkView(before, steadyTurns(before, 1, turn)[0]!, { counter: chars, budget: BUDGET });
  });

  it('rejects later blocks that stand for units outside the folded runs or out of order', () => {
    const live = engine();
    live.assemble({ budget: BUDGET, query: QUERY });
    steadyTurns(live, 10);
    const snapshot = JSON.parse(JSON.stringify(live.snapshot())) as EngineSnapshot;
    const memo = snapshot.background!;
    const more = memo.more![0]!;
    const broken = [{ ...memo, more: [{ ...more, covers: [0, 0] }] }, { ...memo, more: [{ ...more, covers: [99_999, 100_000] }] }, { ...memo, more: 'x' }, { ...memo, covers: [5] }];
    for (const background of broken) expect(() => restoreContextEngine({ ...snapshot, background } as unknown as EngineSnapshot, OPTIONS), JSON.stringify(background).slice(0, 80)).toThrow(/snapshot\.background/);
  });
});
