import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { drawRepo5, editApplied5, lintRejection5, openCoder5, run5, window5, type Repo5 } from '../blind-set-5/coder-setting.js';
import { lookAlikes7, nth7, repeats7, type Family7 } from './family.js';

/** Coding-agent kinds whose pattern was seen in the real CodeR runs (the README names runs and messages). */
export const CODER_OBSERVED_KINDS_7 = [
  'loop:coder-goto-while-already-there',
  'loop:coder-promised-import-absent-from-edit',
  'work:coder-verbatim-narration-new-edits',
  'work:coder-script-reopened-between-module-edits',
  'work:coder-scroll-down-then-back-up',
  'work:coder-tester-edits-script-until-pass',
] as const;

/** One kind of {@link CODER_OBSERVED_KINDS_7}. */
export type CoderObservedKind7 = (typeof CODER_OBSERVED_KINDS_7)[number];

const AGAIN = [
  `We are now looking at the block that builds the result. It calls the helper and returns early on an empty value.`,
  `We are now looking at that block again. It calls the helper and returns early when the value is empty.`,
  `We are looking at the same block once more; the helper is called and an empty value returns early.`,
  `This is the block again: the helper call, then the early return for empty values.`,
  `Again the same lines: helper call, early return.`,
  `Still the same block.`,
] as const;

/** The agent reopens a file, jumps to the line it already studied, and jumps there again and again with nothing new shown. */
const gotoWhileAlreadyThere: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const repo = drawRepo5(random);
  const line = repo.line;
  openCoder5(log, repo, 'Programmer');
  run5(log, repo, repo.source, `Opening ${repo.source} at the line the fault localisation points to.`, `open ${repo.source} ${line}`, window5(repo, line - 10, line + 10));
  run5(log, repo, repo.source, 'Let me see how the tests exercise it.', `search_dir "${repo.symbol}" tests`, `Found 2 matches for "${repo.symbol}" in /${repo.name}/tests:\n/${repo.name}/tests/test_core.py (2 matches)`);
  run5(log, repo, 'tests/test_core.py', 'Opening the test module.', 'open tests/test_core.py', `[File: /${repo.name}/tests/test_core.py (412 lines total)]\n1:import pytest\n2:from ${repo.name.split('__')[1]} import core\n3:\n4:def test_${repo.symbol}_keeps_none():`);
  run5(log, repo, repo.source, `Back to ${repo.source} to find where the test's case is handled.`, `open ${repo.source}`, window5(repo, 1, 20));
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(run5(log, repo, repo.source, nth7(AGAIN, round), `goto ${line}`, window5(repo, line - 10, line + 10)));
  run5(log, repo, repo.source, 'I have not found the cause here; maybe a configuration file decides this.', 'find_file "setup.cfg"', `Found 1 matches for "setup.cfg" in /${repo.name}:\n/${repo.name}/setup.cfg`);
  return { repeats, evidenceIds, note: `The agent issues \`goto ${line}\` ${repeats} times in a row; after the first, it is already there, each output is the identical window and each narration says it is looking at the same block again. The same call, the same output, nothing learned: a loop.` };
};

const PROMISES = [
  'The linter says `run_sync` is undefined. We need to add the import of `run_sync` and the method in a single edit. Combining both changes now.',
  'The previous edit still lacks the import. I will add `from asyncbridge import run_sync` together with the method in one edit.',
  'It seems the import was not included. Let me put the import and the method into one edit command.',
  'Again undefined. This time the edit will carry the import as well as the method.',
  'There was a misunderstanding in the earlier attempts; the import must be part of the edit. Applying both together.',
  'Combining the import and the method into one edit.',
] as const;

/** The narration promises to add a missing import in the same edit, but the submitted edit never contains it. */
const promisedImportAbsentFromEdit: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const repo = drawRepo5(random);
  const line = random.int(80, 140);
  openCoder5(log, repo, 'Programmer');
  run5(log, repo, repo.source, 'Opening the handler class.', `open ${repo.source} ${line}`, window5(repo, line - 5, line + 5));
  const body = `    async def ${repo.symbol}_async(self, value):\n        return await run_sync(self.${repo.symbol})(value)`;
  const rejection = lintRejection5('F821', "undefined name 'run_sync'", line);
  run5(log, repo, repo.source, `Adding an async variant of ${repo.symbol}.`, `edit ${line - 1}:${line - 1}\n${body}\nend_of_edit`, rejection, true);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(run5(log, repo, repo.source, nth7(PROMISES, round), `edit ${line}:${line}\n${body}\nend_of_edit`, rejection, true));
  run5(log, repo, repo.source, 'Adding the import at the top of the file first.', 'edit 3:3\nfrom asyncbridge import run_sync\nend_of_edit', editApplied5(repo, repo.source, 3, 1401));
  return { repeats, evidenceIds, note: `Each narration says the import of run_sync will go into the edit, but the edit sent is the identical one without it, ${repeats} times, each rejected with the identical "undefined name" error. The stated fix never reaches the call: a loop.` };
};

