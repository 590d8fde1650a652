import { describe, expect, it } from 'vitest';
import { CairnError, createCharTokenCounter, createContextEngine, type CairnMessage, type Embedder } from '../index.js';

/** A toy embedder: one axis per concept, found by synonyms no lexical match would connect. */
const CONCEPTS = [/flight|plane|aircraft|airline/i, /invoice|bill|receipt/i, /weather|rain|forecast/i];
const conceptEmbedder: Embedder = {
  id: 'concepts-v1',
  embed: async (texts) => texts.map((text) => CONCEPTS.map((concept) => (concept.test(text) ? 1 : 0.01))),
};

function session(): CairnMessage[] {
  const messages: CairnMessage[] = [{ id: 'u0', role: 'user', content: 'Help me with my travel paperwork today.' }];
  for (let index = 1; index <= 40; index++) {
    messages.push({ id: `a${index}`, role: 'assistant', content: `Filler note ${index} about the office move and desk numbers ${index * 7}.` });
  }
  messages.push({ id: 'plane', role: 'assistant', content: 'Your aircraft leaves gate 12 at 09:40.' });
  messages.push({ id: 'bill', role: 'assistant', content: 'The receipt total was 312 euros.' });
  messages.push({ id: 'u1', role: 'user', content: 'Thanks.' });
  return messages;
}

function scoreOf(result: ReturnType<ReturnType<typeof createContextEngine>['assemble']>, id: string): number {
  return result.metadata.decisions.find((decision) => decision.unitId === id)!.score;
}

describe('injected embedder', () => {
  it('replaces lexical intent match once prepare() has embedded units and the query', async () => {
    const options = { tokenCounter: createCharTokenCounter(), budget: 400 };
    const lexical = createContextEngine(options);
    const dense = createContextEngine({ ...options, embedder: conceptEmbedder });
    lexical.ingest(session());
    dense.ingest(session());
    const query = 'when does my flight depart?';
    expect(await dense.prepare({ query })).toBe(session().length + 1);
    const withoutEmbedder = lexical.assemble({ query });
    const withEmbedder = dense.assemble({ query });
    // "flight" shares no term with "aircraft": only the embedder connects them.
    expect(scoreOf(withEmbedder, 'plane')).toBeGreaterThan(scoreOf(withoutEmbedder, 'plane'));
    expect(scoreOf(withEmbedder, 'plane')).toBeGreaterThan(scoreOf(withEmbedder, 'bill'));
  });

  it('embeds only what is new on the next prepare()', async () => {
    const engine = createContextEngine({ tokenCounter: createCharTokenCounter(), embedder: conceptEmbedder });
    engine.ingest(session());
    await engine.prepare();
    engine.ingest({ id: 'late', role: 'user', content: 'Is rain expected?' });
    expect(await engine.prepare({ query: 'forecast' })).toBe(2);
    expect(await engine.prepare({ query: 'forecast' })).toBe(0);
  });

  it('is a no-op without an embedder, and reports an embedder that breaks its contract', async () => {
    const plain = createContextEngine();
    expect(await plain.prepare({ query: 'x' })).toBe(0);
    const broken = createContextEngine({ embedder: { id: 'broken', embed: async () => [] } });
    broken.ingest({ id: 'u', role: 'user', content: 'hello' });
    const error = await broken.prepare().catch((caught: unknown) => caught);
    expect(CairnError.isInstance(error)).toBe(true);
    // The engine keeps working on lexical vectors.
    expect(broken.assemble().messages).toHaveLength(1);
  });
});
