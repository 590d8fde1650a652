import { CairnError } from '@cairn/core';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { findToolPairingProblems } from '../find-tool-pairing-problems.js';
import { parseSessionJsonl } from '../read-session-file.js';
import { splitByAgent } from '../runner/split-by-agent.js';
import { convertSweAgentTrajectory } from './convert-swe-agent-trajectory.js';
import type { SweAgentHistoryEntry } from './swe-agent-types.js';

const FOOTER = '\n\n(Open file: n/a)\n(Current directory: /repo)\nbash-$';

/** A small CodeR-like run: the Manager plans, a Programmer works (one failure), the Manager submits. */
const history: SweAgentHistoryEntry[] = [
  { role: 'system', agent: 'Manager', content: 'SETTING: You are a Manager.' },
  { role: 'user', agent: 'Manager', content: 'ISSUE: delete() keeps the pk.' },
  { role: 'assistant', agent: 'Manager', content: 'DISCUSSION\nPlan two.\n```\nplan\n{"entry": "Programmer"}\nend_of_plan\n```', action: 'plan\n{"entry": "Programmer"}\nend_of_plan\n' },
  { role: 'system', agent: 'Programmer', content: 'You are an autonomous programmer.' },
  { role: 'user', agent: 'Programmer', content: 'Here is a demonstration of how to correctly accomplish this task.', is_demo: true },
  { role: 'user', agent: 'Programmer', content: 'ISSUE: delete() keeps the pk.' },
  { role: 'assistant', agent: 'Programmer', content: 'Search for it.\n```\nfind_file "deletion.py" \n```', action: 'find_file "deletion.py" \n' },
  { role: 'user', agent: 'Programmer', content: `No matches found for "deletion.py" in /repo${FOOTER}` },
  { role: 'assistant', agent: 'Programmer', content: 'Open it.', action: 'open app/deletion.py 276\n' },
  { role: 'user', agent: 'Programmer', content: `[File: /repo/app/deletion.py (327 lines total)]\n276:    pass${FOOTER}` },
  { role: 'assistant', agent: 'Programmer', content: 'Done.', action: 'succeed\n' },
  { role: 'user', agent: 'Manager', content: '\nIn order to solve this issue, the manager has planned: Programmer\n"conclusions": fixed.' },
  { role: 'assistant', agent: 'Manager', content: 'DISCUSSION\nSubmit.', action: 'submit\n' },
];

