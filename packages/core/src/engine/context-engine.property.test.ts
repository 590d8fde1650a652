import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import type { ContextEngineOptions } from '../options/index.js';
import type { AssembleOptions, AssembleResult } from '../render/index.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { createBpeTokenCounter, createCharTokenCounter, type TokenCounter } from '../log/index.js';
import type { CairnMessage } from '../log/index.js';
import { arbitrarySession, TOOL_NAMES } from '../test-support/arbitrary-session.js';
import { assembleChecked, checkView, compressedCosts, plain, provableViewBound, type ViewContext } from '../test-support/check-view.js';

const chars = createCharTokenCounter();
const bpe = createBpeTokenCounter();

/** Budgets from tiny (only errors or placeholders fit) to larger than any generated history. */
const budgetArbitrary = fc.oneof(
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 80 }) },
  { weight: 3, arbitrary: fc.integer({ min: 80, max: 2_000 }) },
  { weight: 2, arbitrary: fc.integer({ min: 2_000, max: 12_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 12_000, max: 200_000 }) },
);

const queryArbitrary = fc.option(
  fc.oneof(
    fc.constantFrom('which flight to paris in the morning?', 'refund for ORD-4821', 'why did run_tests fail in src/app.ts', '   ', 'customer invoice total'),
    fc.string({ maxLength: 40 }),
  ),
  { nil: undefined },
);

const plannedToolsArbitrary = fc.option(fc.subarray([...TOOL_NAMES, 'unknown_tool']), { nil: undefined });

const engineOptionsArbitrary = fc.record({
  onBudgetExceeded: fc.constantFrom('throw' as const, 'compress-mandatory' as const),
  hotUnits: fc.constantFrom(0, 1, 2, 4),
});

function request(budget: number, query: string | undefined, plannedTools: readonly string[] | undefined): AssembleOptions {
  const options: AssembleOptions = { budget };
  if (query !== undefined) options.query = query;
  if (plannedTools !== undefined) options.plannedTools = plannedTools;
  return options;
}

function makeOptions(counter: TokenCounter, extra: { onBudgetExceeded: 'throw' | 'compress-mandatory'; hotUnits: number }): ContextEngineOptions {
  return { tokenCounter: counter, budget: 4_000, ...extra };
}

function contextOf(options: ContextEngineOptions, budget: number): ViewContext {
  return { counter: options.tokenCounter!, budget, hotUnits: options.hotUnits, onBudgetExceeded: options.onBudgetExceeded };
}

/** The outcome of an `assemble` as plain data: the result, or the error code. */
function outcomeOf(engine: ContextEngine, assembleRequest: AssembleOptions): { ok: boolean; value: unknown } {
  try {
    return { ok: true, value: plain(engine.assemble(assembleRequest)) };
  } catch (error) {
    return { ok: false, value: (error as { code?: string }).code };
  }
}

const agentLoopArbitraries = {
      session: arbitrarySession({ minTurns: 5, maxTurns: 30, deferResults: true, dropResults: true }),
      batches: fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 30, maxLength: 30 }),
      budgets: fc.array(budgetArbitrary, { minLength: 1, maxLength: 3 }),
      choices: fc.array(fc.record({ budget: fc.nat(), query: queryArbitrary, plannedTools: plannedToolsArbitrary, compact: fc.nat({ max: 9 }) }), {
        minLength: 30,
        maxLength: 30,
      }),
      engineOptions: engineOptionsArbitrary,
    };

type AgentLoopInput = { [K in keyof typeof agentLoopArbitraries]: (typeof agentLoopArbitraries)[K] extends fc.Arbitrary<infer T> ? T : never };

