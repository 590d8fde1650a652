/**
 * What a successful tool call does to the state later calls depend on:
 * - `observe`: reads only (search, list, view, get, think); changes nothing;
 * - `navigate`: moves the agent's context (open a file, change directory), which relative calls
 *   (goto, search in the open file, edit the open file) depend on;
 * - `run`: executes code or tests; taken as changing nothing a retry depends on;
 * - `change`: edits, creates, installs, books, updates… anything not recognised as the others.
 */
export type ToolEffect = 'observe' | 'navigate' | 'run' | 'change';

/** Tools that run a shell command given in their arguments. */
const SHELL_TOOL = /^(bash|shell|sh|zsh|terminal|run|run_command|run_shell|execute|exec|execute_command|command|cmd|computer)$/i;
const COMMAND_KEYS = ['command', 'cmd', 'script', 'code', 'input'];
const NAVIGATE = /^(open|cd|chdir|pushd|popd|switch_to|select_file|open_file)$/i;
const RUN = /^(python\d*(\.\d+)?|node|deno|bun|tsx|ts-node|ruby|perl|php|java|go|cargo|pytest|py\.test|tox|nosetests|jest|vitest|mocha|npm|npx|pnpm|yarn|make|bash|sh|zsh|\.\/.*|run_tests?|test)$/i;
/** Words in a run command that make it install, migrate or otherwise change the environment. */
const RUN_CHANGES = /(^|\s)(-m\s+pip|pip\d*|install|uninstall|add|remove|upgrade|migrate|apply|checkout|reset|rm|mv|cp|sed\s+-i|tee|>>?)(\s|$)/;
const OBSERVE_WORD = /^(search|find|grep|rg|ag|ls|dir|cat|head|tail|less|more|get|list|view|read|show|goto|scroll|think|describe|lookup|query|status|diff|log|logs|echo|pwd|which|whereis|help|calculate|calc|fetch|inspect|browse|check|count|stat|wc|tree|similar|stackoverflow|rover|explain|print|summarize|look|retrieve|peek|preview|locate|info|whoami|env|history|man|ps|top|version|blame|ping|curl|wget|http|verify|validate|explore|analyze|analyse|scan|watch|tail|open)$/i;
/** Words that make a name or command change state even next to an observing word. */
const CHANGE_WORD = /^(edit|write|create|update|upsert|delete|remove|rm|insert|set|put|post|patch|book|cancel|send|apply|commit|deploy|install|modify|submit|transfer|pay|refund|save|move|mv|rename|restart|rollout|scale|upload|merge|push|reset|checkout|add|drop|kill|exec|approve|close|assign|replace|mkdir|touch|cp|chmod|sed|tee|migrate|rebase|stash|pull|clone|init|config|configure|enable|disable|start|stop|revert)$/i;

/** The first word of the shell command a call carries, if it carries one. */
function commandOf(args: unknown): string | undefined {
  if (typeof args === 'string') return args;
  if (typeof args !== 'object' || args === null) return undefined;
  const record = args as Record<string, unknown>;
  for (const key of COMMAND_KEYS) if (typeof record[key] === 'string') return record[key] as string;
  return undefined;
}

/**
 * Whether a tool is named by the first word of the command line it carries (`git` with `git diff
 * .`, `docker` with `docker ps`): its subcommand then decides what it does, as for a shell tool.
 */
function namesItsCommand(name: string, command: string): boolean {
  return command.trimStart().split(/\s+/, 1)[0]?.toLowerCase() === name.toLowerCase();
}

/** The first two words of a command line after its first, options (`-c`, `--no-pager`) and settings (`core.pager=cat`) skipped. */
function subcommandWords(command: string): string[] {
  return command
    .trim()
    .split(/\s+/)
    .slice(1)
    .filter((word) => !word.startsWith('-') && !word.includes('='))
    .slice(0, 2);
}

/**
 * The verb of a call: for a shell tool (`bash`, `run_command`…) the first word of its command
 * (after `sudo` and `VAR=value` prefixes), otherwise the tool name.
 *
 * @example
 * ```ts
 * toolVerb('bash', { command: 'sudo pip install x' }); // 'pip'
 * ```
 */
export function toolVerb(name: string, args: unknown): string {
  const command = commandOf(args);
  if (!SHELL_TOOL.test(name) || command === undefined) return name;
  const words = command.trim().split(/\s+/).filter((word) => word !== 'sudo' && !/^\w+=/.test(word));
  return words[0] ?? name;
}

/**
 * Classifies what a successful call does to the state (see {@link ToolEffect}), from its verb
 * ({@link toolVerb}): navigation verbs, run verbs (unless the command installs or moves files),
 * observing verbs (the first word of the name, or of a shell command's first words — or of the
 * subcommand of a tool named by its command's first word, `git` with `git --no-pager diff` — that
 * is an observing word such as `get`, `search`, `list`, `log`, before any changing word; options
 * and `key=value` settings skipped), and
 * `change` for everything else, so an unknown tool is assumed to change state.
 *
 * @example
 * ```ts
 * classifyToolEffect('search_direct_flight', {}); // 'observe'
 * classifyToolEffect('edit', { command: 'edit 3:4\nx = 1\nend_of_edit' }); // 'change'
 * ```
 */
export function classifyToolEffect(name: string, args: unknown): ToolEffect {
  const verb = toolVerb(name, args);
  if (NAVIGATE.test(verb)) return 'navigate';
  const command = commandOf(args) ?? '';
  if (RUN.test(verb)) return RUN_CHANGES.test(command) ? 'change' : 'run';
  // The name's words (`http_get`, `searchFlights`), and for shell tools the command's first words
  // (`git log`, `kubectl get pods`): observing when an observing word comes before any changing one.
  const nameWords = verb.split(/[_\-.\s]+|(?<=[a-z])(?=[A-Z])/);
  const commandWords = SHELL_TOOL.test(name) || namesItsCommand(name, command) ? subcommandWords(command) : [];
  for (const word of [...nameWords, ...commandWords]) {
    if (CHANGE_WORD.test(word)) return 'change';
    if (OBSERVE_WORD.test(word)) return 'observe';
  }
  return 'change';
}
