import type { SeededRandom } from '../../seeded-random.js';
import { absolute, command, drawShell, editCommand, editResult, editorWindow, FUNCTION_LINE, openCoder, pytestFail, seconds, sourceLines, type Shell } from './coder-setting.js';
import { loopRepeats, type BuiltEpisode3, type EpisodeWriter3 } from './episode-writer.js';

/** CodeR loops around running things (see the README for each label rule). */
export const CODER_RUN_LOOP_KINDS = ['loop:coder-reinstall-no-effect', 'loop:coder-cosmetic-edit-same-failure', 'loop:coder-repro-without-change', 'loop:coder-edit-revert-cycle'] as const;

/** One kind of {@link CODER_RUN_LOOP_KINDS}. */
export type CoderRunLoopKind = (typeof CODER_RUN_LOOP_KINDS)[number];

/** The test command every CodeR episode of this set uses. */
export function testCommand(shell: Shell): string {
  return `python -m pytest ${shell.project.testFile}::${shell.project.testName}`;
}

/** Writes reproduce.py for the project's bug; returns what running it prints. */
export function writeReproduction(log: EpisodeWriter3, shell: Shell): string {
  shell.openFile = absolute(shell, 'reproduce.py');
  command(log, shell, 'First I will write a script that reproduces the issue.', 'create reproduce.py', `[File: ${shell.openFile} (1 lines total)]\n1:`);
  const module = shell.project.source.replace(/\.py$/, '').replace(/\//g, '.');
  const script = [`import ${module} as target`, 'import yaml', 'cases = yaml.safe_load(open("cases.yaml"))', 'for case in cases:', `    print(case["input"], "->", repr(target.${shell.project.fn}(case["input"])))`];
  command(log, shell, 'Adding the reproduction code.', `edit 1:1\n${script.join('\n')}\nend_of_edit`, `${editorWindow(shell.openFile, script, 1)}\nFile updated.`);
  return `Reproduced: ${shell.project.assertion.replace(/^AssertionError: /, '')}`;
}

const INSTALLS = ['pip install pyyaml', 'pip install --upgrade pyyaml', 'pip3 install PyYAML', 'python3 -m pip install pyyaml', 'pip install --user pyyaml', 'pip install -U "pyyaml>=6"', 'pip install pyyaml --no-cache-dir', 'pip3 install --upgrade PyYAML'];

/** The interpreter that runs the script never sees the package; the agent keeps reinstalling it. */
function reinstallNoEffect(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const shell = drawShell(random);
  openCoder(log, shell, 'Reproducer');
  writeReproduction(log, shell);
  const failure = 'Traceback (most recent call last):\n  File "/' + shell.project.repo + '/reproduce.py", line 2, in <module>\n    import yaml\nModuleNotFoundError: No module named \'yaml\'';
  const evidenceIds: string[] = [];
  const discussions = ['Running the reproduction script.', 'PyYAML should be installed now; running the script again.', 'Let me try the script once more after the reinstall.', 'Trying again with the package in place.', 'Running the script again.', 'Once more.', 'Re-running the reproduction.', 'Checking whether the import works now.'];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(command(log, shell, discussions[round % discussions.length]!, 'python reproduce.py', failure, true));
    const install = INSTALLS[round % INSTALLS.length]!;
    command(log, shell, 'The yaml module is missing; installing PyYAML.', install, 'Requirement already satisfied: pyyaml in /usr/local/lib/python3.11/site-packages (6.0.1)\nWARNING: Running pip as the \'root\' user can result in broken permissions.');
  }
  return { repeats, evidenceIds, note: `The script runs under Python 3.9 while pip installs into 3.11; the agent runs the same \`python reproduce.py\` ${repeats} times with the same ModuleNotFoundError, each after an install that reports "already satisfied": the same failing call with an action between that changes nothing, a loop.` };
}

const COMMENTS = ['# coerce the input', '# normalise before comparing', '# see issue', '# keep this conversion', '# TODO: check rounding', '# input may be a string', '# convert once', '# cast here'];

/** Edits that change only comments or spacing, each followed by the same failing test. */
function cosmeticEditSameFailure(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell);
  shell.openFile = absolute(shell, project.source);
  command(log, shell, `Opening ${project.source} at ${project.fn}.`, `open ${project.source} ${FUNCTION_LINE}`, editorWindow(shell.openFile, sourceLines(project), FUNCTION_LINE - 20));
  const evidenceIds: string[] = [];
  const discussions = ['Let me make the conversion explicit and re-run the test.', 'Adjusting the line again so the intent is clearer.', 'Tweaking the same line once more.', 'Another small change to this line.', 'Let me try rewriting the line.', 'Cleaning the line up again.', 'Adjusting it again.', 'One more attempt on this line.'];
  for (let round = 0; round < repeats; round++) {
    const original = project.body[project.bugLine]!;
    const cosmetic = round % 2 === 0 ? `${original}  ${COMMENTS[round % COMMENTS.length]}` : original.replace(/\(/, '( ').replace(/\)$/, ' )') + `  ${COMMENTS[round % COMMENTS.length]}`;
    const body = project.body.map((line, index) => (index === project.bugLine ? cosmetic : line));
    command(log, shell, discussions[round % discussions.length]!, editCommand(shell, project.bugLine, cosmetic), editResult(shell, body));
    evidenceIds.push(command(log, shell, 'Running the failing test.', `python -m pytest ${project.testFile}::${project.testName}`, pytestFail(project, seconds(random)), true));
  }
  return { repeats, evidenceIds, note: `The agent edits the buggy line ${repeats} times, changing only a comment or spaces, and runs the same test after each edit with the same failure (only the timing differs): the same failing test re-run with cosmetic edits, a loop.` };
}

