import { fc, test } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { createCharTokenCounter, SessionLog } from '../log/index.js';
import { resolveOptions } from '../options/index.js';
import { createLexicalVectoriser } from '../text/index.js';
import { TOPIC_PAGE_OPTIONS, topicConversation } from '../test-support/topic-conversation.js';
import { foldedPageCursor, foldedPageOf } from './background-context.js';
import { PageBook } from './page-book.js';

// The Background_Context fold resolves each folded unit's page with a cursor that walks the
// top-level pages forward (and searches back when asked for an earlier unit): whatever the order
// of the units asked for, it names the page foldedPageOf names, and every unit up to the `last` it
// reports is on that page.

describe('foldedPageCursor', () => {
  test.prop([fc.integer({ min: 2, max: 14 }), fc.boolean(), fc.boolean(), fc.array(fc.nat(), { minLength: 1, maxLength: 60 })], { numRuns: 120 })(
    'names the page foldedPageOf names for units asked in any order; the units up to `last` share it',
    (perTopic, merged, consolidated, picks) => {
      const log = new SessionLog(createCharTokenCounter(), createLexicalVectoriser());
      log.append(topicConversation(perTopic));
      const options = resolveOptions(consolidated ? TOPIC_PAGE_OPTIONS : { ...TOPIC_PAGE_OPTIONS, pages: { consolidation: false } });
      const book = new PageBook(log, 's', options.pages.consolidation);
      if (merged) book.consolidation?.merge(undefined);
      const units = log.units.length;
      // Sorted picks (a fold's walk), then the picks as drawn (any order).
      for (const order of [[...picks].sort((a, b) => a - b), picks]) {
        const cursor = foldedPageCursor(book);
        for (const pick of order) {
          const unit = pick % units;
          const page = cursor.page(unit);
          expect(page).toBe(foldedPageOf(book, unit));
          expect(cursor.last).toBeGreaterThanOrEqual(unit);
          for (let next = unit; next <= cursor.last; next++) expect(foldedPageOf(book, next)).toBe(page);
          if (cursor.last + 1 < units) expect(foldedPageOf(book, cursor.last + 1)).not.toBe(page);
        }
      }
    },
  );
});
