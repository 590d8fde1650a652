import { join } from 'node:path';
import { createCachingTokenCounter, generateSyntheticSession } from '@cairn/bench';
import { createBpeTokenCounter, createCharTokenCounter } from '@cairn/core';
import { readReplaySession } from './read-replay-session.js';
import { describe, expect, it } from 'vitest';
import { main } from './main.js';
import { replayTurns } from './replay-turns.js';
import { replayWindow } from './replay-window.js';
import { createMemoryIo, writeSyntheticSession } from './test-support/memory-io.js';

const counter = createCharTokenCounter();

describe('replayWindow (the store comonad behind inspect --turn)', () => {
  it('seek(t).extract() is the view the replay assembles at turn t + 1, whatever order turns are read in', () => {
    const messages = generateSyntheticSession({ seed: 5, messages: 200 }).messages;
    const options = { messages, budget: 3_000, counter, source: 'synthetic' };
    const expected = [...replayTurns(options)];
    const window = replayWindow(options)!;
    expect(window.size).toBe(expected.length);
    for (const position of [7, 2, expected.length - 1, 0, 7]) {
      const turn = window.seek(position).extract();
      expect(turn.turn).toBe(position + 1);
      expect(turn.result?.messages).toEqual(expected[position]!.result?.messages);
    }
    // extend: a computation over every turn with its neighbours (here: the tokens a turn added to its view).
    const growth = window.extend((at) => (at.extract().result?.metadata.tokens ?? 0) - (at.position === 0 ? 0 : (at.seek(at.position - 1).extract().result?.metadata.tokens ?? 0)));
    expect(growth.peek(3)).toBe((expected[3]!.result?.metadata.tokens ?? 0) - (expected[2]!.result?.metadata.tokens ?? 0));
  });

  it('is undefined for a session without turns', () => {
    expect(replayWindow({ messages: [{ id: 'u', role: 'user', content: 'hi' }], budget: 1_000, counter, source: 'x' })).toBeUndefined();
  });

  it('cairn inspect --turn N prints the window seeked to N', async () => {
    const io = await createMemoryIo();
    await writeSyntheticSession(io.cwd, 'run.jsonl');
    expect(await main(['inspect', 'run.jsonl', '--turn', '12', '--budget', '3000', '--json'], io)).toBe(0);
    const shown = JSON.parse(io.out());
    const session = await readReplaySession('run.jsonl', join(io.cwd, 'run.jsonl'), undefined);
    const window = replayWindow({ messages: session.messages, budget: 3_000, counter: createCachingTokenCounter(createBpeTokenCounter()), source: 'run.jsonl' })!;
    expect(shown).toEqual(JSON.parse(JSON.stringify(window.seek(11).extract().result!.messages)));
  });
});
