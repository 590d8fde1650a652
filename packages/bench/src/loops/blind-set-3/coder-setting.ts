import type { SeededRandom } from '../../seeded-random.js';
import type { EpisodeWriter3 } from './episode-writer.js';

/** A repository with one bug, as a CodeR-style agent meets it (written for this set). */
export interface CoderProject {
  /** The SWE-bench instance prefix, also the checkout folder. */
  repo: string;
  /** The file that holds the bug. */
  source: string;
  /** The function with the bug. */
  fn: string;
  /** The function's body, as the editor shows it (the bug is on `bugLine`, 0-based in `body`). */
  body: readonly string[];
  bugLine: number;
  /** The body's line, fixed. */
  fixed: string;
  /** Two plausible but wrong replacements of the buggy line (each breaks another test). */
  alternatives: readonly [string, string];
  /** The test that fails, and its file. */
  testFile: string;
  testName: string;
  /** The failing assertion as pytest prints it (`E   …`). */
  assertion: string;
  /** The issue's one-line summary. */
  issue: string;
  /** Sibling tests in the same file that pass. */
  siblings: readonly string[];
}

/** The projects of the CodeR half. */
export const CODER_PROJECTS: readonly CoderProject[] = [
  {
    repo: 'django__django',
    source: 'django/template/defaultfilters.py',
    fn: 'filesizeformat',
    body: ['def filesizeformat(bytes_):', '    try:', '        bytes_ = int(bytes_)', '    except (TypeError, ValueError, UnicodeDecodeError):', '        return avoid_wrapping("0 bytes")', '    if bytes_ < KB:', '        return avoid_wrapping("%d bytes" % bytes_)', '    return avoid_wrapping("%s KB" % filesize_number_format(bytes_ / KB))'],
    bugLine: 2,
    fixed: '        bytes_ = float(bytes_)',
    alternatives: ['        bytes_ = int(float(bytes_))', '        bytes_ = round(float(bytes_))'],
    testFile: 'tests/template_tests/filter_tests/test_filesizeformat.py',
    testName: 'test_fractional_kilobytes',
    assertion: "AssertionError: '1\\xa0KB' != '1.5\\xa0KB'",
    issue: 'filesizeformat truncates fractional byte strings such as "1536.0" instead of formatting them',
    siblings: ['test_formats', 'test_localized_formats', 'test_negative_numbers', 'test_zero'],
  },
  {
    repo: 'psf__requests',
    source: 'requests/utils.py',
    fn: 'get_encoding_from_headers',
    body: ['def get_encoding_from_headers(headers):', '    content_type = headers.get("content-type")', '    if not content_type:', '        return None', '    content_type, params = _parse_content_type_header(content_type)', '    if "charset" in params:', '        return params["charset"]', '    if "text" in content_type:', '        return "ISO-8859-1"'],
    bugLine: 6,
    fixed: '        return params["charset"].strip("\'\\"")',
    alternatives: ['        return params["charset"].lower()', '        return params["charset"].strip()'],
    testFile: 'tests/test_utils.py',
    testName: 'test_quoted_charset',
    assertion: "AssertionError: assert '\"utf-8\"' == 'utf-8'",
    issue: 'a quoted charset in Content-Type ("charset=\\"utf-8\\"") is returned with its quotes',
    siblings: ['test_no_content_type', 'test_text_default', 'test_plain_charset', 'test_json_default'],
  },
  {
    repo: 'sympy__sympy',
    source: 'sympy/printing/str.py',
    fn: '_print_Mod',
    body: ['    def _print_Mod(self, expr):', '        p, q = expr.args', '        PREC = precedence(expr)', '        left = self.parenthesize(p, PREC)', '        right = self.parenthesize(q, PREC)', '        return "%s %% %s" % (left, right)'],
    bugLine: 4,
    fixed: '        right = self.parenthesize(q, PREC, strict=True)',
    alternatives: ['        right = self.parenthesize(q, PREC + 1)', '        right = "(%s)" % self._print(q)'],
    testFile: 'sympy/printing/tests/test_str.py',
    testName: 'test_Mod_nested',
    assertion: "AssertionError: assert 'x % y % z' == 'x % (y % z)'",
    issue: 'str(Mod(x, Mod(y, z))) prints "x % y % z", which reads as (x % y) % z',
    siblings: ['test_Mod', 'test_Mul', 'test_Pow', 'test_Add'],
  },
  {
    repo: 'pylint-dev__pylint',
    source: 'pylint/checkers/format.py',
    fn: 'check_line_length',
    body: ['    def check_line_length(self, line, i, checker_off):', '        max_chars = self.linter.config.max_line_length', '        ignore_long_line = self.linter.config.ignore_long_lines', '        line = line.rstrip()', '        if len(line) > max_chars and not ignore_long_line.search(line):', '            if checker_off:', '                self.linter.add_ignored_message("line-too-long", i)', '            else:', '                self.add_message("line-too-long", line=i, args=(len(line), max_chars))'],
    bugLine: 3,
    fixed: '        line = line.rstrip("\\r\\n")',
    alternatives: ['        line = line.strip()', '        line = line.expandtabs()'],
    testFile: 'tests/checkers/unittest_format.py',
    testName: 'test_trailing_tabs_count',
    assertion: 'AssertionError: expected 1 message line-too-long, got 0',
    issue: 'line-too-long ignores trailing whitespace when counting, so a line padded with tabs past the limit is not reported',
    siblings: ['test_max_line_length', 'test_disable_line_too_long', 'test_long_url_ignored', 'test_unicode_width'],
  },
];

/** Where the agent is: its checkout and the file open in its editor. */
export interface Shell {
  project: CoderProject;
  openFile: string;
}

