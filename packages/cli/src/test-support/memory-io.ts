import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateSyntheticSession } from '@cairn/bench';
import type { CairnMessage } from '@cairn/core';
import type { CliIo } from '../cli-io.js';

/** An in-memory {@link CliIo} in a fresh temporary folder, with what was written. */
export async function createMemoryIo(): Promise<CliIo & { out: () => string; err: () => string }> {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const cwd = await mkdtemp(join(tmpdir(), 'cairn-cli-'));
  return {
    stdout: { write: (text: string) => stdout.push(text) },
    stderr: { write: (text: string) => stderr.push(text) },
    cwd,
    now: () => performance.now(),
    out: () => stdout.join(''),
    err: () => stderr.join(''),
  };
}

/** A message as a line of the neutral JSONL format. */
export function toJsonlRecord(message: CairnMessage): Record<string, unknown> {
  return {
    id: message.id,
    role: message.role,
    content: message.content,
    ...(message.name ? { name: message.name } : {}),
    ...(message.toolCalls ? { tool_calls: message.toolCalls } : {}),
    ...(message.toolCallId ? { tool_call_id: message.toolCallId } : {}),
    ...(message.isError !== undefined ? { is_error: message.isError } : {}),
  };
}

/** Writes a small synthetic session as `name` (JSONL) in `folder`; returns its messages. */
export async function writeSyntheticSession(folder: string, name: string, messages = 200): Promise<CairnMessage[]> {
  const session = generateSyntheticSession({ seed: 11, messages, kind: 'coding' });
  await writeFile(join(folder, name), `${session.messages.map((message) => JSON.stringify(toJsonlRecord(message))).join('\n')}\n`);
  return session.messages;
}
