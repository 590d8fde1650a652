import { describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { CairnError, createCharTokenCounter, createContextEngine, type CairnMessage, type DenseOptions, type Embedder } from '../index.js';
import { DenseDirection } from './dense-direction.js';

/** A toy embedder: one axis per concept, found by synonyms no lexical match would connect. */
const CONCEPTS = [/flight|plane|aircraft|airline|depart/i, /invoice|bill|receipt/i, /weather|rain|forecast/i];
const conceptEmbedder: Embedder = {
  id: 'concepts-v1',
  embed: async (texts) => texts.map((text) => CONCEPTS.map((concept) => (concept.test(text) ? 1 : 0.01))),
};

function session(): CairnMessage[] {
  const messages: CairnMessage[] = [{ id: 'u0', role: 'user', content: 'Help me with my travel paperwork today.' }];
  for (let index = 1; index <= 40; index++) {
    messages.push({ id: `a${index}`, role: 'assistant', content: `Filler note ${index} about the office move and desk numbers ${index * 7}.` });
    if (index === 10) messages.push({ id: 'gate', role: 'assistant', content: 'When you get to the gate, my colleague will help.' });
  }
  messages.push({ id: 'plane', role: 'assistant', content: 'Your aircraft leaves at 09:40.' });
  messages.push({ id: 'bill', role: 'assistant', content: 'The receipt total was 312 euros.' });
  messages.push({ id: 'u1', role: 'user', content: 'Thanks.' });
  return messages;
}

async function scores(dense: DenseOptions | undefined, query: string): Promise<Map<string, number>> {
  const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), budget: 400, embedder: conceptEmbedder, ...(dense ? { dense } : {}) });
  engine.ingest(session());
  await engine.prepare({ query });
  return new Map(engine.assemble({ query }).metadata.decisions.map((decision) => [decision.unitId, decision.score]));
}

describe('dense.combine', () => {
  const query = 'when does my flight depart from the gate?';

  it("'add' (the default) raises a unit that only the embedder connects with the question", async () => {
    const lexical = createContextEngine({ tokenCounter: createCharTokenCounter(), budget: 400 });
    lexical.ingest(session());
    const without = new Map(lexical.assemble({ query }).metadata.decisions.map((decision) => [decision.unitId, decision.score]));
    const added = await scores(undefined, query);
    expect(added.get('plane')!).toBeGreaterThan(without.get('plane')!);
    expect(added.get('plane')!).toBeGreaterThan(added.get('bill')!);
  });

  it("'rerank' gives the dense similarity only to units that match the question lexically", async () => {
    const added = await scores({ combine: 'add', share: 0.5 }, query);
    const reranked = await scores({ combine: 'rerank', share: 0.5 }, query);
    // "plane" shares no word with the question: reranking does not lift it, adding does.
    expect(reranked.get('plane')!).toBeLessThan(added.get('plane')!);
    // "gate" shares words with it: both modes treat it alike.
    expect(reranked.get('gate')!).toBeCloseTo(added.get('gate')!, 9);
  });

  it("'replace' uses the dense cosine alone, and share 0 of 'add' is the lexical score", async () => {
    const replaced = await scores({ combine: 'replace' }, query);
    expect(replaced.get('plane')!).toBeGreaterThan(replaced.get('bill')!);
    const lexical = createContextEngine({ tokenCounter: createCharTokenCounter(), budget: 400 });
    lexical.ingest(session());
    const without = new Map(lexical.assemble({ query }).metadata.decisions.map((decision) => [decision.unitId, decision.score]));
    const none = await scores({ combine: 'add', share: 0 }, query);
    for (const [id, score] of without) expect(none.get(id)).toBeCloseTo(score, 9);
  });

  it.each([[{ combine: 'mix' }], [{ share: -0.1 }], [{ agentShare: 2 }], [{ share: 1.5 }], [{ share: Number.NaN }], ['add']])('rejects dense %j with a CairnError INVALID_OPTIONS', (dense) => {
    let thrown: unknown;
    try {
      createContextEngine({ dense: dense as DenseOptions });
    } catch (error) {
      thrown = error;
    }
    expect(CairnError.isInstance(thrown) && thrown.code).toBe('INVALID_OPTIONS');
  });
});

