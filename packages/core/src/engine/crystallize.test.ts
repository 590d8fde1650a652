import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { cherishCrystal, resumeFromCrystal } from './resume-from-crystal.js';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';
import { buildSession } from '../test-support/arbitrary-session.js';
import { checkCrystal, reapableCrystals, type Crystal } from '../sovereignty/index.js';

const chars = createCharTokenCounter();
const HOUR = 60 * 60 * 1000;

function codeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return CairnError.isInstance(error) ? error.code : 'not a CairnError';
  }
  return undefined;
}

/** Bytes of a string in UTF-8. */
function utf8Bytes(text: string): number {
  let bytes = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

/** A generated 1,000-message session (system prompt, user turns, tool exchanges, answers). */
function thousandMessages(): CairnMessage[] {
  const messages: CairnMessage[] = [];
  for (let turns = 300; messages.length < 1_000; turns += 20) messages.splice(0, messages.length, ...buildSession({ turns, seed: 7 }));
  // Cut at 1,000: a tool exchange cut in the middle keeps an open call, which the engine repairs.
  return messages.slice(0, 1_000);
}

describe('engine.crystallize', () => {
  it('keeps a 1,000-message session in under 10 KB: PRESERVED verbatim, REQUIRED summarised, DROPPABLE dropped', () => {
    const messages = thousandMessages();
    expect(messages).toHaveLength(1_000);
    const engine = createContextEngine({ tokenCounter: chars, now: () => 5 * HOUR });
    engine.ingest(messages);
    const pinnedId = messages.find((message) => message.role === 'user')!.id;
    engine.pin([pinnedId]);
    const crystal = engine.crystallize({ taskState: { step: 'verify', progress: 0.8 }, workingMemory: { ticket: 'ORD-4821' } });
    const size = utf8Bytes(JSON.stringify(crystal));
    // The number for the report: printed, and bounded.
    (globalThis as { console?: { info(text: string): void } }).console?.info(`crystal of a ${messages.length}-message session: ${size} bytes (${crystal.preserved.length} preserved messages, ${crystal.summaries.length} summaries, ${crystal.dropped.units} units dropped)`);
    expect(size).toBeLessThan(10 * 1024);
    expect(crystal.preserved.map((message) => message.id)).toEqual([messages[0]!.id, pinnedId]);
    expect(crystal.preserved[1]).toEqual(messages.find((message) => message.id === pinnedId));
    expect(crystal.summaries.length).toBeGreaterThanOrEqual(1);
    expect(crystal.dropped.units).toBeGreaterThan(300);
    expect(crystal.coveredMessages).toBe(1_000);
    expect(crystal.createdAt).toBe(5 * HOUR);
    expect(crystal.ttlMs).toBe(24 * HOUR);
    expect(crystal.taskState).toEqual({ step: 'verify', progress: 0.8 });
    expect(checkCrystal(JSON.parse(JSON.stringify(crystal)))).toEqual(crystal);
  });

  it('records lineage given, and names the crystal a session was resumed from as the parent', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(buildSession({ turns: 12, seed: 3 }));
    const root = engine.crystallize({ lineage: { branchDepth: 2, scopePath: ['main', 'explore-api'] } });
    expect(root.lineage).toEqual({ parentCrystal: null, branchDepth: 2, scopePath: ['main', 'explore-api'] });
    const resumed = resumeFromCrystal(JSON.parse(JSON.stringify(root)), { tokenCounter: chars });
    resumed.ingest({ id: 'next', role: 'user', content: 'carry on with ORD-77' });
    const child = resumed.crystallize();
    expect(child.lineage.parentCrystal).toBe(root.id);
    expect(resumed.crystallize({ lineage: { parentCrystal: null } }).lineage.parentCrystal).toBeNull();
  });

  it('resumes a session: PRESERVED verbatim (and still PRESERVED), the REQUIRED summaries as one REQUIRED message', () => {
    const engine = createContextEngine({ tokenCounter: chars, sessionId: 'trip' });
    const messages = buildSession({ turns: 30, seed: 11 });
    engine.ingest(messages);
    engine.tag([messages[4]!.id], 'required', 'the booking decision');
    const crystal = engine.crystallize({ tenant: 'acme' });
    const resumed = resumeFromCrystal(crystal, { tokenCounter: chars, tenant: 'acme' });
    expect(resumed.sessionId).toBe('trip');
    const log = resumed.getMessages();
    expect(log[0]).toEqual(messages[0]);
    expect(resumed.resourceClass(messages[0]!.id)).toBe('preserved');
    const summary = log.find((message) => message.id === `${crystal.id}:summary`)!;
    expect(String(summary.content)).toContain(messages[4]!.id);
    expect(resumed.resourceClass(summary.id)).toBe('required');
    const view = resumed.assemble({ budget: 2_000 });
    expect(view.messages[0]!.content).toEqual(messages[0]!.content);
  });

  it('refuses corrupt and foreign crystals with typed errors', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(buildSession({ turns: 6, seed: 5 }));
    const crystal = engine.crystallize({ tenant: 'acme', taskState: { step: 1 } });
    const tampered = { ...JSON.parse(JSON.stringify(crystal)), taskState: { step: 2 } };
    expect(codeOf(() => resumeFromCrystal(tampered))).toBe('CORRUPT_CRYSTAL');
    expect(codeOf(() => resumeFromCrystal({ ...crystal, format: 'x' }))).toBe('CORRUPT_CRYSTAL');
    expect(codeOf(() => resumeFromCrystal('not a crystal'))).toBe('CORRUPT_CRYSTAL');
    expect(codeOf(() => resumeFromCrystal({ ...crystal, preserved: 'x' }))).toBe('CORRUPT_CRYSTAL');
    expect(codeOf(() => resumeFromCrystal(crystal, { tenant: 'other' }))).toBe('CORRUPT_CRYSTAL');
    expect(codeOf(() => engine.crystallize({ taskState: () => 1 }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => engine.crystallize({ lineage: { branchDepth: -1 } }))).toBe('INVALID_OPTIONS');
    expect(codeOf(() => createContextEngine({ sovereignty: { crystalTtlMs: 0 } }))).toBe('INVALID_OPTIONS');
    // Cherishing changes only the pin, which the checksum does not cover.
    expect(checkCrystal(cherishCrystal(crystal)).pinned).toBe(true);
  });
});

describe('the crystal reaper', () => {
  it('removes unpinned crystals past their TTL (24 h by default, injected clock), never cherished ones', () => {
    let clock = 0;
    const engine = createContextEngine({ tokenCounter: chars, now: () => clock });
    engine.ingest(buildSession({ turns: 4, seed: 2 }));
    const old = engine.crystallize();
    clock = 2 * HOUR;
    const kept = cherishCrystal(engine.crystallize({ taskState: 'kept' }));
    const fresh = engine.crystallize({ taskState: 'fresh', ttlMs: 48 * HOUR });
    const records: Crystal[] = [old, kept, fresh];
    expect(reapableCrystals(records, 23 * HOUR)).toEqual([]);
    expect(reapableCrystals(records, 24 * HOUR)).toEqual([old.id]);
    expect(reapableCrystals(records, 100 * HOUR)).toEqual([old.id, fresh.id]);
  });
});
