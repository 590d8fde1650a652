import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { parseProbesJsonl, parseSessionJson, parseSessionJsonl } from './read-session-file.js';
import { SessionFormatError } from './session-format-error.js';

const lines = (...records: unknown[]): string => records.map((record) => (typeof record === 'string' ? record : JSON.stringify(record))).join('\n');

const errorOf = (run: () => unknown): SessionFormatError => {
  try {
    run();
  } catch (error) {
    if (SessionFormatError.isInstance(error)) return error;
    throw error;
  }
  throw new Error('expected a SessionFormatError');
};

describe('parseSessionJsonl', () => {
  it('converts the neutral format to cairn messages', () => {
    const text = lines(
      { id: 'm0', role: 'system', content: 'be brief' },
      { id: 'm1', role: 'user', name: 'Caroline', content: 'hi', timestamp: '2023-05-08T13:56:00', session: 1 },
      '',
      { id: 'm2', role: 'assistant', content: '', agent: 'Programmer', tool_calls: [{ id: 'c1', name: 'open', arguments: { command: 'open a.py' } }] },
      { id: 'm3', role: 'tool', tool_call_id: 'c1', name: 'open', content: 'Traceback…', is_error: true, error_kind: 'traceback', error_signature: 'KeyError', agent: 'Programmer' },
      { id: 'm4', role: 'tool', tool_call_id: 'c9', content: 'ok', is_error: false, timestamp: 1_700_000_000_000 },
    );
    expect(parseSessionJsonl(text, 'x.jsonl')).toEqual([
      { id: 'm0', role: 'system', content: 'be brief' },
      { id: 'm1', role: 'user', name: 'Caroline', content: 'hi', timestamp: Date.UTC(2023, 4, 8, 13, 56), metadata: { session: 1 } },
      { id: 'm2', role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'open', arguments: { command: 'open a.py' } }], metadata: { agent: 'Programmer' } },
      { id: 'm3', role: 'tool', toolCallId: 'c1', name: 'open', content: 'Traceback…', isError: true, metadata: { error_kind: 'traceback', error_signature: 'KeyError', agent: 'Programmer' } },
      { id: 'm4', role: 'tool', toolCallId: 'c9', content: 'ok', timestamp: 1_700_000_000_000 },
    ]);
  });

  it('reads timestamps as epoch milliseconds and drops invalid ones', () => {
    const parse = (timestamp: unknown) => parseSessionJsonl(JSON.stringify({ id: 'a', role: 'user', content: '', timestamp }), 't.jsonl')[0]?.timestamp;
    expect(parse('2024-01-02T03:04:05Z')).toBe(Date.UTC(2024, 0, 2, 3, 4, 5));
    expect(parse('2024-01-02T03:04:05+02:00')).toBe(Date.UTC(2024, 0, 2, 1, 4, 5));
    expect(parse('2024-01-02 03:04')).toBe(Date.UTC(2024, 0, 2, 3, 4));
    expect(parse('2024-01-02')).toBe(Date.UTC(2024, 0, 2));
    expect(parse(1234)).toBe(1234);
    expect(parse('yesterday')).toBeUndefined();
    expect(parse(null)).toBeUndefined();
    expect(parse({})).toBeUndefined();
  });

  it('keeps text parts, parses string arguments, accepts OpenAI-shaped calls, and names results from their call', () => {
    const [assistant, result] = parseSessionJsonl(
      lines(
        { id: 'a', role: 'assistant', content: [{ type: 'text', text: 'x' }, { type: 'image_url', image_url: {} }], tool_calls: [{ id: 'c', type: 'function', function: { name: 'f', arguments: '{"q":1}' } }] },
        { id: 'b', role: 'tool', tool_call_id: 'c', content: 'ok' },
      ),
      'p.jsonl',
    );
    expect(assistant).toEqual({ id: 'a', role: 'assistant', content: [{ type: 'text', text: 'x' }], toolCalls: [{ id: 'c', name: 'f', arguments: { q: 1 } }], metadata: { droppedPartTypes: ['image_url'] } });
    expect(result?.name).toBe('f');
  });

  it.each([
    ['{"id": "a", "role": ', /^bad\.jsonl:2: not valid JSON \(.+\)$/],
    ['[1, 2]', /^bad\.jsonl:2: expected a JSON object, got an array$/],
    ['null', /^bad\.jsonl:2: expected a JSON object, got null$/],
    ['{"role": "user", "content": "x"}', /^bad\.jsonl:2: lacks a string "id"$/],
    ['{"id": 7, "role": "user", "content": "x"}', /^bad\.jsonl:2: lacks a string "id"$/],
    ['{"id": "b", "role": "bot", "content": "x"}', /^bad\.jsonl:2: "role" must be one of system, user, assistant, tool; got "bot"$/],
    ['{"id": "b", "content": "x"}', /^bad\.jsonl:2: "role" must be one of .*; got nothing$/],
    ['{"id": "b", "role": "user", "content": 5}', /^bad\.jsonl:2: "content" must be a string or an array of parts, got a number$/],
    ['{"id": "b", "role": "assistant", "content": "", "tool_calls": {}}', /^bad\.jsonl:2: "tool_calls" must be an array, got an object$/],
    ['{"id": "b", "role": "assistant", "content": "", "tool_calls": [{"name": "f"}]}', /^bad\.jsonl:2: tool_calls\[0\] lacks a string "id"$/],
    ['{"id": "b", "role": "assistant", "content": "", "tool_calls": [{"id": "c"}]}', /^bad\.jsonl:2: tool_calls\[0\] lacks a string "name"$/],
    ['{"id": "b", "role": "tool", "content": "x"}', /^bad\.jsonl:2: a tool message needs a string "tool_call_id"$/],
    ['{"id": "a", "role": "user", "content": "again"}', /^bad\.jsonl:2: duplicate id "a" \(first on line 1\)$/],
  ])('names the line of a bad line: %s', (badLine, expected) => {
    const error = errorOf(() => parseSessionJsonl(`{"id": "a", "role": "user", "content": "ok"}\n${badLine}`, 'bad.jsonl'));
    expect(error.message).toMatch(expected);
    expect(error.source).toBe('bad.jsonl');
    expect(error.line).toBe(2);
    expect(error).toBeInstanceOf(Error);
  });

  it('counts blank lines and CRLF endings in line numbers', () => {
    const error = errorOf(() => parseSessionJsonl('\uFEFF{"id": "a", "role": "user", "content": "ok"}\r\n\r\n\r\nnope\r\n', 'runs/x.jsonl'));
    expect(error.line).toBe(4);
    expect(error.message).toMatch(/^runs\/x\.jsonl:4: not valid JSON \(/);
    expect(parseSessionJsonl('\n  \n', 'empty.jsonl')).toEqual([]);
  });

  test.prop([fc.array(fc.record({ content: fc.string(), role: fc.constantFrom('system', 'user', 'assistant') }), { maxLength: 20 })])(
    'round-trips plain messages',
    (records) => {
      const withIds = records.map((record, index) => ({ id: `m${index}`, ...record }));
      expect(parseSessionJsonl(withIds.map((record) => JSON.stringify(record)).join('\n'), 'p.jsonl')).toEqual(withIds);
    },
  );
});

