import type { LanguageModel } from 'ai';
import { runAgent } from './run-agent.js';
import { scriptedModel } from './scripted-model.js';

async function chooseModel(): Promise<{ model: LanguageModel; label: string }> {
  if (process.env.OPENAI_API_KEY) {
    const { openai } = await import('@ai-sdk/openai');
    const id = process.env.OPENAI_MODEL ?? 'gpt-4.1-mini';
    return { model: openai(id), label: `OpenAI ${id}` };
  }
  return { model: scriptedModel(), label: 'the scripted offline model (set OPENAI_API_KEY for a real one)' };
}

async function run(): Promise<void> {
  const { model, label } = await chooseModel();
  console.log(`cairn + AI SDK agent, using ${label}\n`);
  const { text, commands, blocked, deadEnds } = await runAgent(model);
  console.log('commands run:');
  for (const command of commands) console.log(`  $ ${command}`);
  console.log(`\ncalls blocked by cairn's guard: ${blocked}`);
  console.log('known dead ends:');
  for (const deadEnd of deadEnds) console.log(`  - ${deadEnd}`);
  console.log(`\nanswer: ${text}`);
}

run().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
