import { describe, expect, it } from 'vitest';
import { createContextEngine } from './context-engine.js';
import { CairnError, createCharTokenCounter, type CairnMessage } from '../log/index.js';

const tokenCounter = createCharTokenCounter();

/** A refusal restated in new words (little word overlap) to a user who keeps pushing. */
function pushedRefusal(): CairnMessage[] {
  const replies = [
    'The ticket on booking QX7T2B is a saver fare bought two weeks ago with no protection plan, so our rules do not allow a refund for it.',
    'I hear you, and I am sorry, but I am not able to return the money for this fare.',
    'My hands are tied here: saver fares without the protection plan cannot be refunded.',
  ];
  const pushes = ['Come on, I fly with you all the time.', 'That is absurd. Just do it this once.', 'You must be able to do something.'];
  return [{ id: 'u0', role: 'user', content: 'Please refund booking QX7T2B.' }, ...replies.flatMap((content, index): CairnMessage[] => [{ id: `a${index}`, role: 'assistant', content }, { id: `u${index + 1}`, role: 'user', content: pushes[index]! }])];
}

/** A reproduction re-run with trivially different command lines, the same failure each time. */
function reruns(): CairnMessage[] {
  const failure = 'Traceback (most recent call last):\n  File "/repo/check_totals.py", line 9, in <module>\n    assert invoice.total() == 40, invoice.total()\nAssertionError: 38';
  const messages: CairnMessage[] = [{ id: 'u0', role: 'user', content: 'Fix the invoice total.' }];
  ['python check_totals.py', 'python3 check_totals.py', 'cd /repo && python check_totals.py'].forEach((command, index) => {
    messages.push({ id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id: `c${index}`, name: command.split(' ')[0]!, arguments: { command } }] });
    messages.push({ id: `t${index}`, role: 'tool', toolCallId: `c${index}`, name: command.split(' ')[0]!, content: failure, isError: true });
  });
  return messages;
}

describe('stall loops (sovereignty.loops.stall)', () => {
  it('are on by default: a refusal restated in new words to a pushing user raises stuck and the notice; stall: false does not', () => {
    const engine = createContextEngine({ tokenCounter, budget: 4_000 });
    engine.ingest(pushedRefusal());
    const { metadata, messages } = engine.assemble();
    expect(metadata.sovereignty).toMatchObject({ stuck: true, loop: { kind: 'content', count: 3, near: true, lastId: 'a2' } });
    expect(messages.map((message) => String(message.content)).find((content) => content.includes('[cairn:loop]'))).toContain('in other words');
    const off = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { stall: false } } });
    off.ingest(pushedRefusal());
    expect(off.assemble().metadata.sovereignty?.stuck).toBe(false);
  });

  it('a reproduction re-run with other command lines raises stuck, also with near: false; the pulse reports it', () => {
    const pulses: boolean[] = [];
    const engine = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { near: false }, onPulse: (pulse) => pulses.push(pulse.stuck) } });
    engine.ingest(reruns());
    expect(engine.assemble().metadata.sovereignty).toMatchObject({ stuck: true, loop: { kind: 'call', count: 3, near: true } });
    expect(pulses.at(-1)).toBe(true);
  });

  it('a user who answers (a new value) is not pushing: no stuck', () => {
    const messages = pushedRefusal().map((message) => (message.id === 'u2' ? { ...message, content: 'Then refund my other booking, RT55Q1.' } : message));
    const engine = createContextEngine({ tokenCounter, budget: 4_000 });
    engine.ingest(messages);
    expect(engine.assemble().metadata.sovereignty?.stuck).toBe(false);
  });

  it('takes its own settings, and refuses nonsense with INVALID_OPTIONS', () => {
    const strict = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { stall: { outputSimilarity: 1, echoTerms: 1, restatedShare: 1 } } } });
    strict.ingest(reruns());
    expect(strict.assemble().metadata.sovereignty?.stuck).toBe(true);
    const blind = createContextEngine({ tokenCounter, budget: 4_000, sovereignty: { loops: { near: false, stall: { outputSimilarity: 1 } } } });
    blind.ingest(reruns().map((message) => (message.id === 't1' ? { ...message, content: `${String(message.content)}\n(retry)` } : message)));
    expect(blind.assemble().metadata.sovereignty?.stuck).toBe(false);
    for (const stall of ['yes', { outputSimilarity: 0 }, { outputSimilarity: 1.5 }, { echoTerms: 0 }, { echoTerms: 1.5 }, { restatedShare: Number.NaN }, null]) {
      let code: string | undefined;
      try {
        createContextEngine({ sovereignty: { loops: { stall: stall as never } } });
      } catch (error) {
        code = CairnError.isInstance(error) ? error.code : 'untyped';
      }
      expect(code).toBe('INVALID_OPTIONS');
    }
  });
});
