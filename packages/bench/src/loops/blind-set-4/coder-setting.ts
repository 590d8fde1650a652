import type { SeededRandom } from '../../seeded-random.js';
import type { EpisodeWriter4 } from './episode-writer.js';

/** A repository with one bug, as a coding agent meets it (written for this set). */
export interface Repo4 {
  /** The SWE-bench instance prefix, also the checkout folder. */
  name: string;
  /** The package's import name and its pinned version. */
  pkg: string;
  version: string;
  /** The file with the bug, the buggy line (1-based number and text), and its fix. */
  source: string;
  line: number;
  buggy: string;
  fixed: string;
  /** The failing test and its assertion. */
  test: string;
  assertion: string;
  /** The issue, in one line. */
  issue: string;
}

/** The repositories of the coding half. */
export const REPOS_4: readonly Repo4[] = [
  { name: 'astropy__astropy', pkg: 'numpy', version: '1.26.4', source: 'astropy/units/quantity_helper/helpers.py', line: 212, buggy: '    if unit is None or unit == dimensionless_unscaled:', fixed: '    if unit is None or unit.is_equivalent(dimensionless_unscaled):', test: 'astropy/units/tests/test_quantity_ufuncs.py::test_exp_scaled_dimensionless', assertion: 'UnitTypeError: Can only apply \'exp\' function to dimensionless quantities', issue: 'np.exp on a scaled dimensionless Quantity (e.g. 2 * u.percent) raises UnitTypeError' },
  { name: 'pallets__flask', pkg: 'werkzeug', version: '2.3.8', source: 'src/flask/helpers.py', line: 97, buggy: '    return value.rstrip("/")', fixed: '    return value.rstrip("/") or "/"', test: 'tests/test_helpers.py::test_url_root_slash', assertion: "AssertionError: assert '' == '/'", issue: 'url_root-based helpers return an empty string for an app mounted at the root' },
  { name: 'matplotlib__matplotlib', pkg: 'pillow', version: '10.2.0', source: 'lib/matplotlib/colors.py', line: 331, buggy: '    if len(c) == 4 and c[3] > 1:', fixed: '    if len(c) == 4 and not 0 <= c[3] <= 1:', test: 'lib/matplotlib/tests/test_colors.py::test_to_rgba_negative_alpha', assertion: 'Failed: DID NOT RAISE <class \'ValueError\'>', issue: 'to_rgba accepts a negative alpha silently instead of raising ValueError' },
  { name: 'pydata__xarray', pkg: 'pandas', version: '2.1.4', source: 'xarray/core/indexing.py', line: 158, buggy: '        if label.ndim == 0:', fixed: '        if getattr(label, "ndim", 0) == 0:', test: 'xarray/tests/test_indexing.py::test_sel_scalar_list_label', assertion: "AttributeError: 'list' object has no attribute 'ndim'", issue: 'Dataset.sel with a plain list label raises AttributeError' },
];

/** The agent's shell: the repository and the file open in its editor. */
export interface Shell4 {
  repo: Repo4;
  openFile: string;
}

/** Draws a repository and starts a shell in it. */
export function drawShell4(random: SeededRandom): Shell4 {
  return { repo: random.pick(REPOS_4), openFile: 'n/a' };
}

/** Opens a coding episode: the role's system prompt and the issue. */
export function openCoder4(log: EpisodeWriter4, shell: Shell4, role = 'Programmer'): void {
  log.system(
    `SETTING: You are the ${role} of a team of autonomous software agents working in a shell. Tools: any bash command; open <path> [<line>]; edit <start>:<end> … end_of_edit; ` +
      'str_replace_editor (JSON arguments: command, path, view_range, old_str, new_str); handoff (to another role); submit. Reply with one DISCUSSION and exactly one command in a fenced block.',
  );
  log.user(`ISSUE (${shell.repo.name}): ${shell.repo.issue}\nFailing test: ${shell.repo.test}`, 'environment');
}

/** One shell command: the discussion and fenced command as text, the first word as tool name, `{ command }` as arguments, the output plus status lines as result. */
export function run4(log: EpisodeWriter4, shell: Shell4, discussion: string, line: string, output: string, isError = false): string {
  const name = line.trim().split(/\s+/)[0]!;
  const status = `(Open file: ${shell.openFile})\n(Current directory: /${shell.repo.name})\nbash-$`;
  return log.call(name, { command: line }, `${output}\n${status}`, { text: `DISCUSSION\n${discussion}\n\n\`\`\`\n${line}\n\`\`\``, ...(isError ? { isError } : {}) });
}

/** The source file's lines `first` … `last` as the editor numbers them (generated around the buggy line). */
export function sourceWindow(repo: Repo4, first: number, last: number, fixed = false): string {
  const lines: string[] = [];
  for (let number = first; number <= last; number++) {
    if (number === repo.line) lines.push(`${number}\t${fixed ? repo.fixed : repo.buggy}`);
    else if (number % 9 === 0) lines.push(`${number}\t`);
    else if (number % 9 === 1) lines.push(`${number}\tdef _step_${number}(value, unit=None):`);
    else lines.push(`${number}\t    value = _normalise_${number % 5}(value, unit)  # ${repo.pkg}`);
  }
  return lines.join('\n');
}

/** A pytest run of the repository's test that fails with its assertion. */
export function testFails(repo: Repo4, seconds: string, assertion = repo.assertion): string {
  return `collected 1 item\n\n${repo.test} F\n\nE       ${assertion}\n========= short test summary info =========\nFAILED ${repo.test} - ${assertion.split(':')[0]}\n========= 1 failed in ${seconds}s =========`;
}

/** A pytest run of the repository's test that passes. */
export function testPasses(repo: Repo4, seconds: string): string {
  return `collected 1 item\n\n${repo.test} .\n\n========= 1 passed in ${seconds}s =========`;
}

/** The test command. */
export function testLine(repo: Repo4): string {
  return `python -m pytest ${repo.test} -q`;
}

/** A run time. */
export function runTime(random: SeededRandom): string {
  return (random.int(31, 420) / 100).toFixed(2);
}

/** The diff of the fix as `git diff` prints it. */
export function fixDiff(repo: Repo4): string {
  return `diff --git a/${repo.source} b/${repo.source}\n--- a/${repo.source}\n+++ b/${repo.source}\n@@ -${repo.line},1 +${repo.line},1 @@\n-${repo.buggy}\n+${repo.fixed}`;
}
