import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { drawRepo5, editApplied5, lintRejection5, openCoder5, run5, window5 } from '../blind-set-5/coder-setting.js';
import { lookAlikes6, repeats6, type Family6 } from './family.js';

/** Coding-agent kinds whose pattern was seen in the real CodeR runs (the README names runs and turns). */
export const CODER_OBSERVED_KINDS_6 = [
  'loop:coder-two-edit-forms-alternate',
  'loop:coder-goto-websearch-open-round',
  'work:coder-scroll-up-to-definition',
  'work:coder-succeed-closes-each-role',
  'work:coder-file-reopened-by-each-role',
  'work:coder-undefined-name-edit-reworked',
] as const;

/** One kind of {@link CODER_OBSERVED_KINDS_6}. */
export type CoderObservedKind6 = (typeof CODER_OBSERVED_KINDS_6)[number];

/** Two spellings of one debug-print edit alternate, each rejected with the same indentation error. */
const twoEditFormsAlternate: Family6 = (log, random, tier) => {
  const repeats = repeats6(tier, random, 5);
  const repo = drawRepo5(random);
  const line = random.int(40, 90);
  openCoder5(log, repo, 'Reproducer');
  run5(log, repo, 'reproduce.py', 'The script printed nothing; I will add a print at the start of the test function.', 'python reproduce.py', 'Your command ran successfully and did not produce any output.');
  const flat = `edit ${line}:${line}\nprint("entering check_case")\nend_of_edit`;
  const indented = `edit ${line}:${line}\n    print("entering check_case")\nend_of_edit`;
  const flatError = lintRejection5('E999', `IndentationError: expected an indented block after function definition on line ${line - 1}`, line);
  const indentedError = lintRejection5('E999', `IndentationError: unexpected indent`, line);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(run5(log, repo, 'reproduce.py', round === 0 ? 'Adding the print statement.' : 'The indentation was wrong; I will put the print without indentation this time.', flat, flatError, true));
    run5(log, repo, 'reproduce.py', 'That failed on indentation; I will indent the print by four spaces.', indented, indentedError, true);
  }
  run5(log, repo, 'reproduce.py', 'The edits keep failing; I will move on without the print.', 'succeed', 'Reproducer finished.');
  return { repeats, evidenceIds, note: `A two-step round (the print unindented, then indented by four spaces) runs ${repeats} times; each edit is rejected with the identical error every time and the agent never looks at the surrounding lines: a cycle, a loop.` };
};

/** goto a line, search the web with the same query, reopen the file at the same line — the same three steps, round after round. */
const gotoWebsearchOpenRound: Family6 = (log, random, tier) => {
  const repeats = repeats6(tier, random, 5);
  const repo = drawRepo5(random);
  const line = repo.line;
  openCoder5(log, repo, 'Debugger');
  run5(log, repo, repo.source, 'Opening the suspected file at the buggy line.', `open ${repo.source} ${line}`, window5(repo, line - 5, line + 5));
  const query = `stackoverflow_search "${repo.symbol} wrong result ${repo.name.split('__')[1]}"`;
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(run5(log, repo, repo.source, round === 0 ? 'Let me look at the lines around the condition again.' : 'I still do not see the cause; back to the condition.', `goto ${line}`, window5(repo, line - 5, line + 5)));
    run5(log, repo, repo.source, 'Maybe others hit this; searching the web.', query, 'No results found for your query.');
    run5(log, repo, repo.source, 'Reopening the file at the condition to compare.', `open ${repo.source} ${line}`, window5(repo, line - 5, line + 5));
  }
  run5(log, repo, repo.source, 'I could not pin the defect down; handing over what I found.', 'succeed', 'Debugger finished.');
  return { repeats, evidenceIds, note: `A three-step round (goto the same line, the same web search with no results, reopen the same file at the same line) runs ${repeats} times with identical outputs: nothing is learned, a cycle, a loop (rounds of three steps).` };
};

/** scroll_up again and again through a file, each window showing earlier lines, until the definition appears. */
const scrollUpToDefinition: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random);
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Debugger');
  const start = repo.line + 600;
  run5(log, repo, repo.source, 'Opening near the failing check.', `open ${repo.source} ${start}`, window5(repo, start - 50, start + 49, 2400));
  const evidenceIds: string[] = [];
  for (let index = 1; index <= count; index++) {
    const top = start - 50 - index * 100;
    evidenceIds.push(run5(log, repo, repo.source, index === count ? 'Scrolling up once more; the class header should be close.' : `The definition of ${repo.symbol} is further up; scrolling up.`, 'scroll_up', window5(repo, top, top + 99, 2400) + (index === count ? `\n${top + 3}:def ${repo.symbol}(self, value):` : '')));
  }
  run5(log, repo, repo.source, `Found ${repo.symbol}; it is where the condition is built.`, 'succeed', 'Debugger finished.');
  return { repeats: 0, evidenceIds, note: `The same command (scroll_up) ${count} times, but each shows a new, earlier window of the file until the definition appears: paging, not a loop.` };
};

