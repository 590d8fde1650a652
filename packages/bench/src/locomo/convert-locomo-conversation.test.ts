import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CairnError } from '@cairn/core';
import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import { parseProbesJsonl, parseSessionJsonl } from '../read-session-file.js';
import { loadDatasets } from '../runner/load-datasets.js';
import { convertLocomoConversation } from './convert-locomo-conversation.js';

/** A small conversation in the shape of upstream's `locomo10_v2/<N>.json` (extra keys included). */
function upstream(): Record<string, unknown> {
  return {
    speaker_a: 'Zoë',
    speaker_b: 'Bram',
    session_1: [
      { speaker: 'Zoë', dia_id: 'D1:1', text: 'Hi Bram! I adopted a cat yesterday.' },
      { speaker: 'Bram', dia_id: 'D1:2', text: 'Congrats! Look at this.', img_url: ['https://example.org/x.jpg'], blip_caption: 'a photo of a dog on a beach', query: 'dog beach' },
      { speaker: 'Zoë', dia_id: 'D1:3', text: 'Cute — "Biscuit"?', blip_caption: '' },
    ],
    session_1_date_time: '1:56 pm on 8 May, 2023',
    session_2_date_time: '12:05 am on 2 June, 2023',
    session_2: [
      { speaker: 'Bram', dia_id: 'D2:1', text: 'I ran a 10k last Sunday.', 're-download': true },
      { speaker: 'Zoë', dia_id: 'D2:2', text: 'Wow.\nNice!' },
    ],
    events_session_1: { 'Zoë': ['adopts a cat'] },
    qa: [
      { question: 'When did Zoë adopt a cat?', answer: '7 May 2023', evidence: ['D1:1'], category: 2 },
      { question: 'What animals do they talk about?', answer: 'a cat and a dog', evidence: ['D1:1; D1:2', 'D2:1 '], category: 1 },
      { question: 'How long was the race?', answer: 10, evidence: ['D2:1'], category: 4 },
      { question: 'What is the name of Bram’s cat?', evidence: ['D1:3'], category: 5, adversarial_answer: 'Biscuit' },
      { question: 'What would Zoë enjoy?', answer: 'pets', category: 3 },
      { question: 'Odd category', answer: 'x', evidence: [], category: 9 },
    ],
  };
}

// The bytes the reference Python converter (json.dumps(record, ensure_ascii=False) + '\n') writes for it
// (checked by running that converter on this conversation).
const EXPECTED_SESSION = [
  '{"id": "D1:1", "role": "user", "name": "Zoë", "content": "Hi Bram! I adopted a cat yesterday.", "timestamp": "2023-05-08T13:56:00", "session": 1}',
  '{"id": "D1:2", "role": "assistant", "name": "Bram", "content": "Congrats! Look at this. [image: a photo of a dog on a beach]", "timestamp": "2023-05-08T13:56:00", "session": 1}',
  '{"id": "D1:3", "role": "user", "name": "Zoë", "content": "Cute — \\"Biscuit\\"?", "timestamp": "2023-05-08T13:56:00", "session": 1}',
  '{"id": "D2:1", "role": "assistant", "name": "Bram", "content": "I ran a 10k last Sunday.", "timestamp": "2023-06-02T00:05:00", "session": 2}',
  '{"id": "D2:2", "role": "user", "name": "Zoë", "content": "Wow.\\nNice!", "timestamp": "2023-06-02T00:05:00", "session": 2}',
].map((line) => `${line}\n`).join('');

const EXPECTED_PROBES = [
  '{"question": "When did Zoë adopt a cat?", "answer": "7 May 2023", "evidence": ["D1:1"], "category": 2, "category_name": "temporal"}',
  '{"question": "What animals do they talk about?", "answer": "a cat and a dog", "evidence": ["D1:1", "D1:2", "D2:1"], "category": 1, "category_name": "multi-hop", "evidence_raw": ["D1:1; D1:2", "D2:1 "]}',
  '{"question": "How long was the race?", "answer": 10, "evidence": ["D2:1"], "category": 4, "category_name": "single-hop"}',
  '{"question": "What is the name of Bram’s cat?", "answer": null, "evidence": ["D1:3"], "category": 5, "category_name": "adversarial", "adversarial_answer": "Biscuit"}',
  '{"question": "What would Zoë enjoy?", "answer": "pets", "evidence": [], "category": 3, "category_name": "open-domain"}',
  '{"question": "Odd category", "answer": "x", "evidence": [], "category": 9, "category_name": null}',
].map((line) => `${line}\n`).join('');

