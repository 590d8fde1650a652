import type { SeededRandom } from '../../seeded-random.js';
import { drawRepo5, editApplied5, lintRejection5, openCoder5, run5, window5 } from './coder-setting.js';
import { loopRepeats5, type BuiltEpisode5, type EpisodeWriter5 } from './episode-writer.js';

/** Coding-agent loops seen in the real CodeR runs (see the README for the runs and turns). */
export const CODER_OBSERVED_LOOP_KINDS_5 = ['loop:coder-tester-reruns-unchanged-script', 'loop:coder-lint-rejects-jittered-range', 'loop:coder-same-block-rewritten-ok'] as const;

/** One kind of {@link CODER_OBSERVED_LOOP_KINDS_5}. */
export type CoderObservedLoopKind5 = (typeof CODER_OBSERVED_LOOP_KINDS_5)[number];

const RERUN_TALK = [
  'The fix is in; running the reproduction script to verify.',
  'Let me run the script again to be sure the output is stable.',
  'Running it once more to confirm.',
  'One more run to double-check the result.',
  'Verifying again.',
  'Let me confirm the output again.',
  'Running the script again.',
] as const;

/** The Tester runs the unchanged reproduction script again and again; it prints the same (fixed) output each time. */
function testerReruns(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Tester');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(run5(log, repo, 'n/a', RERUN_TALK[round]!, 'python reproduce.py', repo.fixedOutput));
  run5(log, repo, 'n/a', 'Where is the script?', 'find_file reproduce.py', `Found 1 matches for "reproduce.py" in /${repo.name}:\n/${repo.name}/reproduce.py`);
  run5(log, repo, 'n/a', 'The output matches the expected behaviour. Done.', 'succeed', '');
  return { repeats, evidenceIds, note: `The Tester runs the unchanged reproduce.py ${repeats} times in a row; it succeeds and prints the same output every time, and nothing is edited between runs: the same successful call with the same outcome, a loop.` };
}

/** The same edit body resent with a jittering line range; the linter rejects it with the same error each time. */
function lintJitteredRange(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const repo = drawRepo5(random);
  openCoder5(log, repo, 'Reproducer');
  const start = random.int(38, 70);
  run5(log, repo, 'reproduce.py', 'Running the reproduction.', 'python reproduce.py', `Traceback (most recent call last):\n  File "reproduce.py", line ${start + 3}, in <module>\nNameError: name 'ctx' is not defined`, true);
  const body = 'from reproduce_helpers import make_context\nctx = make_context()';
  const rejection = lintRejection5('E999', "SyntaxError: expected 'except' or 'finally' block", start);
  const ends = [start, start + 1, start, start + 2, start + 1, start + 1, start];
  const talk = ['Defining ctx before it is used.', 'Adjusting the range to include the next line.', 'Retrying the edit.', 'Widening the range by one line.', 'Trying the edit again.', 'Retrying.', 'Once more.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(run5(log, repo, 'reproduce.py', talk[round]!, `edit ${start}:${ends[round]}\n${body}\nend_of_edit`, rejection, true));
  }
  run5(log, repo, 'reproduce.py', 'The line sits inside a try block; indenting it into the block.', `edit ${start}:${start}\n    from reproduce_helpers import make_context\n    ctx = make_context()\nend_of_edit`, editApplied5(repo, 'reproduce.py', start, 74));
  return { repeats, evidenceIds, note: `The agent resends the same two-line edit ${repeats} times, only the end of its line range moving by one; the linter rejects it with the same "expected 'except' or 'finally' block" each time because the cause (the lines sit inside a try block) is never addressed: the same action in trivial variants with the same outcome, a loop.` };
}

/** The same block rewritten with the same edit, applied successfully each time with the same result. */
function sameBlockRewritten(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const repo = drawRepo5(random);
  openCoder5(log, repo);
  run5(log, repo, repo.source, 'Opening the source at the reported line.', `open ${repo.source} ${repo.line}`, window5(repo, repo.line - 5, repo.line + 5));
  const edit = `edit ${repo.line}:${repo.line + 2}\n${repo.fixed}\n            return self._deserialize(value, attr, data)\n\nend_of_edit`;
  const applied = editApplied5(repo, repo.source, repo.line, 1401);
  const talk = ['Rewriting the condition and the return below it.', 'Making sure the block is written correctly.', 'Rewriting the block to tidy it.', 'Applying the block again so the indentation is right.', 'Writing the block once more.', 'Re-applying the block.', 'Applying it again.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(run5(log, repo, repo.source, talk[round]!, edit, applied));
  run5(log, repo, repo.source, 'Checking the reproduction.', 'python reproduce.py', repo.fixedOutput);
  return { repeats, evidenceIds, note: `The agent applies the identical edit to the same three lines ${repeats} times; each is accepted with the same editor output (the file is the same after each), and nothing else happens between: a successful call repeated with the same outcome, a loop.` };
}

/**
 * Builds one observed coding-agent loop of the fifth blind set.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildCoderObservedLoop5(kind: CoderObservedLoopKind5, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  switch (kind) {
    case 'loop:coder-tester-reruns-unchanged-script':
      return testerReruns(log, random, loopRepeats5(tier, random));
    case 'loop:coder-lint-rejects-jittered-range':
      return lintJitteredRange(log, random, loopRepeats5(tier, random));
    case 'loop:coder-same-block-rewritten-ok':
      return sameBlockRewritten(log, random, loopRepeats5(tier, random));
  }
}
