import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { drawRepo5, editApplied5, openCoder5, run5, window5 } from '../blind-set-5/coder-setting.js';
import { lookAlikes7, nth7, repeats7 } from '../blind-set-7/family.js';
import type { Family8 } from './family.js';

/** Coding-agent kinds whose pattern was seen in the real CodeR runs (the README names runs and messages). */
export const CODER_OBSERVED_KINDS_8 = [
  'loop:coder-bare-name-open-then-find-round',
  'work:coder-programmer-retraces-debugger-path',
  'work:coder-reopen-goto-edit-rerun-rounds',
  'work:coder-reproducer-rewrites-until-reproduced',
] as const;

/** One kind of {@link CODER_OBSERVED_KINDS_8}. */
export type CoderObservedKind8 = (typeof CODER_OBSERVED_KINDS_8)[number];

/** Rounds of `open <bare name>` (not found) and `find_file <bare name>` (found, with its path) — the path is never used. */
const bareNameOpenThenFindRound: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random, 5);
  const repo = drawRepo5(random);
  const bare = repo.source.split('/').at(-1)!;
  openCoder5(log, repo, 'Tester');
  run5(log, repo, 'n/a', 'First I run the reproduction script the Programmer left.', 'python reproduce.py', repo.bugOutput, true);
  const opens = [
    `The output still shows the bug. The Debugger pointed at ${bare}; let me open it.`,
    `The file was found by find_file. Opening ${bare} now.`,
    `Now that we know where ${bare} lives, let's open it.`,
    `Opening ${bare} to check the Programmer's change.`,
    `Let me open ${bare} again.`,
  ];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(run5(log, repo, 'n/a', nth7(opens, round), `open ${bare}`, `File ${bare} not found`, true));
    run5(log, repo, 'n/a', `${bare} is not in the current directory; searching for it.`, `find_file "${bare}"`, `Found 1 matches for "${bare}" in /${repo.name}:\n/${repo.name}/${repo.source}`);
  }
  run5(log, repo, repo.source, 'Opening it by its full path.', `open ${repo.source} ${repo.line}`, window5(repo, repo.line - 5, repo.line + 5));
  return { repeats, evidenceIds, note: `${repeats} rounds of \`open ${bare}\` (not found) then \`find_file "${bare}"\` (found at ${repo.source}); each narration says it will use what was found, but the next open is the same bare name. A two-step cycle with identical outcomes: a loop.` };
};

/** The Debugger reads two places; the Programmer, starting fresh, retraces the same path, looks back once, then edits; a Tester may look once more. */
const programmerRetracesDebuggerPath: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const repo = drawRepo5(random);
  const caller = repo.line - random.int(60, 120);
  const entry = (): string => window5(repo, caller - 10, caller + 10);
  openCoder5(log, repo, 'Debugger');
  run5(log, repo, repo.source, 'Opening the file the fault localisation names.', `open ${repo.source}`, window5(repo, 1, 20));
  const evidenceIds: string[] = [];
  evidenceIds.push(run5(log, repo, repo.source, `The public entry point is around line ${caller}.`, `goto ${caller}`, entry()));
  run5(log, repo, repo.source, 'It delegates to the helper; going to the helper.', `goto ${repo.line}`, window5(repo, repo.line - 10, repo.line + 10));
  run5(log, repo, repo.source, `Conclusion: line ${repo.line} is where ${repo.issue.toLowerCase()}.`, 'succeed', '');
  openCoder5(log, repo, 'Programmer');
  run5(log, repo, repo.source, 'Following the Debugger, opening the file.', `open ${repo.source}`, window5(repo, 1, 20));
  evidenceIds.push(run5(log, repo, repo.source, `Looking at the entry point at line ${caller} first, as the Debugger did.`, `goto ${caller}`, entry()));
  run5(log, repo, repo.source, 'Now the helper.', `goto ${repo.line}`, window5(repo, repo.line - 10, repo.line + 10));
  evidenceIds.push(run5(log, repo, repo.source, 'Back to the entry point to confirm which argument reaches the helper.', `goto ${caller}`, entry()));
  run5(log, repo, repo.source, 'Confirmed; editing the helper.', `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, editApplied5(repo, repo.source, repo.line, 1400));
  run5(log, repo, repo.source, 'Running the reproduction.', 'python reproduce.py', repo.fixedOutput);
  run5(log, repo, repo.source, 'The fix works.', 'succeed', '');
  if (count >= 4) {
    openCoder5(log, repo, 'Tester');
    run5(log, repo, repo.source, 'Opening the changed file at the fixed line.', `open ${repo.source} ${repo.line}`, window5(repo, repo.line - 10, repo.line + 10, 1400, true));
    evidenceIds.push(run5(log, repo, repo.source, 'Checking the caller still passes the value as the fix expects.', `goto ${caller}`, entry()));
    run5(log, repo, repo.source, 'Running the reproduction to confirm.', 'python reproduce.py', repo.fixedOutput);
  }
  return { repeats: 0, borderline: true, evidenceIds, note: `\`goto ${caller}\` with the identical window ${evidenceIds.length} times: once by the Debugger, twice by the Programmer (who starts afresh, retraces the Debugger's path and looks back once before editing)${count >= 4 ? ', once by the Tester reviewing the fix' : ''}. Each role reads once or twice and then acts; the fix works. Not a loop; borderline because the identical call and output occur ${evidenceIds.length} times in the episode, in an A/B pattern with the helper.` };
};

