import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { createCharTokenCounter, type CairnMessage, SessionLog } from '../log/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import { coOccurrenceExpansion, MAX_SEED_UNITS, spellingVariants } from './query-expansion.js';

const counter = createCharTokenCounter();

function logOf(texts: readonly string[]): SessionLog {
  const log = new SessionLog(counter, createLexicalVectoriser());
  log.append(texts.map((content, index): CairnMessage => ({ id: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant', content })));
  return log;
}

const termsOf = (log: SessionLog, vector: { ids: Int32Array }) => Array.from(vector.ids, (id) => log.vectoriser.vocabulary.termOf(id)).sort();

describe('spellingVariants', () => {
  it('finds the conversation\u2019s spellings of a question term, and the halves of a compound', () => {
    const log = logOf(['I got mentored by a business owner.', 'The road trip was long.', 'Dancers practised all week.', 'Nothing here.']);
    expect(termsOf(log, spellingVariants(log, log.vectoriser.bag('Who gave Jon mentorship?')))).toContain('mentor');
    expect(termsOf(log, spellingVariants(log, log.vectoriser.bag('How was the roadtrip?')))).toEqual(['road', 'trip']);
    expect(termsOf(log, spellingVariants(log, log.vectoriser.bag('Who was dancing?')))).toContain('dancer');
    expect(spellingVariants(log, log.vectoriser.bag('What is it?')).ids.length).toBe(0);
  });
});

describe('coOccurrenceExpansion', () => {
  const texts = [
    'My kids loved the dinosaur museum.',
    'The kids went swimming at the lake.',
    'The dinosaur bones impressed the kids.',
    'Work was busy, lots of meetings.',
    'Meetings again, and a long report.',
    'I painted a sunset over the lake.',
    ...Array.from({ length: 30 }, (_, index) => `Filler message number ${index} about weather ${index}.`),
  ];

  it('adds the words that come with a question term in at least two units, never the question\u2019s own', () => {
    const log = logOf(texts);
    const terms = termsOf(log, coOccurrenceExpansion(log, log.vectoriser.bag('What do the kids like?'), 8));
    expect(terms).toContain('dinosaur');
    expect(terms).not.toContain('kid');
    expect(terms).not.toContain('meet');
  });

  it('is empty when no question term is held by 2 units up to a tenth of them, or no words are asked for', () => {
    const log = logOf(texts);
    expect(coOccurrenceExpansion(log, log.vectoriser.bag('What about the weather?'), 8).ids.length).toBe(0);
    expect(coOccurrenceExpansion(log, log.vectoriser.bag('What do the kids like?'), 0).ids.length).toBe(0);
  });

  it('does not expand a term held by more than MAX_SEED_UNITS units, however long the log', () => {
    const held = MAX_SEED_UNITS + 10;
    const long = Array.from({ length: 10 * held + 10 }, (_, index) => (index % 10 === 0 ? `The kids liked the dinosaur ${index}.` : `Filler ${index} about weather ${index}.`));
    const log = logOf(long);
    expect(log.statistics.documentFrequency(log.vectoriser.bag('kids').ids[0]!)).toBeGreaterThan(MAX_SEED_UNITS);
    expect(coOccurrenceExpansion(log, log.vectoriser.bag('What do the kids like?'), 8).ids.length).toBe(0);
    const short = logOf(long.slice(0, 10 * 30));
    expect(termsOf(short, coOccurrenceExpansion(short, short.vectoriser.bag('What do the kids like?'), 8))).toContain('dinosaur');
  });

  it('gives the same words whatever was interned before (ties by the word, not its id)', () => {
    const first = logOf(texts);
    const second = logOf(texts);
    second.vectoriser.bag('zebra quantum dinosaurs kids lake swimming');
    const question = 'What do the kids like?';
    expect(termsOf(second, coOccurrenceExpansion(second, second.vectoriser.bag(question), 3))).toEqual(termsOf(first, coOccurrenceExpansion(first, first.vectoriser.bag(question), 3)));
  });
});

describe('question expansion in a view', () => {
  it('lifts a message that spells the question\u2019s word differently', () => {
    const messages: CairnMessage[] = [
      { id: 'a', role: 'user', content: 'Tell me about the trip.' },
      { id: 'b', role: 'assistant', content: 'I got mentored by an amazing business owner last week.' },
      { id: 'c', role: 'user', content: 'Weather talk and nothing else here at all.' },
    ];
    const scoreOf = (variantShare: number) => {
      const engine = createContextEngine({ tokenCounter: counter, budget: 60, dialogue: { variantShare, expansionShare: 0 } });
      engine.ingest(messages);
      return engine.assemble({ query: 'Who gave the mentorship?' }).metadata.decisions[1]!.score;
    };
    // Without variants it has only what every unit gets (proximity, its neighbours' share).
    expect(scoreOf(0.5)).toBeGreaterThan(2 * scoreOf(0));
  });
});
