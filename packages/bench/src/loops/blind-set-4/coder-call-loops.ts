import type { SeededRandom } from '../../seeded-random.js';
import { fixDiff, openCoder4, drawShell4, run4, runTime, sourceWindow, testFails, testLine } from './coder-setting.js';
import { loopRepeats, type BuiltEpisode4, type EpisodeWriter4 } from './episode-writer.js';

/** Coding-agent loops made of tool calls (see the README for each label rule). */
export const CODER_CALL_LOOP_KINDS_4 = ['loop:coder-view-args-reordered', 'loop:coder-role-pingpong', 'loop:coder-setting-toggle', 'loop:coder-status-diff-recheck'] as const;

/** One kind of {@link CODER_CALL_LOOP_KINDS_4}. */
export type CoderCallLoopKind4 = (typeof CODER_CALL_LOOP_KINDS_4)[number];

/** The same editor view requested with its JSON arguments in a new key order (and path spelling) each time. */
function viewArgsReordered(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  const first = repo.line - 12;
  const last = repo.line + 8;
  const path = `/${repo.name}/${repo.source}`;
  const spellings: Record<string, unknown>[] = [
    { command: 'view', path, view_range: [first, last] },
    { path, command: 'view', view_range: [first, last] },
    { view_range: [first, last], command: 'view', path },
    { command: 'view', view_range: [first, last], path },
    { path, view_range: [first, last], command: 'view' },
    { view_range: [first, last], path, command: 'view' },
    { command: 'view', path, view_range: [first, last] },
  ];
  const texts = ['Let me look at the helper around the failing check.', 'Let me view that region again to be sure of the condition.', 'Viewing the same lines once more.', 'Let me re-examine the code there.', 'I will look at the block again.', 'Checking the condition again.', 'Viewing it again.'];
  const output = `Here's the result of running \`cat -n\` on ${path}:\n${sourceWindow(repo, first, last)}`;
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.call('str_replace_editor', spellings[round % spellings.length]!, output, { text: texts[round % texts.length]! }));
  log.say(`The condition on line ${repo.line} compares the unit by equality; I will change it.`);
  return { repeats, evidenceIds, note: `The agent views the same 21 lines of ${repo.source} ${repeats} times in a row through str_replace_editor; the arguments are the same keys and values in a new order each time and the output is identical; nothing is edited between: the same call with cosmetic argument differences, a loop.` };
}

/** The Programmer hands the same unchanged fix to the Tester, who hands back the same failure. */
function rolePingpong(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  run4(log, shell, 'Applying the fix I believe is right.', `edit ${repo.line}:${repo.line}\n${repo.buggy.replace(' or ', ' or  ')}\nend_of_edit`, 'File updated.');
  const message = `Fix applied in ${repo.source} line ${repo.line}; please run ${repo.test}.`;
  const back = `Tester: ran ${repo.test} — FAILED: ${repo.assertion}. The change on line ${repo.line} does not alter behaviour. Handing back to Programmer.`;
  const evidenceIds: string[] = [];
  const texts = ['Handing over to the Tester.', 'I am confident in the fix; Tester, please run it again.', 'The fix is in place; sending back to the Tester.', 'Tester, please re-verify.', 'Handing to the Tester once more.', 'Please test again.', 'Back to the Tester.'];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('handoff', { to: 'Tester', message }, back, { text: texts[round % texts.length]! }));
  }
  log.say('Escalating to the Manager: the Tester and I disagree on the fix.');
  return { repeats, evidenceIds, note: `The Programmer hands the same message to the Tester ${repeats} times without changing the code, and the Tester hands back the same failure each time: a multi-agent hand-off bouncing with no progress, a loop.` };
}

/** A settings flag toggled back and forth, each state giving the same one of two failures. */
function settingToggle(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  const on = "sed -i 's/^STRICT_UNITS = False/STRICT_UNITS = True/' setup.cfg";
  const off = "sed -i 's/^STRICT_UNITS = True/STRICT_UNITS = False/' setup.cfg";
  const otherFailure = `ConfigError: STRICT_UNITS requires ${repo.pkg}>=3 (found ${repo.version})`;
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(run4(log, shell, round === 0 ? 'Maybe strict mode avoids the coercion; turning it on.' : 'Strict mode errors out; let me try it on once more.', on, ''));
    run4(log, shell, 'Running the test with strict mode.', testLine(repo), testFails(repo, runTime(random), otherFailure), true);
    run4(log, shell, 'That fails differently; turning strict mode off again.', off, '');
    run4(log, shell, 'Running the test without strict mode.', testLine(repo), testFails(repo, runTime(random)), true);
  }
  return { repeats, evidenceIds, note: `The agent flips STRICT_UNITS on and off in setup.cfg ${repeats} times, running the test after each flip and getting the same ConfigError with it on and the same original failure with it off; no code changes: a config toggle cycling between two states, a loop.` };
}

/** Before submitting, the agent alternates `git status` and `git diff` with nothing changing. */
function statusDiffRecheck(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const shell = drawShell4(random);
  const { repo } = shell;
  openCoder4(log, shell);
  run4(log, shell, 'Applying the fix.', `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, 'File updated.');
  run4(log, shell, 'Running the test.', testLine(repo), `collected 1 item\n\n${repo.test} .\n\n========= 1 passed in ${runTime(random)}s =========`);
  const status = `On branch main\nChanges not staged for commit:\n  modified:   ${repo.source}\n\nUntracked files:\n  reproduce.py`;
  const texts = ['Let me check the working tree before submitting.', 'Let me make sure nothing else changed.', 'Double-checking the state before I submit.', 'One more look at the tree.', 'Let me verify again.', 'Checking once more.', 'Just to be safe, checking again.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(run4(log, shell, texts[round % texts.length]!, 'git status', status));
    run4(log, shell, 'And the diff.', 'git diff', fixDiff(repo));
  }
  run4(log, shell, 'Submitting.', 'submit', 'Submitted.');
  return { repeats, evidenceIds, note: `After a passing fix the agent runs git status then git diff ${repeats} times in a row, always the same tree and the same one-line diff, with nothing done between: re-checking with nothing in between, a loop.` };
}

/**
 * Builds one coding-agent call loop of the fourth blind set.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildCoderCallLoop4(kind: CoderCallLoopKind4, log: EpisodeWriter4, random: SeededRandom, tier: number): BuiltEpisode4 {
  switch (kind) {
    case 'loop:coder-view-args-reordered':
      return viewArgsReordered(log, random, loopRepeats(tier, random));
    case 'loop:coder-role-pingpong':
      return rolePingpong(log, random, loopRepeats(tier, random));
    case 'loop:coder-setting-toggle':
      return settingToggle(log, random, loopRepeats(tier, random, 5));
    case 'loop:coder-status-diff-recheck':
      return statusDiffRecheck(log, random, loopRepeats(tier, random, 6));
  }
}
