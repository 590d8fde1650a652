import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, resultFailed, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectStallLoop } from './detect-stall-loop.js';

const options = { window: 8, repeats: 3, ...DEFAULT_STALL_SETTINGS };
let next = 0;

/** An assistant message with one tool call and its result (not flagged `isError`). */
function call(name: string, args: Record<string, unknown>, result: string): AssistantTurnHashes {
  const id = `f${next++}`;
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true });
}

const tool = (text: string): CairnMessage => ({ id: 't', role: 'tool', toolCallId: 'c', content: text });

describe('results that say they failed', () => {
  it('reads a result opening with an error as failed, flagged or not', () => {
    expect(resultFailed(tool('Error: queue BILLING is closed'), 'Error: queue BILLING is closed')).toBe(true);
    expect(resultFailed(tool('ERROR: permission denied'), 'ERROR: permission denied')).toBe(true);
    expect(resultFailed(tool('[Failed: timeout]'), '[Failed: timeout]')).toBe(true);
    expect(resultFailed({ ...tool('done'), isError: true }, 'done')).toBe(true);
  });

  it('does not read a result that only mentions an error later, or names it as a subject, as failed', () => {
    expect(resultFailed(tool('Saved 3 files; 0 errors.'), 'Saved 3 files; 0 errors.')).toBe(false);
    expect(resultFailed(tool('Error handling updated in src/api.ts'), 'Error handling updated in src/api.ts')).toBe(false);
    expect(resultFailed(tool('Failed login attempts: 0'), 'Failed login attempts: 0')).toBe(false);
    expect(resultFailed(undefined, '')).toBe(false);
  });

  it('a change the tool said failed is no change: the same escalation reworded, refused alike, is a loop', () => {
    const refused = 'Error: queue BILLING is closed (opens 09:00); escalation not accepted';
    const turns = [
      call('escalate', { note: 'Customer disputes invoice INV-2291; needs billing.' }, refused),
      call('escalate', { note: 'Invoice INV-2291 dispute — please take it over.' }, refused),
      call('escalate', { note: 'Billing needed for INV-2291, the customer disputes it.' }, refused),
    ];
    expect(turns[0]!.calls[0]!.changed).toBe(false);
    expect(turns[0]!.calls[0]!.failed).toBe(true);
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'call', count: 3, toolName: 'escalate' });
  });

  it('the look-alike: escalations that go through, each a new ticket, are no loop', () => {
    const turns = [
      call('escalate', { note: 'Customer disputes invoice INV-2291; needs billing.' }, 'Escalated: ticket T-5512 opened in BILLING.'),
      call('escalate', { note: 'Customer disputes invoice INV-2292; needs billing.' }, 'Escalated: ticket T-5513 opened in BILLING.'),
      call('escalate', { note: 'Customer disputes invoice INV-2293; needs billing.' }, 'Escalated: ticket T-5514 opened in BILLING.'),
    ];
    expect(turns[0]!.calls[0]!.changed).toBe(true);
    expect(detectStallLoop(turns, options)).toBeUndefined();
  });

  test.prop([fc.string({ maxLength: 60 })])('a result flagged isError is always failed; an unanswered call never is', (text) => {
    expect(resultFailed({ ...tool(text), isError: true }, text)).toBe(true);
    expect(resultFailed(undefined, text)).toBe(false);
    expect(resultFailed(tool(text), text)).toBe(resultFailed(tool(text), text));
  });
});
