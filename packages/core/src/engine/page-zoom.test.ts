import { describe, expect, it } from 'vitest';
import { createContextEngine, type ContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { generateText } from '../test-support/arbitrary-session.js';

const chars = createCharTokenCounter();

/** A long chat where one early message holds the fact the query at the end asks about. */
function chat(): CairnMessage[] {
  const messages: CairnMessage[] = [{ id: 's', role: 'system', content: 'You are a helpful agent.' }];
  for (let index = 0; index < 60; index++) {
    messages.push({ id: `m${index}`, role: index % 2 === 0 ? 'user' : 'assistant', content: generateText(900 + index, 60) });
  }
  messages.push({ id: 'last', role: 'user', content: 'What next?' });
  return messages;
}

function engineWith(messages = chat(), options = {}): ContextEngine {
  const engine = createContextEngine({ tokenCounter: chars, sessionId: 'zoom-test', ...options });
  engine.ingest(messages);
  return engine;
}

const BUDGET = 900;

function fidelityOf(engine: ContextEngine, unitId: string, budget = BUDGET) {
  const result = engine.assemble({ budget });
  return { result, decision: result.metadata.decisions.find((decision) => decision.unitId === unitId)! };
}

describe('page manifests and ids in the view', () => {
  it('by default every placeholder names ids consult takes, at no extra tokens', () => {
    // Placeholder markers: the Background_Context block (on by default) folds the runs (the next test covers it).
    const engine = engineWith(chat(), { pages: { consolidation: { background: false } } });
    const { messages } = engine.assemble({ budget: BUDGET });
    const placeholders = messages.filter((message) => message.fidelity === 'placeholder');
    expect(placeholders.length).toBeGreaterThan(0);
    for (const message of placeholders) {
      const text = String(message.content);
      expect(text).not.toContain('page=');
      const single = /^\[cairn:placeholder id=(\S+?)\]/.exec(text);
      const run = /^\[cairn:placeholder from=(\S+) to=(\S+) count=/.exec(text);
      const ids = single ? [single[1]!] : [run![1]!, run![2]!];
      for (const id of ids) expect(engine.getPage(id)?.messageIds).toContain(id);
    }
  });

  it('by default the Background_Context block names page ids, each one that getPage resolves', () => {
    const engine = engineWith();
    const { messages } = engine.assemble({ budget: BUDGET });
    const blocks = messages.filter((message) => message.id.startsWith('cairn:background'));
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      // Entries after the header: bare ids, some with keywords in parentheses.
      const ids = String(block.content)
        .split('\n')
        .slice(1)
        .flatMap((line) => line.replace(/\([^)]*\)/g, ' ').split(/\s+/).filter((word) => /^[0-9a-f]{8,12}$/.test(word)));
      expect(ids.length).toBeGreaterThan(0);
      for (const id of ids) expect(engine.getPage(id)?.id).toBe(id);
    }
  });

  it('with pages.showPageIds every placeholder names a page id that getPage resolves', () => {
    // Placeholder markers: the Background_Context block (on by default) folds the runs.
    const engine = engineWith(chat(), { pages: { showPageIds: true, consolidation: { background: false } } });
    const { messages } = engine.assemble({ budget: BUDGET });
    const placeholders = messages.filter((message) => message.fidelity === 'placeholder');
    expect(placeholders.length).toBeGreaterThan(0);
    for (const message of placeholders) {
      const match = /page=([0-9a-f]{8})\]|pages=([0-9a-f]{8})\.\.([0-9a-f]{8})\]/.exec(String(message.content));
      expect(match, String(message.content)).not.toBeNull();
      for (const id of match!.slice(1).filter(Boolean)) expect(engine.getPage(id)?.id).toBe(id);
    }
  });

  it('a manifest has an id, the unit, keywords and the seed summary', () => {
    const engine = engineWith([{ id: 'u1', role: 'user', name: 'Ana', content: 'Hi! The deploy of v2.3.1 failed on node 14, so we pin node 20.', timestamp: 1_700_000_000_000 }]);
    const page = engine.getPage('u1')!;
    expect(page).toMatchObject({ type: 'Original', unitId: 'u1', messageIds: ['u1'], timestamp: 1_700_000_000_000, view: 'Summary' });
    expect(page.id).toMatch(/^[0-9a-f]{8}$/);
    expect(page.summary).toBe('user Ana: The deploy of v2.3.1 failed on node 14, so we pin node 20.');
    expect(page.keywords.length).toBeGreaterThan(0);
    expect(engine.getPage(page.id)).toEqual(page);
    expect(engine.listPages().map((manifest) => manifest.id)).toEqual([page.id]);
  });

  it('page ids are stable across restore and differ between sessions', () => {
    const engine = engineWith();
    const ids = engine.listPages().map((page) => page.id);
    expect(new Set(ids).size).toBe(ids.length);
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), { tokenCounter: chars });
    expect(restored.listPages().map((page) => page.id)).toEqual(ids);
    const other = createContextEngine({ tokenCounter: chars, sessionId: 'another' });
    other.ingest(chat());
    expect(other.listPages().map((page) => page.id)).not.toEqual(ids);
  });
});

