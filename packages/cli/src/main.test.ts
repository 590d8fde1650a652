import { spawnSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { main } from './main.js';
import { createMemoryIo, writeSyntheticSession } from './test-support/memory-io.js';

describe('cairn bench', () => {
  it('runs a tiny synthetic set and writes a self-contained HTML report', async () => {
    const io = await createMemoryIo();
    const code = await main(['bench', '--synthetic', 'coding:200:3', '--budgets', '0.1', '--strategies', 'full,recency,cairn', '--out', 'out/report.html', '--json', 'result.json'], io);
    expect(io.err()).toContain('100%');
    expect(code).toBe(0);
    expect(io.out()).toContain('synthetic — budget 10% of history');
    expect(io.out()).toMatch(/^cairn\s+\d/m);
    const html = await readFile(join(io.cwd, 'out/report.html'), 'utf8');
    expect(html).toContain('<svg');
    expect(html).not.toContain('src="http');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).toContain('Where cairn loses');
    const result = JSON.parse(await readFile(join(io.cwd, 'result.json'), 'utf8'));
    expect(result.cells).toHaveLength(3);
  });

  it('names the file and line of a bad data file', async () => {
    const io = await createMemoryIo();
    const runs = join(io.cwd, 'data', 'tau-bench-airline', 'runs');
    await import('node:fs/promises').then(({ mkdir }) => mkdir(runs, { recursive: true }));
    await writeFile(join(runs, 'x.session.jsonl'), '{"id":"a","role":"user","content":"hi"}\nnot json\n');
    const code = await main(['bench', '--synthetic', 'none', '--data', 'data'], io);
    expect(code).toBe(1);
    expect(io.err()).toMatch(/^cairn: .*x\.session\.jsonl:2: not valid JSON/);
    expect(io.err().trim().split('\n')).toHaveLength(1);
  });

  it('adds the LoCoMo haystacks with --haystack', async () => {
    const io = await createMemoryIo();
    const locomo = join(io.cwd, 'data', 'locomo');
    await import('node:fs/promises').then(({ mkdir }) => mkdir(locomo, { recursive: true }));
    const turn = (id: string, role: string, name: string, content: string, session: number) => JSON.stringify({ id, role, name, content, timestamp: `2023-0${session}-01T10:00:00`, session });
    await writeFile(join(locomo, 'conv-1.session.jsonl'), [turn('D1:1', 'user', 'Ann', 'Hi Bob, I adopted a cat named Miso.', 1), turn('D1:2', 'assistant', 'Bob', 'Nice, Ann!', 1), turn('D2:1', 'user', 'Ann', 'Miso is fine.', 2), turn('D2:2', 'assistant', 'Bob', 'Good.', 2)].join('\n'));
    await writeFile(join(locomo, 'conv-1.probes.jsonl'), `${JSON.stringify({ question: "What is Ann's cat called?", answer: 'Miso', evidence: ['D1:1'], category: 4 })}\n`);
    await writeFile(join(locomo, 'conv-2.session.jsonl'), [turn('D1:1', 'user', 'Cy', 'Hey Di, I painted a lake.', 1), turn('D1:2', 'assistant', 'Di', 'Lovely, Cy.', 1), turn('D2:1', 'user', 'Cy', 'I run daily.', 3), turn('D2:2', 'assistant', 'Di', 'Great!', 3)].join('\n'));
    await writeFile(join(locomo, 'conv-2.probes.jsonl'), `${JSON.stringify({ question: 'What did Cy paint?', answer: 'a lake', evidence: ['D1:1'], category: 4 })}\n`);
    const code = await main(['bench', '--synthetic', 'none', '--data', 'data', '--haystack', '--strategies', 'bm25,cairn', '--budgets', '0.5', '--json', 'result.json'], io);
    expect(io.err()).not.toMatch(/^cairn:/m);
    expect(code).toBe(0);
    expect(io.out()).toContain('locomo-haystack');
    const result = JSON.parse(await readFile(join(io.cwd, 'result.json'), 'utf8'));
    expect(result.datasets.map((dataset: { name: string; sessions: number; messages: number }) => [dataset.name, dataset.sessions, dataset.messages])).toEqual([
      ['locomo', 2, 8],
      ['locomo-haystack', 2, 16],
    ]);
    expect(await main(['bench', '--synthetic', 'none', '--haystack'], io)).toBe(2);
    expect(io.err()).toContain('--haystack needs --data');
  });

  it('rejects bad options with exit code 2', async () => {
    const io = await createMemoryIo();
    expect(await main(['bench', '--budgets', '5'], io)).toBe(2);
    expect(await main(['bench', '--strategies', 'magic'], io)).toBe(2);
    expect(await main(['bench', '--data', 'nowhere', '--synthetic', 'none'], io)).toBe(1);
    expect(io.err()).toContain('nowhere: no data sets found');
  });
});

