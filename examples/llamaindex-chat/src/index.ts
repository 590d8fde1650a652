import type { LLM } from 'llamaindex';
import { runChat } from './run-chat.js';
import { ScriptedLLM } from './scripted-llm.js';

/** OpenAI when OPENAI_API_KEY is set, else the offline scripted model. */
async function chooseLLM(): Promise<LLM> {
  if (!process.env.OPENAI_API_KEY) return new ScriptedLLM();
  const { OpenAI } = await import('@llamaindex/openai');
  return new OpenAI({ model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini' }) as unknown as LLM;
}

const llm = await chooseLLM();
const turns = process.env.OPENAI_API_KEY ? 6 : 40;
for (const report of await runChat(llm, turns)) {
  console.log(`turn ${String(report.turn).padStart(2)}: ${report.stored} messages stored, ${report.inView} in view, ${report.tokens}/${report.budget} tokens`);
}
