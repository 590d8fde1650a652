import { existsSync, readdirSync } from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { CairnMessage } from '@cairn/core';
import { describe, expect, it } from 'vitest';
import { findToolPairingProblems } from './find-tool-pairing-problems.js';
import { readProbesFile, readSessionFile } from './read-session-file-node.js';
import { SessionFormatError } from './session-format-error.js';

const DATA = fileURLToPath(new URL('../../../../shared/data/', import.meta.url));
const LOCOMO = join(DATA, 'locomo');
const TAU_RUNS = join(DATA, 'tau-bench-airline', 'runs');
const CODER_RUNS = join(DATA, 'coder-swebench-lite', 'runs');

const sessionFiles = (folder: string): string[] => (existsSync(folder) ? readdirSync(folder).filter((name) => name.endsWith('.session.jsonl')).sort().map((name) => join(folder, name)) : []);

/** Groups a (possibly multi-agent) session by `metadata.agent`, keeping order. */
const byAgent = (messages: readonly CairnMessage[]): CairnMessage[][] => {
  const groups = new Map<unknown, CairnMessage[]>();
  for (const message of messages) {
    const agent = message.metadata?.agent;
    groups.set(agent, [...(groups.get(agent) ?? []), message]);
  }
  return [...groups.values()];
};

describe('readSessionFile', () => {
  it('dispatches on the extension', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'cairn-bench-'));
    await writeFile(join(folder, 'a.jsonl'), '{"id": "m1", "role": "user", "content": "hi"}\n');
    await writeFile(join(folder, 'b.JSON'), '[{"role": "user", "content": "hi"}]');
    await writeFile(join(folder, 'c.txt'), 'hi');
    await writeFile(join(folder, 'd.jsonl'), '{"id": "m1", "role": "user", "content": "hi"}\n{oops}\n');
    expect(await readSessionFile(join(folder, 'a.jsonl'))).toEqual([{ id: 'm1', role: 'user', content: 'hi' }]);
    expect(await readSessionFile(join(folder, 'b.JSON'))).toEqual([{ id: 'b.JSON#0', role: 'user', content: 'hi' }]);
    await expect(readSessionFile(join(folder, 'c.txt'))).rejects.toSatisfy((error) => SessionFormatError.isInstance(error) && /unsupported file extension/.test(error.message));
    await expect(readSessionFile(join(folder, 'd.jsonl'))).rejects.toThrow(/d\.jsonl:2: not valid JSON/);
    await expect(readSessionFile(join(folder, 'missing.jsonl'))).rejects.toThrow(/ENOENT/);
  });
});

describe('shared data sets', () => {
  it.skipIf(!existsSync(LOCOMO))('LoCoMo: every probe evidence id exists in its session', async () => {
    const probeFiles = readdirSync(LOCOMO).filter((name) => name.endsWith('.probes.jsonl')).sort();
    expect(probeFiles.length).toBeGreaterThan(0);
    let probeCount = 0;
    for (const name of probeFiles) {
      const messages = await readSessionFile(join(LOCOMO, name.replace('.probes.', '.session.')));
      const ids = new Set(messages.map((message) => message.id));
      expect(messages.every((message) => message.timestamp !== undefined && Number.isFinite(message.timestamp))).toBe(true);
      const probes = await readProbesFile(join(LOCOMO, name));
      probeCount += probes.length;
      for (const probe of probes) {
        for (const id of probe.evidence) expect(ids, `${name} ${probe.id}`).toContain(id);
        expect(probe.answer !== undefined || probe.adversarialAnswer !== undefined).toBe(true);
      }
    }
    expect(probeCount).toBeGreaterThan(100);
  });

  it.skipIf(!existsSync(TAU_RUNS))('tau-bench: every tool call has exactly one result directly after it', async () => {
    const files = sessionFiles(TAU_RUNS);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const messages = await readSessionFile(file);
      expect(findToolPairingProblems(messages), file).toEqual([]);
    }
  });

  it.skipIf(!existsSync(CODER_RUNS))('CodeR: every tool call has exactly one result directly after it within its agent', async () => {
    const files = sessionFiles(CODER_RUNS);
    expect(files.length).toBeGreaterThan(0);
    let failed = 0;
    for (const file of files) {
      const messages = await readSessionFile(file);
      for (const agentMessages of byAgent(messages)) expect(findToolPairingProblems(agentMessages), file).toEqual([]);
      failed += messages.filter((message) => message.isError === true).length;
      expect(messages.filter((message) => message.metadata?.error_kind !== undefined).every((message) => message.isError === true)).toBe(true);
    }
    expect(failed).toBeGreaterThan(0);
  });
});
