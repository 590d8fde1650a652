import type { CairnMessage } from '../src/index.js';

const WORDS =
  'deploy cache migration index query user order invoice flight booking refund token budget schema test failure retry timeout server client route handler config build release branch commit review merge latency throughput memory queue worker'.split(
    ' ',
  );
const TOOLS = ['search_files', 'read_file', 'run_tests', 'edit_file', 'get_order', 'list_bookings'];

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function sentence(next: () => number, words: number): string {
  const parts: string[] = [];
  for (let index = 0; index < words; index++) {
    const roll = next();
    if (roll < 0.05) parts.push(`ORD-${Math.floor(next() * 90000 + 10000)}`);
    else if (roll < 0.08) parts.push(`src/${WORDS[Math.floor(next() * WORDS.length)]}/${WORDS[Math.floor(next() * WORDS.length)]}.ts`);
    else parts.push(WORDS[Math.floor(next() * WORDS.length)]!);
  }
  return `${parts.join(' ')}.`;
}

/**
 * A deterministic agent-like session of `count` messages for the micro-benchmark: a system
 * prompt, user turns, assistant replies and tool exchanges with outputs of 200–2,000 characters.
 */
export function benchSession(count: number, seed = 1): CairnMessage[] {
  const next = random(seed);
  const messages: CairnMessage[] = [{ id: 'm0', role: 'system', content: `You are a careful agent. ${sentence(next, 40)}` }];
  let call = 0;
  while (messages.length < count) {
    const id = messages.length;
    const roll = next();
    if (roll < 0.15) messages.push({ id: `m${id}`, role: 'user', content: sentence(next, 10 + Math.floor(next() * 30)) });
    else if (roll < 0.35) messages.push({ id: `m${id}`, role: 'assistant', content: sentence(next, 10 + Math.floor(next() * 60)) });
    else {
      const name = TOOLS[Math.floor(next() * TOOLS.length)]!;
      const callId = `c${call++}`;
      messages.push({ id: `m${id}`, role: 'assistant', content: '', toolCalls: [{ id: callId, name, arguments: { query: sentence(next, 4) } }] });
      const failed = next() < 0.1;
      const lines: string[] = [];
      const target = 200 + Math.floor(next() * 1800);
      let length = 0;
      while (length < target) {
        const line = sentence(next, 6 + Math.floor(next() * 10));
        lines.push(line);
        length += line.length + 1;
      }
      if (failed) lines.push('Error: exit code 1 (ENOENT)');
      messages.push({ id: `m${id + 1}`, role: 'tool', toolCallId: callId, name, content: lines.join('\n'), ...(failed ? { isError: true } : {}) });
    }
  }
  return messages.slice(0, count);
}