const agentLoop = ({ session, batches, budgets, choices, engineOptions }: AgentLoopInput): void => {
    const options = makeOptions(chars, engineOptions);
    const engine = createContextEngine(options);
    const twin = createContextEngine(options);
    let restored: ContextEngine | undefined;
    let offset = 0;
    let calls = 0;
    let lastTurn = 0;
    for (let step = 0; offset < session.length; step++) {
      const batch: CairnMessage[] = session.slice(offset, offset + batches[step % batches.length]!);
      offset += batch.length;
      const choice = choices[step % choices.length]!;
      const budget = budgets[choice.budget % budgets.length]!;
      const assembleRequest = request(budget, choice.query, choice.plannedTools);
      const copies = [engine, twin, ...(restored ? [restored] : [])];
      for (const copy of copies) copy.ingest(batch);
      const outcome = assembleChecked(engine, assembleRequest, contextOf(options, budget), options);
      calls++;
      const others = copies.slice(1).map((copy) => outcomeOf(copy, assembleRequest));
      const mine = outcome.ok ? { ok: true, value: plain(outcome.result) } : { ok: false, value: outcome.error.code };
      others.forEach((other, index) => expect(other, index === 0 ? 'the twin engine' : 'the engine restored from the last snapshot').toEqual(mine));
      if (outcome.ok) {
        // One regrade at most per turn: every call is its own turn.
        expect(outcome.result.metadata.turn).toBe(calls);
        expect(outcome.result.metadata.turn).toBe(lastTurn + 1);
        lastTurn = outcome.result.metadata.turn;
      } else {
        lastTurn++;
      }
      if (choice.compact === 0) {
        // On-demand compaction on every copy; the next assemble must read it on all of them alike.
        const results = [engine, twin].map((copy) => copy.compact());
        expect(results[1]).toEqual(results[0]);
        if (restored) restored.compact();
      }
      restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), options);
    }
};

const monotoneArbitraries = {
  session: arbitrarySession({ maxTurns: 25 }),
  budgets: fc.tuple(budgetArbitrary, budgetArbitrary),
  query: queryArbitrary,
  warmup: fc.option(budgetArbitrary, { nil: undefined }),
  engineOptions: engineOptionsArbitrary,
};

type MonotoneInput = { [K in keyof typeof monotoneArbitraries]: (typeof monotoneArbitraries)[K] extends fc.Arbitrary<infer T> ? T : never };

const monotone = ({ session, budgets, query, warmup, engineOptions }: MonotoneInput): void => {
    const options = makeOptions(chars, engineOptions);
    const engine = createContextEngine(options);
    engine.ingest(session);
    if (warmup !== undefined) {
      try {
        engine.assemble({ budget: warmup });
      } catch {
        // a warm-up that does not fit still leaves a valid state
      }
    }
    const saved = JSON.stringify(engine.snapshot());
    const [small, large] = budgets[0] <= budgets[1] ? budgets : [budgets[1], budgets[0]];
    const results = [small, large].map((budget) => {
      const copy = restoreContextEngine(JSON.parse(saved), options);
      try {
        return copy.assemble(request(budget, query, undefined));
      } catch {
        return undefined;
      }
    });
    const [atSmall, atLarge] = results;
    // If the smaller budget fits, the larger one does too.
    if (atSmall) expect(atLarge).toBeDefined();
    if (!atSmall || !atLarge) return;
    if (atSmall.metadata.mode === 'passthrough') {
      expect(atLarge.metadata.mode).toBe('passthrough');
      // The history passes unchanged at both; the dead-end brief may fit only the larger budget.
      const history = (result: AssembleResult) => (plain(result) as AssembleResult).messages.filter((message) => message.id !== 'cairn:dead-ends');
      expect(history(atLarge)).toEqual(history(atSmall));
      return;
    }
    if (atLarge.metadata.tokens >= atSmall.metadata.tokens) return;
    // The same history with fewer tokens is the brief in another form, not a history kept worse: a
    // curated view may keep a changed sticky brief where the last view showed it, with a message
    // naming its changes (prefix.briefChanges), where the larger budget's view rewrites the brief,
    // needs no changes (its lines fit as shown) or passes the history with the current brief last
    // (seed -1480255185: after a view at 2,000, every message full at 1,100 and at 1,110 or 1,260;
    // the shown brief and 72 tokens of changes only at 1,100).
    const history = (result: AssembleResult) => (plain(result) as AssembleResult).messages.filter((message) => !message.id.startsWith('cairn:dead-ends'));
    if (JSON.stringify(history(atLarge)) === JSON.stringify(history(atSmall))) return;
    // Fewer tokens at the larger budget is a different choice, not a worse view, only when the
    // larger view shows some unit at a higher fidelity than the smaller one does: the planner
    // selects by value per token, so a larger budget may take one valuable full unit in place of
    // a cheaper, less valuable compressed one (seed -714029847). A view that shows every unit at
    // the same or a lower fidelity while keeping fewer tokens is a planner defect.
    const rank = { placeholder: 0, compressed: 1, full: 2 } as const;
    const smallFidelity = new Map(atSmall.metadata.decisions.map((decision) => [decision.unitId, rank[decision.fidelity]]));
    const raised = atLarge.metadata.decisions.filter((decision) => rank[decision.fidelity] > (smallFidelity.get(decision.unitId) ?? 0));
    expect(raised.map((decision) => decision.unitId), `${atLarge.metadata.tokens} tokens at ${large} < ${atSmall.metadata.tokens} at ${small}, and no unit shown at a higher fidelity`).not.toEqual([]);
};

