import type { SeededRandom } from '../../seeded-random.js';
import { shell, type BuiltEpisode2, type EpisodeLog } from './episode-log.js';
import { appliedEdit, CODER_SCENARIOS, editorWindow, FILE_LINES, openRepository, pytestOutput, windowWith, type CoderScenario } from './coder-setting.js';

/** The CodeR-style hard non-loop kinds of the second blind set. */
export const CODER_WORK_KINDS = [
  'work:coder-poll-log',
  'work:coder-tests-after-real-edits',
  'work:coder-iterate-files',
  'work:coder-flaky-retry-succeeds',
  'work:coder-same-view-after-edit',
  'work:coder-milestone-summaries',
  'work:coder-same-fix-many-sites',
  'work:coder-stash-compare',
] as const;

/** One CodeR-style non-loop kind. */
export type CoderWorkKind = (typeof CODER_WORK_KINDS)[number];

/** A pytest run of the whole test file with the given failing tests. */
function suiteOutput(scenario: CoderScenario, failing: readonly string[], total: number, seconds: number): string {
  const dots = Array.from({ length: Math.min(total, 40) }, (_, index) => (index < failing.length ? 'F' : '.')).join('');
  const summary = failing.length === 0 ? `${total} passed` : `${failing.length} failed, ${total - failing.length} passed`;
  const failed = failing.map((name) => `FAILED ${scenario.test}::${name}`).join('\n');
  return `collected ${total} items\n\n${scenario.test} ${dots}\n${failed.length > 0 ? `\n${failed}\n` : ''}========================= ${summary} in ${seconds.toFixed(2)}s =========================`;
}

/**
 * Writes one CodeR-style hard non-loop episode of `kind`: repeated-looking commands, each time
 * with something new (a changed output, a different file, an applied edit between).
 *
 * @returns `repeats: 0`, a note and the ids of the look-alike commands.
 */
