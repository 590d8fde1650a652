import type { SeededRandom } from '../../seeded-random.js';
import { testCommand } from './coder-run-loops.js';
import { absolute, command, drawShell, editCommand, editResult, editorWindow, FUNCTION_LINE, openCoder, pytestFail, pytestPass, seconds, sourceLines } from './coder-setting.js';
import type { BuiltEpisode3, EpisodeWriter3 } from './episode-writer.js';

/** CodeR non-loops in finding one's way and handing work on (see the README). */
export const CODER_NAV_WORK_KINDS = ['work:coder-twice-then-edits', 'work:coder-search-narrowing', 'work:coder-manager-hands-on', 'work:coder-verify-each-test', 'work:coder-try-alternatives'] as const;

/** One kind of {@link CODER_NAV_WORK_KINDS}. */
export type CoderNavWorkKind = (typeof CODER_NAV_WORK_KINDS)[number];

/** The same window opened twice (before and after reading the caller), then the fix: one short of the rule. */
function twiceThenEdits(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell);
  const path = absolute(shell, project.source);
  const view = editorWindow(path, sourceLines(project), FUNCTION_LINE - 20);
  shell.openFile = path;
  const first = command(log, shell, `Opening ${project.fn}.`, `open ${project.source} ${FUNCTION_LINE}`, view);
  shell.openFile = absolute(shell, project.testFile);
  command(log, shell, 'Let me see what the test expects before changing anything.', `open ${project.testFile}`, editorWindow(shell.openFile, [`    def ${project.testName}(self):`, `        # ${project.issue}`, '        self.assertEqual(run_issue_case(), EXPECTED)'], 1));
  shell.openFile = path;
  const second = command(log, shell, `Back to ${project.fn} to make the change.`, `open ${project.source} ${FUNCTION_LINE}`, view);
  const fixed = project.body.map((line, index) => (index === project.bugLine ? project.fixed : line));
  command(log, shell, 'Applying the fix.', editCommand(shell, project.bugLine, project.fixed), editResult(shell, fixed));
  command(log, shell, 'Running the test.', testCommand(shell), pytestPass(project, [project.testName], seconds(random)));
  return { repeats: 0, borderline: true, evidenceIds: [first, second], note: 'The agent opens the same window of the source twice with the same output (before and after reading the test), then fixes the bug and the test passes: an identical action only twice, below the rule of 3, with progress after. Borderline: a re-read, not a loop.' };
}

/** A search too broad, then narrower and narrower: the same tool, fewer and different matches each time. */
function searchNarrowing(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell, 'Debugger');
  const folder = project.source.split('/').slice(0, -1).join('/');
  const root = `/${project.repo}`;
  const term = project.fn.replace(/^_print_/, '').replace(/^check_/, '');
  const first = command(log, shell, `Searching for ${term} across the repository.`, `search_dir "${term}"`, `More than ${random.int(140, 260)} files matched for "${term}" in ${root}. Please narrow your search.`);
  const second = command(log, shell, 'Too broad; only the definition matters, in the package folder.', `search_dir "def ${project.fn}" ${folder}`, `Found 2 matches for "def ${project.fn}" in ${root}/${folder}:\n${root}/${project.source} (1 matches)\n${root}/${folder}/legacy.py (1 matches)\nEnd of matches for "def ${project.fn}" in ${root}/${folder}`);
  shell.openFile = absolute(shell, project.source);
  const third = command(log, shell, 'The legacy copy is unused; locating the line in the real module.', `search_file "def ${project.fn}" ${project.source}`, `Found 1 matches for "def ${project.fn}" in ${root}/${project.source}:\nLine ${FUNCTION_LINE}:${project.body[0]}\nEnd of matches for "def ${project.fn}" in ${root}/${project.source}`);
  command(log, shell, 'Opening it.', `goto ${FUNCTION_LINE}`, editorWindow(shell.openFile, sourceLines(project), FUNCTION_LINE - 20));
  return { repeats: 0, evidenceIds: [first, second, third], note: 'Three searches for the same function, each narrower (the whole repository, the package folder, one file), each answering differently (too many, two files, one line) and the last leading to the code: a search that narrows, not a reworded repeat.' };
}

