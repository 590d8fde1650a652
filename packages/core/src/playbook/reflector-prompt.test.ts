import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CairnError } from '../log/index.js';
import { isPlaybookDelta } from './check-playbook-delta.js';
import { parsePlaybookDeltas } from './parse-playbook-deltas.js';
import { DEFAULT_REFLECTOR_INSTRUCTIONS, reflectorTranscript } from './reflector-prompt.js';
import type { PlaybookBullet } from './playbook-types.js';

const bullet: PlaybookBullet = { id: 'tol-00001', section: 'tools', content: 'read_file wants a relative path.', helpful: 2, harmful: 0, sourceIds: ['m1'], createdAt: 0, updatedAt: 0 };

describe('reflectorTranscript', () => {
  it('shows the playbook with its ids and the new messages, long texts capped with a note', () => {
    const text = reflectorTranscript({ playbook: [bullet], messages: [{ id: 'u1', role: 'user', content: 'x'.repeat(30) }] }, { maxMessageChars: 10 });
    expect(text).toContain('[tol-00001] helpful=2 harmful=0 :: read_file wants a relative path.');
    expect(text).toContain(`user: ${'x'.repeat(10)} … (20 more characters left out)`);
    expect(reflectorTranscript({ playbook: [], messages: [] })).toContain('Playbook:\n(empty)');
  });

  it('tells the model the four operations and to answer with JSON only', () => {
    for (const op of ['"add"', '"count"', '"merge"', '"prune"', '[]']) expect(DEFAULT_REFLECTOR_INSTRUCTIONS).toContain(op);
  });
});

describe('parsePlaybookDeltas', () => {
  it('reads a bare array, a fenced one and one amid prose', () => {
    const ops = '[{"op":"prune","id":"str-00002"},{"op":"count","id":"tol-00001","helpful":1}]';
    const expected = [{ op: 'prune', id: 'str-00002' }, { op: 'count', id: 'tol-00001', helpful: 1 }];
    expect(parsePlaybookDeltas(ops)).toEqual(expected);
    expect(parsePlaybookDeltas('```json\n' + ops + '\n```')).toEqual(expected);
    expect(parsePlaybookDeltas(`Here you go: ${ops} Hope this helps.`)).toEqual(expected);
    expect(parsePlaybookDeltas('[]')).toEqual([]);
  });

  it('leaves out malformed operations and extra fields, keeps the good ones', () => {
    const reply = JSON.stringify([
      { op: 'add', section: 'tools', content: 'Use --frozen-lockfile in CI.', sourceIds: ['m3'], helpful: 99, trace: { avoid: ['x'] } },
      { op: 'add', section: 'nowhere', content: 'bad section' },
      { op: 'add', section: 'tools', content: '   ' },
      { op: 'count', id: 'tol-00001', helpful: -1 },
      { op: 'count', id: 'tol-00001', harmful: 1.5 },
      { op: 'rewrite', playbook: 'everything' },
      { op: 'merge', from: 'str-00001' },
      'prune str-00001',
      null,
      { op: 'merge', from: 'str-00001', into: 'str-00002' },
    ]);
    expect(parsePlaybookDeltas(reply)).toEqual([
      { op: 'add', section: 'tools', content: 'Use --frozen-lockfile in CI.', sourceIds: ['m3'] },
      { op: 'merge', from: 'str-00001', into: 'str-00002' },
    ]);
  });

  it('throws INVALID_MESSAGE for a reply with no JSON array', () => {
    for (const reply of ['I would add a lesson about paths.', '{"op":"prune","id":"x"}', '[not json]', '']) {
      const error = (() => {
        try {
          parsePlaybookDeltas(reply);
        } catch (caught) {
          return caught;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(CairnError);
      expect((error as CairnError).code).toBe('INVALID_MESSAGE');
    }
  });

  propertyTest.prop([fc.string({ maxLength: 400 })])('on any reply: a typed error or only well-formed deltas', (reply) => {
    try {
      for (const delta of parsePlaybookDeltas(reply)) expect(isPlaybookDelta(delta)).toBe(true);
    } catch (error) {
      expect(error).toBeInstanceOf(CairnError);
    }
  });

  propertyTest.prop([fc.array(fc.jsonValue(), { maxLength: 8 })])('on any JSON array: exactly its well-formed deltas, in order', (values) => {
    expect(parsePlaybookDeltas(JSON.stringify(values)).length).toBe(values.filter(isPlaybookDelta).length);
  });
});