/** Draws a project and starts a shell in it. */
export function drawShell(random: SeededRandom): Shell {
  return { project: random.pick(CODER_PROJECTS), openFile: 'n/a' };
}

/** Where the function starts in the generated source file (1-based). */
export const FUNCTION_LINE = 131;

/** The source file's lines: the project's function at {@link FUNCTION_LINE} between generated helpers. */
export function sourceLines(project: CoderProject, body: readonly string[] = project.body): string[] {
  const helper = (index: number): string[] => [`def _helper_${index}(value, *, strict=False):`, `    """Normalise one ${project.fn} input (${index})."""`, '    if value is None:', '        return None', `    return value if strict else _coerce_${index % 4}(value)`, ''];
  const lines = ['"""Helpers for ' + project.source + '."""', 'import re', '', ''];
  let index = 0;
  while (lines.length < FUNCTION_LINE - 1) lines.push(...helper(index++));
  lines.length = FUNCTION_LINE - 1;
  lines.push(...body, '');
  while (lines.length < 236) lines.push(...helper(index++));
  return lines.slice(0, 236);
}

/** The editor's view of `lines` from `first` (1-based), `height` lines, as SWE-agent prints it. */
export function editorWindow(path: string, lines: readonly string[], first: number, height = 100): string {
  const last = Math.min(lines.length, first + height - 1);
  const shown = lines.slice(first - 1, last).map((line, index) => `${first + index}:${line}`);
  return [`[File: ${path} (${lines.length} lines total)]`, `(${first - 1} more lines above)`, ...shown, `(${lines.length - last} more lines below)`].join('\n');
}

/**
 * A pytest run in which one test fails with the project's assertion (or the given one); with
 * `collected` > 1, a run of the whole file in which the others pass.
 */
export function pytestFail(project: CoderProject, seconds: string, test = project.testName, assertion = project.assertion, collected = 1): string {
  const summary = collected > 1 ? `1 failed, ${collected - 1} passed` : '1 failed';
  return [
    '============================= test session starts ==============================',
    'platform linux -- Python 3.9.19, pytest-7.4.4, pluggy-1.3.0',
    `rootdir: /${project.repo}`,
    `collected ${collected} item${collected === 1 ? '' : 's'}`,
    '',
    `${project.testFile} ${'.'.repeat(collected - 1)}F${' '.repeat(20)}[100%]`,
    '',
    '=================================== FAILURES ===================================',
    `_______________________ ${test} _______________________`,
    `E       ${assertion}`,
    '=========================== short test summary info ============================',
    `FAILED ${project.testFile}::${test} - ${assertion.split(':')[0]}`,
    `============================== ${summary} in ${seconds}s ===============================`,
  ].join('\n');
}

/** A verbose pytest run in which the given tests pass. */
export function pytestPass(project: CoderProject, tests: readonly string[], seconds: string): string {
  return [
    '============================= test session starts ==============================',
    'platform linux -- Python 3.9.19, pytest-7.4.4, pluggy-1.3.0',
    `rootdir: /${project.repo}`,
    `collected ${tests.length} item${tests.length === 1 ? '' : 's'}`,
    '',
    ...tests.map((test) => `${project.testFile}::${test} PASSED`),
    '',
    `============================== ${tests.length} passed in ${seconds}s ===============================`,
  ].join('\n');
}

/** A run time as pytest prints it. */
export function seconds(random: SeededRandom): string {
  return (random.int(18, 260) / 100).toFixed(2);
}

/**
 * One SWE-agent command: the discussion and the fenced command as the text, the command's first
 * word as the tool name, `{ command }` as the arguments, the output followed by the editor's
 * status lines as the result. Returns the call message's id.
 */
export function command(log: EpisodeWriter3, shell: Shell, discussion: string, line: string, output: string, isError = false): string {
  const name = line.trim().split(/\s+/)[0]!;
  const status = `(Open file: ${shell.openFile})\n(Current directory: /${shell.project.repo})\nbash-$`;
  return log.call(name, { command: line }, `${output}\n${status}`, { text: `DISCUSSION\n${discussion}\n\n\`\`\`\n${line}\n\`\`\``, ...(isError ? { isError } : {}) });
}

/** The programmer's system prompt and the issue, as a CodeR Programmer sees them. */
export function openCoder(log: EpisodeWriter3, shell: Shell, role = 'Programmer'): void {
  log.system(
    `SETTING: You are an autonomous ${role.toLowerCase()} working directly in the command line with a special interface. The editor shows 100 lines of a file at a time. ` +
      'COMMANDS: open <path> [<line>], goto <line>, scroll_down, scroll_up, search_dir <term> [<dir>], search_file <term> [<file>], find_file <name> [<dir>], ' +
      'edit <start>:<end> … end_of_edit, plus any bash command. Respond with one DISCUSSION and one command per turn.',
  );
  log.user(`We're currently solving the following issue within our repository (${shell.project.repo}):\nISSUE:\n${shell.project.issue}\n\nThe failing test is ${shell.project.testFile}::${shell.project.testName}.`);
}

/** The absolute path of a repository file. */
export function absolute(shell: Shell, path: string): string {
  return `/${shell.project.repo}/${path}`;
}

/** The editor's answer to an edit of one line of the function: the file around it after the edit. */
export function editResult(shell: Shell, body: readonly string[]): string {
  const lines = sourceLines(shell.project, body);
  return `${editorWindow(absolute(shell, shell.project.source), lines, FUNCTION_LINE - 10, 30)}\nFile updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.`;
}

/** An edit command replacing line `index` of the function's body. */
export function editCommand(shell: Shell, index: number, replacement: string): string {
  const line = FUNCTION_LINE + index;
  return `edit ${line}:${line}\n${replacement}\nend_of_edit`;
}
