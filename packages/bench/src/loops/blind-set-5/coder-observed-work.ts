import type { SeededRandom } from '../../seeded-random.js';
import { drawRepo5, editApplied5, lintRejection5, openCoder5, run5, window5 } from './coder-setting.js';
import { workCount5, type BuiltEpisode5, type EpisodeWriter5 } from './episode-writer.js';

/** Coding-agent non-loops seen in the real CodeR runs (see the README for the runs and turns). */
export const CODER_OBSERVED_WORK_KINDS_5 = [
  'work:coder-symbol-hunt-file-by-file',
  'work:coder-repro-setup-new-tracebacks',
  'work:coder-indent-slip-then-fixed',
  'work:coder-query-loosened-until-hit',
  'work:coder-role-relay-one-pass',
] as const;

/** One kind of {@link CODER_OBSERVED_WORK_KINDS_5}. */
export type CoderObservedWorkKind5 = (typeof CODER_OBSERVED_WORK_KINDS_5)[number];

const MODULES = ['core.py', 'utils.py', 'compat.py', 'base.py', 'helpers.py'] as const;

/** The identical `search_file` run in a new open file each time: no match, no match, … found. */
function symbolHunt(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Debugger');
  const folder = repo.source.slice(0, repo.source.lastIndexOf('/'));
  const files = [...random.shuffle(MODULES).slice(0, count - 1).map((file) => `${folder}/${file}`), repo.source];
  const evidenceIds: string[] = [];
  files.forEach((file, index) => {
    const found = index === files.length - 1;
    run5(log, repo, file, index === 0 ? `Where is ${repo.symbol} defined? Starting with ${file}.` : `Not there; trying ${file}.`, `open ${file}`, `[File: /${repo.name}/${file} (${found ? 1400 : 300 + index * 211} lines total)]\n1:"""${file.split('/').pop()} module."""`);
    const output = found
      ? `Found 2 matches for "${repo.symbol}" in /${repo.name}/${file}:\nLine ${repo.line - 40}:    def ${repo.symbol}(self, value):\nLine ${repo.line}:${repo.buggy}\nEnd of matches for "${repo.symbol}" in /${repo.name}/${file}`
      : `No matches found for "${repo.symbol}" in /${repo.name}/${file}`;
    evidenceIds.push(run5(log, repo, file, `Searching the open file for ${repo.symbol}.`, `search_file "${repo.symbol}"`, output, !found));
  });
  run5(log, repo, repo.source, 'Found it; going to the definition.', `goto ${repo.line - 40}`, window5(repo, repo.line - 40, repo.line + 5));
  return { repeats: 0, evidenceIds, note: `The Debugger runs the identical \`search_file "${repo.symbol}"\` ${count} times, but each time in a newly opened file; the outcome names a different file each time and the last finds the definition: a file-by-file hunt, not a loop.` };
}

const TRACEBACKS = [
  'django.core.exceptions.ImproperlyConfigured: settings are not configured',
  "RuntimeError: Model class reproduce.Item doesn't declare an explicit app_label",
  'sqlite3.OperationalError: no such table: reproduce_item',
  "AttributeError: 'NoneType' object has no attribute 'schema'",
] as const;

/** Edit the reproduction script → run it, again and again; each run fails differently, the last reproduces the bug. */
function reproSetup(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Reproducer');
  run5(log, repo, 'n/a', 'Creating the reproduction script.', 'create reproduce.py', `[File: /${repo.name}/reproduce.py (1 lines total)]\n1:`);
  const fixes = ['configuring minimal settings', 'declaring an app label', 'creating the tables first', 'passing a schema object'];
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    run5(log, repo, 'reproduce.py', index === 0 ? 'Writing the reproduction.' : `Fixing the setup: ${fixes[index - 1]}.`, `edit ${1 + index * 6}:${4 + index * 6}\n# setup step ${index + 1}\nend_of_edit`, editApplied5(repo, 'reproduce.py', 1 + index * 6, 20 + index * 6));
    const last = index === count - 1;
    evidenceIds.push(run5(log, repo, 'reproduce.py', 'Running it.', 'python reproduce.py', last ? repo.bugOutput : `Traceback (most recent call last):\n  File "reproduce.py", line ${3 + index * 6}, in <module>\n${TRACEBACKS[index]!}`, !last));
  }
  run5(log, repo, 'reproduce.py', 'The issue is reproduced.', 'succeed', '');
  return { repeats: 0, evidenceIds, note: `The Reproducer runs \`python reproduce.py\` ${count} times, but each run follows an edit to the script's setup and fails with a different traceback until the last one shows the reported bug: setup churn that progresses, not a loop.` };
}