describe('consult and shelve', () => {
  it('a consulted page is shown full next turn until shelved, and the trace says why', () => {
    const engine = engineWith();
    const before = fidelityOf(engine, 'm4');
    expect(before.decision.fidelity).not.toBe('full');
    const page = engine.getPage('m4')!;
    const consulted = engine.consult({ ids: [page.id], reason: 'need the <b>original</b> numbers' });
    expect(consulted).toMatchObject({ action: 'Consult', changed: 1, failed: false, skipped: 0 });
    expect(consulted.entries[0]).toMatchObject({ pageId: page.id, status: 'changed', from: 'Summary', to: 'Detail' });
    expect(consulted.text).toContain(page.id);
    const after = fidelityOf(engine, 'm4');
    expect(after.decision).toMatchObject({ fidelity: 'full', reason: 'mandatory:consulted' });
    expect(after.result.metadata.tokens).toBeLessThanOrEqual(BUDGET);
    const trace = after.result.messages[after.result.messages.length - 1]!;
    expect(trace.id).toBe('cairn:reasoning-trace');
    expect(String(trace.content)).toContain(`Consult ${page.id} because "need the &lt;b&gt;original&lt;/b&gt; numbers"`);
    expect(engine.getPage(page.id)!.view).toBe('Detail');
    // Still in Detail a turn later.
    expect(fidelityOf(engine, 'm4').decision.fidelity).toBe('full');
    const shelved = engine.shelve({ ids: ['m4'], reason: 'done with it' });
    expect(shelved.entries[0]).toMatchObject({ status: 'changed', from: 'Detail', to: 'Summary' });
    expect(fidelityOf(engine, 'm4').decision.reason).not.toBe('mandatory:consulted');
  });

  it('reports unknown, foreign, malformed and repeated ids as entries, never a throw', () => {
    const engine = engineWith();
    const foreign = createContextEngine({ tokenCounter: chars, sessionId: 'elsewhere' });
    foreign.ingest(chat());
    const foreignId = foreign.getPage('m4')!.id;
    const own = engine.getPage('m4')!.id;
    const result = engine.consult({ ids: ['nope', foreignId, '', own, 'm4', 7 as unknown as string], reason: 'x' });
    expect(result.entries.map((entry) => entry.status)).toEqual(['unknown', 'unknown', 'invalid', 'changed', 'invalid']);
    expect(result.changed).toBe(1);
    const unknownOnly = engine.consult({ ids: ['deadbeef'] });
    expect(unknownOnly).toMatchObject({ failed: true, changed: 0 });
    expect(unknownOnly.text).toMatch(/^Consult failed/);
  });

  it('a shelve of a page never consulted says so and changes nothing', () => {
    const engine = engineWith();
    const snapshot = JSON.stringify(engine.snapshot());
    const result = engine.shelve({ ids: ['m4'], reason: 'tidy' });
    expect(result.entries[0]!.status).toBe('not-consulted');
    expect(result.failed).toBe(true);
    expect(JSON.stringify(engine.snapshot())).toBe(snapshot);
  });

  it('malformed requests are typed errors and change nothing', () => {
    const engine = engineWith();
    const snapshot = JSON.stringify(engine.snapshot());
    for (const request of [undefined, null, 'm4', { ids: 'm4' }, { ids: ['m4'], reason: 5 }]) {
      let caught: unknown;
      try {
        engine.consult(request as never);
      } catch (error) {
        caught = error;
      }
      expect(CairnError.isInstance(caught) && caught.code).toBe('INVALID_PAGE_REQUEST');
    }
    expect(JSON.stringify(engine.snapshot())).toBe(snapshot);
  });

  it('a consult storm acts on the first ids only and a 1 MB reason is cut', () => {
    const engine = engineWith();
    const ids = [...Array(500).keys()].map((index) => (index < 60 ? `m${index}` : `x${index}`));
    const result = engine.consult({ ids, reason: `<Step>${'r'.repeat(1024 * 1024)}` });
    expect(result.entries.length).toBe(32);
    expect(result.skipped).toBe(468);
    expect(result.text).toContain('468 more ids skipped');
    const { metadata, messages } = engine.assemble({ budget: BUDGET });
    expect(metadata.tokens).toBeLessThanOrEqual(BUDGET);
    const trace = String(messages[messages.length - 1]!.content);
    expect(trace.length).toBeLessThan(4_000);
    expect(trace).not.toContain('<Step>');
    // Nothing stored is lost.
    expect(engine.getMessages().length).toBe(chat().length);
  });

  it('budget pressure shelves the oldest consult first and records it', () => {
    const engine = engineWith();
    for (const id of ['m2', 'm4', 'm6', 'm8', 'm10', 'm12', 'm14', 'm16', 'm18', 'm20']) engine.consult({ ids: [id], reason: `look at ${id}` });
    const result = engine.assemble({ budget: BUDGET });
    expect(result.metadata.tokens).toBeLessThanOrEqual(BUDGET);
    const detail = engine.listPages().filter((page) => page.view === 'Detail').map((page) => page.unitId);
    expect(detail.length).toBeGreaterThan(0);
    expect(detail.length).toBeLessThan(10);
    // The survivors are the latest consults.
    expect(detail).toEqual(['m2', 'm4', 'm6', 'm8', 'm10', 'm12', 'm14', 'm16', 'm18', 'm20'].slice(-detail.length));
    expect(String(result.messages[result.messages.length - 1]!.content)).toContain('Shelve (by cairn)');
  });
});

