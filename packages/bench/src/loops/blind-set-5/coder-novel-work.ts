import type { SeededRandom } from '../../seeded-random.js';
import { openToolCoder5 } from './coder-setting.js';
import { workCount5, type BuiltEpisode5, type EpisodeWriter5 } from './episode-writer.js';

/** Coding-agent non-loops invented for this set (see the README). */
export const CODER_NOVEL_WORK_KINDS_5 = [
  'work:coder-rust-compile-errors-move',
  'work:coder-planner-executor-advances',
  'work:coder-docker-rebuild-after-pin',
  'work:coder-same-command-per-package',
  'work:coder-reviewer-rounds-new-nits',
] as const;

/** One kind of {@link CODER_NOVEL_WORK_KINDS_5}. */
export type CoderNovelWorkKind5 = (typeof CODER_NOVEL_WORK_KINDS_5)[number];

const RUST_ERRORS = [
  'error[E0502]: cannot borrow `self.entries` as mutable because it is also borrowed as immutable',
  'error[E0308]: mismatched types: expected `Amount`, found `i64`',
  'error[E0599]: no method named `checked_add` found for struct `Amount` in the current scope',
  'error[E0277]: the trait bound `Amount: std::fmt::Display` is not satisfied',
] as const;

/** In Rust: `cargo build` after each patch; each build fails with a new error further on, the last builds. */
function rustErrorsMove(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const file = random.pick(['src/journal.rs', 'src/ledger/book.rs', 'src/posting.rs']);
  openToolCoder5(log, `Make the ledger crate build after the refactor of ${file}.`, 'shell (cmd), read_file (path), apply_patch (patch)');
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const last = index === count - 1;
    const output = last ? '   Compiling ledger v0.4.2 (/work/ledger)\n    Finished `dev` profile [unoptimized + debuginfo] target(s) in 3.08s' : `   Compiling ledger v0.4.2 (/work/ledger)\n${RUST_ERRORS[index]!}\n  --> ${file}:${40 + index * 17}:9`;
    evidenceIds.push(log.call('shell', { cmd: 'cargo build' }, output, { text: index === 0 ? 'Building.' : 'Rebuilding after the patch.', ...(last ? {} : { isError: true }) }));
    if (!last) log.call('apply_patch', { patch: `--- a/${file}\n+++ b/${file}\n@@ -${40 + index * 17} +${40 + index * 17} @@\n-        ${['let last = self.entries.last();', 'total += posting.amount;', 'let sum = a.checked_add(b)?;', 'println!("{}", amount);'][index]}\n+        ${['let last = self.entries.last().cloned();', 'total += Amount::from(posting.amount);', 'let sum = a.0.checked_add(b.0).map(Amount)?;', 'println!("{}", amount.0);'][index]}` }, 'Patch applied.', { text: `Fixing ${RUST_ERRORS[index]!.slice(6, 11)}.` });
  }
  return { repeats: 0, evidenceIds, note: `The agent runs \`cargo build\` ${count} times, but each after a patch, and each build stops at a new error further on (E0502, E0308, E0599…) until the last succeeds: compile-fix iterations, not a loop.` };
}

const STEPS = [
  ['Add an `onRetry` option to src/http/fetch-wrapper.ts.', 'Executor: added `onRetry?: (attempt: number) => void` and called it before each retry; build passes.'],
  ['Use the wrapper in src/api/client.ts instead of raw fetch.', 'Executor: replaced 6 fetch calls; build passes; 2 tests fail (mock paths).'],
  ['Update the mocks in test/api/client.test.ts to the wrapper.', 'Executor: updated the mocks; all 48 tests pass.'],
  ['Document the new option in README.md.', 'Executor: added a section "Retries" with an example.'],
  ['Add a changeset for the client package.', 'Executor: wrote .changeset/fetch-wrapper.md (minor).'],
] as const;

