import { createContextEngine } from '@cairn/core';
import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { SyntheticEmbeddings } from '@langchain/core/utils/testing';
import { createAgent } from 'langchain';
import { describe, expect, it } from 'vitest';
import { cairnMiddleware } from './cairn-middleware.js';
import { fromLangChainEmbeddings } from './from-lang-chain-embeddings.js';

/** SyntheticEmbeddings, counting what it is asked to embed. */
class CountingEmbeddings extends SyntheticEmbeddings {
  readonly seen: string[] = [];
  override async embedDocuments(documents: string[]): Promise<number[][]> {
    this.seen.push(...documents);
    return super.embedDocuments(documents);
  }
}

describe('fromLangChainEmbeddings', () => {
  it('maps embedDocuments to an Embedder, one vector per text, deterministic', async () => {
    const embedder = fromLangChainEmbeddings(new SyntheticEmbeddings({ vectorSize: 8 }));
    expect(embedder.id).toBe('langchain:SyntheticEmbeddings');
    const first = await embedder.embed(['alpha', 'beta']);
    expect(first).toHaveLength(2);
    expect(first[0]).toHaveLength(8);
    expect(await embedder.embed(['alpha'])).toEqual([first[0]]);
    expect(await embedder.embed([])).toEqual([]);
    expect(fromLangChainEmbeddings(new SyntheticEmbeddings(), { id: 'mine' }).id).toBe('mine');
  });

  it('a core engine uses it through prepare', async () => {
    const embeddings = new CountingEmbeddings({ vectorSize: 16 });
    const engine = createContextEngine({ embedder: fromLangChainEmbeddings(embeddings) });
    engine.ingest([{ id: 'u1', role: 'user', content: 'book a flight to Lisbon' }]);
    expect(await engine.prepare({ query: 'flights' })).toBeGreaterThan(0);
    expect(embeddings.seen.join(' ')).toContain('Lisbon');
  });

  it('the middleware embeds the history with a LangChain Embeddings object before each view', async () => {
    const embeddings = new CountingEmbeddings({ vectorSize: 16 });
    const model = fakeModel().respond(new AIMessage('Sure.'));
    const agent = createAgent({ model, tools: [], middleware: [cairnMiddleware({ embeddings, budget: 2_000 })] });
    await agent.invoke({ messages: [new HumanMessage('Plan a trip to Kyoto in April.')] });
    expect(embeddings.seen.join(' ')).toContain('Kyoto');
    expect(model.callCount).toBe(1);
  });
});