describe('parseProbesJsonl', () => {
  it('reads LoCoMo probes', () => {
    const text = lines(
      { question: 'When?', answer: '7 May 2023', evidence: ['D1:3'], category: 2, category_name: 'temporal' },
      { question: 'Year?', answer: 2022, evidence: ['D1:12'], category: 2 },
      { question: 'Tempting?', answer: null, evidence: [], category: 5, category_name: 'adversarial', adversarial_answer: 'Sweden', evidence_raw: ['D4:3'] },
    );
    expect(parseProbesJsonl(text, 'locomo/conv-26.probes.jsonl')).toEqual([
      { id: 'conv-26.probes.jsonl#0', question: 'When?', answer: '7 May 2023', evidence: ['D1:3'], category: 2, categoryName: 'temporal' },
      { id: 'conv-26.probes.jsonl#1', question: 'Year?', answer: '2022', evidence: ['D1:12'], category: 2 },
      { id: 'conv-26.probes.jsonl#2', question: 'Tempting?', evidence: [], category: 5, categoryName: 'adversarial', adversarialAnswer: 'Sweden', metadata: { evidence_raw: ['D4:3'] } },
    ]);
  });

  it.each([
    ['nope', /^p\.jsonl:2: not valid JSON/],
    ['"text"', /^p\.jsonl:2: expected a JSON object, got a string$/],
    ['{"answer": "x"}', /^p\.jsonl:2: lacks a string "question"$/],
    ['{"question": "q", "evidence": [1]}', /^p\.jsonl:2: "evidence" must be an array of message ids/],
  ])('names the line of a bad probe: %s', (badLine, expected) => {
    const error = errorOf(() => parseProbesJsonl(`{"question": "ok?", "evidence": []}\n${badLine}`, 'p.jsonl'));
    expect(error.message).toMatch(expected);
    expect(error.line).toBe(2);
  });
});