describe('context engine properties (char counter)', () => {
  test.prop(
    {
      session: arbitrarySession({ maxTurns: 30 }),
      budget: budgetArbitrary,
      query: queryArbitrary,
      plannedTools: plannedToolsArbitrary,
      engineOptions: engineOptionsArbitrary,
    },
    { numRuns: 100 },
  )('one assemble over a whole session keeps every invariant', ({ session, budget, query, plannedTools, engineOptions }) => {
    const options = makeOptions(chars, engineOptions);
    const engine = createContextEngine(options);
    engine.ingest(session);
    const assembleRequest = request(budget, query, plannedTools);
    const outcome = assembleChecked(engine, assembleRequest, contextOf(options, budget), options);

    // Determinism: a second engine fed the same input gives the same result.
    const twin = createContextEngine(options);
    twin.ingest(session);
    expect(outcomeOf(twin, assembleRequest)).toEqual(outcome.ok ? { ok: true, value: plain(outcome.result) } : { ok: false, value: outcome.error.code });
  });

  test.prop(
    {
      session: arbitrarySession({ maxTurns: 30, speakers: true }),
      budget: budgetArbitrary,
      query: fc.constantFrom('what did Ana say about the refund?', 'which flight to paris did Ben Ortiz book?', 'Ana, Ben Ortiz and Paris: the total?', 'what did Ben say?'),
      engineOptions: engineOptionsArbitrary,
    },
    { numRuns: 60 },
  )('a question that names speakers keeps every invariant', ({ session, budget, query, engineOptions }) => {
    const options = makeOptions(chars, engineOptions);
    const engine = createContextEngine(options);
    engine.ingest(session);
    const outcome = assembleChecked(engine, { budget, query }, contextOf(options, budget), options);
    const twin = createContextEngine(options);
    twin.ingest(session);
    expect(outcomeOf(twin, { budget, query })).toEqual(outcome.ok ? { ok: true, value: plain(outcome.result) } : { ok: false, value: outcome.error.code });
  });

  // Failed with seed=-1040266816 (the restored copy planned differently: snapshots do not carry the
  // compressed renderings already counted, so the restored engine plans with estimates).
  test.prop(agentLoopArbitraries, { numRuns: 40, interruptAfterTimeLimit: 20_000 })(
    'an agent loop keeps every invariant every turn; twins agree; restored copies continue identically',
    agentLoop,
  );

  // Replays the run that failed (seed=-1040266816, run 33): now fails earlier, on coverage — a
  // passthrough view after earlier placeholder turns drops m2/m3 while decisions say 'full'.
  // One large replayed case (~9 s alone): a longer limit than the project's 30 s, so a loaded machine does not fail it.
  test.prop(agentLoopArbitraries, { seed: -1040266816, path: '33', endOnFailure: true })('agent loop regression: seed -1040266816', agentLoop, 120_000);

  // Failed with seed=400733063 (a compressed rendering larger than the full one, see
  // context-engine.test.ts) and seed=480976299 (a replan under yellow keeps stale placeholders).
  test.prop(monotoneArbitraries, { numRuns: 100, interruptAfterTimeLimit: 15_000 })(
    'a larger budget never keeps fewer tokens (same state, both views replanned)',
    monotone,
  );

  // Failed with seed=1450577404: a question's replan left two tiny units of score 0 behind a
  // placeholder run dearer than both, so the smaller budget's view was larger than the history.
  test.prop(monotoneArbitraries, {
    seed: 1450577404,
    path: '46:1:3:0:1:1:15:0:20:24:7:21:26:0:0:7:33:0:22:39:0:6:0:43:0:0:5:1:39:0:0:7:0:46:46:0:7:46:50:50:0:54:54:57:0:37:6:58:61:58:12:6:53:56:54:84:6:12:6:83:87:6:92:108:110:94:12:6:96:97:96:107:128:149:149:151:6:12:156:6:6:160:160:168:0:161:0:160:132:157:155:161',
    endOnFailure: true,
  })('larger budget regression: seed 1450577404', monotone, 120_000);

  // The replays below walk fast-check's shrink path to their case, running the property on the way
  // (about 570 cases for this one, ~16 s alone): they get the agent-loop replay's time limit, not
  // the default 30 s that a loaded machine passes.
  // Failed in CI with seed=-714029847 (993 tokens at budget 1219, 1005 at 1053): the larger
  // budget shows m3 in full (score 0.25) instead of m15 compressed (0.28² times the compressed
  // share is worth less) — more value for fewer tokens, which the property accepts.
  test.prop(monotoneArbitraries, {
    seed: -714029847,
    path: '75:2:0:4:2:7:5:15:0:1:2:7:6:3:10:14:13:14:14:14:15:22:13:13:15:17:21:20:22:21:20:20:23:20:20:21:23:24:13:13:18:44:9:10:25:26:27:11:10:43:49:10:23:42:10:40:52:51:27:0:0:0:0:0:0:0:56:79:82:82',
    endOnFailure: true,
  })('larger budget regression: seed -714029847', monotone, 120_000);

  // Failed with seed=734152632 (1850 tokens at budget 1998, 1650 at 2013, m13 a placeholder only at
  // 2013): the larger budget's plan took m17 full, the exact render came out 2 tokens over, and the
  // render's refit dropped m17 back to compressed — freeing 358 tokens it left unused, with room
  // for m13 in full. The refit now gives back what it freed beyond its target.
  test.prop(monotoneArbitraries, { seed: 734152632, path: '32', endOnFailure: true })('larger budget regression: seed 734152632', monotone, 120_000);

  // Failed with seed=9 (48 tokens at budget 80, 52 at 52; compress-mandatory): the budget fallback
  // halved the system prompt's cap to 12, and that squeezed rendering came out larger than the
  // ordinary compressed one — a cut that does not save tokens is now undone.
  test.prop(monotoneArbitraries, {
    seed: 9,
    path: '331:8:5:6:6:6:6:6:6:6:6:6:6:6:6:6:7:7:7:9:9:9:9:9:9:9:9:9:9:9:9:9:10:11:12:22:22:25:16:9:9:9:9:9:9:9:9:9:9:9:9:9:9:9:13:9:10:10:10:11:11',
    endOnFailure: true,
  })('larger budget regression: seed 9', monotone, 120_000);

  // Failed with seed=-1480255185, first on its 39th case (1,340 tokens at budget 1,560, 1,210 at
  // 1,994, after a view at 11,988): the same history, every message full, with the changed sticky
  // brief shown as before plus a message naming its changes at 1,560 and the brief rewritten at
  // 1,994 — the brief's form, which the property now tells from a history kept worse.
  test.prop(monotoneArbitraries, { seed: -1480255185, path: '38', endOnFailure: true })('larger budget regression: seed -1480255185', monotone, 120_000);

  // fast-check shrank that seed's case to this one (198 tokens of history, five failed calls of
  // search_flights): the passthrough share was of what the brief left, and the brief grew by a
  // whole line (99 → 113 tokens) for 11 more tokens of budget, so 1,089 left 990 (198 ≤ 0.2 × 990:
  // passthrough) and 1,100 left 987 (curated). The share is now of the whole budget.
  const shrunk: CairnMessage[] = [{"id": "m1", "role": "assistant", "content": "", "toolCalls": [{"id": "c1", "name": "search_flights", "arguments": {"query": "", "limit": 0}}, {"id": "c2", "name": "search_flights", "arguments": {"query": "", "limit": 0}}]}, {"id": "m2", "role": "tool", "toolCallId": "c1", "name": "search_flights", "content": "flight", "isError": true}, {"id": "m3", "role": "tool", "toolCallId": "c2", "name": "search_flights", "content": ""}, {"id": "m4", "role": "assistant", "content": "", "toolCalls": [{"id": "c3", "name": "search_flights", "arguments": {"query": "flight", "limit": 1}}]}, {"id": "m5", "role": "tool", "toolCallId": "c3", "name": "search_flights", "content": "", "isError": true}, {"id": "m6", "role": "assistant", "content": "", "toolCalls": [{"id": "c4", "name": "search_flights", "arguments": {"query": "customer", "limit": 1}}, {"id": "c5", "name": "search_flights", "arguments": {"query": "", "limit": 0}}]}, {"id": "m7", "role": "tool", "toolCallId": "c4", "name": "search_flights", "content": "flight the", "isError": true}, {"id": "m8", "role": "tool", "toolCallId": "c5", "name": "search_flights", "content": ""}, {"id": "m9", "role": "assistant", "content": "", "toolCalls": [{"id": "c6", "name": "search_flights", "arguments": {"query": "flight the", "limit": 2}}]}, {"id": "m10", "role": "tool", "toolCallId": "c6", "name": "search_flights", "content": "flight the for retry", "isError": true}, {"id": "m11", "role": "assistant", "content": "flight the for retry 40820 london invoice CUST-1790 55171 order timeout database results INV-5299"}];
  it('larger budget regression: seed -1480255185, shrunk (passthrough at 1,089, so at 1,100 too)', () =>
    monotone({ session: shrunk, budgets: [1089, 1100], query: undefined, warmup: undefined, engineOptions: { onBudgetExceeded: 'throw', hotUnits: 0 } }));
});

