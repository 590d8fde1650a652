import type { SeededRandom } from '../../seeded-random.js';
import type { EpisodeLog, ShellState } from './episode-log.js';
import { shell } from './episode-log.js';

/** One repository issue a CodeR-style episode works on (invented for this set). */
export interface CoderScenario {
  repo: string;
  issue: string;
  file: string;
  symbol: string;
  test: string;
  testName: string;
  failure: string;
  /** The source around `symbol`, repeated to fill a window. */
  code: readonly string[];
  /** Other modules a search or a sweep may visit. */
  siblings: readonly string[];
}

/** The scenarios; each episode picks one. */
export const CODER_SCENARIOS: readonly CoderScenario[] = [
  {
    repo: 'sympy__sympy',
    issue: 'latex() ignores mul_symbol when the coefficient is a number',
    file: 'sympy/printing/latex.py',
    symbol: '_print_Mul',
    test: 'sympy/printing/tests/test_latex.py',
    testName: 'test_latex_mul_symbol_numbers',
    failure: "AssertionError: assert '3 x' == '3 \\\\cdot x'",
    code: ['    def _print_Mul(self, expr):', '        separator = self._settings["mul_symbol_latex"]', '        numbersep = self._settings["mul_symbol_latex_numbers"]', '        coeff, terms = expr.as_coeff_Mul()', '        if coeff.is_Number and not terms.is_Number:', '            return self._print(coeff) + " " + self._print(terms)', '        args = list(expr.args)', '        tex = ""', '        for i, term in enumerate(args):', '            term_tex = self._print(term)'],
    siblings: ['sympy/printing/str.py', 'sympy/printing/pretty/pretty.py', 'sympy/printing/mathml.py', 'sympy/printing/repr.py', 'sympy/printing/codeprinter.py'],
  },
  {
    repo: 'astropy__astropy',
    issue: 'the ascii.rst writer does not accept header_rows',
    file: 'astropy/io/ascii/rst.py',
    symbol: 'RST.__init__',
    test: 'astropy/io/ascii/tests/test_rst.py',
    testName: 'test_rst_with_header_rows',
    failure: "TypeError: RST.__init__() got an unexpected keyword argument 'header_rows'",
    code: ['class RST(FixedWidth):', '    _format_name = "rst"', '    _description = "reStructuredText simple table"', '    data_class = SimpleRSTData', '    header_class = SimpleRSTHeader', '', '    def __init__(self):', '        super().__init__(delimiter_pad=None, bookend=False)', '', '    def write(self, lines):'],
    siblings: ['astropy/io/ascii/fixedwidth.py', 'astropy/io/ascii/core.py', 'astropy/io/ascii/basic.py', 'astropy/io/ascii/ui.py', 'astropy/io/ascii/html.py'],
  },
  {
    repo: 'psf__requests',
    issue: 'a GET request is sent with Content-Length: 0',
    file: 'requests/models.py',
    symbol: 'prepare_content_length',
    test: 'tests/test_requests.py',
    testName: 'test_no_content_length_on_get',
    failure: "AssertionError: assert 'Content-Length' not in {'Content-Length': '0', 'User-Agent': 'python-requests/2.0.1'}",
    code: ['    def prepare_content_length(self, body):', '        self.headers["Content-Length"] = "0"', '        if hasattr(body, "seek") and hasattr(body, "tell"):', '            body.seek(0, 2)', '            self.headers["Content-Length"] = builtin_str(body.tell())', '            body.seek(0, 0)', '        elif body is not None:', '            l = super_len(body)', '            if l:', '                self.headers["Content-Length"] = builtin_str(l)'],
    siblings: ['requests/sessions.py', 'requests/adapters.py', 'requests/utils.py', 'requests/api.py', 'requests/structures.py'],
  },
  {
    repo: 'pallets__flask',
    issue: 'a blueprint name containing a dot should raise an error',
    file: 'src/flask/blueprints.py',
    symbol: 'Blueprint.__init__',
    test: 'tests/test_blueprints.py',
    testName: 'test_dotted_name_not_allowed',
    failure: "Failed: DID NOT RAISE <class 'ValueError'>",
    code: ['        super().__init__(', '            import_name=import_name,', '            static_folder=static_folder,', '            static_url_path=static_url_path,', '            template_folder=template_folder,', '            root_path=root_path,', '        )', '        self.name = name', '        self.url_prefix = url_prefix', '        self.subdomain = subdomain'],
    siblings: ['src/flask/app.py', 'src/flask/scaffold.py', 'src/flask/helpers.py', 'src/flask/views.py', 'src/flask/ctx.py'],
  },
  {
    repo: 'pydata__xarray',
    issue: "merge(combine_attrs='override') returns attrs that alias the first object's",
    file: 'xarray/core/merge.py',
    symbol: 'merge_attrs',
    test: 'xarray/tests/test_merge.py',
    testName: 'test_merge_attrs_override_copy',
    failure: "AssertionError: assert 'b' == 'a'",
    code: ['def merge_attrs(variable_attrs, combine_attrs):', '    if not variable_attrs:', '        return None', '    if combine_attrs == "drop":', '        return {}', '    elif combine_attrs == "override":', '        return variable_attrs[0]', '    elif combine_attrs == "no_conflicts":', '        result = dict(variable_attrs[0])', '        for attrs in variable_attrs[1:]:'],
    siblings: ['xarray/core/concat.py', 'xarray/core/combine.py', 'xarray/core/dataset.py', 'xarray/core/variable.py', 'xarray/core/alignment.py'],
  },
];

/** The file's length as the editor reports it. */
export const FILE_LINES = 1873;

