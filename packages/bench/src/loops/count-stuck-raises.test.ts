import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '@cairn/core';
import { countStuckRaises } from './count-stuck-raises.js';

const options = { window: 8, repeats: 3 };

function read(index: number, path: string): CairnMessage[] {
  return [
    { id: `a${index}`, role: 'assistant', content: '', toolCalls: [{ id: `c${index}`, name: 'open', arguments: { path } }] },
    { id: `t${index}`, role: 'tool', toolCallId: `c${index}`, name: 'open', content: `contents of ${path}` },
  ];
}

describe('countStuckRaises', () => {
  it('counts turns stuck and raises afresh after a stretch of work', () => {
    const paths = ['a.py', 'a.py', 'a.py', 'a.py', 'b.py', 'c.py', 'd.py', 'e.py', 'f.py', 'g.py', 'h.py', 'a.py', 'a.py', 'a.py'];
    const messages = paths.flatMap((path, index) => read(index, path));
    const count = countStuckRaises(messages, options, 'cairn');
    expect(count.turns).toBe(paths.length);
    // Stuck from the 3rd read of a.py until the window no longer holds 3 of them, then again at the end.
    expect(count.raises).toBe(2);
    expect(count.stuckTurns).toBeGreaterThanOrEqual(4);
  });

  it('never raises on distinct work', () => {
    const messages = ['a', 'b', 'c', 'd', 'e'].flatMap((name, index) => read(index, `${name}.py`));
    expect(countStuckRaises(messages, options, 'cairn+restate')).toEqual({ turns: 5, stuckTurns: 0, raises: 0 });
  });
});