/** Rounds of open, goto, a new edit and a run: the same navigation each round, but a different edit and a new outcome, the last passing. */
const reopenGotoEditRerunRounds: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Programmer');
  const variants = [
    `${repo.buggy.replace(/:$/, '')} and value is not None:`,
    `${repo.buggy.replace(/:$/, '')} or getattr(self, "strict", False):`,
    `${repo.buggy.replace(/^(\s*)if /, '$1if bool(').replace(/:$/, '):')}`,
    `${repo.buggy.replace(/:$/, '')}  # TODO narrow:`,
  ];
  const outputs = ['AssertionError: expected the fixed behaviour, got the old one (case 1 of 3)', 'AssertionError: case 2 of 3 still fails', 'TypeError: bool() takes no keyword arguments', 'AssertionError: case 3 of 3 still fails'];
  const evidenceIds: string[] = [];
  let total = 1400;
  for (let round = 0; round < count; round++) {
    const last = round === count - 1;
    run5(log, repo, repo.source, round === 0 ? `Opening ${repo.source}.` : `Reopening ${repo.source} to revise the change.`, `open ${repo.source}`, window5(repo, 1, 20, total));
    evidenceIds.push(run5(log, repo, repo.source, `Going to line ${repo.line}.`, `goto ${repo.line}`, window5(repo, repo.line - 10, repo.line + 10, total)));
    total += round + 1;
    run5(log, repo, repo.source, last ? 'Applying the complete fix.' : `Trying variant ${round + 1} of the condition.`, `edit ${repo.line}:${repo.line}\n${last ? repo.fixed : variants[round % variants.length]!}\nend_of_edit`, editApplied5(repo, repo.source, repo.line, total));
    run5(log, repo, repo.source, 'Running the reproduction.', 'python reproduce.py', last ? repo.fixedOutput : outputs[round % outputs.length]!, !last);
  }
  return { repeats: 0, evidenceIds, note: `${count} rounds of open ${repo.source} → goto ${repo.line} → edit → run. The navigation repeats, but each round's edit is new, the file's length changes, each run fails differently and the last passes: a test re-run after real edits. Not a loop.` };
};

/** The Reproducer edits its script and reruns it, meeting a different result each time, until the script shows the bug. */
const reproducerRewritesUntilReproduced: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Reproducer');
  run5(log, repo, 'reproduce.py', 'Creating the reproduction script.', 'create reproduce.py', '[File: reproduce.py (1 lines total)]\n1:');
  const fixes = ['Adding the missing import.', 'Configuring the environment before the import.', 'Deleting the stale database file first.', 'Using the real table name.', 'Printing the result so it is visible.'];
  const results = [
    `NameError: name 'setup_env' is not defined`,
    'Your command ran successfully and did not produce any output.',
    'sqlite3.OperationalError: table "demo_item" already exists',
    'sqlite3.OperationalError: no such table: main.item',
    'Script completed successfully, no errors.',
  ];
  const evidenceIds: string[] = [];
  for (let run = 0; run < count; run++) {
    const last = run === count - 1;
    run5(log, repo, 'reproduce.py', last ? 'Making the script print what the issue describes.' : nth7(fixes, run), `edit 1:${12 + run * 4}\n# reproduction, revision ${run + 1}\nend_of_edit`, `[File: /${repo.name}/reproduce.py (${12 + run * 4} lines total)]\nFile updated.`);
    evidenceIds.push(run5(log, repo, 'reproduce.py', 'Running the script.', 'python reproduce.py', last ? repo.bugOutput : results[run % results.length]!, !last && run % results.length !== 1 && run % results.length !== 4));
  }
  run5(log, repo, 'reproduce.py', 'The script reproduces the issue.', 'succeed', '');
  return { repeats: 0, evidenceIds, note: `\`python reproduce.py\` ${count} times, each after an edit to the script and each with a different result (errors, a silent success, then the bug itself). Re-runs after real edits, each moving the script closer to a reproduction: not a loop.` };
};

const FAMILIES: Record<CoderObservedKind8, Family8> = {
  'loop:coder-bare-name-open-then-find-round': bareNameOpenThenFindRound,
  'work:coder-programmer-retraces-debugger-path': programmerRetracesDebuggerPath,
  'work:coder-reopen-goto-edit-rerun-rounds': reopenGotoEditRerunRounds,
  'work:coder-reproducer-rewrites-until-reproduced': reproducerRewritesUntilReproduced,
};

/**
 * Builds one coding episode of the eighth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildCoderObserved8(kind: CoderObservedKind8, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