const OTHER_SOURCE = ['import os', 'from functools import wraps', '', 'def _check(value):', '    if value is None:', '        raise ValueError("missing value")', '    return value', 'class Registry:', '    def __init__(self):', '        self._items = {}', '    def add(self, key, item):', '        self._items[key] = item', '    def get(self, key, default=None):', '        return self._items.get(key, default)', '        for name, entry in sorted(self._items.items()):', '            yield name, entry', '    @property', '    def size(self):', '        return len(self._items)', '        attrs = dict(attrs or {})'];
const TEST_SOURCE = ['import pytest', '', '@pytest.mark.parametrize("value", [0, 1, None])', 'def test_roundtrip(value):', '    result = convert(value)', '    assert result == expected(value)', 'def test_repr():', '    assert "Registry" in repr(Registry())', '    with pytest.raises(ValueError):', '        _check(None)', '    obj = make_object(name="demo")', '    assert obj.name == "demo"'];

/** A stable small number per file name (which lines a file other than the scenario's shows). */
function fileSalt(file: string): number {
  let salt = 0;
  for (const char of file) salt = (salt * 31 + char.charCodeAt(0)) % 9_973;
  return salt;
}

/** Line `number` of `file`: the scenario's code for its own file, invented lines for the others. */
function sourceLine(scenario: CoderScenario, file: string, number: number): string {
  if (file === scenario.file) return scenario.code[number % scenario.code.length]!;
  const pool = file.includes('test') ? TEST_SOURCE : OTHER_SOURCE;
  return pool[(fileSalt(file) + number) % pool.length]!;
}

/** A window of a file of the scenario starting at `start`, as the editor prints it. */
export function editorWindow(scenario: CoderScenario, start: number, size = 10, file = scenario.file, totalLines = FILE_LINES): string {
  const body = Array.from({ length: size }, (_, offset) => `${start + offset}:${sourceLine(scenario, file, start + offset)}`);
  return `[File: /${scenario.repo}/${file} (${totalLines} lines total)]\n(${start - 1} more lines above)\n${body.join('\n')}\n(${Math.max(0, totalLines - start - size + 1)} more lines below)`;
}

/** A pytest run of one test, failing with the scenario's error (or passing), with its timing. */
export function pytestOutput(scenario: CoderScenario, seconds: number, failure: string | null = scenario.failure, collected = 1): string {
  const head = `============================= test session starts ==============================\nplatform linux -- Python 3.9.19, pytest-7.4.4, pluggy-1.5.0\nrootdir: /${scenario.repo}\ncollected ${collected} item${collected === 1 ? '' : 's'}\n\n${scenario.test} ${failure === null ? '.'.repeat(collected) : 'F'}`;
  if (failure === null) return `${head}\n\n============================== ${collected} passed in ${seconds.toFixed(2)}s ===============================`;
  return `${head}\n\n=================================== FAILURES ===================================\n___ ${scenario.testName} ___\n\n>       ${failure.startsWith('Failed') ? 'with pytest.raises(ValueError):' : 'assert result == expected'}\nE       ${failure}\n\n=========================== short test summary info ============================\nFAILED ${scenario.test}::${scenario.testName} - ${failure}\n============================== 1 failed in ${seconds.toFixed(2)}s ===============================`;
}

/** The system and task messages and the first search of a CodeR-style episode. */
export function openRepository(log: EpisodeLog, random: SeededRandom, scenario: CoderScenario, role: 'Programmer' | 'Reproducer' | 'Tester'): ShellState {
  const state: ShellState = { root: `/${scenario.repo}`, openFile: 'n/a' };
  log.system(`SETTING: You are the ${role} of a small software team, working in a command line with a special interface: open, goto, scroll_up, scroll_down, search_dir, search_file, find_file, edit, create, plus ordinary bash commands. One command per turn.`);
  log.user(`We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\n${scenario.issue} (#${random.int(10_000, 29_999)})\n\nINSTRUCTIONS: fix the issue, then submit.`);
  const term = scenario.symbol.includes('.') ? `class ${scenario.symbol.split('.')[0]}` : `def ${scenario.symbol}`;
  shell(log, state, `First I will find where ${scenario.symbol} lives.`, `search_dir "${term}"`, `Found ${random.int(1, 3)} matches for "${term}" in /${scenario.repo}:\n/${scenario.repo}/${scenario.file} (1 matches)\nEnd of matches for "${term}" in /${scenario.repo}`);
  return state;
}

/** The editor window at `start` with some of its lines replaced (what applied edits leave). */
export function windowWith(scenario: CoderScenario, start: number, changes: ReadonlyMap<number, string>, totalLines = FILE_LINES, file = scenario.file, size = 10): string {
  return editorWindow(scenario, start, size, file, totalLines)
    .split('\n')
    .map((text) => {
      const number = Number(/^(\d+):/.exec(text)?.[1]);
      return changes.has(number) ? `${number}:${changes.get(number)}` : text;
    })
    .join('\n');
}

/**
 * An edit that the editor accepted: the window around `start` showing `replacement` at `start`
 * (or, given a map, every line the episode's edits have changed so far).
 */
export function appliedEdit(scenario: CoderScenario, start: number, replacement: string | ReadonlyMap<number, string>, totalLines = FILE_LINES, file = scenario.file): string {
  const changes = typeof replacement === 'string' ? new Map([[start, replacement]]) : replacement;
  const window = windowWith(scenario, Math.max(1, start - 3), changes, totalLines, file, 8);
  return `${window}\nFile updated. Please review the changes and make sure they are correct (correct indentation, no duplicate lines, etc). Edit the file again if necessary.`;
}
