import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { assembleChecked } from '../test-support/check-view.js';

const counter = createCharTokenCounter();

/**
 * A dialogue where the answer to "which flooring does the dance studio need?" is one long
 * message, and four short replies each share a word of the question.
 */
function dialogue(): CairnMessage[] {
  const filler = (index: number): string => `We talked about the weather, groceries and the neighbours' garden party number ${index}, nothing else worth keeping from that afternoon.`;
  const messages: CairnMessage[] = [];
  const say = (content: string) => messages.push({ id: `m${messages.length + 1}`, role: messages.length % 2 === 0 ? 'user' : 'assistant', content });
  for (let index = 0; index < 12; index++) say(filler(index));
  say('Good flooring matters most: for the studio I want Marley flooring, the vinyl that dance studios use, grippy yet smooth, tough and easy to keep clean, laid over a sprung subfloor.');
  for (let index = 12; index < 18; index++) say(filler(index));
  for (const short of ['Dance? Nice!', 'A studio!', 'Flooring, hm.', 'Need it?']) {
    say(short);
    say(filler(messages.length));
  }
  for (let index = 30; index < 36; index++) say(filler(index));
  return messages;
}

describe('selection.shortUnitTokens', () => {
  it('lets a long message that answers the question outbid short replies that only share its words', () => {
    const question = 'which flooring does the dance studio need?';
    const views = [0, 50].map((shortUnitTokens) => {
      // The floor alone: the dialogue cues (on by default) also pass short reactions over.
      const engine = createContextEngine({ tokenCounter: counter, budget: 200, selection: { shortUnitTokens }, dialogue: { selfDisclosureShare: 1, replyShare: 0 } });
      engine.ingest(dialogue());
      return engine.assemble({ query: question }).messages;
    });
    const shows = (view: typeof views[number], id: string) => view.some((message) => message.fidelity === 'full' && message.sourceIds.includes(id));
    expect(shows(views[0]!, 'm13')).toBe(false);
    expect(shows(views[1]!, 'm13')).toBe(true);
    for (const id of ['m20', 'm22', 'm24']) expect(shows(views[0]!, id)).toBe(true);
  });

  it('changes nothing on an agent turn (no query)', () => {
    const views = [0, 50].map((shortUnitTokens) => {
      const engine = createContextEngine({ tokenCounter: counter, budget: 200, selection: { shortUnitTokens } });
      engine.ingest(dialogue());
      return engine.assemble().messages;
    });
    expect(views[1]).toEqual(views[0]);
  });

  test.prop([arbitrarySession(), fc.integer({ min: 80, max: 6_000 }), fc.integer({ min: 0, max: 400 }), fc.constantFrom('refund for ORD-4821', 'which flight to paris in the morning?')], { numRuns: 40 })(
    'keeps every view invariant (budget, tool pairs, order, verbatim content) whatever the floor',
    (messages, budget, shortUnitTokens, query) => {
      const options = { tokenCounter: counter, budget, selection: { shortUnitTokens }, onBudgetExceeded: 'compress-mandatory' as const };
      const engine = createContextEngine(options);
      engine.ingest(messages);
      const context = { counter, budget, hotUnits: undefined, onBudgetExceeded: options.onBudgetExceeded };
      const first = assembleChecked(engine, { query }, context, options);
      const again = createContextEngine(options);
      again.ingest(messages);
      const second = assembleChecked(again, { query }, context, options);
      // Same input, same output.
      expect(second.ok && second.result.messages).toEqual(first.ok && first.result.messages);
    },
  );
});