/** A Planner delegates a new step each time; the Executor reports new progress each time. */
function plannerAdvances(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  openToolCoder5(log, `Move the API client onto the new fetch wrapper (ticket ${random.int(100, 999)}). You are the Planner: delegate steps to the Executor.`, 'delegate (to, step), finish (summary)');
  const evidenceIds = STEPS.slice(0, count).map(([step, report], index) => log.call('delegate', { to: 'executor', step }, report, { text: index === 0 ? 'Starting with the wrapper itself.' : 'Next step.' }));
  log.call('finish', { summary: `${count} steps done; build and tests pass.` }, 'Finished.');
  return { repeats: 0, evidenceIds, note: `The Planner delegates to the Executor ${count} times, but each delegation is a new step and each report new progress (an option added, call sites moved, mocks fixed, docs…): multi-agent work that advances, not a loop.` };
}

const PINS = [
  ['torch==2.9.9', 'torch==2.4.1', 'ERROR: No matching distribution found for torch==2.9.9'],
  ['numpy<2', 'numpy==1.26.4', 'ERROR: torch 2.4.1 requires numpy<2 but numpy 2.1.0 is to be installed'],
  ['libgomp', 'apt-get install -y libgomp1', 'OSError: libgomp.so.1: cannot open shared object file'],
  ['pydantic', 'pydantic==2.8.2', 'ERROR: pip\'s dependency resolver: fastapi 0.112 requires pydantic>=2.7'],
] as const;

/** `docker build` after each fix of requirements or Dockerfile; each fails at a new place, the last builds. */
function dockerAfterPin(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const image = random.pick(['ledger-api', 'report-worker', 'ingest-svc']);
  openToolCoder5(log, `The ${image} image does not build in CI. Find out why and fix it.`, 'shell (cmd), read_file (path), write_file (path, content)');
  const evidenceIds: string[] = [];
  const requirements = new Map([['fastapi', 'fastapi==0.112.0'], ['torch', 'torch==2.9.9']]);
  const dockerfile = 'FROM python:3.11-slim\nRUN apt-get update && apt-get install -y libgomp1\nWORKDIR /app\nCOPY requirements.txt .\nRUN pip install -r requirements.txt\nCOPY . .';
  for (let index = 0; index < count; index++) {
    const last = index === count - 1;
    const output = last ? `#7 exporting to image\n#7 naming to docker.io/library/${image}:latest done\n#7 DONE 1.${random.int(10, 99)}s` : PINS[index]![0] === 'libgomp'
        ? `#6 [4/5] RUN python -c "import torch"\n#6 ${PINS[index]![2]}\n#6 ERROR: process did not complete successfully: exit code: 1`
        : `#5 [3/5] RUN pip install -r requirements.txt\n#5 ${PINS[index]![2]}\n#5 ERROR: process did not complete successfully: exit code: 1`;
    evidenceIds.push(log.call('shell', { cmd: `docker build -t ${image} .` }, output, { text: index === 0 ? 'Building.' : 'Rebuilding after the change.', ...(last ? {} : { isError: true }) }));
    if (last) continue;
    const [what, pin] = PINS[index]!;
    if (what === 'libgomp') {
      log.call('write_file', { path: 'Dockerfile', content: dockerfile }, 'Written.', { text: 'Installing the missing system library in the image.' });
      continue;
    }
    requirements.set(what.replace(/[=<].*$/, ''), pin);
    log.call('write_file', { path: 'requirements.txt', content: [...requirements.values()].join('\n') }, 'Written.', { text: `Pinning ${pin}.` });
  }
  return { repeats: 0, evidenceIds, note: `The agent runs the identical \`docker build\` ${count} times, but each after a change to the requirements or Dockerfile, and each fails at a new place (a missing version, a numpy conflict, a system library…) until the last builds: rebuilds after changes, not a loop.` };
}

const PACKAGES = ['packages/parser', 'packages/printer', 'packages/cli', 'packages/lsp', 'packages/formatter'] as const;