/** Each role of the team ends its turn with `succeed`, the same command and the same answer, after different work. */
const succeedClosesEachRole: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random, 4);
  const repo = drawRepo5(random);
  const roles = ['Reproducer', 'Debugger', 'Programmer', 'Tester'].slice(0, count);
  openCoder5(log, repo, 'Manager');
  const work: Record<string, () => void> = {
    Reproducer: () => run5(log, repo, 'reproduce.py', 'Running the reproduction.', 'python reproduce.py', repo.bugOutput),
    Debugger: () => run5(log, repo, repo.source, 'Locating the condition.', `search_file "${repo.symbol}" ${repo.source}`, `Found 2 matches for "${repo.symbol}" in /${repo.name}/${repo.source}:\nLine ${repo.line - 4}\nLine ${repo.line}`),
    Programmer: () => run5(log, repo, repo.source, 'Fixing the condition.', `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, editApplied5(repo, repo.source, repo.line, 1400)),
    Tester: () => run5(log, repo, 'reproduce.py', 'Checking the fix.', 'python reproduce.py', repo.fixedOutput),
  };
  const evidenceIds: string[] = [];
  for (const role of roles) {
    log.user(`ROLE: ${role}. The previous role finished; continue from its result.`, 'environment');
    work[role]!();
    evidenceIds.push(run5(log, repo, 'n/a', `My part as ${role} is done.`, 'succeed', 'Your command ran successfully and did not produce any output.'));
  }
  return { repeats: 0, evidenceIds, borderline: true, note: `\`succeed\` runs ${count} times with the identical output — the exact form of a loop — but the team protocol requires it to close each role, and each role did different work before it. Required and progressing: not a loop (borderline by design).` };
};

/** Each role opens the same file afresh; the Programmer's edit between makes the later views differ from the earlier ones. */
const fileReopenedByEachRole: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random);
  const repo = drawRepo5(random);
  const roles = ['Reproducer', 'Programmer', 'Tester', 'Reviewer', 'Manager'];
  openCoder5(log, repo, 'Manager');
  const evidenceIds: string[] = [];
  let version = 0;
  for (let index = 0; index < count; index++) {
    log.user(`ROLE: ${roles[index]}. Continue from the previous role's result.`, 'environment');
    evidenceIds.push(run5(log, repo, repo.source, `As ${roles[index]}, I first look at the file the issue is about.`, `open ${repo.source}`, window5(repo, 1, 100, 1400 + version, version > 0)));
    if (index % 2 === 1 && index < count - 1) {
      version += 1;
      run5(log, repo, repo.source, version === 1 ? 'Applying the fix to the condition.' : 'Adding a guard against an empty line.', `edit ${repo.line}:${repo.line}\n${repo.fixed}${version > 1 ? '  # guarded' : ''}\nend_of_edit`, editApplied5(repo, repo.source, repo.line, 1400 + version));
    }
  }
  run5(log, repo, 'n/a', 'Done.', 'submit', 'Submitted.');
  return { repeats: 0, evidenceIds, note: `The same \`open\` runs ${count} times, once by each role of the team starting afresh, with edits in between: no view is shown more than twice and each role goes on to different work. Not a loop.` };
};

const UNDEFINED = ['from_model', 'index_name', 'schema_editor', 'model_state'] as const;

/** An edit rejected for an undefined name is reworked each time, a different name each time, until it applies. */
const undefinedNameEditReworked: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random, 4);
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Programmer');
  run5(log, repo, repo.source, 'Opening the method to patch.', `open ${repo.source} ${repo.line}`, window5(repo, repo.line - 5, repo.line + 5));
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const last = index === count - 1;
    const body = UNDEFINED.slice(0, index + 1).map((name) => `        ${name} = self._resolve_${name}(value)`).join('\n');
    evidenceIds.push(run5(log, repo, repo.source, index === 0 ? 'Patching the condition.' : `${UNDEFINED[index - 1]} was undefined; defining it first.`, `edit ${repo.line}:${repo.line}\n${body}\n${repo.fixed}\nend_of_edit`, last ? editApplied5(repo, repo.source, repo.line, 1400 + index) : lintRejection5('F821', `undefined name '${UNDEFINED[index]}'`, repo.line), !last));
  }
  run5(log, repo, repo.source, 'The edit applied; finishing.', 'succeed', 'Programmer finished.');
  return { repeats: 0, evidenceIds, note: `${count} edits of the same lines, but each adds the name the last rejection reported and each rejection names a new undefined name; the last applies. A new change and a new outcome each time: not a loop.` };
};

const FAMILIES: Record<CoderObservedKind6, Family6> = {
  'loop:coder-two-edit-forms-alternate': twoEditFormsAlternate,
  'loop:coder-goto-websearch-open-round': gotoWebsearchOpenRound,
  'work:coder-scroll-up-to-definition': scrollUpToDefinition,
  'work:coder-succeed-closes-each-role': succeedClosesEachRole,
  'work:coder-file-reopened-by-each-role': fileReopenedByEachRole,
  'work:coder-undefined-name-edit-reworked': undefinedNameEditReworked,
};

/**
 * Builds one observed coding-agent episode of the sixth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildCoderObserved6(kind: CoderObservedKind6, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
