import type { SeededRandom } from '../../seeded-random.js';
import { openToolCoder5 } from './coder-setting.js';
import { loopRepeats5, type BuiltEpisode5, type EpisodeWriter5 } from './episode-writer.js';

/** Coding-agent loops invented for this set (see the README for each label rule). */
export const CODER_NOVEL_LOOP_KINDS_5 = ['loop:coder-rust-check-test-alternation', 'loop:coder-planner-executor-same-step', 'loop:coder-docker-rebuild-same-failure'] as const;

/** One kind of {@link CODER_NOVEL_LOOP_KINDS_5}. */
export type CoderNovelLoopKind5 = (typeof CODER_NOVEL_LOOP_KINDS_5)[number];

const hex = (random: SeededRandom, length: number): string => Array.from({ length }, () => '0123456789abcdef'[random.int(0, 15)]).join('');

const RUST_ERROR = (file: string, line: number): string =>
  `error[E0502]: cannot borrow \`self.entries\` as mutable because it is also borrowed as immutable\n  --> ${file}:${line}:13\n   |\n${line - 1} |         let last = self.entries.last();\n   |                    ------------ immutable borrow occurs here\n${line} |             self.entries.push(entry);\n   |             ^^^^^^^^^^^^^^^^^^^^^^^^ mutable borrow occurs here\n\nFor more information about this error, try \`rustc --explain E0502\`.\nerror: could not compile \`ledger\` (lib) due to 1 previous error`;

/** In Rust: `cargo check` then `cargo test`, round after round, with the same borrow error and no edit between. */
function rustAlternation(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const file = random.pick(['src/journal.rs', 'src/ledger/book.rs', 'src/posting.rs']);
  const line = random.int(40, 160);
  openToolCoder5(log, `cargo test fails to compile after the refactor of ${file}. Make it build and pass.`, 'shell (cmd), read_file (path), apply_patch (patch)');
  const error = RUST_ERROR(file, line);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('shell', { cmd: 'cargo check' }, `    Checking ledger v0.4.2 (/work/ledger)\n${error}`, { isError: true, text: round === 0 ? 'Checking the crate.' : 'Let me check again.' }));
    log.call('shell', { cmd: 'cargo test' }, `   Compiling ledger v0.4.2 (/work/ledger)\n${error}`, { isError: true, text: round === 0 ? 'And the tests.' : 'Running the tests again.' });
  }
  log.say(`The build is blocked by a borrow conflict at ${file}:${line}; the \`last\` reference must be dropped before the push.`);
  return { repeats, evidenceIds, note: `The agent alternates \`cargo check\` and \`cargo test\` ${repeats} times each and both report the identical E0502 error at ${file}:${line}; nothing is edited between: a two-step cycle with the same outcomes, a loop.` };
}

const STEP_WORDINGS = [
  'Run `npm run build` and fix the TS2345 error in src/api/client.ts.',
  'Build the project (npm run build) and resolve the type error TS2345 in src/api/client.ts.',
  'Please fix the TS2345 argument error in src/api/client.ts, then run npm run build.',
  'Make `npm run build` pass by fixing TS2345 in src/api/client.ts.',
  'Resolve TS2345 (src/api/client.ts) so that the build passes.',
  'Fix the client.ts type error and rebuild.',
  'Step 1 again: fix TS2345 in client.ts and build.',
] as const;

/** A Planner delegates the same step (reworded) to an Executor, which reports the same failure without changing anything. */
function plannerExecutor(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const line = random.int(30, 90);
  openToolCoder5(log, 'Upgrade the API client to the new fetch wrapper; the build must pass. You are the Planner: delegate steps to the Executor.', 'delegate (to, step), finish (summary)');
  const report = `Executor: ran \`npm run build\`.\nsrc/api/client.ts(${line},18): error TS2345: Argument of type 'string | undefined' is not assignable to parameter of type 'string'.\nI could not decide whether an undefined base URL should throw or fall back, so I changed nothing. Over to you.`;
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.call('delegate', { to: 'executor', step: STEP_WORDINGS[round]! }, report, { text: round === 0 ? 'Plan: 1) fix the build error, 2) run the tests, 3) finish.' : 'Re-planning: the first step is still the build error.' }));
  log.call('finish', { summary: 'Blocked on the TS2345 error in src/api/client.ts.' }, 'Finished.');
  return { repeats, evidenceIds, note: `The Planner delegates the same step ${repeats} times, worded differently each time, without answering the Executor's question (throw or fall back on an undefined base URL); the Executor reports the identical build error and changes nothing: the same request with the same outcome across two agents, a loop.` };
}

/** `docker build` re-run again and again; layer hashes, build ids and timings change, the failure does not. */
function dockerRebuild(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const image = random.pick(['ledger-api', 'report-worker', 'ingest-svc']);
  const pin = random.pick(['torch==2.9.9', 'numpy==3.0.7', 'pydantic==3.4.0']);
  openToolCoder5(log, `The ${image} image does not build in CI. Find out why and fix it.`, 'shell (cmd), read_file (path), write_file (path, content)');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const output = [
      `#0 building with "default" instance using docker driver`,
      `#1 [internal] load build definition from Dockerfile`,
      `#1 DONE 0.${random.int(10, 99)}s`,
      `#4 [2/5] COPY requirements.txt .`,
      `#4 CACHED sha256:${hex(random, 16)}`,
      `#5 [3/5] RUN pip install -r requirements.txt`,
      `#5 ${random.int(2, 9)}.${random.int(100, 999)} ERROR: Could not find a version that satisfies the requirement ${pin}`,
      `#5 ${random.int(2, 9)}.${random.int(100, 999)} ERROR: No matching distribution found for ${pin}`,
      `#5 ERROR: process "/bin/sh -c pip install -r requirements.txt" did not complete successfully: exit code: 1`,
      `build id ${hex(random, 10)}`,
    ].join('\n');
    evidenceIds.push(log.call('shell', { cmd: `docker build -t ${image} .` }, output, { isError: true, text: round === 0 ? 'Building the image locally.' : 'Rebuilding.' }));
  }
  log.say(`The build fails because ${pin} does not exist on PyPI; requirements.txt needs a real version.`);
  return { repeats, evidenceIds, note: `The agent runs the identical \`docker build\` ${repeats} times with nothing changed between; every run fails at the same step for the same missing ${pin}, and only layer hashes, timings and the build id differ: the same call with the same outcome, a loop with changing ids.` };
}

/**
 * Builds one novel coding-agent loop of the fifth blind set.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildCoderNovelLoop5(kind: CoderNovelLoopKind5, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  switch (kind) {
    case 'loop:coder-rust-check-test-alternation':
      return rustAlternation(log, random, loopRepeats5(tier, random, 6));
    case 'loop:coder-planner-executor-same-step':
      return plannerExecutor(log, random, loopRepeats5(tier, random));
    case 'loop:coder-docker-rebuild-same-failure':
      return dockerRebuild(log, random, loopRepeats5(tier, random));
  }
}