describe('DenseDirection (D_t in the dense space)', () => {
  it('moves with each new user message, at the lexical inertia, and holds still between them', () => {
    const direction = new DenseDirection();
    expect(direction.update(undefined, -1)).toBeUndefined();
    expect(direction.update([2, 0], 3)).toEqual([1, 0]);
    // The same user message on the next agent step: D_t does not move.
    expect(direction.update([2, 0], 3)).toEqual([1, 0]);
    expect(direction.update([0, 3], 9)).toEqual([0.5, 0.5]);
    expect(direction.update(undefined, 9)).toEqual([0.5, 0.5]);
  });

  it("starts over when the vectors change dimension (another model's)", () => {
    const direction = new DenseDirection();
    direction.update([1, 0], 1);
    expect(direction.update([0, 0, 2], 2)).toEqual([0, 0, 1]);
  });

  it('keeps denormal intents at unit length (fast-check seed 1625627074: [8e-323, 0, -5e-324])', () => {
    const vector = new DenseDirection().update([8e-323, 0, -5e-324], 0)!;
    expect(Math.hypot(...vector)).toBeCloseTo(1, 12);
    expect(new DenseDirection().update([0, 0, 0], 0)).toEqual([0, 0, 0]);
  });

  test.prop([fc.array(fc.array(fc.double({ min: -10, max: 10, noNaN: true }), { minLength: 3, maxLength: 3 }), { minLength: 1, maxLength: 12 })])(
    'stays within the unit ball and is the same for the same turns',
    (intents) => {
      const run = () => {
        const direction = new DenseDirection();
        return intents.map((intent, index) => direction.update(intent, index));
      };
      const once = run();
      expect(run()).toEqual(once);
      for (const vector of once) if (vector) expect(Math.hypot(...vector)).toBeLessThanOrEqual(1 + 1e-6);
    },
  );

  it('with agentShare, an agent turn (no question) is scored against the dense direction D_t', async () => {
    const history: CairnMessage[] = [...session(), { id: 'storm', role: 'assistant', content: 'The forecast for the coast looks grim.' }];
    for (let index = 0; index < 10; index++) history.push({ id: `b${index}`, role: 'assistant', content: `Filler after the forecast, desk ${index}.`.replace('forecast', 'move') });
    history.push({ id: 'ask', role: 'user', content: 'Is rain expected tomorrow?' });
    const scoreOfStorm = async (embedder: Embedder | undefined): Promise<number> => {
      const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), budget: 400, ...(embedder ? { embedder, dense: { agentShare: 0.5 } } : {}) });
      engine.ingest(history);
      await engine.prepare();
      return engine.assemble().metadata.decisions.find((decision) => decision.unitId === 'storm')!.score;
    };
    // "rain" and "forecast" share no word: only the dense D_t connects the user's turn with it.
    expect(await scoreOfStorm(conceptEmbedder)).toBeGreaterThan(await scoreOfStorm(undefined));
  });

  it('by default (agentShare 0) an agent turn scores exactly as without an embedder (prefix stability)', async () => {
    const history: CairnMessage[] = [...session(), { id: 'ask', role: 'user', content: 'Is rain expected tomorrow?' }];
    const decisions = async (embedder: Embedder | undefined) => {
      const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), budget: 400, ...(embedder ? { embedder } : {}) });
      engine.ingest(history);
      await engine.prepare();
      return engine.assemble().metadata.decisions.map(({ unitId, score, fidelity }) => ({ unitId, score, fidelity }));
    };
    expect(await decisions(conceptEmbedder)).toEqual(await decisions(undefined));
  });
});
