import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { openSession } from '@cairn/core';
import { createSampleMessages } from '@cairn/core/testing';
import { createSqliteSessionStore } from './create-sqlite-session-store.js';
import { continuationPlan } from './test-support/continuation-plan.js';
import { tempFolder } from './test-support/temp-database.js';

const CHILD = fileURLToPath(new URL('./test-support/child-session.ts', import.meta.url));
const folder = tempFolder();
afterAll(() => folder.remove());

/** Runs the child script with the same Node as the tests, resolving @cairn/* to their sources. */
function child(mode: string, path: string): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', '--conditions=@cairn/source', CHILD, mode, path], { stdio: ['ignore', 'pipe', 'pipe'] });
}

function collect(stream: NodeJS.ReadableStream | null): { text: () => string } {
  let text = '';
  stream?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  return { text: () => text };
}

describe('sessions across processes (real files)', () => {
  it('a child killed with SIGKILL mid-appends: the reloaded session has every acknowledged message', async () => {
    const path = folder.path('crash.db');
    const process_ = child('append-forever', path);
    const errors = collect(process_.stderr);
    let acknowledged = 0;
    let buffer = '';
    const exited = new Promise<NodeJS.Signals | null>((resolve) => process_.on('exit', (_code, signal) => resolve(signal)));
    await new Promise<void>((resolve, reject) => {
      process_.stdout!.on('data', (chunk: Buffer) => {
        buffer += chunk.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          const match = /^ack (\d+)$/.exec(line);
          if (match) acknowledged = Number(match[1]);
        }
        // Kill it mid-way, without warning, once it is well into the session.
        if (acknowledged >= 300 && !process_.killed) {
          process_.kill('SIGKILL');
          resolve();
        }
      });
      process_.on('exit', (code) => (acknowledged >= 300 ? resolve() : reject(new Error(`child exited early (${code}): ${errors.text()}`))));
    });
    expect(await exited).toBe('SIGKILL');
    // Lines the child wrote before dying may still be in the pipe: the last one read is a lower bound.
    const store = createSqliteSessionStore({ path });
    const loaded = await store.load({ tenant: 'acme', sessionId: 'crash' });
    expect(loaded!.messages.length).toBeGreaterThanOrEqual(acknowledged);
    const expected = createSampleMessages(loaded!.messages.length, { prefix: 'crash' });
    expect(loaded!.messages).toEqual(JSON.parse(JSON.stringify(expected)));
    // The state (if any) is older than or equal to the log; the session reopens with every message and goes on.
    expect(loaded!.state === undefined || loaded!.state.messageCount <= loaded!.messages.length).toBe(true);
    const session = await openSession({ store, tenant: 'acme', sessionId: 'crash' });
    expect(session.engine.getMessages().map((message) => message.id)).toEqual(expected.map((message) => message.id));
    const more = createSampleMessages(2, { prefix: 'crash', start: loaded!.messages.length });
    await session.ingest(more);
    expect(session.assemble({ budget: 2_000 }).metadata.tokens).toBeLessThanOrEqual(2_000);
    await session.close();
    await store.close();
  }, 60_000);

  it('a session written and closed by one process continues in another with the identical next view', async () => {
    const path = folder.path('continued.db');
    const writer = child('write-and-close', path);
    const output = collect(writer.stdout);
    const errors = collect(writer.stderr);
    const code = await new Promise<number | null>((resolve) => writer.on('exit', resolve));
    expect(code, errors.text()).toBe(0);
    expect(output.text()).toBe('done\n');

    // The reference: an in-memory session fed the same inputs in this process, never restarted.
    const plan = continuationPlan();
    const reference = await openSession({ tenant: 'acme', sessionId: 'continued', ...plan.options });
    for (const step of plan.steps) {
      await reference.ingest(step.messages);
      reference.assemble(step.request);
    }
    const store = createSqliteSessionStore({ path });
    const continued = await openSession({ store, tenant: 'acme', sessionId: 'continued', ...plan.options });
    await continued.ingest(plan.next);
    await reference.ingest(plan.next);
    const view = continued.assemble({ query: 'the failing test in src/app.ts' });
    expect(view.messages.some((message) => message.fidelity !== 'full')).toBe(true);
    expect(view).toEqual(reference.assemble({ query: 'the failing test in src/app.ts' }));
    await continued.close();
    await store.close();
  }, 60_000);
});
