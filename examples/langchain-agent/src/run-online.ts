import { cairnMiddleware } from '@cairn/langchain';
import { HumanMessage, type BaseMessage } from '@langchain/core/messages';
import { ChatOpenAI } from '@langchain/openai';
import { createAgent } from 'langchain';
import { agentTools } from './agent-tools.js';

/** The same agent against OpenAI (needs OPENAI_API_KEY; OPENAI_MODEL picks the model). */
export async function runOnline({ log = console.log }: { log?: (line: string) => void } = {}): Promise<void> {
  const model = new ChatOpenAI({ model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini' });
  const agent = createAgent({
    model,
    tools: agentTools({ commands: [] }),
    systemPrompt: 'You maintain a small web service. Use the tools.',
    middleware: [cairnMiddleware({ budget: { fraction: 0.25 }, contextWindow: 128_000, guard: 'block' })],
  });
  let messages: BaseMessage[] = [];
  for (const ask of ['Read src/server.ts and summarise it.', 'Deploy the service with `npm run deploy`.', 'Try the deploy again exactly the same way.']) {
    ({ messages } = await agent.invoke({ messages: [...messages, new HumanMessage(ask)] }));
    log(`> ${ask}\n${messages.at(-1)!.text}\n`);
  }
}