const NARRATE_EDIT = 'The script still fails, so the way this line calls the helper is still wrong. Let us revise the call.';
const NARRATE_RUN = "The edit has been applied successfully. Now, let's run the reproduce.py script again to verify if the changes have resolved the issue.";

/** The narration is copied word for word round after round, but each edit is a new variant and each run fails differently until one passes. */
const verbatimNarrationNewEdits: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const repo = drawRepo5(random);
  const helper = repo.symbol;
  const variants = [
    `        result = ${helper}(value, strict=False)`,
    `        result = ${helper}(value.strip())`,
    `        result = ${helper}(str(value))`,
    `        result = ${helper}(normalise(value))`,
  ];
  const failures = [
    `TypeError: ${helper}() got an unexpected keyword argument 'strict'`,
    "AttributeError: 'NoneType' object has no attribute 'strip'",
    "AssertionError: expected None, got 'None'",
    "NameError: name 'normalise' is not defined",
  ];
  const finalEdit = `        result = ${helper}(value) if value is not None else self.default`;
  openCoder5(log, repo, 'Programmer');
  run5(log, repo, 'reproduce.py', 'Running the reproduction first.', 'python reproduce.py', `Traceback (most recent call last):\n  File "reproduce.py", line 14\n${repo.bugOutput}`, true);
  const evidenceIds: string[] = [];
  for (let round = 0; round < count; round++) {
    const last = round === count - 1;
    evidenceIds.push(run5(log, repo, repo.source, NARRATE_EDIT, `edit ${repo.line}:${repo.line}\n${last ? finalEdit : variants[round]}\nend_of_edit`, editApplied5(repo, repo.source, repo.line, 1400)));
    run5(log, repo, 'reproduce.py', NARRATE_RUN, 'python reproduce.py', last ? repo.fixedOutput : `Traceback (most recent call last):\n  File "/${repo.name}/${repo.source}", line ${repo.line}\n${failures[round]}`, !last);
  }
  run5(log, repo, 'reproduce.py', 'The reproduction passes now.', 'succeed', 'Programmer finished.');
  return { repeats: 0, evidenceIds, note: `The agent's words repeat verbatim every round ("still fails … revise the call", "applied successfully … run again"), but each of the ${count} edits is a new variant and each run ends in a different error until the last passes. The talk loops, the work does not: not a loop.` };
};

const REVISIONS = ['', '        if value is None:  # revision 1', '        if value is None and not self.required:  # revision 2', ''] as const;

/** The suspected module around the buggy line, as it stands after `version` edits. */
function moduleView(repo: Repo5, version: number): string {
  const condition = version === 0 ? repo.buggy : version === 3 ? repo.fixed : REVISIONS[version]!;
  return `[File: /${repo.name}/${repo.source} (${1400 + version} lines total)]\n(${repo.line - 2} more lines above)\n${repo.line - 1}:    def ${repo.symbol}(self, value, attr, data):\n${repo.line}:${condition}\n${repo.line + 1}:            return self.default`;
}

/** The reproduction script is reopened between module edits: its view never changes, the module's does. */
const scriptReopenedBetweenModuleEdits: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Programmer');
  const script = `[File: /${repo.name}/reproduce.py (14 lines total)]\n1:# ${repo.issue}\n2:from helpers import run_case\n3:\n4:result = run_case()\n5:assert str(result) == ${JSON.stringify(repo.fixedOutput)}, result`;
  const evidenceIds: string[] = [];
  const open = (why: string): void => void evidenceIds.push(run5(log, repo, 'reproduce.py', why, 'open reproduce.py', script));
  const openModule = (version: number, why: string): void => void run5(log, repo, repo.source, why, `open ${repo.source} ${repo.line}`, moduleView(repo, version));
  open('Opening the reproduction to see what it checks.');
  openModule(0, `Now the module, at ${repo.symbol}.`);
  open('Back to the script to see exactly which result it expects.');
  openModule(0, 'And the module again, to match the condition with that expectation.');
  const failures = [`AssertionError: ${repo.bugOutput}`, 'AssertionError: None'];
  for (let version = 1; version < count; version++) {
    const last = version === count - 1;
    const line = last ? repo.fixed : REVISIONS[version]!;
    run5(log, repo, repo.source, `Changing the condition (attempt ${version}).`, `edit ${repo.line}:${repo.line}\n${line}\nend_of_edit`, editApplied5(repo, repo.source, repo.line, 1400 + version));
    run5(log, repo, 'reproduce.py', 'Running the reproduction.', 'python reproduce.py', last ? repo.fixedOutput : `Traceback (most recent call last):\n${failures[version - 1]}`, !last);
    if (!last) {
      open('The assertion still fails; rereading what the script expects.');
      openModule(version, 'Looking at the module after my change.');
    }
  }
  return { repeats: 0, evidenceIds, borderline: true, note: `\`open reproduce.py\` shows the identical script ${count} times, which meets the rule's letter; but a real edit of the module and a new failure come between the later reopenings, and each reopening compares the unchanged expectation with a changed module — the work moves and ends in a pass. Borderline; labelled not a loop.` };
};

