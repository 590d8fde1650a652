import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDatasets } from './load-datasets.js';

const line = (value: unknown): string => JSON.stringify(value);

describe('loadDatasets', () => {
  it('discovers LoCoMo with probes and splits CodeR runs by agent', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cairn-data-'));
    await mkdir(join(dir, 'locomo'));
    await writeFile(join(dir, 'locomo', 'conv-1.session.jsonl'), [line({ id: 'D1:1', role: 'user', content: 'I adopted a cat named Miso.' }), line({ id: 'D1:2', role: 'assistant', content: 'Lovely!' })].join('\n'));
    await writeFile(
      join(dir, 'locomo', 'conv-1.probes.jsonl'),
      [line({ question: 'Cat name?', answer: 'Miso', evidence: ['D1:1'], category: 4 }), line({ question: 'Adversarial?', evidence: ['D1:1'], category: 5 }), line({ question: 'x', answer: 'y', evidence: ['nope'], category: 1 })].join('\n'),
    );
    await mkdir(join(dir, 'coder-swebench-lite', 'runs'), { recursive: true });
    await writeFile(
      join(dir, 'coder-swebench-lite', 'runs', 'r1.session.jsonl'),
      [
        line({ id: 'm0', role: 'system', agent: 'Manager', content: 'plan' }),
        line({ id: 'm1', role: 'assistant', agent: 'Manager', content: 'go', tool_calls: [{ id: 'c1', name: 'plan', arguments: {} }] }),
        line({ id: 'm2', role: 'assistant', agent: 'Programmer', content: 'edit', tool_calls: [{ id: 'c2', name: 'edit', arguments: {} }] }),
        line({ id: 'm3', role: 'tool', agent: 'Programmer', tool_call_id: 'c2', content: 'ok' }),
        line({ id: 'm4', role: 'tool', agent: 'Manager', tool_call_id: 'c1', content: 'done' }),
      ].join('\n'),
    );
    const datasets = await loadDatasets(dir);
    expect(datasets.map((dataset) => dataset.name)).toEqual(['locomo', 'coder-swebench-lite']);
    const [conversation] = datasets[0]!.sessions;
    expect(conversation!.probes).toEqual([{ id: 'conv-1.probes.jsonl#0', question: 'Cat name?', answer: 'Miso', evidence: ['D1:1'], atMessageIndex: 2 }]);
    expect(datasets[1]!.sessions.map((session) => [session.id, session.messages.map((message) => message.id)])).toEqual([
      ['r1#Manager', ['m0', 'm1', 'm4']],
      ['r1#Programmer', ['m2', 'm3']],
    ]);
  });

  it('names the file and line of a malformed file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'cairn-data-'));
    await mkdir(join(dir, 'tau-bench-airline', 'runs'), { recursive: true });
    await writeFile(join(dir, 'tau-bench-airline', 'runs', 'bad.session.jsonl'), `${line({ id: 'a', role: 'user', content: 'hi' })}\n{oops`);
    await expect(loadDatasets(dir)).rejects.toThrow(/bad\.session\.jsonl:2: not valid JSON/);
  });
});