describe('the budget fallback with default options', () => {
  // Issue 12, item 2: with onBudgetExceeded 'throw' (the default), a large newest tool output
  // made the turn throw although the system prompt and the latest user turn fit.
  test.prop(
    {
      session: arbitrarySession({ maxTurns: 15 }),
      outputKilobytes: fc.integer({ min: 1, max: 40 }),
      budget: fc.integer({ min: 40, max: 6_000 }),
      hotUnits: fc.constantFrom(0, 1, 2, 4),
      bpeCounter: fc.boolean(),
    },
    { numRuns: 60, interruptAfterTimeLimit: 15_000 },
  )('a large newest tool output never makes a view fail when the system prompt and latest user turn fit', ({ session, outputKilobytes, budget, hotUnits, bpeCounter }) => {
    const counter = bpeCounter ? bpe : chars;
    const options: ContextEngineOptions = { tokenCounter: counter, budget, hotUnits };
    const engine = createContextEngine(options);
    engine.ingest(session);
    const rows = Array.from({ length: outputKilobytes * 20 }, (_, index) => `{"row":${index},"name":"result ${index} of the search"}`);
    engine.ingest([
      { id: 'big-a', role: 'assistant', content: '', toolCalls: [{ id: 'big-c', name: 'search', arguments: { query: 'everything' } }] },
      { id: 'big-t', role: 'tool', toolCallId: 'big-c', name: 'search', content: `[${rows.join(',')}]` },
    ]);
    const context: ViewContext = { counter, budget, hotUnits };
    const { bound } = provableViewBound(engine, context);
    if (budget < bound) return;
    const result = engine.assemble();
    checkView(engine, result, context);
  });
});