/** The same edit rejected twice for indentation, then re-indented and applied; one earlier different slip when longer. */
function indentSlip(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const repo = drawRepo5(random);
  openCoder5(log, repo);
  run5(log, repo, repo.source, 'Opening the file.', `open ${repo.source} ${repo.line}`, window5(repo, repo.line - 4, repo.line + 4));
  const evidenceIds: string[] = [];
  if (count >= 4) evidenceIds.push(run5(log, repo, repo.source, 'Replacing the condition.', `edit ${repo.line}:${repo.line}\n${repo.fixed.replace(/:$/, ' and strict_mode:')}\nend_of_edit`, lintRejection5('F821', "undefined name 'strict_mode'", repo.line), true));
  const bad = `edit ${repo.line}:${repo.line}\n  ${repo.fixed.trimStart()}\nend_of_edit`;
  const rejection = lintRejection5('E999', 'IndentationError: unexpected indent', repo.line);
  evidenceIds.push(run5(log, repo, repo.source, 'Replacing the condition.', bad, rejection, true));
  evidenceIds.push(run5(log, repo, repo.source, 'Trying the edit again.', bad, rejection, true));
  evidenceIds.push(run5(log, repo, repo.source, 'The indentation was wrong: the line must keep the indentation of its block.', `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, editApplied5(repo, repo.source, repo.line, 1400)));
  run5(log, repo, repo.source, 'Checking the fix.', 'python reproduce.py', repo.fixedOutput);
  return { repeats: 0, borderline: true, evidenceIds, note: `The identical edit is rejected twice with the same IndentationError${count >= 4 ? ' (after a different slip)' : ''}, but the third try re-indents it and is applied, and the fix works: two identical failures stay under the rule's 3 and the agent then changes approach. Borderline.` };
}

/** Search queries loosened step by step; each returns something different; the last hits. */
function queryLoosened(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Debugger');
  const folder = repo.source.slice(0, repo.source.lastIndexOf('/'));
  const stem = repo.symbol.replace(/^_/, '');
  const queries: [string, string, boolean][] = [
    [`search_dir "def ${repo.symbol}(self, value, attr)" ${folder}`, `No matches found for "def ${repo.symbol}(self, value, attr)" in /${repo.name}/${folder}`, false],
    [`search_dir "def ${repo.symbol}" ${folder}`, `No matches found for "def ${repo.symbol}" in /${repo.name}/${folder}`, false],
    [`search_dir "${stem}" ${folder}`, `Found 41 matches for "${stem}" in /${repo.name}/${folder}:\n/${repo.name}/${repo.source} (3 matches)\n/${repo.name}/${folder}/tests (38 matches)`, true],
    [`search_dir "${repo.symbol}" ${repo.source}`, `Found 2 matches for "${repo.symbol}" in /${repo.name}/${repo.source}:\nLine ${repo.line - 40}\nLine ${repo.line}`, true],
    [`search_file "${repo.symbol}(" ${repo.source}`, `Found 1 matches for "${repo.symbol}(" in /${repo.name}/${repo.source}:\nLine ${repo.line - 40}:    def ${repo.symbol}(self, value):`, true],
  ];
  const used = [...queries.slice(0, count - 1), queries[4]!];
  const evidenceIds = used.map(([command, output, found], index) => run5(log, repo, 'n/a', index === 0 ? 'Looking for the exact signature.' : 'Loosening the query.', command, output, !found));
  run5(log, repo, repo.source, 'Opening the definition.', `open ${repo.source} ${repo.line - 40}`, window5(repo, repo.line - 40, repo.line + 2));
  return { repeats: 0, evidenceIds, note: `The Debugger searches ${count} times, but each query is looser or narrower than the last and returns something different (nothing, nothing, 41 hits, 2, 1); the last pins the definition: a search that converges, not a loop.` };
}

/** Each role of the team runs the reproduction once in its turn; the outputs go from the bug to fixed. */
function roleRelay(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Manager');
  log.call('plan', { command: 'plan {"entry": "Reproducer", "roles": ["Reproducer", "Debugger", "Programmer", "Tester"]}' }, 'Plan accepted.');
  const evidenceIds: string[] = [];
  log.user('You are now the Reproducer.', 'environment');
  evidenceIds.push(run5(log, repo, 'reproduce.py', 'Reproducing.', 'python reproduce.py', repo.bugOutput, true));
  run5(log, repo, 'reproduce.py', 'Reproduced.', 'succeed', 'Reproducer finished. Next role: Debugger.');
  log.user('You are now the Debugger.', 'environment');
  if (count >= 4) evidenceIds.push(run5(log, repo, 'reproduce.py', 'Seeing the failure for myself before tracing it.', 'python reproduce.py -v', `${repo.bugOutput}\n(verbose) raised from ${repo.source}:${repo.line}`, true));
  run5(log, repo, repo.source, 'Opening the suspect.', `open ${repo.source} ${repo.line}`, window5(repo, repo.line - 3, repo.line + 3));
  run5(log, repo, repo.source, `The condition at line ${repo.line} is the cause.`, 'succeed', 'Debugger finished. Next role: Programmer.');
  log.user('You are now the Programmer.', 'environment');
  run5(log, repo, repo.source, 'Fixing the condition.', `edit ${repo.line}:${repo.line}\n${repo.fixed}\nend_of_edit`, editApplied5(repo, repo.source, repo.line, 1400));
  evidenceIds.push(run5(log, repo, repo.source, 'Checking my fix.', 'python reproduce.py', repo.fixedOutput));
  run5(log, repo, repo.source, 'Fixed.', 'succeed', 'Programmer finished. Next role: Tester.');
  log.user('You are now the Tester.', 'environment');
  evidenceIds.push(run5(log, repo, 'n/a', 'Verifying the fix independently.', 'python reproduce.py', repo.fixedOutput));
  run5(log, repo, 'n/a', 'Verified.', 'succeed', 'Tester finished. Back to the Manager.');
  log.user('You are the Manager again.', 'environment');
  run5(log, repo, 'n/a', 'All roles succeeded; submitting.', 'submit', 'Submitted.');
  return { repeats: 0, evidenceIds, note: `The reproduction script runs ${count >= 4 ? 4 : 3} times, but each run is a different role's one turn in the team's protocol (Reproducer, ${count >= 4 ? 'Debugger, ' : ''}Programmer after the fix, Tester to verify), the output moves from the bug to fixed, and no identical run with the same result happens 3 times: a relay, not a loop.` };
}

/**
 * Builds one observed coding-agent non-loop of the fifth blind set.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 look-alikes, 1 → 4, 2 → 3 … 5.
 * @returns What was planted.
 */
export function buildCoderObservedWork5(kind: CoderObservedWorkKind5, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  const count = workCount5(tier, random);
  switch (kind) {
    case 'work:coder-symbol-hunt-file-by-file':
      return symbolHunt(log, random, count);
    case 'work:coder-repro-setup-new-tracebacks':
      return reproSetup(log, random, Math.min(count, 5));
    case 'work:coder-indent-slip-then-fixed':
      return indentSlip(log, random, count);
    case 'work:coder-query-loosened-until-hit':
      return queryLoosened(log, random, count);
    case 'work:coder-role-relay-one-pass':
      return roleRelay(log, random, count);
  }
}
