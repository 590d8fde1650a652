import type { SeededRandom } from '../../seeded-random.js';
import type { EpisodeWriter5 } from './episode-writer.js';

/** A Python repository with one bug, as a CodeR-style team meets it (written for this set). */
export interface Repo5 {
  /** The instance prefix, also the checkout folder. */
  name: string;
  /** The file with the bug, the buggy line (1-based number and text) and its fix. */
  source: string;
  line: number;
  buggy: string;
  fixed: string;
  /** What `python reproduce.py` prints before and after the fix. */
  bugOutput: string;
  fixedOutput: string;
  /** A symbol defined in a different file than the one first suspected. */
  symbol: string;
  /** The issue, in one line. */
  issue: string;
}

/** The repositories of the coding half (bugs invented for this set). */
export const REPOS_5: readonly Repo5[] = [
  { name: 'marshmallow-code__marshmallow', source: 'src/marshmallow/fields.py', line: 1184, buggy: '        if value is None and self.allow_none:', fixed: '        if value is None and (self.allow_none or self.load_default is None):', bugOutput: "ValidationError: {'nickname': ['Field may not be null.']}", fixedOutput: "{'nickname': None}", symbol: '_validate_missing', issue: 'Optional field with load_default=None still rejects an explicit null' },
  { name: 'sqlfluff__sqlfluff', source: 'src/sqlfluff/rules/layout/LT05.py', line: 143, buggy: '        if len(line) > self.max_line_length:', fixed: '        if len(line.rstrip("\\n")) > self.max_line_length:', bugOutput: 'L:   3 | P:  81 | LT05 | Line is too long (81 > 80).', fixedOutput: 'All Finished!', symbol: '_eval_line_length', issue: 'LT05 counts the trailing newline, so an 80-character line is reported as 81' },
  { name: 'pylint-dev__astroid', source: 'astroid/brain/brain_dataclasses.py', line: 302, buggy: '    if node.args.kwonlyargs:', fixed: '    if node.args.kwonlyargs or node.args.kw_only_marker:', bugOutput: "['x', 'y']  # expected ['x'] positional, ['y'] keyword-only", fixedOutput: "['x'] ['y']", symbol: '_infer_kw_only', issue: 'dataclass KW_ONLY sentinel is ignored when inferring __init__ signatures' },
  { name: 'psf__black', source: 'src/black/linegen.py', line: 761, buggy: '    if is_docstring(leaf) and not leaf.value.endswith(\'"""\'):', fixed: '    if is_docstring(leaf, mode) and not leaf.value.rstrip().endswith(\'"""\'):', bugOutput: 'error: cannot format reproduce_input.py: INTERNAL ERROR: Black produced invalid code', fixedOutput: 'reformatted reproduce_input.py\nAll done! ✨ 🍰 ✨', symbol: 'normalize_docstring_quotes', issue: 'A docstring ending in whitespace before the closing quotes makes Black produce invalid code' },
];

/** Draws a repository. */
export function drawRepo5(random: SeededRandom): Repo5 {
  return random.pick(REPOS_5);
}

/** Opens a coding episode: the role's system prompt (CodeR style) and the issue. */
export function openCoder5(log: EpisodeWriter5, repo: Repo5, role = 'Programmer'): void {
  log.system(
    `SETTING: You are the ${role} in a team (Manager, Reproducer, Debugger, Programmer, Tester) resolving a GitHub issue from a shell with a special interface. ` +
      'Commands: open <path> [<line>], goto <line>, scroll_down, search_file <term> [<file>], search_dir <term> [<dir>], find_file <name> [<dir>], edit <start>:<end> … end_of_edit, create <file>, python <file>, succeed, submit. ' +
      'Answer with a DISCUSSION and exactly one command.',
  );
  log.user(`ISSUE (${repo.name}): ${repo.issue}\nINSTRUCTIONS: reproduce with reproduce.py, then fix it.`, 'environment');
}

/** One shell command: the discussion and fenced command as text, the first word as tool name, `{ command }` as arguments, the output plus status lines as result. */
export function run5(log: EpisodeWriter5, repo: Repo5, openFile: string, discussion: string, line: string, output: string, isError = false): string {
  const name = line.trim().split(/\s+/)[0]!;
  const status = `(Open file: ${openFile === 'n/a' ? 'n/a' : `/${repo.name}/${openFile}`})\n(Current directory: /${repo.name})\nbash-$`;
  return log.call(name, { command: line }, `${output}\n${status}`, { text: `DISCUSSION\n${discussion}\n\n\`\`\`\n${line}\n\`\`\``, ...(isError ? { isError } : {}) });
}

/** Lines `first` … `last` of a source file as the editor shows them (generated around the buggy line). */
export function window5(repo: Repo5, first: number, last: number, total = 1400, fixed = false): string {
  const lines = [`[File: /${repo.name}/${repo.source} (${total} lines total)]`, `(${first - 1} more lines above)`];
  for (let number = first; number <= last; number++) {
    if (number === repo.line) lines.push(`${number}:${fixed ? repo.fixed : repo.buggy}`);
    else if (number % 7 === 0) lines.push(`${number}:`);
    else if (number % 7 === 1) lines.push(`${number}:    def _handle_${number}(self, value, attr, data):`);
    else lines.push(`${number}:        result = self._coerce_${number % 4}(value)  # ${repo.symbol}`);
  }
  lines.push(`(${total - last} more lines below)`);
  return lines.join('\n');
}

/** The linter's answer to an edit that breaks the file. */
export function lintRejection5(code: string, message: string, start: number): string {
  return `Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit command.\nERRORS:\n- ${code} ${message}\n\nThis is how your edit would have looked if applied\n-------------------------------------------------\n[File shown around line ${start}]\n-------------------------------------------------\nYour changes have NOT been applied. Please fix your edit command and try again.`;
}

/** The editor's answer to an edit that applies. */
export function editApplied5(repo: Repo5, file: string, start: number, total: number): string {
  return `[File: /${repo.name}/${file} (${total} lines total)]\n(${start - 3} more lines above)\n${start}:        # edited\nFile updated. Please review the changes and make sure that they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.`;
}

/** Opens an episode of a tool-calling coding agent (JSON tools rather than the SWE-agent shell). */
export function openToolCoder5(log: EpisodeWriter5, task: string, tools: string): void {
  log.system(`You are a coding agent working in a repository checkout. Tools: ${tools}. Work step by step; call one tool at a time.`);
  log.user(task, 'developer');
}
