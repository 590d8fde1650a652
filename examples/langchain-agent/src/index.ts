import { runOffline } from './run-offline.js';
import { runOnline } from './run-online.js';

async function run(main: () => Promise<void>): Promise<void> {
  try {
    await main();
  } catch (error) {
    console.error(error);
    process.exitCode = 1;
  }
}

await run(async () => {
  if (process.env.OPENAI_API_KEY) {
    console.log('OPENAI_API_KEY is set: running against OpenAI.');
    await runOnline();
    return;
  }
  console.log('Offline: a scripted LangChain fakeModel (set OPENAI_API_KEY to use OpenAI).\n');
  const result = await runOffline();
  console.log(
    `\n${result.turns} turns: every prompt within ${result.budget} tokens (largest ${Math.max(...result.promptTokens)}), ` +
      `whole history ${result.historyTokens} tokens; guard warned ${result.warned}×, blocked ${result.blocked}×; ` +
      `'npm run deploy' actually ran ${result.commands.filter((command) => command === 'npm run deploy').length}×.`,
  );
});
