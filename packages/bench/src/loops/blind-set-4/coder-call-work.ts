import type { SeededRandom } from '../../seeded-random.js';
import { drawShell4, openCoder4, run4, runTime, sourceWindow, testFails, testLine, testPasses } from './coder-setting.js';
import { workCount, type BuiltEpisode4, type EpisodeWriter4 } from './episode-writer.js';

/** Coding-agent non-loops made of look-alike calls (see the README). */
export const CODER_CALL_WORK_KINDS_4 = ['work:coder-handoff-after-fixes', 'work:coder-diff-after-each-edit', 'work:coder-setting-toggle-diagnosis', 'work:coder-view-ranges-advance', 'work:coder-version-then-upgrade'] as const;

/** One kind of {@link CODER_CALL_WORK_KINDS_4}. */
export type CoderCallWorkKind4 = (typeof CODER_CALL_WORK_KINDS_4)[number];

/** Programmer → Tester hand-offs, each after a new edit; the Tester reports a new failure, then a pass. */
function handoffAfterFixes(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  const evidenceIds: string[] = [];
  const failures = ['test_sibling_negative FAILED: ValueError raised for a valid input', 'test_sibling_array FAILED: result has the wrong shape (3,) != (3, 1)', 'test_docs_example FAILED: doctest output differs', 'test_roundtrip FAILED: lost precision'];
  for (let index = 0; index < count; index++) {
    const line = repo.line + index;
    run4(log, shell, index === 0 ? 'Applying the fix.' : `Handling the case the Tester found (${failures[index - 1]!.split(' ')[0]}).`, `edit ${line}:${line}\n${index === 0 ? repo.fixed : `        value = _guard_${index}(value)`}\nend_of_edit`, 'File updated.');
    const result = index === count - 1 ? `Tester: ran the ${index + 3} related tests — all passed. Handing back to Programmer for submission.` : `Tester: ${repo.test} passes now; ${failures[index]!}. Handing back to Programmer.`;
    evidenceIds.push(log.call('handoff', { to: 'Tester', message: `Change ${index + 1} applied at ${repo.source}:${line}; please run the unit tests.` }, result, { text: 'Handing over to the Tester.' }));
  }
  run4(log, shell, 'Submitting.', 'submit', 'Submitted.');
  return { repeats: 0, evidenceIds, note: `The Programmer hands off to the Tester ${count} times, but each hand-off follows a new edit and names a new change, and the Tester answers with a different failure each time and finally a pass: a hand-off cycle that progresses, not a ping-pong.` };
}

/** `git diff` after each edit: the diff grows by one hunk each time. */
function diffAfterEachEdit(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  const evidenceIds: string[] = [];
  const hunks: string[] = [];
  for (let index = 0; index < count; index++) {
    const line = repo.line + index * 23;
    const replacement = index === 0 ? repo.fixed : `    value = _normalise_${index}(value, unit, strict=True)`;
    run4(log, shell, `Change ${index + 1}: the call site at line ${line}.`, `edit ${line}:${line}\n${replacement}\nend_of_edit`, 'File updated.');
    hunks.push(`@@ -${line},1 +${line},1 @@\n-${index === 0 ? repo.buggy : `    value = _normalise_${index}(value, unit)`}\n+${replacement}`);
    evidenceIds.push(run4(log, shell, 'Checking the diff so far.', 'git diff', `diff --git a/${repo.source} b/${repo.source}\n--- a/${repo.source}\n+++ b/${repo.source}\n${hunks.join('\n')}`));
  }
  run4(log, shell, 'Running the test.', testLine(repo), testPasses(repo, runTime(random)));
  return { repeats: 0, evidenceIds, note: `The agent runs the identical \`git diff\` ${count} times, but each follows a new edit and shows one more hunk: re-checking after each change, not a loop.` };
}

