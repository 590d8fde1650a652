import { fc, test } from '@fast-check/vitest';
import { expect } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { curatePlaybook, emptyCuratorState } from './curate-playbook.js';

/** A session of recoveries drawn from a few failing and working commands. */
const recoveries = fc.array(fc.record({ failed: fc.integer({ min: 0, max: 2 }), worked: fc.integer({ min: 0, max: 2 }), ok: fc.boolean() }), { maxLength: 30 });

test.prop({ steps: recoveries, skillAfter: fc.integer({ min: 1, max: 4 }) }, { numRuns: 200 })(
  'a skill is proposed exactly for the recoveries seen skillAfter times or more, the same for the same input',
  ({ steps, skillAfter }) => {
    const run = () => {
      const state = emptyCuratorState();
      const seen = new Map<string, number>();
      const proposed: { key: string; count: number }[] = [];
      let id = 0;
      const feed = (message: CairnMessage) => curatePlaybook(state, message, [], skillAfter);
      for (const step of steps) {
        const bad = `npm install --bad-${step.failed}`;
        const good = `npm ci --good-${step.worked}`;
        feed({ id: `a${++id}`, role: 'assistant', content: '', toolCalls: [{ id: `c${id}`, name: 'bash', arguments: { command: bad } }] });
        feed({ id: `t${id}`, role: 'tool', toolCallId: `c${id}`, name: 'bash', content: 'exit code 1', isError: true });
        feed({ id: `a${++id}`, role: 'assistant', content: '', toolCalls: [{ id: `c${id}`, name: 'bash', arguments: { command: good } }] });
        const deltas = feed({ id: `t${id}`, role: 'tool', toolCallId: `c${id}`, name: 'bash', content: step.ok ? 'done' : 'exit code 1', ...(step.ok ? {} : { isError: true }) });
        if (!step.ok) continue;
        const key = `${bad}|${good}`;
        seen.set(key, (seen.get(key) ?? 0) + 1);
        const skills = deltas.filter((delta) => delta.op === 'add' && delta.section === 'skills');
        expect(skills).toHaveLength(seen.get(key)! >= skillAfter ? 1 : 0);
        for (const skill of skills) if (skill.op === 'add') proposed.push({ key, count: seen.get(key)! });
      }
      return { proposed, state: JSON.parse(JSON.stringify(state)) as unknown };
    };
    expect(run()).toEqual(run());
  },
);
