import type { SeededRandom } from '../../seeded-random.js';
import { testCommand } from './coder-run-loops.js';
import { absolute, command, drawShell, editCommand, editResult, editorWindow, FUNCTION_LINE, openCoder, pytestFail, pytestPass, seconds } from './coder-setting.js';
import type { BuiltEpisode3, EpisodeWriter3 } from './episode-writer.js';

/** CodeR non-loops around running things (see the README). */
export const CODER_RUN_WORK_KINDS = ['work:coder-missing-deps-chain', 'work:coder-git-bisect', 'work:coder-test-matrix', 'work:coder-lint-rounds', 'work:coder-repro-instrumented', 'work:coder-flakiness-probe'] as const;

/** One kind of {@link CODER_RUN_WORK_KINDS}. */
export type CoderRunWorkKind = (typeof CODER_RUN_WORK_KINDS)[number];

const DEPENDENCIES: readonly [string, string, string][] = [
  ['attr', 'attrs', 'attrs-23.2.0'],
  ['hypothesis', 'hypothesis', 'hypothesis-6.98.4 sortedcontainers-2.4.0'],
  ['freezegun', 'freezegun', 'freezegun-1.4.0 python-dateutil-2.9.0'],
  ['pytest_mock', 'pytest-mock', 'pytest-mock-3.12.0'],
];

/** Each test run fails on a different missing module; each install adds it; the last run passes. */
function missingDepsChain(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  openCoder(log, shell, 'Tester');
  const count = random.int(3, 4);
  const evidenceIds: string[] = [];
  for (const [module, pkg, installed] of DEPENDENCIES.slice(0, count - 1)) {
    evidenceIds.push(command(log, shell, evidenceIds.length === 0 ? 'Running the failing test first.' : `Installed ${pkg}; running the test again.`, testCommand(shell), `ImportError while loading conftest '/${shell.project.repo}/tests/conftest.py'.\nE   ModuleNotFoundError: No module named '${module}'`, true));
    command(log, shell, `The test environment lacks ${pkg}; installing it.`, `pip install ${pkg}`, `Collecting ${pkg}\nInstalling collected packages: ${installed.split(' ').map((name) => name.replace(/-[\d.]+$/, '')).join(', ')}\nSuccessfully installed ${installed}`);
  }
  evidenceIds.push(command(log, shell, 'All test dependencies are in place; running the test.', testCommand(shell), pytestFail(shell.project, seconds(random)), true));
  return { repeats: 0, evidenceIds, note: `The same test command runs ${count} times: each of the first ${count - 1} fails on a different missing module that the next install adds, and the last run reaches the real assertion. Every run learns something new: progress, not a loop.` };
}

/** `git bisect good` / `bad` steps: the same few commands, a new commit and a smaller range each time. */
function gitBisect(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell, 'Debugger');
  command(log, shell, 'The issue is a regression; bisecting between the last release and HEAD.', 'git bisect start HEAD v4.1', `Bisecting: 23 revisions left to test after this (roughly 5 steps)\n[${hex(random)}] Refs #33012 -- Moved number helpers.`);
  const verdicts = random.chance(0.5) ? ['bad', 'good', 'bad', 'good'] : ['good', 'bad', 'good', 'bad'];
  const steps = random.int(3, 4);
  const evidenceIds: string[] = [];
  let left = 11;
  for (let step = 0; step < steps; step++) {
    const verdict = verdicts[step]!;
    command(log, shell, 'Testing this revision.', testCommand(shell), verdict === 'bad' ? pytestFail(project, seconds(random)) : pytestPass(project, [project.testName], seconds(random)), verdict === 'bad');
    const last = step === steps - 1;
    const output = last ? `${hex(random, 40)} is the first bad commit\ncommit message: Simplified ${project.fn} input handling.` : `Bisecting: ${left} revisions left to test after this (roughly ${Math.max(1, Math.ceil(Math.log2(left + 1)))} steps)\n[${hex(random)}] Refs #${random.int(30_000, 34_999)} -- Step ${step + 1} candidate.`;
    evidenceIds.push(command(log, shell, `The test ${verdict === 'bad' ? 'fails' : 'passes'} here; marking it ${verdict}.`, `git bisect ${verdict}`, output));
    left = Math.floor(left / 2);
  }
  command(log, shell, 'Found the commit; ending the bisect.', 'git bisect reset', 'Previous HEAD position was 1a2b3c4... Switched to branch \'main\'');
  return { repeats: 0, evidenceIds, note: `The agent alternates the same test command with git bisect good/bad ${steps} times; each step checks out a new revision, halves the range and ends at the first bad commit: a search that converges, not a loop (the test outputs alternate, none three times).` };
}