describe('cairn guard', () => {
  it('measures the guard and the exposure with and without the brief on a data folder', async () => {
    const io = await createMemoryIo();
    const runs = join(io.cwd, 'data', 'tau-bench-airline', 'runs');
    await import('node:fs/promises').then(({ mkdir }) => mkdir(runs, { recursive: true }));
    const call = (id: string) => ({ id: `a${id}`, role: 'assistant', content: '', tool_calls: [{ id, name: 'get_reservation_details', arguments: { reservation_id: 'ZZ9' } }] });
    const result = (id: string) => ({ id: `t${id}`, role: 'tool', tool_call_id: id, name: 'get_reservation_details', content: 'Error: reservation ZZ9 not found', is_error: true });
    const lines = [{ id: 'u1', role: 'user', content: 'Please look up my reservation ZZ9.' }, call('1'), result('1'), call('2'), result('2'), call('3'), result('3')];
    await writeFile(join(runs, 'r1.session.jsonl'), lines.map((line) => JSON.stringify(line)).join('\n'));
    expect(await main(['guard', '--data', 'data', '--skip-synthetic', '--budget', '1'], io)).toBe(0);
    // Two exact repeats into an unchanged state, both failing again and both flagged.
    expect(io.out()).toMatch(/\| tau-bench-airline tune \| 1 \| 3 \| 2 \(2; 2\) \|.*\| 1\.000 \(1\.000; 1\.000\) \|/);
    expect(io.out()).toMatch(/\| tau-bench-airline \| cairn \| 2 \| 100\.0% \(2\) \| 0 \|/);
    expect(io.out()).toMatch(/\| tau-bench-airline \| cairn without brief \| 2 \|/);
    expect(io.out()).toContain("## Dead-end exposure at 100% of each session's history");
    expect(await main(['guard', '--skip-synthetic'], io)).toBe(2);
    expect(await main(['guard', '--budget', '0.1,0.2', '--data', 'data'], io)).toBe(2);
  });
});

describe('cairn replay and inspect', () => {
  it('replay prints one line per turn', async () => {
    const io = await createMemoryIo();
    await writeSyntheticSession(io.cwd, 'run.jsonl');
    expect(await main(['replay', 'run.jsonl', '--budget', '5%'], io)).toBe(0);
    const lines = io.out().split('\n');
    expect(lines[0]).toMatch(/^cairn replay run\.jsonl: \d+ messages, [\d,]+ history tokens, budget [\d,]+ tokens/);
    const turnLines = lines.filter((line) => /^\s+\d+\s+\d+\s+[\d,]+\s+[\d,]+\s+\d+%/.test(line));
    expect(turnLines.length).toBeGreaterThan(20);
    expect(io.out()).toMatch(/→ (placeholder|compressed) \(/);
    expect(io.out()).toMatch(/\d+ turns; 0 without a view; 0 over budget; [1-9]\d* repeated-dead-end warnings\./);
    // The synthetic session repeats failed calls: the guard's verdict shows on the turn before them.
    expect(io.out()).toMatch(/⚠ (warn|block) \w+: /);
  });

  it('inspect prints the view of turn N, as text or JSON', async () => {
    const io = await createMemoryIo();
    await writeSyntheticSession(io.cwd, 'run.jsonl');
    expect(await main(['inspect', 'run.jsonl', '--turn', '30', '--budget', '4000'], io)).toBe(0);
    expect(io.out()).toMatch(/^cairn inspect run\.jsonl — turn 30: the view before message #\d+/);
    expect(io.out()).toContain('[1] system · full · s11-m0001');
    const json = await createMemoryIo();
    await writeSyntheticSession(json.cwd, 'run.jsonl');
    expect(await main(['inspect', 'run.jsonl', '--turn', '30', '--budget', '4000', '--json'], json)).toBe(0);
    const view = JSON.parse(json.out());
    expect(view[0]).toMatchObject({ id: 's11-m0001', role: 'system', fidelity: 'full' });
    expect(await main(['inspect', 'run.jsonl', '--turn', '9999'], json)).toBe(2);
    expect(json.err()).toMatch(/run\.jsonl: no turn 9999; the session has \d+ turns/);
  });

  it.each([
    ['a missing file', ['replay', 'missing.jsonl'], /^cairn: missing\.jsonl: cannot read \(no such file\)\n$/, 1],
    ['a wrong extension', ['replay', 'notes.txt'], /^cairn: notes\.txt: unsupported file type "\.txt"/, 1],
    ['a non-JSON line', ['inspect', 'broken.jsonl', '--turn', '1'], /^cairn: broken\.jsonl:2: not valid JSON/, 1],
    ['a JSON file of the wrong shape', ['replay', 'chat.json'], /^cairn: chat\.json/, 1],
    ['a line that is not a message', ['replay', 'odd.jsonl'], /^cairn: odd\.jsonl:1: /, 1],
    ['no file', ['replay'], /^cairn: replay needs exactly one session FILE/, 2],
    ['no --turn', ['inspect', 'broken.jsonl'], /^cairn: inspect needs --turn N/, 2],
    ['an unknown option', ['replay', 'x.jsonl', '--bogus'], /^cairn replay: Unknown option '--bogus'/, 2],
    ['an unknown command', ['frobnicate'], /^cairn: unknown command "frobnicate"/, 2],
  ])('reports %s in one line with a non-zero exit', async (_name, argv, pattern, exitCode) => {
    const io = await createMemoryIo();
    await writeFile(join(io.cwd, 'notes.txt'), 'hello');
    await writeFile(join(io.cwd, 'broken.jsonl'), '{"id":"a","role":"user","content":"hi"}\n{"id": "b", oops\n');
    await writeFile(join(io.cwd, 'chat.json'), '{"hello": "world"}');
    await writeFile(join(io.cwd, 'odd.jsonl'), '{"role":"bot","content":"hi"}\n');
    expect(await main(argv, io)).toBe(exitCode);
    expect(io.err()).toMatch(pattern);
    expect(io.err().trim().split('\n')).toHaveLength(1);
  });
});

describe('the cairn binary', () => {
  it('runs from the workspace (built entry, or the sources through tsx)', () => {
    const bin = fileURLToPath(new URL('../bin/cairn.js', import.meta.url));
    const help = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(help.stdout).toContain('cairn bench');
    expect(help.status).toBe(0);
    const missing = spawnSync(process.execPath, [bin, 'replay', 'nope.jsonl'], { encoding: 'utf8' });
    expect(missing.stderr.trim()).toBe('cairn: nope.jsonl: cannot read (no such file)');
    expect(missing.status).toBe(1);
  });
});
