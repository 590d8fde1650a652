import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { createCharTokenCounter } from '../log/index.js';
import { arbitrarySession } from '../test-support/arbitrary-session.js';
import { assembleChecked } from '../test-support/check-view.js';

const counter = createCharTokenCounter();
const share = fc.double({ min: 0, max: 1, noNaN: true });

describe('dialogue cues in question views', () => {
  // The third pass's answer cues and question expansions ride along (`timeShare`, `nameShare`,
  // `variantShare`, `expansionShare`, `expansionTerms`), and the fourth's asking cue
  // (`askingShare`), with questions that trigger each; and the sitting prior (`sittingShare`,
  // `sittingTop`), with timestamps whose pauses open sittings (an hour or more) or not.
  const third = fc.record({
    askingShare: share,
    timeShare: share,
    nameShare: share,
    variantShare: share,
    expansionShare: share,
    expansionTerms: fc.integer({ min: 0, max: 20 }),
    sittingShare: share,
    sittingTop: fc.integer({ min: 1, max: 6 }),
  });
  const pauses = fc.array(fc.constantFrom(0, 60_000, 3_600_000, 86_400_000), { minLength: 1, maxLength: 8 });
  const questions = fc.constantFrom('refund for ORD-4821', 'what did you do with the kids?', 'which flight to paris in the morning?', 'when did the deploy fail?', 'who reviewed the refunds?', 'where is the config file?');
  test.prop([arbitrarySession(), fc.integer({ min: 80, max: 6_000 }), share, share, third, questions, fc.option(pauses, { nil: undefined })], { numRuns: 40 })(
    'keep every view invariant (budget, tool pairs, order, verbatim content) and give the same view for the same input',
    (session, budget, selfDisclosureShare, replyShare, cues, query, gaps) => {
      // Timed messages (when `gaps` is given): each a gap from the list, in turn, after the one before.
      let time = 1_700_000_000_000;
      const messages = gaps === undefined ? session : session.map((message, index) => ({ ...message, timestamp: (time += gaps[index % gaps.length]!) }));
      const options = { tokenCounter: counter, budget, dialogue: { selfDisclosureShare, replyShare, ...cues }, onBudgetExceeded: 'compress-mandatory' as const };
      const context = { counter, budget, hotUnits: undefined, onBudgetExceeded: options.onBudgetExceeded };
      const engine = createContextEngine(options);
      engine.ingest(messages);
      const first = assembleChecked(engine, { query }, context, options);
      const again = createContextEngine(options);
      again.ingest(messages);
      const second = assembleChecked(again, { query }, context, options);
      expect(second.ok && second.result.messages).toEqual(first.ok && first.result.messages);
      if (first.ok) expect(first.result.metadata.tokens).toBeLessThanOrEqual(budget);
    },
  );
});
