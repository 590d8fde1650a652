import { describe, expect, it } from 'vitest';
import { createContextEngine } from '../engine/index.js';
import { CairnError } from '../log/index.js';
import { createInMemorySessionStore } from './in-memory-session-store.js';
import { openSession } from './open-session.js';
import { restoreContextEngine } from '../engine/index.js';
import { restoreSessionState } from './restore-session-state.js';
import { snapshotSessionState } from './session-state.js';
import { countMessageTokens, createCharTokenCounter } from '../log/index.js';
import type { CairnMessage, ViewMessage } from '../log/index.js';

const chars = createCharTokenCounter();

function session(count: number): CairnMessage[] {
  return Array.from({ length: count }, (_, index): CairnMessage => ({
    id: `m${index}`,
    role: index % 2 === 0 ? 'user' : 'assistant',
    content: `message ${index}: ${'the quarterly report needs the revenue table and the churn chart '.repeat(10)}`,
  }));
}

function viewTokens(messages: readonly ViewMessage[]): number {
  return messages.reduce((total, message) => total + countMessageTokens(message, chars), 0);
}

describe('token counts in snapshots and stored states are not trusted (issue 12, item 14)', () => {
  it('a snapshot with tampered counts is recounted: the view stays within budget', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    engine.ingest(session(20));
    const snapshot = JSON.parse(JSON.stringify(engine.snapshot())) as { tokens: number[] };
    snapshot.tokens = snapshot.tokens.map(() => 1);
    const restored = restoreContextEngine(snapshot, { tokenCounter: chars });
    const { messages, metadata } = restored.assemble({ budget: 1_000 });
    expect(metadata.tokens).toBe(viewTokens(messages));
    expect(metadata.tokens).toBeLessThanOrEqual(1_000);
    // The same views as an engine restored from the untampered snapshot.
    const clean = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())), { tokenCounter: chars });
    clean.assemble({ budget: 1_000 });
    expect(JSON.stringify(restored.assemble({ budget: 900 }))).toBe(JSON.stringify(clean.assemble({ budget: 900 })));
  });

  it('a stored state with tampered counts is recounted', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    const messages = session(20);
    engine.ingest(messages);
    const state = snapshotSessionState(engine);
    state.tokens = state.tokens.map(() => 0);
    const restored = restoreSessionState({ tenant: 't', sessionId: 's' }, JSON.stringify(state), messages, { tokenCounter: chars });
    const { messages: view, metadata } = restored.assemble({ budget: 1_000 });
    expect(metadata.tokens).toBe(viewTokens(view));
    expect(metadata.tokens).toBeLessThanOrEqual(1_000);
  });

  it('a stored state with an impossible lastBudget or lastViewTokens is CORRUPT_SESSION', () => {
    const engine = createContextEngine({ tokenCounter: chars });
    const messages = session(4);
    engine.ingest(messages);
    for (const tamper of [{ lastBudget: 0 }, { lastBudget: -5 }, { lastViewTokens: -1 }]) {
      const state = { ...snapshotSessionState(engine), ...tamper };
      let error: unknown;
      try {
        restoreSessionState({ tenant: 't', sessionId: 's' }, JSON.stringify(state), messages, { tokenCounter: chars });
      } catch (caught) {
        error = caught;
      }
      expect(CairnError.isInstance(error) && error.code, JSON.stringify(tamper)).toBe('CORRUPT_SESSION');
    }
  });

  it('a state whose messageCount disagrees with its data hides no acknowledged message on reopen', async () => {
    const store = createInMemorySessionStore();
    const key = { tenant: 'default', sessionId: 'tail' };
    const first = await openSession({ store, sessionId: 'tail', tokenCounter: chars });
    await first.ingest(session(10));
    await first.checkpoint();
    const saved = (await store.load(key))!.state!;
    await first.ingest(session(20).slice(10));
    // The row claims 20 messages; the data covers 10.
    await store.saveState(key, { messageCount: 20, data: saved.data }, { expectedVersion: saved.version });
    const reopened = await openSession({ store, sessionId: 'tail', tokenCounter: chars });
    const { messages } = reopened.assemble({ budget: 100_000 });
    expect(messages.map((message) => message.id)).toEqual(session(20).map((message) => message.id));
  });
});
