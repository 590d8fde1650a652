import type { SeededRandom } from '../../seeded-random.js';
import { absolute, command, drawShell, editorWindow, openCoder, sourceLines, type Shell } from './coder-setting.js';
import { loopRepeats, type BuiltEpisode3, type EpisodeWriter3 } from './episode-writer.js';

/** CodeR loops in finding one's way (see the README for each label rule). */
export const CODER_NAV_LOOP_KINDS = ['loop:coder-paging-wraps', 'loop:coder-find-missing-file', 'loop:coder-manager-replan'] as const;

/** One kind of {@link CODER_NAV_LOOP_KINDS}. */
export type CoderNavLoopKind = (typeof CODER_NAV_LOOP_KINDS)[number];

/** The agent pages through the whole file, then starts over from the top, pass after pass. */
function pagingWraps(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  openCoder(log, shell, 'Debugger');
  const path = absolute(shell, project.source);
  const lines = sourceLines(project);
  const starts = ['I need to find where the input is coerced; reading the file from the top.', 'I did not spot it; let me go through the file again from the start.', 'Let me read the whole file once more, carefully this time.', 'Starting over from the top of the file.', 'One more pass through the file.', 'Reading it again from the beginning.'];
  const evidenceIds: string[] = [];
  for (let pass = 0; pass < repeats; pass++) {
    shell.openFile = path;
    evidenceIds.push(command(log, shell, starts[pass % starts.length]!, `open ${project.source}`, editorWindow(path, lines, 1)));
    command(log, shell, 'Scrolling down.', 'scroll_down', editorWindow(path, lines, 101));
    command(log, shell, 'And the rest.', 'scroll_down', editorWindow(path, lines, 201));
  }
  return { repeats, evidenceIds, note: `The agent reads the same ${lines.length}-line file top to bottom (open, scroll_down, scroll_down) ${repeats} times with the same three windows and no edit or search between passes: paging through the same results, a loop of period three.` };
}

/** Where the agent looks for a test file that does not exist, and what each place answers. */
function missingSearches(shell: Shell, name: string): [string, string][] {
  const stem = name.replace(/\.py$/, '');
  const root = `/${shell.project.repo}`;
  const folder = shell.project.testFile.split('/').slice(0, -1).join('/');
  return [
    [`find_file ${name}`, `No matches found for "${name}" in ${root}`],
    [`find . -name "${name}"`, 'Your command ran successfully and did not produce any output.'],
    [`search_dir "${stem}"`, `No matches found for "${stem}" in ${root}`],
    [`ls ${folder} | grep ${stem.replace(/^test_/, '')}`, 'Your command ran successfully and did not produce any output.'],
    [`git ls-files | grep ${stem}`, 'Your command ran successfully and did not produce any output.'],
    [`find_file ${name} ${folder}`, `No matches found for "${name}" in ${root}/${folder}`],
    [`rover_search_file ${root} ${name}`, `Could not find file ${name} in the project.`],
    [`search_dir "${stem}" tests`, `No matches found for "${stem}" in ${root}/tests`],
  ];
}

/** The agent hunts for a file that is not there: different commands, the same empty answer. */
function findMissingFile(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const shell = drawShell(random);
  openCoder(log, shell, 'Tester');
  const name = `test_${shell.project.fn.replace(/^_print_/, '').toLowerCase()}_regression.py`;
  const discussions = ['The issue mentions a regression test file; let me find it.', 'Not found that way; searching by name from the root.', 'Maybe the name is only referenced somewhere; searching the contents.', 'Let me list the test folder.', 'Perhaps git knows it.', 'Searching the test folder directly.', 'Trying the project search engine.', 'Searching under tests once more.'];
  const evidenceIds = missingSearches(shell, name)
    .slice(0, repeats)
    .map(([line, output], index) => command(log, shell, discussions[index]!, line, output));
  return {
    repeats,
    borderline: true,
    evidenceIds,
    note: `The agent looks for ${name}, which does not exist, ${repeats} times with ${repeats} different commands (find_file, find, search_dir, ls, git ls-files, …), every one answering "nothing": the same question asked again with the same empty answer and nothing learned — a no-progress loop. Borderline at every length: no two calls are the same command.`,
  };
}

/** The Manager hands the Reproducer the same plan, and gets the same "could not reproduce" back. */
function managerReplan(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const shell = drawShell(random);
  const { project } = shell;
  log.system('SETTING: You are a Manager responsible for overseeing a software engineering team of a Reproducer, a Debugger, a Programmer and a Tester. Analyse the issue and issue a plan (the `plan` command with a JSON body) naming the entry role and its task.');
  log.user(`We're currently solving the following issue within our repository (${project.repo}):\nISSUE:\n${project.issue}`);
  const plan = `plan\n${JSON.stringify({ entry: 'Reproducer', roles: [{ name: 'Reproducer', attributes: { task: `Write reproduce.py that shows: ${project.issue}.`, constraint: 'Only reproduce; do not fix.', downstream: { succeed: { to: 'Debugger' }, fail: { to: 'Manager' } } } }] }, null, 2)}`;
  const conclusion = `\nIn order to solve this issue, the manager has planned for several roles to work together to resolve the problem:\nReproducer\n\nBelow are the conclusions obtained by colleague named Reproducer after some efforts:\n"conclusions": The script reproduce.py ran without error and printed the expected value; the issue could not be reproduced with the current checkout.\n`;
  const discussions = ['The issue needs a reproduction first; sending it to the Reproducer.', 'The Reproducer could not reproduce the issue. Let me have the Reproducer try again.', 'Still not reproduced; I will assign the reproduction again.', 'The reproduction is essential; assigning it once more.', 'Let me ask the Reproducer to try again.', 'Reassigning the reproduction task.', 'Trying the reproduction plan again.', 'Sending it to the Reproducer again.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(command(log, shell, discussions[round % discussions.length]!, plan, conclusion));
  return { repeats, evidenceIds, note: `The Manager issues the identical plan to the Reproducer ${repeats} times and gets the identical "could not reproduce" conclusion back each time, never changing the task or the role: the same call with the same outcome, a loop.` };
}

/**
 * Builds one CodeR navigation loop.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildCoderNavLoop(kind: CoderNavLoopKind, log: EpisodeWriter3, random: SeededRandom, tier: number): BuiltEpisode3 {
  switch (kind) {
    case 'loop:coder-paging-wraps':
      return pagingWraps(log, random, loopRepeats(tier, random, 6));
    case 'loop:coder-find-missing-file':
      return findMissingFile(log, random, loopRepeats(tier, random));
    case 'loop:coder-manager-replan':
      return managerReplan(log, random, loopRepeats(tier, random));
  }
}
