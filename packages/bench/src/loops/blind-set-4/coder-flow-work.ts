import type { SeededRandom } from '../../seeded-random.js';
import { drawShell4, openCoder4, run4, runTime, testFails, testLine, testPasses } from './coder-setting.js';
import { workCount, type BuiltEpisode4, type EpisodeWriter4 } from './episode-writer.js';

/** Coding-agent non-loops about the flow of a session (see the README). */
export const CODER_FLOW_WORK_KINDS_4 = ['work:coder-format-error-recovers', 'work:coder-spanish-session', 'work:coder-submit-after-cleanup', 'work:coder-backport-branches'] as const;

/** One kind of {@link CODER_FLOW_WORK_KINDS_4}. */
export type CoderFlowWorkKind4 = (typeof CODER_FLOW_WORK_KINDS_4)[number];

const FORMAT_ERRORS = [
  'Your output was not formatted correctly. You must always include one discussion and one command as part of your response.',
  'Your output contained multiple commands. Please issue exactly one command per response.',
  'Your edit command was missing end_of_edit. Please resend the full edit block.',
];

/** Two or three different format slips, each recovered from at once with a new command. */
function formatErrorRecovers(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  const slips = Math.min(count - 1, 3);
  const evidenceIds: string[] = [];
  const steps: [string, string, string][] = [
    ['Reproducing first.', testLine(repo), testFails(repo, runTime(random))],
    ['Opening the file at the failing check.', `open ${repo.source} ${repo.line}`, `[File: /${repo.name}/${repo.source}]`],
    ['Fixing the expression.', `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, 'File updated.'],
    ['Running the test after the fix.', testLine(repo), testPasses(repo, runTime(random))],
  ];
  const slipTexts = [
    `DISCUSSION\nI should run the failing test ${repo.test} to see the error.`,
    `DISCUSSION\nOpening the file.\n\`\`\`\nopen ${repo.source} ${repo.line}\n\`\`\`\n\`\`\`\nsearch_file "${repo.buggy.trim().slice(0, 12)}"\n\`\`\``,
    `DISCUSSION\nFixing line ${repo.line}.\n\`\`\`\nedit ${repo.line}:${repo.line}\n${repo.fixed}\n\`\`\``,
  ];
  steps.forEach(([discussion, line, output], index) => {
    if (index < slips) {
      evidenceIds.push(log.say(slipTexts[index]!));
      log.user(FORMAT_ERRORS[index]!, 'environment');
    }
    run4(log, shell, discussion, line, output, index === 0);
  });
  run4(log, shell, 'Submitting.', 'submit', 'Submitted.');
  return { repeats: 0, borderline: slips >= 3, evidenceIds, note: `The agent makes ${slips} format slips of different kinds (no command, two commands, an unterminated edit), each at a different step and each followed at once by the correct command, so the session moves on: slips with recovery, not a loop${slips >= 3 ? ' (borderline: three format errors)' : ''}.` };
}

const SPANISH = ['Voy a revisar el archivo {f}.', 'Voy a revisar el archivo {f} también.', 'Voy a revisar ahora {f}.', 'Voy a revisar el archivo {f}, que es donde se llama.', 'Voy a revisar {f} por si acaso.'];
const FILES = ['conftest.py', 'setup.cfg', 'docs/changes.rst', 'tox.ini', 'pyproject.toml'];

/** A session whose discussion is in Spanish: several files read with the same opening words, then a fix. */
function spanishSession(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  run4(log, shell, 'Primero reproduzco el fallo.', testLine(repo), testFails(repo, runTime(random)), true);
  const files = [repo.source, ...random.shuffle(FILES)].slice(0, count);
  const evidenceIds: string[] = [];
  files.forEach((file, index) => {
    shell.openFile = `/${repo.name}/${file}`;
    evidenceIds.push(run4(log, shell, SPANISH[index]!.replace('{f}', file), `open ${file}`, `[File: /${repo.name}/${file} (${40 + index * 57} lines total)]\n1:# ${file}`));
  });
  shell.openFile = `/${repo.name}/${repo.source}`;
  run4(log, shell, `El error está en la línea ${repo.line}; lo corrijo.`, `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, 'File updated.');
  run4(log, shell, 'Vuelvo a ejecutar la prueba.', testLine(repo), testPasses(repo, runTime(random)));
  return { repeats: 0, evidenceIds, note: `Discussing in Spanish, the agent opens ${count} files each with "Voy a revisar el archivo …", but each is a different file with different content, and a fix and a passing test follow: a second-language session that progresses, not a loop.` };
}

const REJECTIONS = [
  'Submission rejected: untracked file reproduce.py is not part of the fix. Remove scratch files and submit again.',
  'Submission rejected: the patch changes tests/conftest.py, which is outside the issue. Revert unrelated changes.',
  'Submission rejected: trailing whitespace on 2 lines of the patch.',
];
const CLEANUPS = ['rm reproduce.py', 'git checkout -- tests/conftest.py', "sed -i 's/[ \\t]*$//' SOURCE"];

/** `submit` rejected for a different reason each time, each followed by the matching cleanup; then accepted. */
function submitAfterCleanup(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  run4(log, shell, 'Applying the fix.', `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, 'File updated.');
  run4(log, shell, 'Running the test.', testLine(repo), testPasses(repo, runTime(random)));
  const rejections = Math.min(count - 1, 3);
  const evidenceIds: string[] = [];
  for (let index = 0; index < rejections; index++) {
    evidenceIds.push(run4(log, shell, index === 0 ? 'The test passes; submitting.' : 'Cleaned up; submitting again.', 'submit', REJECTIONS[index]!, true));
    run4(log, shell, 'Fixing what the check reported.', CLEANUPS[index]!.replace('SOURCE', repo.source), '');
  }
  evidenceIds.push(run4(log, shell, 'Submitting again.', 'submit', 'Submission accepted. Patch: 1 file changed, 1 insertion(+), 1 deletion(-).'));
  return { repeats: 0, evidenceIds, note: `The agent calls submit ${rejections + 1} times, but each rejection names a different problem, the agent fixes that problem before the next try, and the last submit is accepted: retries that succeed after real changes, not a loop.` };
}

const BRANCHES = ['stable/5.3.x', 'stable/5.2.x', 'stable/5.1.x', 'stable/5.0.x', 'stable/4.3.x'];

/** The same cherry-pick applied to several release branches, each followed by that branch's test run. */
function backportBranches(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell, 'Release manager');
  const commit = Array.from({ length: 7 }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
  const evidenceIds: string[] = [];
  BRANCHES.slice(0, count).forEach((branch, index) => {
    run4(log, shell, `Backporting to ${branch}.`, `git checkout ${branch}`, `Switched to branch '${branch}'`);
    const picked = Array.from({ length: 7 }, () => '0123456789abcdef'[random.int(0, 15)]).join('');
    evidenceIds.push(run4(log, shell, 'Cherry-picking the fix.', `git cherry-pick -x ${commit}`, `[${branch} ${picked}] Fix: ${repo.issue.slice(0, 48)}\n 1 file changed, 1 insertion(+), 1 deletion(-)`));
    run4(log, shell, `Testing on ${branch}.`, testLine(repo), testPasses(repo, runTime(random)).replace('collected 1 item', `collected 1 item (${branch}, ${repo.pkg} ${index + 1}.x matrix)`));
  });
  return { repeats: 0, evidenceIds, note: `The agent runs the identical \`git cherry-pick -x ${commit}\` ${count} times, but each on a different release branch it just checked out (the output names the branch and a new commit), each followed by that branch's test: a batch over different branches, not a loop.` };
}

/**
 * Builds one coding-agent flow non-loop of the fourth blind set.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 look-alikes, 1 → 4, 2 → 3 … 5.
 * @returns What was planted.
 */
export function buildCoderFlowWork4(kind: CoderFlowWorkKind4, log: EpisodeWriter4, random: SeededRandom, tier: number): BuiltEpisode4 {
  const count = workCount(tier, random);
  switch (kind) {
    case 'work:coder-format-error-recovers':
      return formatErrorRecovers(log, random, count);
    case 'work:coder-spanish-session':
      return spanishSession(log, random, count);
    case 'work:coder-submit-after-cleanup':
      return submitAfterCleanup(log, random, count);
    case 'work:coder-backport-branches':
      return backportBranches(log, random, count);
  }
}