describe('convertSweAgentTrajectory', () => {
  const { messages, droppedDemoMessages, droppedDemoChars } = convertSweAgentTrajectory({ environment: 'swe_main', history, info: {} }, { runId: 'demo-1' });

  it('drops demonstrations and keeps every other entry in order, with numbered ids', () => {
    expect(droppedDemoMessages).toBe(1);
    expect(droppedDemoChars).toBe(history[4]!.content.length);
    expect(messages.map((message) => message.id)).toEqual(messages.map((_, index) => `demo-1-m${String(index).padStart(3, '0')}`));
    expect(messages.filter((message) => message.synthetic !== true).map((message) => message.content)).toEqual(history.filter((entry) => entry.is_demo !== true).map((entry) => entry.content));
  });

  it('turns each command into one call named by its first word, with the whole command as arguments', () => {
    const calls = messages.flatMap((message) => message.tool_calls ?? []);
    expect(calls).toEqual([
      { id: 'demo-1-tc001', name: 'plan', arguments: { command: 'plan\n{"entry": "Programmer"}\nend_of_plan' } },
      { id: 'demo-1-tc002', name: 'find_file', arguments: { command: 'find_file "deletion.py" ' } },
      { id: 'demo-1-tc003', name: 'open', arguments: { command: 'open app/deletion.py 276' } },
      { id: 'demo-1-tc004', name: 'succeed', arguments: { command: 'succeed' } },
      { id: 'demo-1-tc005', name: 'submit', arguments: { command: 'submit' } },
    ]);
  });

  it('answers a plan with the Manager report after the planned agent ran, and ends with synthetic results', () => {
    expect(messages.map((message) => `${message.agent}:${message.role}${message.tool_call_id ? `(${message.tool_call_id.slice(-5)})` : ''}`)).toEqual([
      'Manager:system',
      'Manager:user',
      'Manager:assistant',
      'Programmer:system',
      'Programmer:user',
      'Programmer:assistant',
      'Programmer:tool(tc002)',
      'Programmer:assistant',
      'Programmer:tool(tc003)',
      'Programmer:assistant',
      'Programmer:tool(tc004)',
      'Manager:tool(tc001)',
      'Manager:assistant',
      'Manager:tool(tc005)',
    ]);
    expect(messages[10]).toMatchObject({ role: 'tool', name: 'succeed', content: '', is_error: false, synthetic: true });
    expect(messages.filter((message) => message.role === 'user').every((message) => message.name === 'environment')).toBe(true);
  });

  it('labels results with the failure labeller', () => {
    expect(messages[6]).toMatchObject({ name: 'find_file', is_error: true, error_kind: 'no_results', error_signature: 'No matches found for "deletion.py" in /repo' });
    expect(messages[8]).toMatchObject({ name: 'open', is_error: false });
    expect(messages[8]).not.toHaveProperty('error_kind');
    const custom = convertSweAgentTrajectory({ history }, { runId: 'r', labelFailure: () => ({ isError: true, kind: 'tool_error', signature: 'S' }) });
    expect(custom.messages.filter((message) => message.role === 'tool' && message.synthetic !== true).every((message) => message.error_signature === 'S')).toBe(true);
  });

  it('writes JSONL that the bench reader accepts, with every call paired within its agent', () => {
    const text = messages.map((message) => JSON.stringify(message)).join('\n');
    const parsed = parseSessionJsonl(text, 'demo-1.session.jsonl');
    expect(parsed).toHaveLength(messages.length);
    expect(parsed[6]).toMatchObject({ role: 'tool', isError: true, metadata: { agent: 'Programmer', error_kind: 'no_results' } });
    for (const context of splitByAgent(parsed).values()) expect(findToolPairingProblems(context)).toEqual([]);
  });

  it('omits agent when the trajectory names none (plain SWE-agent)', () => {
    const plain = convertSweAgentTrajectory({ history: history.filter((entry) => entry.agent === 'Programmer').map(({ agent: _agent, ...entry }) => entry) }, { runId: 'p' });
    expect(plain.messages.some((message) => 'agent' in message)).toBe(false);
    expect(findToolPairingProblems(parseSessionJsonl(plain.messages.map((message) => JSON.stringify(message)).join('\n'), 'p'))).toEqual([]);
  });

  it.each([
    [null, /no "history" array/],
    [{ history: 'x' }, /no "history" array/],
    [{ history: [42] }, /history\[0\] is not an object/],
    [{ history: [{ role: 'tool', content: 'x' }] }, /history\[0\] has role "tool"/],
    [{ history: [{ role: 'user', content: 'x' }, { role: 'user', content: null }] }, /history\[1\] has no string content/],
    [{ history: [{ role: 'assistant', content: 'x', action: 7 }] }, /history\[0\] has a non-string action/],
  ])('rejects a malformed trajectory with INVALID_MESSAGE: %j', (trajectory, message) => {
    try {
      convertSweAgentTrajectory(trajectory, { runId: 'bad' });
      expect.unreachable();
    } catch (error) {
      expect(CairnError.isInstance(error) && error.code).toBe('INVALID_MESSAGE');
      expect((error as Error).message).toMatch(message);
    }
  });

  it('needs a run id', () => {
    expect(() => convertSweAgentTrajectory({ history }, { runId: '' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });

  const entryArbitrary: fc.Arbitrary<SweAgentHistoryEntry> = fc.record(
    {
      role: fc.constantFrom('system' as const, 'user' as const, 'assistant' as const),
      agent: fc.constantFrom('Manager', 'Programmer', 'Tester'),
      content: fc.string({ maxLength: 30 }),
      action: fc.oneof(fc.constant(undefined), fc.constantFrom('python reproduce.py\n', 'edit 1:2\nx = 1\nend_of_edit\n', 'succeed\n', '  \n', 'plan\n{}\n')),
      is_demo: fc.boolean(),
    },
    { requiredKeys: ['role', 'agent', 'content'] },
  );

  test.prop([fc.array(entryArbitrary, { maxLength: 60 })])('any history: every call has exactly one result, right after it in its agent, and nothing kept is lost', (entries) => {
    const result = convertSweAgentTrajectory({ history: entries }, { runId: 'prop' });
    const kept = entries.filter((entry) => entry.is_demo !== true);
    expect(result.droppedDemoMessages).toBe(entries.length - kept.length);
    expect(result.messages.filter((message) => message.synthetic !== true)).toHaveLength(kept.length);
    const parsed = parseSessionJsonl(result.messages.map((message) => JSON.stringify(message)).join('\n'), 'prop');
    for (const context of splitByAgent(parsed).values()) expect(findToolPairingProblems(context)).toEqual([]);
    const calls = result.messages.flatMap((message) => message.tool_calls ?? []);
    const results = result.messages.filter((message) => message.role === 'tool');
    expect(results.map((message) => message.tool_call_id).sort()).toEqual(calls.map((call) => call.id).sort());
  });
});