describe('convertLocomoConversation', () => {
  it('writes the session and probe files byte for byte as the reference converter does', () => {
    const conversion = convertLocomoConversation(upstream(), { id: '7' });
    expect(conversion.id).toBe('7');
    expect(conversion.sessionJsonl).toBe(EXPECTED_SESSION);
    expect(conversion.probesJsonl).toBe(EXPECTED_PROBES);
  });

  it('returns the records it wrote, one per line', () => {
    const { messages, probes, sessionJsonl, probesJsonl } = convertLocomoConversation(upstream(), { id: '7' });
    expect(sessionJsonl.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(messages);
    expect(probesJsonl.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(probes);
    expect(probes[1]).not.toHaveProperty('adversarial_answer');
    expect(probes[0]).not.toHaveProperty('evidence_raw');
  });

  it('takes the id from sample_id when none is given', () => {
    expect(convertLocomoConversation({ ...upstream(), sample_id: 'conv-26' }).id).toBe('26');
    expect(() => convertLocomoConversation(upstream())).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS', message: expect.stringMatching(/needs \{ id \}/) }));
    expect(() => convertLocomoConversation(upstream(), { id: '' })).toThrow(expect.objectContaining({ code: 'INVALID_OPTIONS' }));
  });

  it('writes files the bench readers accept, with the speakers as user / assistant and the dates as timestamps', () => {
    const { sessionJsonl, probesJsonl } = convertLocomoConversation(upstream(), { id: '7' });
    const messages = parseSessionJsonl(sessionJsonl, 'conv-7.session.jsonl');
    expect(messages.map((message) => [message.id, message.role, message.name])).toEqual([
      ['D1:1', 'user', 'Zoë'],
      ['D1:2', 'assistant', 'Bram'],
      ['D1:3', 'user', 'Zoë'],
      ['D2:1', 'assistant', 'Bram'],
      ['D2:2', 'user', 'Zoë'],
    ]);
    expect(messages[3]).toMatchObject({ timestamp: Date.parse('2023-06-02T00:05:00Z'), metadata: { session: 2 } });
    const probes = parseProbesJsonl(probesJsonl, 'conv-7.probes.jsonl');
    expect(probes[2]).toMatchObject({ answer: '10', evidence: ['D2:1'], category: 4 });
    expect(probes[3]).toMatchObject({ category: 5, adversarialAnswer: 'Biscuit' });
    expect(probes[3]!.answer).toBeUndefined();
  });

  it('writes a folder that loadDatasets (cairn bench --data) runs', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cairn-locomo-'));
    try {
      const { sessionJsonl, probesJsonl } = convertLocomoConversation(upstream(), { id: '7' });
      await mkdir(join(dir, 'locomo'));
      await writeFile(join(dir, 'locomo', 'conv-7.session.jsonl'), sessionJsonl);
      await writeFile(join(dir, 'locomo', 'conv-7.probes.jsonl'), probesJsonl);
      const [dataset] = await loadDatasets(dir);
      expect(dataset?.name).toBe('locomo');
      expect(dataset?.sessions[0]).toMatchObject({ id: 'conv-7', replay: 'conversation' });
      expect(dataset?.sessions[0]?.messages).toHaveLength(5);
      // categories 1–4 with an answer and evidence: the adversarial, evidence-less and odd-category ones are not scored
      expect(dataset?.sessions[0]?.probes.map((probe) => probe.evidence)).toEqual([['D1:1'], ['D1:1', 'D1:2', 'D2:1'], ['D2:1']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  const bad = (change: (json: Record<string, unknown>) => unknown) => {
    const json = upstream();
    return change(json) ?? json;
  };
  const turn = (json: Record<string, unknown>, session: number, index: number): Record<string, unknown> => (json[`session_${session}`] as Record<string, unknown>[])[index]!;

  it.each([
    ['not an object', () => 'text', /"7": the conversation is "text", not an object/, 'the conversation'],
    ['an array', () => [], /the conversation is an array, not an object/, 'the conversation'],
    ['no speaker_a', (json: Record<string, unknown>) => void delete json.speaker_a, /speaker_a is missing/, 'speaker_a'],
    ['an empty speaker_b', (json: Record<string, unknown>) => void (json.speaker_b = ''), /speaker_b is ""/, 'speaker_b'],
    ['no sessions', (json: Record<string, unknown>) => void (delete json.session_1, delete json.session_2), /session_1 is missing/, 'session_1'],
    ['a gap in the sessions', (json: Record<string, unknown>) => void ((json.session_4 = []), (json.session_4_date_time = '1:00 pm on 1 July, 2023')), /session_4 follows a gap \(there is no session_3\)/, 'session_4'],
    ['a session that is not an array', (json: Record<string, unknown>) => void (json.session_2 = {}), /session_2 is not an array/, 'session_2'],
    ['a session without a date', (json: Record<string, unknown>) => void delete json.session_2_date_time, /session_2_date_time is missing/, 'session_2_date_time'],
    ['an unparseable date', (json: Record<string, unknown>) => void (json.session_2_date_time = '2023-06-02 00:05'), /session_2_date_time is "2023-06-02 00:05", not a date like/, 'session_2_date_time'],
    ['a turn that is not an object', (json: Record<string, unknown>) => void ((json.session_1 as unknown[])[1] = 'hi'), /session_1\[1\] is not an object/, 'session_1[1]'],
    ['a turn without dia_id', (json: Record<string, unknown>) => void delete turn(json, 2, 1).dia_id, /session_2\[1\]\.dia_id is missing/, 'session_2[1].dia_id'],
    ['a turn without text', (json: Record<string, unknown>) => void delete turn(json, 1, 2).text, /session_1\[2\]\.text \(turn D1:3\) is missing/, 'session_1[2].text'],
    ['a turn by a third speaker', (json: Record<string, unknown>) => void (turn(json, 1, 0).speaker = 'Eve'), /session_1\[0\]\.speaker \(turn D1:1\) is "Eve"; expected speaker_a "Zoë" or speaker_b "Bram"/, 'session_1[0].speaker'],
    ['a caption that is not text', (json: Record<string, unknown>) => void (turn(json, 1, 1).blip_caption = ['a', 'b']), /blip_caption \(turn D1:2\) is \["a","b"\]/, 'session_1[1].blip_caption'],
    ['a repeated turn id', (json: Record<string, unknown>) => void (turn(json, 2, 0).dia_id = 'D1:2'), /session_2\[0\]\.dia_id repeats "D1:2" \(first at session_1\[1\]\)/, 'session_2[0].dia_id'],
    ['no qa', (json: Record<string, unknown>) => void delete json.qa, /qa is missing/, 'qa'],
    ['a question that is not an object', (json: Record<string, unknown>) => void (json.qa as unknown[]).push(null), /qa\[6\] is not an object/, 'qa[6]'],
    ['a question without text', (json: Record<string, unknown>) => void delete (json.qa as Record<string, unknown>[])[0]!.question, /qa\[0\]\.question is missing/, 'qa[0].question'],
    ['a question without category', (json: Record<string, unknown>) => void ((json.qa as Record<string, unknown>[])[2]!.category = '4'), /qa\[2\]\.category is "4"/, 'qa[2].category'],
    ['evidence that is not a list of ids', (json: Record<string, unknown>) => void ((json.qa as Record<string, unknown>[])[1]!.evidence = 'D1:1'), /qa\[1\]\.evidence is "D1:1"; evidence must be an array/, 'qa[1].evidence'],
  ])('rejects %s with INVALID_MESSAGE naming the conversation and the field', (_label, change, message, field) => {
    try {
      convertLocomoConversation(bad(change), { id: '7' });
      expect.unreachable();
    } catch (error) {
      expect(CairnError.isInstance(error) && error.code).toBe('INVALID_MESSAGE');
      expect((error as Error).message).toMatch(/^Invalid LoCoMo conversation "7": /);
      expect((error as Error).message).toMatch(message);
      expect((error as CairnError).details).toEqual({ conversation: '7', field });
    }
  });

  it('does not change its input', () => {
    const json = upstream();
    const before = structuredClone(json);
    convertLocomoConversation(json, { id: '7' });
    expect(json).toEqual(before);
  });

  const words = fc.string({ unit: fc.constantFrom('a', 'b', 'é', ' ', ';', '\t', ':', '1', '"', '\n', '😀'), maxLength: 12 });
  const turnArbitrary = fc.record({ speakerA: fc.boolean(), text: words, caption: fc.option(words, { nil: undefined }) });
  const sessionArbitrary = fc.record({
    turns: fc.array(turnArbitrary, { maxLength: 6 }),
    date: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T23:59:00Z'), noInvalidDate: true }),
  });
  const qaArbitrary = fc.record(
    { question: words, answer: fc.oneof(words, fc.integer(), fc.constant(null)), evidence: fc.array(words, { maxLength: 3 }), category: fc.integer({ min: 0, max: 6 }), adversarial_answer: words },
    { requiredKeys: ['question', 'category'] },
  );
  const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const dateText = (date: Date): string => {
    const hour = date.getUTCHours();
    return `${hour % 12 || 12}:${String(date.getUTCMinutes()).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'} on ${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]}, ${date.getUTCFullYear()}`;
  };

  test.prop([fc.array(sessionArbitrary, { minLength: 1, maxLength: 4 }), fc.array(qaArbitrary, { maxLength: 6 })])('any conversation: every turn kept in order with its text, every question kept, one line each', (sessions, qa) => {
    const json: Record<string, unknown> = { speaker_a: 'A', speaker_b: 'B', qa };
    let count = 0;
    sessions.forEach((session, index) => {
      json[`session_${index + 1}`] = session.turns.map((item) => ({ speaker: item.speakerA ? 'A' : 'B', dia_id: `D${index + 1}:${(count += 1)}`, text: item.text, blip_caption: item.caption }));
      json[`session_${index + 1}_date_time`] = dateText(session.date);
    });
    const { messages, probes, sessionJsonl, probesJsonl } = convertLocomoConversation(json, { id: 'p' });
    const turns = sessions.flatMap((session, index) => session.turns.map((item) => ({ ...item, session: index + 1, date: session.date })));
    expect(messages).toHaveLength(turns.length);
    messages.forEach((message, index) => {
      const source = turns[index]!;
      expect(message.role).toBe(source.speakerA ? 'user' : 'assistant');
      expect(message.content).toBe(source.caption ? `${source.text} [image: ${source.caption}]` : source.text);
      expect(message.session).toBe(source.session);
      expect(message.timestamp).toBe(`${source.date.toISOString().slice(0, 16)}:00`);
    });
    expect(sessionJsonl.split('\n')).toHaveLength(messages.length + 1);
    expect(sessionJsonl === '' ? [] : sessionJsonl.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(messages);
    expect(probes).toHaveLength(qa.length);
    probes.forEach((probe, index) => {
      const source = qa[index]!;
      const raw = source.evidence ?? [];
      expect(probe.evidence.every((id) => id !== '' && !/[;\s]/.test(id))).toBe(true);
      expect(probe.evidence.join('')).toBe(raw.join('').replace(/[;\s]+/g, ''));
      expect(probe.evidence_raw).toEqual(JSON.stringify(probe.evidence) === JSON.stringify(raw) ? undefined : raw);
      expect(probe.answer).toBe(source.answer ?? null);
      expect('adversarial_answer' in probe).toBe('adversarial_answer' in source);
    });
    expect(probesJsonl === '' ? [] : probesJsonl.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual(probes);
  });
});