/** The reproduction re-run again and again with reading in between, but never an edit. */
function reproWithoutChange(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell, 'Debugger');
  command(log, shell, 'The fixtures are plain Python here; writing a short script.', `echo 'from ${project.source.replace(/\.py$/, '').replace(/\//g, '.')} import *; print(run_issue_case())' > reproduce.py`, 'Your command ran successfully and did not produce any output.');
  const output = `Reproduced: ${project.assertion.replace(/^AssertionError: /, '')}`;
  const looks: [string, string, () => string][] = [
    ['Let me look at the function.', `open ${project.source} ${FUNCTION_LINE}`, () => editorWindow(absolute(shell, project.source), sourceLines(project), FUNCTION_LINE - 20)],
    ['Where else is it used?', `search_dir "${project.fn}"`, () => `Found 3 matches for "${project.fn}" in /${project.repo}:\n/${project.repo}/${project.source} (2 matches)\n/${project.repo}/${project.testFile} (1 matches)\nEnd of matches for "${project.fn}" in /${project.repo}`],
    ['Let me read the test.', `open ${project.testFile}`, () => editorWindow(absolute(shell, project.testFile), [`class ${project.fn.replace(/^_/, '')}Tests(SimpleTestCase):`, `    def ${project.testName}(self):`, '        self.assertEqual(run_issue_case(), EXPECTED)'], 1)],
    ['And the helpers above it.', `goto ${FUNCTION_LINE - 60}`, () => editorWindow(absolute(shell, project.source), sourceLines(project), FUNCTION_LINE - 60)],
    ['Checking the git log of the file.', `git log --oneline -3 -- ${project.source}`, () => 'a41c9e2 Refs #31870 -- Simplified number formatting.\n6d0f7b1 Fixed #30115 -- Added localisation hooks.\n0c2b88e Refs #29911 -- Tidied imports.'],
    ['Is there a related setting?', `search_file "strict" ${project.source}`, () => `Found 2 matches for "strict" in /${project.repo}/${project.source}:\nLine 5:def _helper_0(value, *, strict=False):\nLine 11:def _helper_1(value, *, strict=False):\nEnd of matches`],
    ['Looking at the end of the file.', 'scroll_down', () => editorWindow(absolute(shell, project.source), sourceLines(project), 137)],
  ];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(command(log, shell, round === 0 ? 'Running it.' : 'Let me run the reproduction again.', 'python reproduce.py', output));
    if (round < repeats - 1) {
      const [discussion, line, result] = looks[round % looks.length]!;
      if (line.startsWith('open ')) shell.openFile = absolute(shell, line.split(' ')[1]!);
      command(log, shell, discussion, line, result());
    }
  }
  return { repeats, evidenceIds, note: `The agent runs \`python reproduce.py\` ${repeats} times with the same output, reading a different file or search between runs but never editing anything: the run cannot change, so re-running it is a loop even though the reading in between differs.` };
}

/** Apply the fix, a sibling test breaks, revert, the original test fails, apply the same fix again… */
function editRevertCycle(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell);
  shell.openFile = absolute(shell, project.source);
  command(log, shell, 'Opening the function.', `open ${project.source} ${FUNCTION_LINE}`, editorWindow(shell.openFile, sourceLines(project), FUNCTION_LINE - 20));
  const fixedBody = project.body.map((line, index) => (index === project.bugLine ? project.fixed : line));
  const broken = project.siblings[0]!;
  const siblingFailure = `AssertionError: ${broken} expected the old behaviour for integer input`;
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(command(log, shell, round === 0 ? 'Applying the fix.' : 'Reverting made the original test fail again; re-applying the fix.', editCommand(shell, project.bugLine, project.fixed), editResult(shell, fixedBody)));
    command(log, shell, 'Running the test file.', `python -m pytest ${project.testFile}`, pytestFail(project, seconds(random), broken, siblingFailure, project.siblings.length + 1), true);
    command(log, shell, `The fix breaks ${broken}; reverting it.`, `git checkout -- ${project.source}`, 'Updated 1 path from the index');
    command(log, shell, 'Running the test file without the fix.', `python -m pytest ${project.testFile}`, pytestFail(project, seconds(random), project.testName, project.assertion, project.siblings.length + 1), true);
  }
  return { repeats, evidenceIds, note: `The agent applies the same one-line fix ${repeats} times; each time ${broken} breaks, it reverts, the original test fails, and it applies the same fix again: a four-step A→B→A→B cycle between two file states with the same outputs, a loop.` };
}

/**
 * Builds one CodeR loop around running things.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildCoderRunLoop(kind: CoderRunLoopKind, log: EpisodeWriter3, random: SeededRandom, tier: number): BuiltEpisode3 {
  switch (kind) {
    case 'loop:coder-reinstall-no-effect':
      return reinstallNoEffect(log, random, loopRepeats(tier, random));
    case 'loop:coder-cosmetic-edit-same-failure':
      return cosmeticEditSameFailure(log, random, loopRepeats(tier, random));
    case 'loop:coder-repro-without-change':
      return reproWithoutChange(log, random, loopRepeats(tier, random));
    case 'loop:coder-edit-revert-cycle':
      return editRevertCycle(log, random, loopRepeats(tier, random, 6));
  }
}