/** A hex commit id (abbreviated to 7 characters unless told). */
function hex(random: SeededRandom, length = 7): string {
  return Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
}

/** The same test under each interpreter of a tox matrix: a deliberate sweep, one run per environment. */
function testMatrix(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell, 'Tester');
  const environments = ['py38', 'py39', 'py310', 'py311'].slice(0, random.int(3, 4));
  const failing = random.pick(environments);
  const evidenceIds = environments.map((environment) => {
    const passed = environment !== failing;
    const body = passed ? `${project.testFile}::${project.testName} PASSED\n1 passed in ${seconds(random)}s` : `${project.testFile}::${project.testName} FAILED\nE       ${project.assertion}\n1 failed in ${seconds(random)}s`;
    return command(log, shell, `The issue is reported on some Python versions only; running the test under ${environment}.`, `tox -e ${environment} -- ${project.testFile}::${project.testName}`, `${environment}: commands[0]> pytest ${project.testFile}::${project.testName}\n${body}\n  ${environment}: ${passed ? 'OK' : 'FAIL'}`, !passed);
  });
  return { repeats: 0, evidenceIds, note: `The agent runs the same test under ${environments.length} tox environments (${environments.join(', ')}), one run each, and learns that only ${failing} fails: a matrix sweep over different environments, not a repeat.` };
}

/** flake8, fix one warning, flake8 again: each run reports fewer, different warnings. */
function lintRounds(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell);
  shell.openFile = absolute(shell, project.source);
  const warnings = [
    `${project.source}:${FUNCTION_LINE + 1}:80: E501 line too long (92 > 79 characters)`,
    `${project.source}:${FUNCTION_LINE + 3}:1: W191 indentation contains tabs`,
    `${project.source}:${FUNCTION_LINE + 5}:22: E231 missing whitespace after ','`,
  ];
  // The file starts with three defects, one per warning; each edit restores one line.
  const body = project.body.map((line, index) => (index === 1 ? `${line}  # coerce the raw value before any comparison is made` : index === 3 ? `\t${line.trimStart()}` : index === 5 ? line.replace(/, /g, ',') : line));
  const evidenceIds: string[] = [];
  for (let round = 0; round <= warnings.length; round++) {
    const left = warnings.slice(round);
    evidenceIds.push(command(log, shell, round === 0 ? 'Checking style after my fix.' : 'Running flake8 again.', `flake8 ${project.source}`, left.length > 0 ? left.join('\n') : 'Your command ran successfully and did not produce any output.', left.length > 0));
    if (round < warnings.length) {
      const index = [1, 3, 5][round]!;
      body[index] = project.body[index]!;
      command(log, shell, `Fixing ${left[0]!.split(': ')[1]!.split(' ')[0]} on line ${FUNCTION_LINE + index}.`, editCommand(shell, index, body[index]), editResult(shell, body));
    }
  }
  return { repeats: 0, evidenceIds, note: 'flake8 runs four times on the same file, each after an edit that fixes the first warning of the previous run: three warnings, two, one, none. Iterative edits that each fix a different problem, not a loop.' };
}

