import { tool } from 'langchain';
import { z } from 'zod';

/** What the demo's tools were asked to run, in order. */
export interface ToolLog {
  commands: string[];
}

/**
 * Two tools of a small repository: `run_command` (the deploy fails until `--env staging` is
 * given) and `read_file` (returns a long listing, so the history grows past the budget).
 */
export function agentTools(log: ToolLog) {
  const runCommand = tool(
    async ({ command }: { command: string }) => {
      log.commands.push(command);
      if (command === 'npm run deploy') return 'Error: no environment given (expected --env)\nexit code 1';
      return `$ ${command}\n${Array.from({ length: 6 }, (_, index) => `step ${index + 1}/6 ok`).join('\n')}`;
    },
    { name: 'run_command', description: 'Runs a shell command in the repository.', schema: z.object({ command: z.string() }) },
  );
  const readFile = tool(
    async ({ path }: { path: string }) => Array.from({ length: 30 }, (_, line) => `${line + 1}: export const ${path.replace(/\W/g, '_')}_${line} = ${line * 7};`).join('\n'),
    { name: 'read_file', description: 'Reads a file of the repository.', schema: z.object({ path: z.string() }) },
  );
  return [runCommand, readFile];
}