/** The same `npm test` in a different package folder each time; one fails, is fixed and re-run. */
function samePerPackage(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  openToolCoder5(log, 'After bumping the shared tokenizer, run every package\'s tests and fix what breaks.', 'run_in (cwd, cmd), apply_patch (patch)');
  const packages = random.shuffle(PACKAGES).slice(0, count);
  const broken = random.int(0, count - 1);
  const evidenceIds: string[] = [];
  packages.forEach((cwd, index) => {
    const tests = 20 + index * 13;
    const pass = ` ✓ ${tests} tests passed (${cwd.split('/')[1]})`;
    if (index !== broken) {
      evidenceIds.push(log.call('run_in', { cwd, cmd: 'npm test' }, pass, { text: index === 0 ? 'Going through the packages.' : '' }));
      return;
    }
    evidenceIds.push(log.call('run_in', { cwd, cmd: 'npm test' }, ` ✗ 1 of ${tests} tests failed (${cwd.split('/')[1]}): token kind "Hash" renamed to "Pound"`, { isError: true }));
    log.call('apply_patch', { patch: `--- a/${cwd}/src/tokens.ts\n+++ b/${cwd}/src/tokens.ts\n-  case 'Hash':\n+  case 'Pound':` }, 'Patch applied.', { text: 'Renaming the token kind.' });
    log.call('run_in', { cwd, cmd: 'npm test' }, pass, { text: 'Re-running this package.' });
  });
  log.say(`All ${count} packages pass.`);
  return { repeats: 0, evidenceIds, note: `The agent runs the same \`npm test\` ${count} times, but in a different package folder each time (the cwd argument), each with its own result; the one failing package is fixed and re-run once: a sweep, not a loop.` };
}

const NITS = [
  'Reviewer: `parseDate` swallows the error; rethrow with the input in the message.',
  'Reviewer: the new branch has no test.',
  'Reviewer: rename `tmp2` to something meaningful.',
  'Reviewer: the changelog entry is missing.',
] as const;

/** Rounds of review → patch; each review names a new nit, the last approves. */
function reviewerRounds(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const pr = random.int(200, 900);
  openToolCoder5(log, `Get PR #${pr} (date parsing fix) approved.`, 'request_review (pr, revision), apply_patch (patch)');
  const evidenceIds: string[] = [];
  for (let round = 0; round < count; round++) {
    const last = round === count - 1;
    evidenceIds.push(log.call('request_review', { pr, revision: round + 1 }, last ? 'Reviewer: LGTM, approved.' : NITS[round]!, { text: round === 0 ? 'Asking for review.' : 'Asking for another review.' }));
    if (!last) log.call('apply_patch', { patch: `# revision ${round + 2}: ${NITS[round]!.slice(10, 50)}` }, 'Patch applied.', { text: 'Addressing the comment.' });
  }
  return { repeats: 0, evidenceIds, note: `The agent asks for review ${count} times, but each request is for a new revision made to answer the last comment, each review names a new problem, and the last approves: review rounds that converge, not a loop.` };
}

/**
 * Builds one novel coding-agent non-loop of the fifth blind set.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 look-alikes, 1 → 4, 2 → 3 … 5.
 * @returns What was planted.
 */
export function buildCoderNovelWork5(kind: CoderNovelWorkKind5, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  const count = workCount5(tier, random);
  switch (kind) {
    case 'work:coder-rust-compile-errors-move':
      return rustErrorsMove(log, random, count);
    case 'work:coder-planner-executor-advances':
      return plannerAdvances(log, random, count);
    case 'work:coder-docker-rebuild-after-pin':
      return dockerAfterPin(log, random, count);
    case 'work:coder-same-command-per-package':
      return samePerPackage(log, random, count);
    case 'work:coder-reviewer-rounds-new-nits':
      return reviewerRounds(log, random, count);
  }
}
