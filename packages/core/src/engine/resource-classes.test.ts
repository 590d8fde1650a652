import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { restoreContextEngine } from './restore-context-engine.js';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';

const chars = createCharTokenCounter();

function session(): CairnMessage[] {
  const long = (seed: string) => `${seed} `.repeat(120);
  return [
    { id: 's', role: 'system', content: 'You are a travel agent.' },
    { id: 'u1', role: 'user', content: `Book flight ORD-4821 to Paris, never the red-eye. ${long('context')}` },
    { id: 'a1', role: 'assistant', content: long('searching flights') },
    { id: 'u2', role: 'user', content: long('what about hotels') },
    { id: 'a2', role: 'assistant', content: long('hotel list') },
    { id: 'u3', role: 'user', content: long('and the weather') },
    { id: 'a3', role: 'assistant', content: long('sunny') },
    { id: 'u4', role: 'user', content: 'Which flight did I ask for?' },
  ];
}

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : 'not a CairnError';
  }
  return undefined;
}

describe('resource classes on the engine', () => {
  it('assigns the defaults: system and pinned PRESERVED, latest user and hot set REQUIRED, the rest DROPPABLE', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest([...session().slice(0, 7), { id: 'p', role: 'user', content: 'keep me', metadata: { pinned: true } }, session()[7]!]);
    expect(engine.resourceClass('s')).toBe('preserved');
    expect(engine.resourceClass('p')).toBe('preserved');
    expect(engine.resourceClass('u4')).toBe('required');
    expect(engine.resourceClass('u1')).toBe('droppable');
    expect(engine.resourceClass('missing')).toBeUndefined();
    const compressible = createContextEngine({ tokenCounter: chars, onBudgetExceeded: 'compress-mandatory' });
    compressible.ingest(session());
    expect(compressible.resourceClass('s')).toBe('required');
  });

  it('tags and promotes monotonically, with a ledger of when (engine clock) and why', () => {
    let clock = 1_000;
    const engine = createContextEngine({ tokenCounter: chars, now: () => clock });
    engine.ingest(session());
    const written = engine.tag(['u1', 'a1'], 'required', 'the booking');
    expect(written.map((entry) => [entry.id, entry.previous, entry.resourceClass, entry.at, entry.reason])).toEqual([
      ['u1', 'droppable', 'required', 1_000, 'the booking'],
      ['a1', 'droppable', 'required', 1_000, 'the booking'],
    ]);
    clock = 2_000;
    expect(engine.tag(['u1'], 'required')).toEqual([]);
    engine.promote(['u1'], 'preserved', 'the user said never');
    expect(engine.resourceClass('u1')).toBe('preserved');
    expect(engine.resourceLedger().map((entry) => [entry.id, entry.action, entry.at])).toEqual([
      ['u1', 'tag', 1_000],
      ['a1', 'tag', 1_000],
      ['u1', 'promote', 2_000],
    ]);
    // Demotion is a typed error, and the batch changes nothing.
    expect(codeOf(() => engine.tag(['a1', 'u1'], 'required'))).toBe('RESOURCE_DEMOTION');
    expect(codeOf(() => engine.promote(['a2', 'u1'], 'droppable'))).toBe('RESOURCE_DEMOTION');
    expect(codeOf(() => engine.tag(['s'], 'droppable'))).toBe('RESOURCE_DEMOTION');
    expect(codeOf(() => engine.tag(['u4'], 'droppable'))).toBe('RESOURCE_DEMOTION');
    expect(engine.resourceLedger()).toHaveLength(3);
  });

  it('refuses unknown ids, bad classes and bad reasons with typed errors, changing nothing', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(session());
    expect(codeOf(() => engine.tag(['u1', 'nope'], 'required'))).toBe('UNKNOWN_MESSAGE');
    expect(codeOf(() => engine.tag(['u1'], 'pinned' as never))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => engine.tag('u1' as never, 'required'))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => engine.tag(['u1'], 'required', 42 as never))).toBe('INVALID_OPTIONS');
    expect(engine.resourceLedger()).toEqual([]);
    expect(engine.resourceClass('u1')).toBe('droppable');
  });

  it('pin is a promotion to PRESERVED, recorded in the ledger', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(session());
    engine.pin(['a1']);
    expect(engine.resourceClass('a1')).toBe('preserved');
    expect(engine.resourceLedger()).toEqual([expect.objectContaining({ id: 'a1', action: 'promote', reason: 'pin', resourceClass: 'preserved' })]);
    expect(codeOf(() => engine.pin(['nope']))).toBe('UNKNOWN_MESSAGE');
  });

  it('plans by class: PRESERVED verbatim, REQUIRED at least compressed, DROPPABLE may become a placeholder', () => {
    const engine = createContextEngine({ tokenCounter: chars, budget: 700 });
    engine.ingest(session());
    engine.tag(['a1'], 'required', 'decision');
    engine.tag(['a2'], 'preserved', 'quote');
    const { messages, metadata } = engine.assemble({ query: 'which flight?' });
    const a2 = messages.find((message) => message.id === 'a2');
    expect(a2?.fidelity).toBe('full');
    expect(a2?.content).toBe(session()[4]!.content);
    const decision = (id: string) => metadata.decisions.find((entry) => entry.unitId === id)!;
    expect(decision('a1').fidelity).not.toBe('placeholder');
    expect(metadata.decisions.some((entry) => entry.fidelity === 'placeholder')).toBe(true);
  });

  it('keeps tags through a snapshot, and restores a snapshot without a ledger as an empty one', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(session());
    engine.tag(['u1'], 'required', 'why');
    engine.tag(['a3'], 'preserved');
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot()));
    const restored = restoreContextEngine(snapshot, { tokenCounter: chars });
    expect(restored.resourceLedger()).toEqual(engine.resourceLedger());
    expect(restored.resourceClass('a3')).toBe('preserved');
    expect(codeOf(() => restored.tag(['u1'], 'droppable'))).toBe('RESOURCE_DEMOTION');
    const { resources: _resources, ...before } = snapshot;
    const old = restoreContextEngine(before, { tokenCounter: chars });
    expect(old.resourceLedger()).toEqual([]);
    expect(old.resourceClass('a3')).toBe('preserved'); // the pin it implied is in the old field
    expect(codeOf(() => restoreContextEngine({ ...snapshot, resources: [{ id: 'ghost' }] }, { tokenCounter: chars }))).toBe('INVALID_SNAPSHOT');
  });
});

describe('engine.window', () => {
  it('is the store comonad over the session turns, focused on the latest; seek(t) is the history as of turn t', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(session());
    const window = engine.window();
    expect(window.size).toBe(4);
    expect(window.extract().messages.map((message) => message.id)).toEqual(['u4']);
    expect(window.seek(1).extract().history.map((message) => message.id)).toEqual(['s', 'u1', 'a1', 'u2', 'a2']);
    const lengths = window.extend((at) => at.extract().history.length);
    expect(lengths.values()).toEqual([3, 5, 7, 8]);
  });
});