/** A settings flag toggled on, off, then on again after a code fix: each test run gives a new outcome. */
function settingToggleDiagnosis(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  const on = "sed -i 's/^LEGACY_COERCE = False/LEGACY_COERCE = True/' setup.cfg";
  const off = "sed -i 's/^LEGACY_COERCE = True/LEGACY_COERCE = False/' setup.cfg";
  const evidenceIds: string[] = [];
  evidenceIds.push(run4(log, shell, 'Does the legacy coercion path hide the bug? Turning it on to compare.', on, ''));
  run4(log, shell, 'Test with legacy coercion.', testLine(repo), testPasses(repo, runTime(random)));
  evidenceIds.push(run4(log, shell, 'It passes with legacy coercion, so the new path is at fault. Turning it back off.', off, ''));
  run4(log, shell, 'Test without it, to confirm the difference.', testLine(repo), testFails(repo, runTime(random)), true);
  run4(log, shell, 'Fixing the new path.', `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, 'File updated.');
  run4(log, shell, 'Test on the fixed new path.', testLine(repo), testPasses(repo, runTime(random)));
  evidenceIds.push(run4(log, shell, 'And with legacy coercion on, to be sure both paths agree.', on, ''));
  run4(log, shell, 'Test with legacy coercion after the fix.', `${testLine(repo)} -p no:cacheprovider`, testPasses(repo, runTime(random)));
  if (count >= 4) {
    evidenceIds.push(run4(log, shell, 'Restoring the default setting.', off, ''));
    run4(log, shell, 'Final run on the default.', `${testLine(repo)} -x`, testPasses(repo, runTime(random)));
  }
  run4(log, shell, 'Submitting.', 'submit', 'Submitted.');
  return { repeats: 0, evidenceIds, note: `The agent flips LEGACY_COERCE on, off, on${count >= 4 ? ', off' : ''} — an A→B→A look-alike — but the flips diagnose (pass on, fail off), a code fix comes before the second "on", and the runs after it pass: a toggle used to learn, not a loop.` };
}

/** str_replace_editor views with keys in varying order, each a later range of the file. */
function viewRangesAdvance(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  const path = `/${repo.name}/${repo.source}`;
  const start = repo.line - 20 * (count - 1) - 10;
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const first = start + index * 20;
    const range = [first, first + 19];
    const args = index % 2 === 0 ? { command: 'view', path, view_range: range } : { view_range: range, path, command: 'view' };
    evidenceIds.push(log.call('str_replace_editor', args, `Here's the result of running \`cat -n\` on ${path}:\n${sourceWindow(repo, first, first + 19)}`, { text: index === 0 ? 'Reading the module from the top of the helper chain.' : 'Reading on.' }));
  }
  log.call('str_replace_editor', { command: 'str_replace', path, old_str: repo.buggy, new_str: repo.fixed }, `The file ${path} has been edited.`, { text: 'Found it; fixing the condition.' });
  run4(log, shell, 'Running the test.', testLine(repo), testPasses(repo, runTime(random)));
  return { repeats: 0, evidenceIds, note: `The agent views ${repo.source} ${count} times with the same keys in varying order, but each view is the next 20 lines; the last reaches the bug, which is then fixed: reading forward, not a loop.` };
}

/** The version is checked, found too old, upgraded and checked again; the test fails, then passes. */
function versionThenUpgrade(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  const { pkg, version } = repo;
  const newer = `${Number(version.split('.')[0]) + 1}.0.2`;
  const evidenceIds: string[] = [];
  evidenceIds.push(run4(log, shell, 'Running the failing test.', testLine(repo), testFails(repo, runTime(random), `ImportError: cannot import name 'broadcast_shapes' from '${pkg}' (requires ${pkg}>=${newer})`), true));
  evidenceIds.push(run4(log, shell, `Which ${pkg} is installed?`, `pip show ${pkg}`, `Name: ${pkg}\nVersion: ${version}`));
  run4(log, shell, 'Too old for the test suite; upgrading.', `pip install "${pkg}>=${newer}"`, `Successfully installed ${pkg}-${newer}`);
  evidenceIds.push(run4(log, shell, 'Confirming the upgrade.', `pip show ${pkg}`, `Name: ${pkg}\nVersion: ${newer}`));
  evidenceIds.push(run4(log, shell, 'Running the test again.', testLine(repo), testFails(repo, runTime(random)), true));
  if (count >= 4) {
    run4(log, shell, 'Now the real failure; fixing it.', `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, 'File updated.');
    evidenceIds.push(run4(log, shell, 'Running the test after the fix.', testLine(repo), testPasses(repo, runTime(random))));
  }
  return { repeats: 0, evidenceIds, note: `The agent checks the ${pkg} version twice and runs the test ${count >= 4 ? 3 : 2} times, but the version changes between the checks (an upgrade) and each test run fails differently or passes: retries after a real change, not a loop.` };
}

/**
 * Builds one coding-agent look-alike non-loop of the fourth blind set.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 look-alikes, 1 → 4, 2 → 3 … 5.
 * @returns What was planted.
 */
export function buildCoderCallWork4(kind: CoderCallWorkKind4, log: EpisodeWriter4, random: SeededRandom, tier: number): BuiltEpisode4 {
  const count = workCount(tier, random);
  switch (kind) {
    case 'work:coder-handoff-after-fixes':
      return handoffAfterFixes(log, random, count);
    case 'work:coder-diff-after-each-edit':
      return diffAfterEachEdit(log, random, count);
    case 'work:coder-setting-toggle-diagnosis':
      return settingToggleDiagnosis(log, random, count);
    case 'work:coder-view-ranges-advance':
      return viewRangesAdvance(log, random, count);
    case 'work:coder-version-then-upgrade':
      return versionThenUpgrade(log, random, count);
  }
}