/** The reproduction re-run after each edit that adds a print: the output grows each time. */
function reproInstrumented(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell, 'Debugger');
  shell.openFile = absolute(shell, 'reproduce.py');
  const probes = ['print("raw input:", repr(value))', 'print("after coercion:", repr(converted))', 'print("branch taken:", branch)', 'print("formatted:", repr(result))'];
  const values = ["'case-1'", "'case-1 (coerced)'", "'fallback'", "'wrong output'"];
  const count = random.int(3, 4);
  const script: string[] = [`from ${project.source.replace(/\.py$/, '').replace(/\//g, '.')} import ${project.fn}`, `value, converted, branch, result = trace_${project.fn.replace(/^_/, '')}("1536.0")`];
  const evidenceIds: string[] = [];
  for (let round = 0; round < count; round++) {
    script.push(probes[round]!);
    command(log, shell, round === 0 ? 'Adding a first probe to the script.' : 'That narrows it down; adding another probe after it.', `edit ${script.length}:${script.length}\n${probes[round]}\nend_of_edit`, `${editorWindow(shell.openFile, script, 1)}\nFile updated.`);
    const printed = probes.slice(0, round + 1).map((probe, index) => `${/"([^"]+)"/.exec(probe)![1]} ${values[index]}`);
    evidenceIds.push(command(log, shell, 'Running it.', 'python reproduce.py', printed.join('\n')));
  }
  return { repeats: 0, evidenceIds, note: `The agent runs \`python reproduce.py\` ${count} times, each after adding one more print; each run shows one more line of the value's path (raw input, after coercion, branch, …): the same command, a new result each time, progress.` };
}

/** Running one test under three random orderings on purpose, to tell flaky from order-dependent. */
function flakinessProbe(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell, 'Tester');
  const seeds = [random.int(1000, 4999), random.int(5000, 9999), random.int(10_000, 14_999)];
  const polluter = project.siblings[1]!;
  const evidenceIds = seeds.map((seed, index) => {
    const fails = index === 1;
    const order = fails ? [polluter, project.testName] : [project.testName, polluter];
    const output = fails ? `Using --randomly-seed=${seed}\n${order.map((test) => `${project.testFile}::${test} ${test === project.testName ? 'FAILED' : 'PASSED'}`).join('\n')}\nE       ${project.assertion}\n1 failed, 1 passed in ${seconds(random)}s` : `Using --randomly-seed=${seed}\n${order.map((test) => `${project.testFile}::${test} PASSED`).join('\n')}\n2 passed in ${seconds(random)}s`;
    return command(log, shell, index === 0 ? 'CI says this test is flaky. Running the pair under a few random orders to see whether order matters.' : `Another ordering (seed ${seed}).`, `python -m pytest -p randomly --randomly-seed=${seed} ${project.testFile}::${project.testName} ${project.testFile}::${polluter} -v`, output, fails);
  });
  command(log, shell, `It fails only when ${polluter} runs first: an order dependence, not randomness. Looking at ${polluter}.`, `search_file "def ${polluter}" ${project.testFile}`, `Found 1 matches for "def ${polluter}" in /${project.repo}/${project.testFile}:\nLine 18:    def ${polluter}(self):\nEnd of matches`);
  return { repeats: 0, borderline: true, evidenceIds, note: `The agent runs the same two tests three times on purpose, with a different random-order seed each time: the first and third orders pass, the second (with ${polluter} first) fails, which shows an order dependence the agent then looks into. Deliberate repetition that learns something: not a loop, borderline because the command is the same but for the seed and two runs look alike.` };
}

/**
 * Builds one CodeR non-loop around running things.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @returns What was planted.
 */
export function buildCoderRunWork(kind: CoderRunWorkKind, log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  switch (kind) {
    case 'work:coder-missing-deps-chain':
      return missingDepsChain(log, random);
    case 'work:coder-git-bisect':
      return gitBisect(log, random);
    case 'work:coder-test-matrix':
      return testMatrix(log, random);
    case 'work:coder-lint-rounds':
      return lintRounds(log, random);
    case 'work:coder-repro-instrumented':
      return reproInstrumented(log, random);
    case 'work:coder-flakiness-probe':
      return flakinessProbe(log, random);
  }
}