export function buildCoderWork(kind: CoderWorkKind, log: EpisodeLog, random: SeededRandom): BuiltEpisode2 {
  const scenario = random.pick(CODER_SCENARIOS);
  const line = random.int(140, 1500);
  const at = `${scenario.test}::${scenario.testName}`;
  const path = `/${scenario.repo}/${scenario.file}`;
  switch (kind) {
    case 'work:coder-poll-log': {
      const state = openRepository(log, random, scenario, 'Tester');
      shell(log, state, 'The whole test module is slow, so I will run it in the background and watch the log.', `nohup pytest ${scenario.test} > /tmp/run.log 2>&1 &`, `[1] ${random.int(2000, 9000)}`);
      const polls = random.int(3, 5);
      const ids: string[] = [];
      for (let poll = 0; poll < polls; poll++) {
        const last = poll === polls - 1;
        const percent = last ? 100 : Math.round(((poll + 1) * 90) / polls);
        const output = last ? `${scenario.test} ....F.....\n======================== 1 failed, 139 passed in 212.4s ========================` : `${scenario.test} ${'.'.repeat(poll + 2)}${poll > 0 ? 'F' : ''}   [ ${percent}%]`;
        ids.push(shell(log, state, poll === 0 ? 'Let me check how far the run is.' : random.pick(['Checking the log again; it has moved on.', 'Let me look at the progress now.', 'Still running; checking the tail of the log.']), 'tail -n 2 /tmp/run.log', output));
      }
      shell(log, state, `Only ${scenario.testName} fails. Let me open the code it exercises.`, `open ${scenario.file} ${line}`, editorWindow(scenario, line - 4));
      return { repeats: 0, evidenceIds: ids, note: `the same tail of a background test log read ${polls} times, the log further along each time, then the final summary` };
    }
    case 'work:coder-tests-after-real-edits': {
      const state = openRepository(log, random, scenario, 'Programmer');
      state.openFile = path;
      const names = [scenario.testName, `${scenario.testName}_empty`, `${scenario.testName}_nested`, `${scenario.testName}_roundtrip`];
      const rounds = random.int(3, 4);
      const total = random.int(18, 60);
      const ids: string[] = [];
      for (let round = 0; round < rounds; round++) {
        const failing = round === rounds - 1 ? [] : names.slice(0, rounds - 1 - round);
        ids.push(shell(log, state, round === 0 ? 'Let me run the test module to see what fails.' : 'Running the module again after that change.', `pytest ${scenario.test}`, suiteOutput(scenario, failing, total, 1.2 + round / 10), failing.length > 0));
        if (round < rounds - 1) {
          const target = line + round * 53;
          const file = round === 1 ? scenario.siblings[0]! : scenario.file;
          state.openFile = `/${scenario.repo}/${file}`;
          const replacement = `        value = ${['copy.copy(value)', 'value or {}', 'list(value)'][round]}`;
          shell(log, state, `${failing.at(-1)} fails because of the code at ${file}:${target}; changing it.`, `edit ${target}:${target + 1}\n${replacement}\nend_of_edit`, appliedEdit(scenario, target, replacement, FILE_LINES - round - 1, file));
        }
      }
      return { repeats: 0, evidenceIds: ids, note: `the same pytest command ${rounds} times, each after a different applied edit; fewer failures each run, then all pass` };
    }
    case 'work:coder-iterate-files': {
      const state = openRepository(log, random, scenario, 'Programmer');
      const term = scenario.symbol.split('.').at(-1)!;
      const files = random.shuffle(scenario.siblings).slice(0, random.int(3, 5));
      const ids = files.map((file, index) => {
        const hits = index % 2 === 0 ? 0 : random.int(1, 3);
        const output = hits === 0 ? `No matches found for "${term}" in /${scenario.repo}/${file}` : `Found ${hits} matches for "${term}" in /${scenario.repo}/${file}:\n${Array.from({ length: hits }, (_, hit) => `Line ${random.int(30, 900) + hit}:        ${term}(self, obj)`).join('\n')}\nEnd of matches for "${term}" in /${scenario.repo}/${file}`;
        return shell(log, state, index === 0 ? `Let me check which other modules call ${term}.` : `Next, ${file}.`, `search_file "${term}" ${file}`, output);
      });
      return { repeats: 0, evidenceIds: ids, note: `the same search run over ${files.length} different files, one file each, results different` };
    }
    case 'work:coder-flaky-retry-succeeds': {
      const state = openRepository(log, random, scenario, 'Reproducer');
      shell(log, state, 'I will write a script that reproduces the issue.', 'create reproduce.py', `[File: /${scenario.repo}/reproduce.py (1 lines total)]\n1:`);
      state.openFile = `/${scenario.repo}/reproduce.py`;
      shell(log, state, 'Writing the reproduction.', `edit 1:1\nfrom helpers import run_case\nprint(run_case("${scenario.testName}"))\nend_of_edit`, `[File: /${scenario.repo}/reproduce.py (2 lines total)]\n1:from helpers import run_case\n2:print(run_case("${scenario.testName}"))\nFile updated.`);
      const locked = 'Traceback (most recent call last):\n  File "reproduce.py", line 2, in <module>\nsqlite3.OperationalError: database is locked';
      const ids = [shell(log, state, 'Running it.', 'python reproduce.py', locked, true)];
      ids.push(shell(log, state, 'Another process held the test database for a moment; running it again.', 'python reproduce.py', locked, true));
      ids.push(shell(log, state, 'The lock should be gone now; one more run.', 'python reproduce.py', `Reproduced: ${scenario.failure}`));
      shell(log, state, 'The issue is reproduced. Let me open the code.', `open ${scenario.file} ${line}`, editorWindow(scenario, line - 4));
      return { repeats: 0, evidenceIds: ids, note: 'the same script fails twice on a transient lock and then runs: two equal outcomes only, the third is new' };
    }
    case 'work:coder-same-view-after-edit': {
      const state = openRepository(log, random, scenario, 'Programmer');
      state.openFile = path;
      const start = line - 4;
      const ids = [shell(log, state, `Let me look at ${scenario.symbol}.`, `goto ${line}`, editorWindow(scenario, start))];
      const first = new Map([[line, '        value = dict(value)']]);
      shell(log, state, 'Copy the value before using it.', `edit ${line}:${line}\n        value = dict(value)\nend_of_edit`, appliedEdit(scenario, line, '        value = dict(value)'));
      ids.push(shell(log, state, 'Let me view the function again to check the edit in context.', `goto ${line}`, windowWith(scenario, start, first, FILE_LINES)));
      const second = new Map([...first, [line + 3, '        if value is None:'], [line + 4, '            return {}']]);
      shell(log, state, 'The None case also needs handling.', `edit ${line + 3}:${line + 3}\n        if value is None:\n            return {}\nend_of_edit`, appliedEdit(scenario, line + 3, second, FILE_LINES + 1));
      ids.push(shell(log, state, 'Viewing the function once more after the second edit.', `goto ${line}`, windowWith(scenario, start, second, FILE_LINES + 1)));
      shell(log, state, 'Now the test.', `pytest ${at}`, pytestOutput(scenario, 0.36, null));
      return { repeats: 0, evidenceIds: ids, note: 'the same goto 3 times, each after an applied edit, each window showing the new lines' };
    }
    case 'work:coder-milestone-summaries': {
      const state = openRepository(log, random, scenario, 'Programmer');
      state.openFile = path;
      shell(log, state, 'Running the failing test.', `pytest ${at}`, pytestOutput(scenario, 0.4), true);
      const first = shell(log, state, `Progress so far: the test fails with ${scenario.failure.split(':')[0]}, and the cause is in ${scenario.symbol} in ${scenario.file}. Next I will open it and fix it.`, `open ${scenario.file} ${line}`, editorWindow(scenario, line - 4));
      shell(log, state, 'Changing the returned value to a fresh copy.', `edit ${line + 1}:${line + 1}\n        return dict(result)\nend_of_edit`, appliedEdit(scenario, line + 1, '        return dict(result)'));
      shell(log, state, 'Running the test after the change.', `pytest ${at}`, pytestOutput(scenario, 0.37, null));
      const second = shell(log, state, `Progress so far: the test failed with ${scenario.failure.split(':')[0]}, the cause was in ${scenario.symbol} in ${scenario.file}, the fix at line ${line + 1} is applied and the test now passes. Submitting.`, 'submit', 'Submitted.');
      return { repeats: 0, evidenceIds: [first, second], note: 'two progress summaries that share their wording, written at two different milestones (cause found; fix verified)' };
    }
    case 'work:coder-same-fix-many-sites': {
      const state = openRepository(log, random, scenario, 'Programmer');
      const sites = random.shuffle([scenario.file, ...scenario.siblings]).slice(0, random.int(3, 4)).map((file) => ({ file, at: random.int(60, 1400) }));
      shell(log, state, 'The same aliasing pattern appears in several modules; listing them.', 'grep -rn "return attrs$" .', sites.map((site) => `./${site.file}:${site.at}:        return attrs`).join('\n'));
      const ids = sites.map((site, index) => {
        state.openFile = `/${scenario.repo}/${site.file}`;
        shell(log, state, `Opening ${site.file} at the next site.`, `open ${site.file} ${site.at}`, editorWindow(scenario, site.at - 4, 10, site.file));
        return shell(log, state, index === 0 ? 'Return a copy here.' : 'Same fix at this site.', `edit ${site.at}:${site.at}\n        return dict(attrs)\nend_of_edit`, appliedEdit(scenario, site.at, '        return dict(attrs)', FILE_LINES, site.file));
      });
      shell(log, state, 'All sites are fixed; running the test.', `pytest ${at}`, pytestOutput(scenario, 0.44, null));
      return { repeats: 0, evidenceIds: ids, note: `the same one-line fix applied at ${sites.length} different sites (different files), each edit applied` };
    }
    case 'work:coder-stash-compare': {
      const state = openRepository(log, random, scenario, 'Tester');
      state.openFile = path;
      shell(log, state, 'The Programmer changed the code; let me see the patch.', 'git diff --stat', ` ${scenario.file} | 3 ++-\n 1 file changed, 2 insertions(+), 1 deletion(-)`);
      const ids = [shell(log, state, 'Running the issue test with the patch in place.', `pytest ${at}`, pytestOutput(scenario, 0.41, null))];
      shell(log, state, 'To be sure the test really covers the bug, I will set the patch aside and run it without.', 'git stash', `Saved working directory and index state WIP on main: ${random.int(1_000_000, 9_999_999).toString(16)} Bump version`);
      ids.push(shell(log, state, 'Running the same test without the patch.', `pytest ${at}`, pytestOutput(scenario, 0.39), true));
      shell(log, state, 'It fails without the patch, as it should. Restoring the patch.', 'git stash pop', `On branch main\nChanges not staged for commit:\n\tmodified:   ${scenario.file}\nDropped refs/stash@{0}`);
      ids.push(shell(log, state, 'And the test once more with the patch back.', `pytest ${at}`, pytestOutput(scenario, 0.4, null)));
      shell(log, state, 'The test fails without the fix and passes with it. Done.', 'succeed', 'Task marked as done.');
      return { repeats: 0, evidenceIds: ids, note: 'the same test run 3 times around git stash / stash pop: pass, fail, pass, each run after a change of the working tree' };
    }
  }
}
