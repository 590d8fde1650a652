import { createCairnMemory } from '@cairn/llamaindex';
import { SimpleChatEngine, type LLM } from 'llamaindex';

/** One line per turn of the chat. */
export interface TurnReport {
  turn: number;
  stored: number;
  inView: number;
  tokens: number;
  budget: number;
}

/**
 * Chats `turns` times through a SimpleChatEngine whose memory is cairn: the model sees a view of
 * at most 70% of its context window, however long the chat gets.
 */
export async function runChat(llm: LLM, turns: number): Promise<TurnReport[]> {
  const memory = createCairnMemory({ sessionId: 'example-chat' });
  const engine = new SimpleChatEngine({ llm, memory });
  const reports: TurnReport[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    await engine.chat({ message: `Turn ${turn}: the nightly build of service ${turn % 5} failed at step ${turn % 3}; what should we try next?` });
    const view = memory.lastView!;
    reports.push({ turn, stored: (await memory.getAll()).length, inView: view.messages.length, tokens: view.metadata.tokens, budget: view.metadata.budget });
  }
  return reports;
}