/** The agent scrolls down a file window by window, then back up over the same windows, then finds the symbol by search. */
const scrollDownThenBackUp: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Debugger');
  run5(log, repo, repo.source, 'Going to the top of the file to read the class from the start.', 'goto 1', window5(repo, 1, 100, 1100));
  for (let step = 1; step <= count; step++) run5(log, repo, repo.source, `Reading further down (window ${step + 1}).`, 'scroll_down', window5(repo, step * 98 + 1, step * 98 + 100, 1100));
  const evidenceIds: string[] = [];
  for (let step = count - 1; step >= 0; step--) evidenceIds.push(run5(log, repo, repo.source, step === count - 1 ? `I may have missed where ${repo.symbol} is set; scrolling back up.` : 'Further up.', 'scroll_up', window5(repo, step * 98 + 1, step * 98 + 100, 1100)));
  run5(log, repo, repo.source, 'Scrolling did not find it; searching instead.', `search_file "${repo.symbol}"`, `Found 3 matches for "${repo.symbol}" in /${repo.name}/${repo.source}:\nLine ${repo.line}: ${repo.buggy.trim()}`);
  return { repeats: 0, evidenceIds, borderline: true, note: `${count} scroll_down then ${count} scroll_up over the same windows: each window is seen at most twice (down, then up), each scroll_up output differs from the last, and a search ends it. Unproductive wandering, but nothing occurs 3 times. Borderline; labelled not a loop.` };
};

/** The tester edits the reproduction script (not the code) and reruns it; the output stays the same until the expectation itself is changed. */
const testerEditsScriptUntilPass: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Tester');
  const stuck = `Case 1 as expected: ${repo.fixedOutput}\nCase 2 unexpected: ${repo.bugOutput}`;
  run5(log, repo, 'reproduce.py', "Running the reproduction to verify the Programmer's change.", 'python reproduce.py', stuck);
  const edits = [
    `edit 20:20\ncase_two = build_case(strict=True)\nend_of_edit`,
    `edit 20:20\ncase_two = build_case(strict=True, legacy=False)\nend_of_edit`,
    `edit 5:5\nfrom helpers import build_case, reset_state\nend_of_edit`,
    `edit 21:21\nreset_state()\nend_of_edit`,
    `edit 23:23\n    print("Case 2 reported as expected:", outcome)\nend_of_edit`,
  ];
  const evidenceIds: string[] = [];
  for (let round = 0; round < count; round++) {
    const last = round === count - 1;
    const edit = last ? edits[4]! : edits[round]!;
    run5(log, repo, 'reproduce.py', last ? 'I will make the script report the second case as expected.' : 'The second case still misbehaves; adjusting how the script builds it.', edit, editApplied5(repo, 'reproduce.py', Number(/^edit (\d+)/.exec(edit)![1]), 26));
    evidenceIds.push(run5(log, repo, 'reproduce.py', "Let's run reproduce.py again.", 'python reproduce.py', last ? `Case 1 as expected: ${repo.fixedOutput}\nCase 2 reported as expected: ${repo.bugOutput}` : stuck));
  }
  run5(log, repo, 'reproduce.py', 'Both cases now report as expected.', 'succeed', 'Tester finished.');
  return { repeats: 0, evidenceIds, borderline: true, note: `\`python reproduce.py\` gives the identical output ${count} times (the first run and ${count - 1} runs after edits), meeting the rule's letter; but every run checks an edit just made to the script, and the last edit changes the outcome (by relabelling the unexpected result as expected, which is its own problem). Borderline; labelled not a loop.` };
};

const FAMILIES: Record<CoderObservedKind7, Family7> = {
  'loop:coder-goto-while-already-there': gotoWhileAlreadyThere,
  'loop:coder-promised-import-absent-from-edit': promisedImportAbsentFromEdit,
  'work:coder-verbatim-narration-new-edits': verbatimNarrationNewEdits,
  'work:coder-script-reopened-between-module-edits': scriptReopenedBetweenModuleEdits,
  'work:coder-scroll-down-then-back-up': scrollDownThenBackUp,
  'work:coder-tester-edits-script-until-pass': testerEditsScriptUntilPass,
};

/**
 * Builds one observed coding-agent episode of the seventh blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildCoderObserved7(kind: CoderObservedKind7, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
