import { describe, expect, test } from 'vitest';
import { createContextEngine, restoreContextEngine, type CairnMessage } from '../index.js';

/** A failed call of `name`, then a successful one with other arguments (a recovery), with model-chosen ids. */
function recovery(name: string, callIds: [string, string]): CairnMessage[] {
  return [
    { id: 'u1', role: 'user', content: 'Deploy the service.' },
    { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: callIds[0], name, arguments: { target: 'prod-eu' } }] },
    { id: 't1', role: 'tool', toolCallId: callIds[0], name, content: 'Error: permission denied for target prod-eu', isError: true },
    { id: 'a2', role: 'assistant', content: '', toolCalls: [{ id: callIds[1], name, arguments: { target: 'staging-eu' } }] },
    { id: 't2', role: 'tool', toolCallId: callIds[1], name, content: 'deployed to staging-eu' },
  ];
}

describe('the curator with model-chosen names that are Object.prototype members', () => {
  test.each(['constructor', 'toString', 'hasOwnProperty', '__proto__'])('a successful first call of tool %s is no recovery and does not throw', (name) => {
    const engine = createContextEngine({ budget: 4_000 });
    expect(() =>
      engine.ingest([
        { id: 'u1', role: 'user', content: 'Check the service.' },
        { id: 'a1', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name, arguments: { target: 'prod-eu' } }] },
        { id: 't1', role: 'tool', toolCallId: 'c1', name, content: 'ok' },
      ]),
    ).not.toThrow();
    expect(engine.getPlaybook()).toEqual([]);
  });

  test.each([
    ['constructor', ['__proto__', 'toString'] as [string, string]],
    ['__proto__', ['hasOwnProperty', 'constructor'] as [string, string]],
    ['toString', ['valueOf', '__proto__'] as [string, string]],
  ])('tool %s with call ids %j: ingests, learns the recovery, survives a snapshot', (name, ids) => {
    const engine = createContextEngine({ budget: 4_000 });
    expect(() => engine.ingest(recovery(name, ids))).not.toThrow();
    const lessons = engine.getPlaybook().map((bullet) => bullet.content);
    expect(lessons.some((content) => content.startsWith(`${name}: use`))).toBe(true);
    const restored = restoreContextEngine(JSON.parse(JSON.stringify(engine.snapshot())));
    expect(() => restored.ingest([{ id: 'u2', role: 'user', content: 'Again, please.' }])).not.toThrow();
    expect(Object.getPrototypeOf({})).toBe(Object.prototype);
  });
});
