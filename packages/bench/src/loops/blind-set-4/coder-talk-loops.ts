import type { SeededRandom } from '../../seeded-random.js';
import { drawShell4, openCoder4, run4, runTime, testFails, testLine } from './coder-setting.js';
import { loopRepeats, type BuiltEpisode4, type EpisodeWriter4 } from './episode-writer.js';

/** Coding-agent loops without one identical call: the same question asked in new forms, the same plan restated (see the README). */
export const CODER_TALK_LOOP_KINDS_4 = ['loop:coder-version-asked-many-ways', 'loop:coder-format-error-restated-plan'] as const;

/** One kind of {@link CODER_TALK_LOOP_KINDS_4}. */
export type CoderTalkLoopKind4 = (typeof CODER_TALK_LOOP_KINDS_4)[number];

/** The installed version of one package, asked with a different command each time; always the same answer. */
function versionAskedManyWays(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  run4(log, shell, 'Running the failing test first.', testLine(repo), testFails(repo, runTime(random)), true);
  const { pkg, version } = repo;
  const asks: [string, string][] = [
    [`pip show ${pkg}`, `Name: ${pkg}\nVersion: ${version}\nLocation: /usr/local/lib/python3.10/site-packages`],
    [`python -c "import ${pkg}; print(${pkg}.__version__)"`, version],
    [`pip list 2>/dev/null | grep -i ${pkg}`, `${pkg.padEnd(16)} ${version}`],
    [`python -m pip freeze | grep -i ^${pkg}==`, `${pkg}==${version}`],
    [`python -c "from importlib.metadata import version; print(version('${pkg}'))"`, version],
    [`conda list ${pkg} 2>/dev/null | tail -1 || pip show ${pkg} | sed -n 2p`, `Version: ${version}`],
    [`ls /usr/local/lib/python3.10/site-packages | grep -i ^${pkg}-`, `${pkg}-${version}.dist-info`],
  ];
  const texts = [`Maybe the ${pkg} version matters; checking it.`, `Let me confirm the ${pkg} version another way.`, `I want to be certain which ${pkg} is installed.`, `Checking the ${pkg} version through pip's freeze output.`, 'Let me confirm via importlib.metadata.', 'Verifying the version once more.', 'Looking at the installed dist-info directly.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(run4(log, shell, texts[round]!, asks[round]![0], asks[round]![1]));
  run4(log, shell, 'The version is fine; let me look at the code instead.', `open ${repo.source} ${repo.line}`, `[File: /${repo.name}/${repo.source}]`);
  return { repeats, borderline: true, evidenceIds, note: `The agent asks which ${pkg} is installed ${repeats} times in a row, each time with a different command, and every answer is ${version}; nothing happens between: the same question with the same answer, a loop without two identical calls (borderline at every length).` };
}

const PLANS = [
  'I will open {file} at line {line}, fix the faulty expression there, and re-run the test.',
  'My plan: go to line {line} of {file}, correct the expression on that line, then run pytest.',
  'Next I am going to edit {file} around line {line} so the expression handles this input, and then test.',
  'As said, the fix is on line {line} of {file}: correct that expression, then re-run.',
  'I need to modify line {line} in {file} and verify with the failing test.',
  'Plan again: edit {file}:{line}, fix the expression, run the failing test.',
  'Let me edit line {line} of {file} and re-run the tests.',
];
const FORMAT_ERROR = 'Your output was not formatted correctly. You must always include one discussion and one command as part of your response. Make sure you do not have multiple discussion/command tags.\nPlease make sure your output precisely matches the following format:\nDISCUSSION\nDiscuss here with yourself about what your planning and what you\'re going to do in this step.\n\n```\ncommand(s) that you\'re going to run\n```';

/** The agent states its plan without a command block; the environment answers with the same format error each time. */
function formatErrorRestatedPlan(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  run4(log, shell, 'Let me reproduce the failure.', testLine(repo), testFails(repo, runTime(random)), true);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const plan = PLANS[round % PLANS.length]!.replace('{file}', repo.source).replace('{line}', String(repo.line));
    evidenceIds.push(log.say(`DISCUSSION\n${plan}`));
    log.user(FORMAT_ERROR, 'environment');
  }
  run4(log, shell, 'Opening the file.', `open ${repo.source} ${repo.line}`, `[File: /${repo.name}/${repo.source}]`);
  return { repeats, evidenceIds, note: `The agent restates the same plan (edit line ${repo.line} of ${repo.source}, then test) ${repeats} times in new words but never includes a command; the environment returns the same format error each time: restating without acting, a loop.` };
}

/**
 * Builds one coding-agent talk loop of the fourth blind set.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildCoderTalkLoop4(kind: CoderTalkLoopKind4, log: EpisodeWriter4, random: SeededRandom, tier: number): BuiltEpisode4 {
  switch (kind) {
    case 'loop:coder-version-asked-many-ways':
      return versionAskedManyWays(log, random, loopRepeats(tier, random));
    case 'loop:coder-format-error-restated-plan':
      return formatErrorRestatedPlan(log, random, loopRepeats(tier, random));
  }
}
