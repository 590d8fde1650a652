import { extname } from 'node:path';
import { readSessionFile, SessionFormatError, splitByAgent } from '@cairn/bench';
import type { CairnMessage } from '@cairn/core';
import { CliError } from './cli-error.js';

/** A session file read for `replay` or `inspect`. */
export interface ReplaySession {
  messages: CairnMessage[];
  /** The agent whose context is replayed, when the file has several. */
  agent?: string;
  /** Every agent the file names (empty for single-agent files). */
  agents: string[];
}

/**
 * Reads a session file (`.jsonl`, or `.json` with OpenAI / AI SDK messages) and, for multi-agent
 * logs (CodeR), picks one agent's own context: `agent`, or the first agent that speaks.
 *
 * @param path - The file, as the user gave it (errors name it so).
 * @param absolutePath - Where to read it.
 * @param agent - The agent to replay, when the file has several.
 * @returns The messages to replay.
 * @throws {@link CliError} naming the file (and line) for unreadable or malformed files.
 */
export async function readReplaySession(path: string, absolutePath: string, agent?: string): Promise<ReplaySession> {
  const extension = extname(path).toLowerCase();
  if (extension !== '.jsonl' && extension !== '.json') {
    throw new CliError(`${path}: unsupported file type "${extension || '(none)'}"; expected .jsonl (one message per line) or .json (an OpenAI or AI SDK message array)`);
  }
  let messages: CairnMessage[];
  try {
    messages = await readSessionFile(absolutePath);
  } catch (error) {
    if (SessionFormatError.isInstance(error)) throw new CliError(`${path}${error.message.slice(error.source.length)}`, 1, { cause: error });
    const code = (error as NodeJS.ErrnoException).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a folder, not a file' : code === 'EACCES' ? 'permission denied' : (error as Error).message;
    throw new CliError(`${path}: cannot read (${reason})`, 1, { cause: error });
  }
  if (messages.length === 0) throw new CliError(`${path}: no messages`);
  const contexts = splitByAgent(messages);
  const agents = [...contexts.keys()].filter((name) => name !== '');
  if (agents.length <= 1) return { messages, agents, ...(agents[0] !== undefined ? { agent: agents[0] } : {}) };
  const chosen = agent ?? agents.find((name) => contexts.get(name)!.some((message) => message.role === 'assistant')) ?? agents[0]!;
  const context = contexts.get(chosen);
  if (!context) throw new CliError(`${path}: no agent "${chosen}"; the file has ${agents.join(', ')}`, 2);
  return { messages: context, agent: chosen, agents };
}