describe('pages in snapshots', () => {
  it('consulted pages and the trace survive a snapshot round trip', () => {
    const engine = engineWith();
    engine.consult({ ids: ['m4'], reason: 'keep' });
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), { tokenCounter: chars });
    expect(restored.getPage('m4')!.view).toBe('Detail');
    expect(JSON.stringify(restored.assemble({ budget: BUDGET }))).toBe(JSON.stringify(engine.assemble({ budget: BUDGET })));
  });

  it('a snapshot made before pages existed restores with no page consulted', () => {
    const engine = engineWith();
    engine.assemble({ budget: BUDGET });
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    delete snapshot.pages;
    const restored = restoreContextEngine(snapshot, { tokenCounter: chars });
    expect(restored.listPages().every((page) => page.view === 'Summary')).toBe(true);
    expect(restored.listPages().map((page) => page.id)).toEqual(engine.listPages().map((page) => page.id));
    expect(restored.assemble({ budget: BUDGET }).metadata.tokens).toBeLessThanOrEqual(BUDGET);
  });

  it('a snapshot naming a page not in the log is refused', () => {
    const engine = engineWith();
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    snapshot.pages = { zoom: [['00000000', 'Detail', 1]], sequence: 1, trace: [] };
    expect(() => restoreContextEngine(snapshot, { tokenCounter: chars })).toThrow(/snapshot.pages/);
  });
});

describe('a placeholder run as a range', () => {
  it('consulting first..last lists the pages that best match the reason, changing nothing', () => {
    const messages = chat();
    messages.splice(10, 1, { id: 'm9', role: 'assistant', content: 'The vault code is 7391-ALPHA; the old one, 1200-BETA, no longer works.' });
    // A placeholder run in the view: the Background_Context block (on by default) would fold it.
    const engine = engineWith(messages, { pages: { consolidation: { background: false } } });
    const { messages: view } = engine.assemble({ budget: BUDGET });
    const run = /from=(\S+) to=(\S+) count=/.exec(view.map((message) => String(message.content)).join('\n'))!;
    const range = `${run[1]}..${run[2]}`;
    const snapshot = JSON.stringify(engine.snapshot());
    const result = engine.consult({ ids: [range], reason: 'where is the vault code 7391' });
    expect(result).toMatchObject({ changed: 0, failed: false });
    expect(result.entries[0]!.status).toBe('listed');
    const vault = engine.getPage('m9')!;
    expect(result.text).toContain(`page=${vault.id} (Summary)`);
    expect(vault.summary).toBe('assistant: The vault code is 7391-ALPHA; the old one, 1200-BETA, no longer works.');
    expect(result.entries[0]!.message.split('\n').length).toBeLessThanOrEqual(13);
    expect(JSON.stringify(engine.snapshot())).toBe(snapshot);
    // A shelve does not take ranges.
    expect(engine.shelve({ ids: [range] }).entries[0]!.status).toBe('unknown');
  });
});

describe('the page index', () => {
  it('tracks heat from consults (decaying), activation in the last view and staleness', () => {
    const engine = engineWith();
    const id = engine.getPage('m4')!.id;
    expect(engine.getPage(id)).toMatchObject({ heat: 0, activation: undefined, staleness: 0 });
    engine.assemble({ budget: BUDGET });
    const shown = engine.getPage(id)!;
    expect(shown.activation).toBe('placeholder');
    engine.consult({ ids: [id], reason: 'a' });
    expect(engine.getPage(id)!.heat).toBe(1);
    engine.assemble({ budget: BUDGET });
    expect(engine.getPage(id)).toMatchObject({ activation: 'full', staleness: 0 });
    engine.shelve({ ids: [id] });
    for (let turn = 0; turn < 10; turn++) engine.assemble({ budget: BUDGET });
    const later = engine.getPage(id)!;
    expect(later.heat).toBeCloseTo(0.5 ** (11 / 10), 5);
    if (later.activation === 'placeholder') expect(later.staleness).toBeGreaterThan(0);
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), { tokenCounter: chars });
    expect(restored.getPage(id)).toEqual(later);
  });
});
