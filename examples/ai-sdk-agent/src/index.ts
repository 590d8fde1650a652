import type { LanguageModel } from 'ai';
import { runAgent } from './run-agent.js';
import { scriptedModel } from './scripted-model.js';

async function chooseModel(): Promise<{ model: LanguageModel; label: string }> {
  if (process.env.OPENAI_API_KEY) {
    const { openai } = await import('@ai-sdk/openai');
    const id = process.env.OPENAI_MODEL ?? 'gpt-4.1-mini';
    return { model: openai(id), label: `online: OpenAI ${id}` };
  }
  return { model: scriptedModel(), label: 'offline: a scripted mock model, no network (set OPENAI_API_KEY for a real one)' };
}

async function run(): Promise<void> {
  const { model, label } = await chooseModel();
  console.log('cairn + Vercel AI SDK: a ToolLoopAgent fixes a failing test; every model call goes through cairnMiddleware');
  console.log(`model: ${label}`);
  const started = performance.now();
  const { text, budget, commands, blocked, views, deadEnds } = await runAgent(model);
  console.log(`budget: ${budget.toLocaleString('en')} tokens per model call (guard: block, session 'fix-sum')\n`);

  console.log("what each model call saw: tokens of the whole history → tokens of cairn's view (it adds a short known-dead-ends brief once something failed); units kept full / compressed / placeholder:");
  views.forEach((view, index) => {
    const kept = view.mode === 'passthrough' ? 'all of it, unchanged (under the passthrough level)' : `${view.full} full, ${view.compressed} compressed, ${view.placeholder} placeholder`;
    console.log(`  call ${String(index + 1).padStart(2)}: ${String(view.historyTokens).padStart(5)} → ${String(view.tokens).padStart(5)} tokens  ${kept}`);
  });

  console.log('\ncommands the agent ran:');
  for (const command of commands) console.log(`  $ ${command}`);
  console.log(`calls blocked by cairn's guard: ${blocked} (a third 'npm test' before anything changed)`);

  console.log('\nknown dead ends in the session:');
  for (const deadEnd of deadEnds) console.log(`  - ${deadEnd.line}${deadEnd.stale ? '  [stale: the fix changed what it depended on, so running it again was allowed]' : ''}`);

  const largest = views.reduce((best, view) => (view.historyTokens > best.historyTokens ? view : best), views[0]!);
  console.log(`\nanswer: ${text}`);
  console.log(
    `\nsummary: ${views.length} model calls, ${commands.length} commands, ${blocked} blocked; the largest history was ${largest.historyTokens} tokens and its view ${largest.tokens} (budget ${budget}); ${deadEnds.filter((deadEnd) => !deadEnd.stale).length} live and ${deadEnds.filter((deadEnd) => deadEnd.stale).length} stale dead end(s); ${Math.round(performance.now() - started)} ms.`,
  );
}

run().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
