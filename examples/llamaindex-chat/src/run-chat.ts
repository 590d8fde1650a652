import { createCairnMemory } from '@cairn/llamaindex';
import { SimpleChatEngine, type LLM } from 'llamaindex';

/** One turn of the chat, as cairn's view of it. */
export interface TurnReport {
  turn: number;
  /** Messages in the memory (the whole history; nothing is dropped). */
  stored: number;
  /** Messages the model received, and how many of them were full, compressed or placeholders. */
  inView: number;
  full: number;
  compressed: number;
  placeholders: number;
  /** Tokens of the view the model received, of its budget, and of the whole history. */
  tokens: number;
  budget: number;
  historyTokens: number;
}

/** What the user says on a turn: a nightly-build incident per turn. */
export const question = (turn: number) => `Turn ${turn}: the nightly build of service ${turn % 5} failed at step ${turn % 3}; what should we try next?`;

/**
 * Chats `turns` times through LlamaIndex's `SimpleChatEngine`, whose memory is cairn's: the
 * model sees a view of at most 70% of its context window (cairn's default for a memory),
 * however long the chat gets.
 */
export async function runChat(llm: LLM, turns: number, onTurn: (report: TurnReport) => void = () => undefined): Promise<TurnReport[]> {
  const memory = createCairnMemory({ sessionId: 'example-chat' });
  const engine = new SimpleChatEngine({ llm, memory });
  const reports: TurnReport[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    await engine.chat({ message: question(turn) });
    const { messages, metadata } = memory.lastView!;
    const count = (fidelity: string) => messages.filter((message) => message.fidelity === fidelity).length;
    const report: TurnReport = {
      turn,
      stored: (await memory.get()).length,
      inView: messages.length,
      full: count('full'),
      compressed: count('compressed'),
      placeholders: count('placeholder'),
      tokens: metadata.tokens,
      budget: metadata.budget,
      historyTokens: metadata.historyTokens,
    };
    reports.push(report);
    onTurn(report);
  }
  return reports;
}
