import { DEFAULT_BUDGET_SHARE } from '@cairn/llamaindex';
import type { LLM } from 'llamaindex';
import { runChat, type TurnReport } from './run-chat.js';
import { ScriptedLLM, SCRIPTED_CONTEXT_WINDOW } from './scripted-llm.js';

const online = Boolean(process.env.OPENAI_API_KEY);
const turns = online ? 6 : 40;

/** OpenAI when OPENAI_API_KEY is set, else the offline scripted model. */
async function chooseLLM(): Promise<LLM> {
  if (!online) return new ScriptedLLM();
  const { OpenAI } = await import('@llamaindex/openai');
  return new OpenAI({ model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini' });
}

const line = (report: TurnReport) =>
  `turn ${String(report.turn).padStart(2)}  history ${String(report.stored).padStart(3)} messages ${String(report.historyTokens).padStart(6)} tokens` +
  `  →  model saw ${String(report.inView).padStart(2)} (${report.full} full, ${report.compressed} compressed, ${report.placeholders} placeholders)` +
  ` ${String(report.tokens).padStart(5)}/${report.budget} tokens`;

try {
  const llm = await chooseLLM();
  console.log(
    online
      ? `OPENAI_API_KEY is set: running against OpenAI (${process.env.OPENAI_MODEL ?? 'gpt-4o-mini'}), ${turns} turns.`
      : `Offline: a scripted LlamaIndex LLM with a ${SCRIPTED_CONTEXT_WINDOW}-token window (set OPENAI_API_KEY to use OpenAI).`,
  );
  console.log(
    `A LlamaIndex SimpleChatEngine with createCairnMemory() as its memory chats for ${turns} turns. The budget is cairn's default for a memory: ` +
      `${DEFAULT_BUDGET_SHARE * 100}% of the model's context window (${Math.floor(DEFAULT_BUDGET_SHARE * llm.metadata.contextWindow)} tokens here). Each line: the whole history, then the view the model received.\n`,
  );
  const reports = await runChat(llm, turns, (report) => console.log(line(report)));
  const last = reports.at(-1)!;
  const largest = Math.max(...reports.map((report) => report.tokens));
  console.log(
    `\n${turns} turns: every view within the ${last.budget}-token budget (largest ${largest}), while the history grew to ${last.stored} messages / ${last.historyTokens} tokens; ` +
      `on the last turn the model saw ${last.inView} messages (${last.full} full, ${last.compressed} compressed, ${last.placeholders} placeholders). Nothing was dropped: memory.get() still returns all ${last.stored}.`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
