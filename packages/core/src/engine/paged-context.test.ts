import { afterAll, describe, expect, it } from 'vitest';
import { fc, test } from '@fast-check/vitest';
import { createContextEngine } from './context-engine.js';
import { CairnError, createCharTokenCounter, countMessageTokens, type CairnMessage } from '../log/index.js';
import { generateText } from '../test-support/arbitrary-session.js';

const chars = createCharTokenCounter();
const NOW = Date.UTC(2026, 1, 14, 10, 0, 0);

function chat(): CairnMessage[] {
  const messages: CairnMessage[] = [];
  for (let index = 0; index < 40; index++) {
    messages.push({ id: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant', content: generateText(700 + index, 50), timestamp: NOW - (40 - index) * 60_000 });
  }
  return messages;
}

const count = (text: string, part: string) => text.split(part).length - 1;

describe("format: 'xml' (PagedContext)", () => {
  it('renders the seed structure: registry with CURRENT_TIME, query, trace, linear flow of page nodes', () => {
    const engine = createContextEngine({ tokenCounter: chars, now: () => NOW, sessionId: 'xml' });
    engine.ingest(chat());
    engine.consult({ ids: ['m4'], reason: 'need <the> numbers' });
    const { messages, metadata } = engine.assemble({ budget: 1_500, query: 'what about <Node> ORD-1234?', format: 'xml' });
    expect(messages).toHaveLength(1);
    const xml = String(messages[0]!.content);
    expect(metadata.tokens).toBe(countMessageTokens(messages[0]!, chars));
    expect(metadata.tokens).toBeLessThanOrEqual(1_500);
    expect(xml.startsWith('<PagedContext version="1.0">\n  <Static_Registry>\n    <ST-Node id="CURRENT_TIME" value="2026-02-14T10:00:00" />')).toBe(true);
    expect(xml).toContain('<Query>what about &lt;Node&gt; ORD-1234?</Query>');
    const page = engine.getPage('m4')!;
    expect(xml).toContain(`<Step action="Consult" target="${page.id}" reason="need &lt;the&gt; numbers" />`);
    expect(xml).toMatch(new RegExp(`<Node id="${page.id}" type="Original" view="Detail" timestamp="2026-02-14T09:\\d\\d:00">\\n      <Content>`));
    expect(xml).toMatch(/<Node id="[0-9a-f]{8}\.\.[0-9a-f]{8}" type="Consolidated" view="Summary" timestamp="[^"]+" pages="\d+">/);
    expect(count(xml, '<Node ')).toBe(count(xml, '</Node>'));
    expect(xml.endsWith('</Linear_Flow>\n</PagedContext>')).toBe(true);
  });

  it('rejects an unknown format and refuses a budget the XML cannot fit', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(chat());
    expect(() => engine.assemble({ format: 'yaml' as never })).toThrow(/format/);
    let caught: unknown;
    try {
      engine.assemble({ budget: 60, format: 'xml' });
    } catch (error) {
      caught = error;
    }
    expect(CairnError.isInstance(caught) && caught.code).toBe('BUDGET_EXCEEDED');
  });

  const TAGS = ['</Node>', '<Node id="x" type="Original" view="Detail">', '</Linear_Flow>', '<PagedContext version="9">', '</PagedContext>', '<Query>', '</Content>', '<Step action="Consult"/>', '&lt;', ']]>', '"', '&'];
  let built = 0;
  afterAll(() => expect(built, 'views the property checked').toBeGreaterThan(20));
  const adversarial = fc.array(fc.oneof(fc.constantFrom(...TAGS), fc.string({ maxLength: 12 })), { minLength: 1, maxLength: 8 }).map((parts) => parts.join(' '));

  test.prop([fc.array(adversarial, { minLength: 2, maxLength: 14 }), adversarial, fc.integer({ min: 300, max: 4_000 })], { numRuns: 60 })(
    'content that imitates the tags never breaks the structure, and the budget holds',
    (texts, query, budget) => {
      const engine = createContextEngine({ tokenCounter: chars, now: () => NOW, onBudgetExceeded: 'compress-mandatory' });
      engine.ingest(texts.map((content, index) => ({ id: `m${index}<x>`, role: index % 2 === 0 ? ('user' as const) : ('assistant' as const), name: index === 1 ? '</Node>' : undefined, content })));
      engine.consult({ ids: ['m0<x>'], reason: query });
      let xml: string;
      try {
        const { messages, metadata } = engine.assemble({ budget, query, format: 'xml' });
        expect(metadata.tokens).toBeLessThanOrEqual(budget);
        xml = String(messages[0]!.content);
        built++;
      } catch (error) {
        if (CairnError.isInstance(error) && error.code === 'BUDGET_EXCEEDED') return;
        throw error;
      }
      for (const tag of ['<PagedContext ', '</PagedContext>', '<Static_Registry>', '<Query>', '</Query>', '<Reasoning_Trace>', '<Linear_Flow>', '</Linear_Flow>']) expect(count(xml, tag), tag).toBe(1);
      expect(count(xml, '<Node ')).toBe(count(xml, '</Node>'));
      // The Background_Context block (on by default) is whole elements when it shows.
      expect(count(xml, '<Background_Context>')).toBe(count(xml, '</Background_Context>'));
      // Every tag in the output is one of the protocol's own.
      for (const match of xml.matchAll(/<\/?([A-Za-z_-]+)/g)) expect(['PagedContext', 'Static_Registry', 'ST-Node', 'System_Instructions', 'Known_Dead_Ends', 'Query', 'Reasoning_Trace', 'Step', 'Linear_Flow', 'Node', 'Content', 'Summary', 'Background_Context']).toContain(match[1]);
      // Attribute values never hold a raw quote or angle bracket.
      for (const match of xml.matchAll(/="([^"]*)"/g)) expect(match[1]).not.toMatch(/[<>]/);
    },
  );
});