/** The Manager issues a plan per role in turn; each conclusion differs and feeds the next plan. */
function managerHandsOn(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  log.system('SETTING: You are a Manager responsible for overseeing a software engineering team of a Reproducer, a Debugger, a Programmer and a Tester. Analyse the issue and issue a plan (the `plan` command with a JSON body) naming the entry role and its task.');
  log.user(`We're currently solving the following issue within our repository (${project.repo}):\nISSUE:\n${project.issue}`);
  const roles: [string, string, string][] = [
    ['Reproducer', 'Write reproduce.py that shows the issue.', `reproduce.py prints the wrong result: ${project.assertion.replace(/^AssertionError: /, '')}.`],
    ['Debugger', 'Find where the wrong value is produced.', `The wrong value comes from line ${FUNCTION_LINE + project.bugLine} of ${project.source}, in ${project.fn}.`],
    ['Programmer', `Fix ${project.fn} in ${project.source}.`, `Changed line ${FUNCTION_LINE + project.bugLine} to: ${project.fixed.trim()}`],
    ['Tester', `Run ${project.testFile}.`, `${project.testFile}: ${project.siblings.length + 1} passed.`],
  ];
  const count = random.int(3, 4);
  const evidenceIds = roles.slice(0, count).map(([role, task, conclusion], index) => {
    const plan = `plan\n${JSON.stringify({ entry: role, roles: [{ name: role, attributes: { task, constraint: index === 0 ? 'Only reproduce.' : 'Use the previous conclusions.' } }] }, null, 2)}`;
    return command(log, shell, index === 0 ? 'Starting with a reproduction.' : `The ${roles[index - 1]![0]} is done; handing on to the ${role}.`, plan, `\nBelow are the conclusions obtained by colleague named ${role} after some efforts:\n"conclusions": ${conclusion}\n`);
  });
  return { repeats: 0, evidenceIds, note: `The Manager calls plan ${count} times, but each plan names a different role with a different task and each conclusion is new (reproduced, located, fixed, tested): a pipeline moving forward, not the same plan re-issued.` };
}

/** The sibling tests run one by one after the fix: same command shape, a different test each time. */
function verifyEachTest(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell, 'Tester');
  const tests = [project.testName, ...project.siblings].slice(0, random.int(3, 5));
  const evidenceIds = tests.map((test, index) =>
    command(log, shell, index === 0 ? 'Checking the fixed test first.' : `Now ${test}, which touches the same code path.`, `python -m pytest ${project.testFile}::${test} -v`, pytestPass(project, [test], seconds(random))),
  );
  return { repeats: 0, evidenceIds, note: `The tester runs ${tests.length} different tests one at a time; every run says "1 passed" in the same layout, but each names a different test: the same command shape over different items, verification, not a loop.` };
}

/** Three different candidate fixes, each tried and reverted until the third works. */
function tryAlternatives(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell);
  shell.openFile = absolute(shell, project.source);
  command(log, shell, 'Opening the function.', `open ${project.source} ${FUNCTION_LINE}`, editorWindow(shell.openFile, sourceLines(project), FUNCTION_LINE - 20));
  const candidates = [...project.alternatives, project.fixed];
  const failures = [`AssertionError: ${project.siblings[0]} changed behaviour`, `AssertionError: ${project.siblings[2]} changed behaviour`];
  const evidenceIds: string[] = [];
  for (const [index, candidate] of candidates.entries()) {
    const body = project.body.map((line, at) => (at === project.bugLine ? candidate : line));
    evidenceIds.push(command(log, shell, index === 0 ? 'Trying a first fix.' : `That broke another test; reverted. Trying approach ${index + 1}.`, editCommand(shell, project.bugLine, candidate), editResult(shell, body)));
    if (index < 2) {
      command(log, shell, 'Running the test file.', `python -m pytest ${project.testFile}`, pytestFail(project, seconds(random), project.siblings[index * 2]!, failures[index], project.siblings.length + 1), true);
      command(log, shell, 'Reverting this attempt.', `git checkout -- ${project.source}`, 'Updated 1 path from the index');
    } else {
      command(log, shell, 'Running the test file.', `python -m pytest ${project.testFile}`, pytestPass(project, [project.testName, ...project.siblings], seconds(random)));
    }
  }
  return { repeats: 0, evidenceIds, note: 'The agent edits, tests and reverts twice and edits a third time: the three edits are different candidates, the two failures are different tests, and the third passes. Edit/test/revert rounds that look like a cycle but try something new each time.' };
}

/**
 * Builds one CodeR non-loop in navigation and hand-over.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @returns What was planted.
 */
export function buildCoderNavWork(kind: CoderNavWorkKind, log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  switch (kind) {
    case 'work:coder-twice-then-edits':
      return twiceThenEdits(log, random);
    case 'work:coder-search-narrowing':
      return searchNarrowing(log, random);
    case 'work:coder-manager-hands-on':
      return managerHandsOn(log, random);
    case 'work:coder-verify-each-test':
      return verifyEachTest(log, random);
    case 'work:coder-try-alternatives':
      return tryAlternatives(log, random);
  }
}
