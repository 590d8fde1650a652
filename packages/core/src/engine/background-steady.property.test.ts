import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import { createCharTokenCounter, countMessageTokens, contentText, type CairnMessage, type ViewMessage } from '../log/index.js';
import type { AssembleResult } from '../render/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';

const chars = createCharTokenCounter();
/** Briefs after the history (they stand for no log message). */
const BRIEF_IDS = new Set(['cairn:dead-ends', 'cairn:reasoning-trace', 'cairn:page-index', 'cairn:loop']);
const PAGES = { consolidation: { window: 2, minPages: 2, maxTokens: 300, pivotSimilarity: 0.2, topicSimilarity: 0.05, background: true } };

function engineFor(messages: readonly CairnMessage[]): ContextEngine {
  const engine = createContextEngine({ sessionId: 's', tokenCounter: chars, pages: PAGES });
  engine.ingest(messages);
  return engine;
}

const same = (a: ViewMessage, b: ViewMessage | undefined) => b !== undefined && a.id === b.id && a.fidelity === b.fidelity && contentText(a.content) === contentText(b.content);
const blockAt = (result: AssembleResult) => result.messages.findIndex((message) => message.id === 'cairn:background');

/**
 * A steady turn that frees nothing: no unit of the last view changed fidelity, no new unit is a
 * placeholder (no new run to fold), and the last view's history with the new turn's messages after
 * it fits the budget (the block need not give way).
 */
function steadyWithoutFreeing(before: AssembleResult, after: AssembleResult, budget: number): boolean {
  const fidelity = new Map(before.metadata.decisions.map((decision) => [decision.unitId, decision.fidelity]));
  for (const decision of after.metadata.decisions) {
    const was = fidelity.get(decision.unitId);
    if (was === undefined ? decision.fidelity === 'placeholder' : was !== decision.fidelity) return false;
  }
  const history = before.messages.filter((message) => !BRIEF_IDS.has(message.id));
  const shown = new Set(history.map((message) => message.id));
  const added = after.messages.filter((message) => !shown.has(message.id));
  let tokens = 0;
  for (const message of [...history, ...added]) tokens += countMessageTokens(message, chars);
  return tokens <= budget;
}

describe('Background_Context block on steady turns', () => {
  test.prop(
    [
      arbitrarySession({ minTurns: 6, maxTurns: 40, maxWords: 120 }),
      fc.integer({ min: 300, max: 6_000 }),
      fc.option(fc.constantFrom('refund for ORD-4821', 'why did run_tests fail'), { nil: undefined }),
      fc.array(fc.string({ minLength: 0, maxLength: 60 }), { minLength: 1, maxLength: 4 }),
    ],
    { numRuns: 80 },
  )('a steady turn that frees nothing keeps the last view byte for byte up to and including the block', (messages, budget, query, notes) => {
    const engine = engineFor(messages);
    const request = query === undefined ? { budget } : { budget, query };
    let before: AssembleResult;
    try {
      before = engine.assemble(request);
    } catch {
      return;
    }
    engine.ingest(notes.map((note, index) => ({ id: `note-${index}`, role: 'assistant' as const, content: `noted ${note}` })));
    let after: AssembleResult;
    try {
      after = engine.assemble(request);
    } catch {
      return;
    }
    const at = blockAt(before);
    if (at < 0 || !steadyWithoutFreeing(before, after, budget)) return;
    for (let index = 0; index <= at; index++) expect(same(before.messages[index]!, after.messages[index]), `message ${index} of ${at}`).toBe(true);
  });

  it('keeps the block through a run of steady turns whose unit scores drift, and after them only the briefs and new turns differ', () => {
    const messages: CairnMessage[] = [];
    for (let turn = 0; turn < 60; turn++) {
      messages.push({ id: `u${turn}`, role: 'user', content: `Question ${turn} about subject${turn % 7}: ${'some words of the conversation '.repeat(3)}` });
      messages.push({ id: `a${turn}`, role: 'assistant', content: `Answer ${turn} on subject${turn % 7}: ${'a reply with several more words '.repeat(3)}` });
    }
    const engine = engineFor(messages);
    const budget = 2_500;
    let before = engine.assemble({ budget, query: 'subject3' });
    const at = blockAt(before);
    expect(at).toBeGreaterThanOrEqual(0);
    let steady = 0;
    for (let turn = 0; turn < 12; turn++) {
      engine.ingest({ id: `note-${turn}`, role: 'assistant', content: `noted ${turn}` });
      const after = engine.assemble({ budget, query: 'subject3' });
      if (steadyWithoutFreeing(before, after, budget)) {
        steady++;
        const history = before.messages.filter((message) => !BRIEF_IDS.has(message.id));
        history.forEach((message, index) => expect(same(message, after.messages[index]), `turn ${turn}, message ${index}`).toBe(true));
      }
      before = after;
    }
    expect(steady).toBeGreaterThan(6);
  });

  it('is placed where the first folded run was: the new turns come after it', () => {
    const messages: CairnMessage[] = [];
    for (let turn = 0; turn < 40; turn++) {
      messages.push({ id: `u${turn}`, role: 'user', content: `Question ${turn} about subject${turn % 7}: ${'some words of the conversation '.repeat(3)}` });
      messages.push({ id: `a${turn}`, role: 'assistant', content: `Answer ${turn} on subject${turn % 7}: ${'a reply with several more words '.repeat(3)}` });
    }
    const result = engineFor(messages).assemble({ budget: 1_500, query: 'subject3' });
    const at = blockAt(result);
    const block = result.messages[at]!;
    const order = new Map(messages.map((message, index) => [message.id, index]));
    const firstFolded = Math.min(...block.sourceIds.map((id) => order.get(id)!));
    // Every message before the block is older than what it folds; every one after it is newer than its first folded message
    // (a block stays where it is when later history folds: the prefix before it is kept).
    for (const message of result.messages.slice(at + 1)) if (!BRIEF_IDS.has(message.id)) expect(Math.min(...message.sourceIds.map((id) => order.get(id)!))).toBeGreaterThan(firstFolded);
    for (const message of result.messages.slice(0, at)) expect(Math.max(...message.sourceIds.map((id) => order.get(id)!))).toBeLessThan(firstFolded);
  });
});
