import type { SeededRandom } from '../../seeded-random.js';
import { loopLength, shell, type BuiltEpisode2, type EpisodeLog } from './episode-log.js';
import { appliedEdit, CODER_SCENARIOS, editorWindow, openRepository, pytestOutput } from './coder-setting.js';

/** The CodeR-style loop kinds of the second blind set. */
export const CODER_LOOP_KINDS = [
  'loop:coder-test-rerun-cosmetic',
  'loop:coder-reread-region',
  'loop:coder-failed-edit-resubmitted',
  'loop:coder-ab-cycle',
  'loop:coder-search-trivial-variants',
  'loop:coder-loop-after-progress',
] as const;

/** One CodeR-style loop kind. */
export type CoderLoopKind = (typeof CODER_LOOP_KINDS)[number];

/**
 * Writes one CodeR-style loop episode of `kind` (one agent's commands and their outputs).
 *
 * @param tier - 0, 1 or 2: a loop of 3 (borderline), 4, or 5 … 8 repeats.
 * @returns The repeats, a note and the ids of the repeated commands.
 */
export function buildCoderLoop(kind: CoderLoopKind, log: EpisodeLog, random: SeededRandom, tier: number): BuiltEpisode2 {
  const scenario = random.pick(CODER_SCENARIOS);
  const times = loopLength(tier, random.int, 8);
  const line = random.int(140, 1500);
  const at = `${scenario.test}::${scenario.testName}`;
  switch (kind) {
    case 'loop:coder-test-rerun-cosmetic': {
      const state = openRepository(log, random, scenario, 'Tester');
      shell(log, state, `Let me open ${scenario.file} at the reported function.`, `open ${scenario.file} ${line}`, editorWindow(scenario, line - 4));
      state.openFile = `/${scenario.repo}/${scenario.file}`;
      const commands = random.shuffle([`pytest ${at}`, `python -m pytest ${at}`, `pytest ${at} -x`, `cd /${scenario.repo} && pytest ${at}`, `python -m pytest -p no:cacheprovider ${at}`, `pytest  ${at}`, `pytest ${at} 2>&1`, `pytest -rf ${at}`]);
      const reasons = random.shuffle(['Running the test again; maybe the earlier run used a stale cache.', 'I will run it once more to be sure the failure is real.', 'Let me re-run the test to look at the message again.', 'Trying the test again to confirm the behaviour.', 'Let me execute the test one more time.', 'The output looked odd, so I will run the same test again.', 'Re-running to double-check.']);
      const ids = commands.slice(0, times).map((command, index) => shell(log, state, index === 0 ? 'Let me run the failing test to see the error.' : reasons[index]!, command, pytestOutput(scenario, 0.31 + random.int(0, 20) / 100), true));
      return { repeats: times, evidenceIds: ids, note: `the same failing test run ${times} times with cosmetically different commands; the same failure (only the timing differs), no edit between` };
    }
    case 'loop:coder-reread-region': {
      const state = openRepository(log, random, scenario, 'Programmer');
      state.openFile = `/${scenario.repo}/${scenario.file}`;
      const variants = random.shuffle([`goto ${line}`, `open ${scenario.file} ${line}`, `goto ${line + 1}`, `open ${scenario.file} ${line - 1}`, `goto ${line - 1}`, `open ${scenario.file} ${line + 2}`, `goto ${line}`]);
      const views = [`open ${scenario.file} ${line}`, ...variants].slice(0, times);
      const reasons = random.shuffle([`Let me look at ${scenario.symbol} again to understand the logic.`, 'I want to re-read this part before changing anything.', `Let me view the ${scenario.symbol} body once more.`, 'Going back to the same lines to check the flow.', 'I need to see this section again.', 'Looking at the function again before deciding on a fix.', 'Let me re-examine the implementation.', 'Reviewing the same code once more.']);
      const ids = views.map((command, index) => {
        const start = Number(/(-?\d+)$/.exec(command)![1]) - 4;
        return shell(log, state, index === 0 ? `Let me open ${scenario.file} around ${scenario.symbol}.` : reasons[index]!, command, editorWindow(scenario, start));
      });
      return { repeats: times, evidenceIds: ids, note: `the same region of ${scenario.file} (around line ${line}, shifted by at most two lines) viewed ${times} times with nothing done between` };
    }
    case 'loop:coder-failed-edit-resubmitted': {
      const state = openRepository(log, random, scenario, 'Programmer');
      shell(log, state, 'Opening the function to fix.', `open ${scenario.file} ${line}`, editorWindow(scenario, line - 4));
      state.openFile = `/${scenario.repo}/${scenario.file}`;
      const rejection = `Your proposed edit has introduced new syntax error(s). Please understand the fixes and retry your edit command.\n\nERRORS:\n- F821 undefined name '_normalized_value'\n\nThis is how your edit would have looked if applied\n-------------------------------------------------\n${editorWindow(scenario, line - 2, 6)}\n-------------------------------------------------\nYour changes have NOT been applied. Please fix your edit command and try again.`;
      const bodies = ['        value = _normalized_value(value)', '        value = _normalized_value(value)  # normalise first', '        value = _normalized_value( value )', '        value = _normalized_value(value)\n', '        # normalise the input\n        value = _normalized_value(value)', '        value=_normalized_value(value)', '        value = _normalized_value(value)  ', '        value = (_normalized_value(value))'];
      const reasons = random.shuffle(['The edit was rejected; let me fix it and resubmit.', 'I will correct the edit and try again.', 'Let me retry the edit with the proper formatting.', 'Resubmitting the fix.', 'The linter complained; adjusting the edit.', 'Trying the same change again, more carefully.', 'Let me apply the fix once more.', 'One more try at this edit.']);
      const ids = random.shuffle(bodies).slice(0, times).map((body, index) => shell(log, state, index === 0 ? 'Now I will normalise the value before it is used.' : reasons[index]!, `edit ${line}:${line + 1}\n${body}\n        return value\nend_of_edit`, rejection, true));
      return { repeats: times, evidenceIds: ids, note: `an equivalent edit at ${line} (the same missing name, only spacing or a comment changed) resubmitted ${times} times, the same F821 rejection each time` };
    }
    case 'loop:coder-ab-cycle': {
      const state = openRepository(log, random, scenario, 'Programmer');
      const testLine = random.int(200, 900);
      const reasonsA = random.shuffle(['Back to the implementation.', `Let me look at ${scenario.symbol} again.`, 'Checking the source side once more.', 'Returning to the code.', 'Looking at the function again.', 'Let me re-open the source.']);
      const reasonsB = random.shuffle(['Now the test, to compare.', 'Let me see what the test expects.', 'Checking the test again.', 'And the test once more.', 'Comparing with the test.', 'Looking at the assertion again.']);
      const ids: string[] = [];
      for (let round = 0; round < times; round++) {
        state.openFile = `/${scenario.repo}/${scenario.file}`;
        ids.push(shell(log, state, reasonsA[round]!, `open ${scenario.file} ${line}`, editorWindow(scenario, line - 4)));
        state.openFile = `/${scenario.repo}/${scenario.test}`;
        shell(log, state, reasonsB[round]!, `open ${scenario.test} ${testLine}`, editorWindow(scenario, testLine - 4, 10, scenario.test, 2310));
      }
      return { repeats: times, evidenceIds: ids, note: `an A-B-A-B cycle: the source and the test opened alternately ${times} rounds at the same lines, identical windows, no edit` };
    }
    case 'loop:coder-search-trivial-variants': {
      const state = openRepository(log, random, scenario, 'Reproducer');
      const term = scenario.symbol.split('.').at(-1)!;
      const folder = scenario.file.split('/')[0]!;
      const commands = random.shuffle([`grep -rn "${term}" ${folder}/`, `grep -nr "${term}" ${folder}/`, `grep -rn '${term}' ${folder}/`, `grep -rn "${term}" ${folder}`, `grep -r -n "${term}" ${folder}/`, `grep -rn "${term}" ./${folder}/`, `grep -Rn "${term}" ${folder}/`, `grep -rn --include=*.py "${term}" ${folder}/`]);
      const output = [scenario.file, ...scenario.siblings.slice(0, 2)].map((file, index) => `${file}:${line + index * 211}:${scenario.code[index]!.trim()}`).join('\n');
      const reasons = random.shuffle(['Let me grep the package for it.', 'Searching the package for it again.', 'Let me grep for the name to see all callers.', 'I will search once more to make sure I did not miss a caller.', 'Grepping again for the function.', 'Let me list the occurrences again.', 'One more search to be sure.', 'Searching for all references.']);
      const ids = commands.slice(0, times).map((command, index) => shell(log, state, index === 0 ? `Let me find every use of ${term}.` : reasons[index]!, command, output));
      return { repeats: times, evidenceIds: ids, note: `the same grep ${times} times with flags reordered, quotes swapped or a path spelled differently; the same matches every time` };
    }
    case 'loop:coder-loop-after-progress': {
      const state = openRepository(log, random, scenario, 'Programmer');
      state.openFile = `/${scenario.repo}/${scenario.file}`;
      shell(log, state, 'Opening the function.', `open ${scenario.file} ${line}`, editorWindow(scenario, line - 4));
      shell(log, state, 'Running the failing test first.', `pytest ${at}`, pytestOutput(scenario, 0.4), true);
      shell(log, state, 'The fix is to build a fresh value here instead of reusing the shared one.', `edit ${line + 2}:${line + 2}\n        result = dict(result)\nend_of_edit`, appliedEdit(scenario, line + 2, '        result = dict(result)'));
      shell(log, state, 'Running the test after the fix.', `pytest ${at}`, pytestOutput(scenario, 0.38, null));
      const diff = `diff --git a/${scenario.file} b/${scenario.file}\nindex 3f2a9c1..8d0e4b7 100644\n--- a/${scenario.file}\n+++ b/${scenario.file}\n@@ -${line},6 +${line},7 @@\n ${scenario.code[0]}\n ${scenario.code[1]}\n+        result = dict(result)\n ${scenario.code[2]}`;
      const commands = random.shuffle(['git diff', 'git --no-pager diff', 'git diff HEAD', `git diff -- ${scenario.file}`, 'git diff --no-color', 'git -c core.pager=cat diff', `git diff ${scenario.file}`, 'git diff .']);
      const reasons = random.shuffle(['Let me review the change once more before submitting.', 'Let me look at the diff once more.', 'Double-checking the diff.', 'I will review the changes again to be safe.', 'Let me make sure the diff is right.', 'Checking the patch one more time.', 'Reviewing the diff before submission.', 'Let me view the diff again.']);
      const ids = commands.slice(0, times).map((command, index) => shell(log, state, index === 0 ? 'Before submitting, let me review the change.' : reasons[index]!, command, diff));
      shell(log, state, 'The change looks right. Submitting.', 'submit', 'Submitted.');
      return { repeats: times, evidenceIds: ids, note: `after real progress (fix applied, test passes) the same diff viewed ${times} times through differently spelled git commands before submitting` };
    }
  }
}