describe('compressed renderings', () => {
  test.prop(
    {
      session: arbitrarySession({ maxTurns: 25 }),
      budget: fc.integer({ min: 100, max: 6_000 }),
      query: queryArbitrary,
    },
    { numRuns: 100 },
  )('a unit rendered compressed never costs more tokens than the same unit at full fidelity', ({ session, budget, query }) => {
    const options = makeOptions(chars, { onBudgetExceeded: 'throw', hotUnits: 2 });
    const engine = createContextEngine(options);
    engine.ingest(session);
    let result;
    try {
      result = engine.assemble(request(budget, query, undefined));
    } catch {
      return;
    }
    for (const cost of compressedCosts(engine, result, chars)) expect(cost.compressed, `unit ${cost.unitId}`).toBeLessThanOrEqual(cost.full);
  });
});

describe('context engine properties (BPE counter)', () => {
  test.prop(
    {
      session: arbitrarySession({ maxTurns: 10, maxWords: 150, deferResults: true }),
      budget: budgetArbitrary,
      query: queryArbitrary,
      plannedTools: plannedToolsArbitrary,
      engineOptions: engineOptionsArbitrary,
    },
    { numRuns: 20 },
  )('one assemble with the default o200k counter keeps every invariant', ({ session, budget, query, plannedTools, engineOptions }) => {
    const options: ContextEngineOptions = { budget: 4_000, ...engineOptions };
    const engine = createContextEngine(options);
    engine.ingest(session);
    const assembleRequest = request(budget, query, plannedTools);
    const outcome = assembleChecked(engine, assembleRequest, { ...contextOf({ ...options, tokenCounter: bpe }, budget) }, options);
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), options);
    const next: CairnMessage = { id: 'next-user', role: 'user', content: 'and now the refund for ORD-4821 please' };
    engine.ingest(next);
    restored.ingest(next);
    const outcomes = [engine, restored].map((copy) => {
      try {
        const result = copy.assemble(assembleRequest);
        checkView(copy, result, contextOf({ ...options, tokenCounter: bpe }, budget));
        return plain(result);
      } catch (error) {
        return (error as { code?: string }).code;
      }
    });
    expect(outcomes[1]).toEqual(outcomes[0]);
    void outcome;
  });
});
