import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { createCharTokenCounter } from '../log/index.js';
import { reconstructQuery, specificTerms } from './reconstruct-query.js';
import type { PageBook } from './page-book.js';

describe('specificTerms', () => {
  it('finds no specific term in continuation phrases', () => {
    for (const query of ['continue', 'next step', 'anything else?', 'go on', 'ok, more please', 'Yes, proceed.', 'what next?', 'keep going']) {
      expect(specificTerms(query), query).toEqual([]);
    }
  });

  it('finds the topic of an ordinary question', () => {
    expect(specificTerms('retry the migration').length).toBeGreaterThan(0);
    expect(specificTerms('When did Caroline go to the LGBTQ support group?').length).toBeGreaterThan(2);
    expect(specificTerms('ORD-4821?').length).toBeGreaterThan(0);
  });
});

describe('reconstructQuery', () => {
  function book(): PageBook {
    const engine = createContextEngine({ tokenCounter: createCharTokenCounter() });
    engine.ingest([
      { id: 'u1', role: 'user', content: 'Book a flight to Tokyo.' },
      { id: 'a1', role: 'assistant', content: 'Done.' },
      { id: 'u2', role: 'user', content: 'Now migrate the orders table to Postgres.' },
      { id: 'a2', role: 'assistant', content: 'The migration failed: relation orders is locked, so I stopped.' },
      { id: 'u3', role: 'user', content: 'continue' },
    ]);
    return (engine as unknown as { state: { pages: PageBook } }).state.pages;
  }

  it('joins the previous round (its user turn and what followed) to a low-information query', () => {
    const result = reconstructQuery(book(), 'continue');
    expect(result.reconstructed).toBe(true);
    expect(result.query).toBe('user: Now migrate the orders table to Postgres.\nassistant: The migration failed: relation orders is locked, so I stopped.\ncontinue');
  });

  it('leaves an informative query alone', () => {
    expect(reconstructQuery(book(), 'retry the orders migration')).toEqual({ query: 'retry the orders migration', reconstructed: false });
  });
});

describe('intent reconstruction in assemble', () => {
  it('a low-information query scores what the previous round was about', () => {
    const engine = createContextEngine({ tokenCounter: createCharTokenCounter() });
    engine.ingest([{ id: 'old', role: 'user', content: 'The orders table lives in Postgres cluster pg-east-7.' }]);
    for (let index = 0; index < 40; index++) engine.ingest({ id: `f${index}`, role: index % 2 ? 'assistant' : 'user', content: `Weather chat number ${index}, trains and bread.` });
    engine.ingest([
      { id: 'u', role: 'user', content: 'Migrate the orders table to the new Postgres cluster.' },
      { id: 'a', role: 'assistant', content: 'Migration of the orders table started; it stopped at a lock.' },
      { id: 'c', role: 'user', content: 'continue' },
    ]);
    const score = (query: string) => engine.assemble({ budget: 300, query }).metadata.decisions.find((decision) => decision.unitId === 'old')!.score;
    expect(score('continue')).toBeGreaterThan(score('zzz'));
  });
});
