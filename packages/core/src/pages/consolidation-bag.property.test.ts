import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { createCharTokenCounter, SessionLog, type CairnMessage } from '../log/index.js';
import { resolveOptions } from '../options/index.js';
import { createLexicalVectoriser, mergeTermBags } from '../text/index.js';
import { arbitrarySessionSpec, sessionFromSpec } from '../test-support/arbitrary-session.js';
import { PageBook } from './page-book.js';
import { OPEN_CALL_WAIT_UNITS } from './segment-pages.js';

// Consolidation.bag keeps a page's merged bag while its units hold the same messages: after every
// batch (late tool results joining units of frozen pages among them), each page's bag is the merge
// of its units' bags now.

describe('Consolidation.bag', () => {
  test.prop([arbitrarySessionSpec({ maxTurns: 30, maxWords: 30, deferResults: true, dropResults: true }), fc.array(fc.nat(), { maxLength: 5 }), fc.boolean()], { numRuns: 80 })(
    'is the merge of the page’s units’ bags after every batch',
    (spec, cuts, merge) => {
      const messages = sessionFromSpec(spec);
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      const book = new PageBook(log, 's', resolveOptions({ pages: { consolidation: { window: 2, minPages: 2, staleAfterPages: 0, maxTokens: 200 } } }).pages.consolidation);
      const bounds = [...new Set(cuts.map((cut) => cut % (messages.length + 1)))].sort((a, b) => a - b);
      let from = 0;
      for (const to of [...bounds, messages.length]) {
        log.append(messages.slice(from, to));
        from = to;
        if (merge) book.consolidation!.merge(undefined);
        for (const page of book.consolidation!.all()) {
          const bags = [];
          for (let unit = page.first; unit <= page.last; unit++) bags.push(log.unitFeatures(unit).bag);
          const expected = mergeTermBags(bags);
          const bag = book.consolidation!.bag(page);
          expect(Array.from(bag.ids)).toEqual(Array.from(expected.ids));
          expect(Array.from(bag.counts)).toEqual(Array.from(expected.counts));
        }
      }
    },
  );

  it('takes in a tool result that joins a unit of a frozen page later', () => {
    const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
    const book = new PageBook(log, 's', resolveOptions({ pages: { consolidation: { window: 2, minPages: 2, maxTokens: 120 } } }).pages.consolidation);
    const messages: CairnMessage[] = [{ id: 'call', role: 'assistant', content: 'Looking it up.', toolCalls: [{ id: 'c1', name: 'lookup', arguments: {} }] }];
    // Past OPEN_CALL_WAIT_UNITS units, segmentation reads the unit with its call still open as it is.
    for (let turn = 0; turn < OPEN_CALL_WAIT_UNITS + 12; turn++) messages.push({ id: `u${turn}`, role: 'user', content: `Question ${turn} about the garden and the tomatoes, the basil and the compost.` });
    log.append(messages);
    const page = book.consolidation!.all().find((candidate) => candidate.first === 0)!;
    expect(page).toBeDefined();
    const before = Array.from(book.consolidation!.bag(page).ids);
    log.append([{ id: 'result', role: 'tool', toolCallId: 'c1', content: 'zeppelin quartz' }]);
    const after = book.consolidation!.bag(page);
    const expected = mergeTermBags(Array.from({ length: page.last - page.first + 1 }, (_, offset) => log.unitFeatures(page.first + offset).bag));
    expect(Array.from(after.ids)).toEqual(Array.from(expected.ids));
    expect(after.ids.length).toBeGreaterThan(before.length);
  });
});