describe('parseSessionJson', () => {
  it('reads an OpenAI chat-completions array', () => {
    const openAi = [
      { role: 'developer', content: 'be brief' },
      { role: 'user', content: [{ type: 'text', text: 'weather in Paris and Rome?' }] },
      {
        role: 'assistant',
        content: null,
        tool_calls: [
          { id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } },
          { id: 'call_2', type: 'function', function: { name: 'get_weather', arguments: '{"city":' } },
        ],
      },
      { role: 'tool', tool_call_id: 'call_1', content: '18°C' },
      { role: 'tool', tool_call_id: 'call_2', content: [{ type: 'text', text: 'error: bad arguments' }] },
      { role: 'assistant', content: 'Paris is 18°C.', refusal: null },
    ];
    expect(parseSessionJson(JSON.stringify(openAi), 'logs/chat.json')).toEqual([
      { id: 'chat.json#0', role: 'system', content: 'be brief' },
      { id: 'chat.json#1', role: 'user', content: [{ type: 'text', text: 'weather in Paris and Rome?' }] },
      { id: 'chat.json#2', role: 'assistant', content: '', toolCalls: [{ id: 'call_1', name: 'get_weather', arguments: { city: 'Paris' } }, { id: 'call_2', name: 'get_weather', arguments: '{"city":' }] },
      { id: 'chat.json#3', role: 'tool', toolCallId: 'call_1', name: 'get_weather', content: '18°C' },
      { id: 'chat.json#4', role: 'tool', toolCallId: 'call_2', name: 'get_weather', content: [{ type: 'text', text: 'error: bad arguments' }] },
      { id: 'chat.json#5', role: 'assistant', content: 'Paris is 18°C.', metadata: { refusal: null } },
    ]);
  });

  it('reads an AI SDK ModelMessage array, splitting multi-result tool messages', () => {
    const modelMessages = {
      messages: [
        { role: 'system', content: 'be brief' },
        { role: 'user', content: [{ type: 'text', text: 'look up two things' }, { type: 'image', image: 'data:…' }] },
        {
          role: 'assistant',
          content: [
            { type: 'reasoning', text: 'two lookups' },
            { type: 'text', text: 'Looking both up.' },
            { type: 'tool-call', toolCallId: 't1', toolName: 'search', input: { q: 'a' } },
            { type: 'tool-call', toolCallId: 't2', toolName: 'fetch', input: { url: 'https://x' } },
            { type: 'tool-call', toolCallId: 't3', toolName: 'search', args: { q: 'legacy' } },
          ],
        },
        {
          role: 'tool',
          content: [
            { type: 'tool-result', toolCallId: 't1', toolName: 'search', output: { type: 'json', value: { hits: 2 } } },
            { type: 'tool-result', toolCallId: 't2', toolName: 'fetch', output: { type: 'error-text', value: 'HTTP 404' } },
            { type: 'tool-result', toolCallId: 't3', toolName: 'search', result: 'legacy ok' },
          ],
        },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't4', toolName: 'x', output: { type: 'error-json', value: { code: 1 } } }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't5', toolName: 'x', output: { type: 'text', value: 'plain' } }] },
        { role: 'tool', content: [{ type: 'tool-result', toolCallId: 't6', toolName: 'x', output: { type: 'execution-denied', reason: 'user said no' } }] },
        { role: 'assistant', content: 'Done.' },
      ],
    };
    expect(parseSessionJson(JSON.stringify(modelMessages), 'run.json')).toEqual([
      { id: 'run.json#0', role: 'system', content: 'be brief' },
      { id: 'run.json#1', role: 'user', content: [{ type: 'text', text: 'look up two things' }], metadata: { droppedPartTypes: ['image'] } },
      {
        id: 'run.json#2',
        role: 'assistant',
        content: [{ type: 'text', text: 'Looking both up.' }],
        toolCalls: [
          { id: 't1', name: 'search', arguments: { q: 'a' } },
          { id: 't2', name: 'fetch', arguments: { url: 'https://x' } },
          { id: 't3', name: 'search', arguments: { q: 'legacy' } },
        ],
        metadata: { droppedPartTypes: ['reasoning'] },
      },
      { id: 'run.json#3', role: 'tool', toolCallId: 't1', name: 'search', content: '{"hits":2}' },
      { id: 'run.json#4', role: 'tool', toolCallId: 't2', name: 'fetch', content: 'HTTP 404', isError: true },
      { id: 'run.json#5', role: 'tool', toolCallId: 't3', name: 'search', content: 'legacy ok' },
      { id: 'run.json#6', role: 'tool', toolCallId: 't4', name: 'x', content: '{"code":1}', isError: true },
      { id: 'run.json#7', role: 'tool', toolCallId: 't5', name: 'x', content: 'plain' },
      { id: 'run.json#8', role: 'tool', toolCallId: 't6', name: 'x', content: 'Execution denied: user said no', isError: true },
      { id: 'run.json#9', role: 'assistant', content: 'Done.' },
    ]);
  });

  it('keeps given ids and timestamps', () => {
    expect(parseSessionJson(JSON.stringify([{ id: 'u1', role: 'user', content: 'hi', createdAt: '2024-01-01T00:00:00Z' }, { role: 'assistant', content: 'yo' }]), 'c.json')).toEqual([
      { id: 'u1', role: 'user', content: 'hi', timestamp: Date.UTC(2024, 0, 1) },
      { id: 'c.json#1', role: 'assistant', content: 'yo' },
    ]);
  });

  it.each([
    ['[{"role": "user", "content": "hi"},', /^c\.json(:\d+)?: not valid JSON \(/],
    ['{"role": "user"}', /^c\.json: expected a JSON array of messages \(or an object with a "messages" array\), got an object$/],
    ['[{"role": "user", "content": "hi"}, 3]', /^c\.json\[1\]: expected a message object, got a number$/],
    ['[{"role": "function", "content": "x"}]', /^c\.json\[0\]: "role" must be one of/],
    ['[{"role": "tool", "content": "x"}]', /^c\.json\[0\]: a tool message needs a string "tool_call_id" or tool-result parts$/],
    ['[{"role": "tool", "content": [{"type": "tool-result", "toolName": "x", "output": {"type": "text", "value": "v"}}]}]', /^c\.json\[0\]: content\[0\] \(tool-result\) lacks a string "toolCallId"$/],
    ['[{"role": "tool", "content": [{"type": "tool-result", "toolCallId": "t", "output": {"type": "weird"}}]}]', /^c\.json\[0\]: tool-result output has unknown type "weird"$/],
    ['[{"role": "tool", "content": [{"type": "tool-result", "toolCallId": "t"}]}]', /^c\.json\[0\]: tool-result part lacks an "output"$/],
    ['[{"role": "assistant", "content": [{"type": "tool-call", "toolCallId": "t"}]}]', /^c\.json\[0\]: content\[0\] \(tool-call\) needs string "toolCallId" and "toolName"$/],
    ['[{"role": "assistant", "content": "", "tool_calls": [{"id": "c", "function": {}}]}]', /^c\.json\[0\]: tool_calls\[0\] lacks a string "name"$/],
    ['[{"role": "user", "content": 1}]', /^c\.json\[0\]: "content" must be a string/],
    ['[{"id": "a", "role": "user", "content": ""}, {"id": "a", "role": "user", "content": ""}]', /^c\.json\[1\]: duplicate id "a" \(first in element 0\)$/],
  ])('names the element of a bad array: %s', (text, expected) => {
    expect(errorOf(() => parseSessionJson(text, 'c.json')).message).toMatch(expected);
  });
});
