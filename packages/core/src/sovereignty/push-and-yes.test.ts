import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { detectStallLoop } from './detect-stall-loop.js';

const options = { window: 8, repeats: 3, ...DEFAULT_STALL_SETTINGS };
let next = 0;

/** An assistant reply after what the user said (if anything). */
function reply(text: string, user?: string): AssistantTurnHashes {
  const id = `p${next++}`;
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `${id}u`, role: 'user', content: user }];
  return hashAssistantTurn({ id, role: 'assistant', content: text }, [], { terms: true, prompt });
}

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, user?: string): AssistantTurnHashes {
  const id = `p${next++}`;
  const prompt: CairnMessage[] = user === undefined ? [] : [{ id: `${id}u`, role: 'user', content: user }];
  const message: CairnMessage = { id, role: 'assistant', content: '', toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true, prompt });
}

describe('a go-ahead to a plan is a push', () => {
  it('a plan restated in new words after the user said go ahead is a loop, in English and in Japanese', () => {
    const english = [
      reply('First I will update the retry logic in lib/fetch.js, then run the tests.', 'The fetch retries never stop; fix it.'),
      reply('My approach: change the retry logic in lib/fetch.js and afterwards run the tests.', 'Okay, go ahead.'),
      reply('To sum up, I plan to adjust the retry logic in lib/fetch.js and then run the test suite.', 'Please start working on it.'),
    ];
    expect(detectStallLoop(english, options)).toMatchObject({ kind: 'content', count: 3 });
    const japanese = [
      reply('まず lib/fetch.js の再試行処理を修正し、その後テストを実行します。', '再試行が止まりません。直してください。'),
      reply('方針としては、再試行処理を直してからテストを走らせるつもりです。', '了解です。進めてください。'),
      reply('lib/fetch.js の再試行処理を修正して、それからテストを実行する予定です。', 'コマンドを実行してください。'),
    ];
    expect(detectStallLoop(japanese, options)).toMatchObject({ kind: 'content', count: 3 });
  });

  it('the look-alike: a plan, a go-ahead, then the work done is no loop', () => {
    const turns = [
      reply('First I will update the retry logic in lib/fetch.js, then run the tests.', 'The fetch retries never stop; fix it.'),
      call('read_file', { path: 'lib/fetch.js' }, 'export async function fetchWithRetry(url) {\n  while (true) { try { return await fetch(url); } catch { continue; } }\n}', 'Okay, go ahead.'),
      call('write_file', { path: 'lib/fetch.js', content: 'retry up to 3 times' }, 'Wrote lib/fetch.js'),
      reply('I limited the retries to three in lib/fetch.js; the tests pass.'),
    ];
    expect(detectStallLoop(turns, options)).toBeUndefined();
  });

  it('a full-width question mark asks too', () => {
    expect(reply('修正します。', '終わりましたか？').promptAsks).toBe(true);
    expect(reply('¿Ya está listo?').contentAsks).toBe(true);
  });
});

describe('a yes answers a question once', () => {
  it('the same values asked about again after each yes is a loop, in German', () => {
    const turns = [
      reply('Damit ich umleiten kann: Ist die neue Adresse Gartenstraße 66, 20095 Hamburg richtig?', 'Bitte liefern Sie Bestellung LK298842 an Gartenstraße 66, 20095 Hamburg.'),
      reply('Nur zur Sicherheit — soll die Sendung wirklich an Gartenstraße 66, 20095 Hamburg gehen?', 'Ja, genau.'),
      reply('Ich möchte das noch einmal bestätigen: Lieferadresse Gartenstraße 66, 20095 Hamburg, korrekt?', 'Ja, das habe ich doch gesagt.'),
    ];
    expect(detectStallLoop(turns, options)).toMatchObject({ kind: 'content', count: 3 });
  });

  it('the look-alike: each yes answers a question about another value, and the agent moves on', () => {
    const turns = [
      reply('Is the new address Gartenstraße 66, 20095 Hamburg?', 'Please ship order LK298842 to Gartenstraße 66, 20095 Hamburg.'),
      reply('Should the delivery window be 08:00 to 12:00 on 2026-03-14?', 'Yes.'),
      reply('The change costs 4.90 EUR; shall I charge card ending 7781?', 'Yes, that works.'),
      reply('Done: LK298842 goes to Gartenstraße 66 on 2026-03-14, charged 4.90 EUR.', 'Yes, please.'),
    ];
    expect(detectStallLoop(turns, options)).toBeUndefined();
  });
});
