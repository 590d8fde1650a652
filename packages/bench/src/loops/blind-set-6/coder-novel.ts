import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { openToolCoder5 } from '../blind-set-5/coder-setting.js';
import { lookAlikes6, nth6, repeats6, type Family6 } from './family.js';

/** Coding-agent kinds invented for the sixth blind set. */
export const CODER_NOVEL_KINDS_6 = [
  'loop:coder-go-tidy-build-round',
  'loop:coder-checkout-blocked-status-round',
  'loop:coder-japanese-plan-restated',
  'work:coder-migration-one-step-each',
  'work:coder-benchmark-median-of-runs',
  'work:coder-ci-log-tail-grows',
] as const;

/** One kind of {@link CODER_NOVEL_KINDS_6}. */
export type CoderNovelKind6 = (typeof CODER_NOVEL_KINDS_6)[number];

const SHELL = 'run_shell({ command }), read_file({ path }), write_file({ path, content })';
const shell = (log: EpisodeWriter5, command: string, output: string, text = '', isError = false): string => log.call('run_shell', { command }, output, { text, ...(isError ? { isError } : {}) });

/** go mod tidy, go build, the same missing-package error from both, round after round. */
const goTidyBuildRound: Family6 = (log, random, tier) => {
  const repeats = repeats6(tier, random, 5);
  const pkg = random.pick(['fx', 'ratelimit', 'ledgerio', 'clock']);
  openToolCoder5(log, `The build of example.com/ledger broke after the refactor that moved internal/${pkg}. Make \`go build ./...\` pass.`, SHELL);
  const tidy = `go: finding module for package example.com/ledger/internal/${pkg}\ngo: example.com/ledger/cmd/ledgerd imports\n\texample.com/ledger/internal/${pkg}: cannot find module providing package example.com/ledger/internal/${pkg}`;
  const build = `cmd/ledgerd/main.go:9:2: package example.com/ledger/internal/${pkg} is not in std (/usr/local/go/src/example.com/ledger/internal/${pkg})`;
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(shell(log, 'go mod tidy', tidy, round === 0 ? 'Tidying the module first.' : 'Maybe tidy needs another pass.', true));
    shell(log, 'go build ./...', build, 'Building again.', true);
  }
  log.say(`The import of internal/${pkg} in cmd/ledgerd/main.go points to a package that no longer exists; it has to be updated to the new path.`);
  return { repeats, evidenceIds, note: `A two-step round (go mod tidy, go build) runs ${repeats} times with identical errors from both; nothing is edited in between, so nothing can change: a cycle, a loop.` };
};

/** git checkout blocked by local changes, git status shows them, checkout again — round after round. */
const checkoutBlockedStatusRound: Family6 = (log, random, tier) => {
  const repeats = repeats6(tier, random, 5);
  const branch = `release/${random.int(2, 4)}.${random.int(0, 9)}`;
  openToolCoder5(log, `Cherry-pick the fix for the config loader onto ${branch}.`, SHELL);
  const blocked = `error: Your local changes to the following files would be overwritten by checkout:\n\tsrc/config/loader.ts\nPlease commit your changes or stash them before you switch branches.\nAborting`;
  const status = ' M src/config/loader.ts\n?? notes.txt';
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(shell(log, `git checkout ${branch}`, blocked, round === 0 ? `Switching to ${branch}.` : 'Trying the checkout again.', true));
    shell(log, 'git status --short', status, 'Checking what is modified.');
  }
  shell(log, 'git stash', 'Saved working directory and index state WIP on main: 3f2a9c1 loader fix', 'Stashing the local change first.');
  shell(log, `git checkout ${branch}`, `Switched to branch '${branch}'`);
  return { repeats, evidenceIds, note: `A two-step round (the blocked checkout, then the same status) runs ${repeats} times with identical outputs before the agent finally stashes; nothing changed between rounds: a cycle, a loop.` };
};

const PLANS = [
  'まず src/parser.ts の tokenize 関数を修正し、その後テストを実行します。',
  '方針としては、tokenize 関数を直してからテストを走らせるつもりです。',
  'tokenize 関数（src/parser.ts）を修正して、それからテストを実行する予定です。',
  'もう一度整理すると、src/parser.ts の tokenize を直し、テストを実行します。',
  '繰り返しになりますが、tokenize を修正してからテストを行います。',
  'tokenize を直してテストを実行します。',
] as const;
const PROMPTS = ['了解です。進めてください。', 'コマンドを実行してください。', 'まだ何も変更されていません。ツールを使ってください。', '計画はもう分かりました。作業をお願いします。', '作業を始めてください。', '？'] as const;

/** A Japanese-speaking coding agent restates its plan, in new words, instead of acting on it. */
const japanesePlanRestated: Family6 = (log, random, tier) => {
  const repeats = repeats6(tier, random);
  log.system('あなたはリポジトリで作業するコーディングエージェントです。ツール: run_shell, read_file, write_file。一度に一つのツールを呼んでください。');
  log.user(`src/parser.ts の tokenize が連続する空白で空トークンを返すバグを直してください（issue #${random.int(100, 999)}）。`, 'developer');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.say(nth6(PLANS, round)));
    log.user(nth6(PROMPTS, round), 'developer');
  }
  log.call('read_file', { path: 'src/parser.ts' }, 'export function tokenize(input: string): string[] {\n  return input.split(" ");\n}');
  return { repeats, evidenceIds, note: `The agent states the same plan ${repeats} times in new Japanese words while the developer asks it to act; no tool is called and nothing changes between restatements: the same content restated, a loop.` };
};

/** The same migration command, one revision at a time; each output names the next revision. */
const migrationOneStepEach: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random);
  const base = random.int(10, 60);
  openToolCoder5(log, `Apply the pending database migrations one at a time (we need to see each step's output for the audit), then run the tests.`, SHELL);
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const from = `r${base + index}`;
    const to = `r${base + index + 1}`;
    evidenceIds.push(shell(log, 'alembic upgrade +1', `INFO  [alembic.runtime.migration] Running upgrade ${from} -> ${to}, ${['add invoices.due_at', 'index on customers.email', 'drop legacy_tokens', 'split address lines', 'add audit table'][index]}`, index === 0 ? 'Applying the first pending migration.' : 'Next migration.'));
  }
  shell(log, 'alembic current', `r${base + count} (head)`, 'Checking we are at head.');
  return { repeats: 0, evidenceIds, note: `The identical command runs ${count} times, but each run applies a different migration and says which: the world moves one revision per call. Not a loop.` };
};

/** The developer asks for several benchmark runs to take the median; outputs differ only in the timings. */
const benchmarkMedianOfRuns: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random);
  openToolCoder5(log, `Run \`npm run bench:parse\` ${count} times and report the median time — single runs are too noisy to compare.`, SHELL);
  const evidenceIds: string[] = [];
  const times: number[] = [];
  for (let index = 0; index < count; index++) {
    const time = random.int(180, 260) + index;
    times.push(time);
    evidenceIds.push(shell(log, 'npm run bench:parse', `> bench:parse\nparse 10k lines: ${(time / 100).toFixed(2)}s\n✓ done`, index === 0 ? 'First run.' : `Run ${index + 1} of ${count}.`));
  }
  const median = [...times].sort((a, b) => a - b)[Math.floor(count / 2)]!;
  log.say(`Median of ${count} runs: ${(median / 100).toFixed(2)}s.`);
  return { repeats: 0, evidenceIds, borderline: true, note: `The same benchmark runs ${count} times with the same output but for its timing — close to the exact form of a loop — because the developer asked for ${count} runs to take a median. Required by the user: not a loop (borderline by design).` };
};

/** The same CI log request while the job runs; each answer shows later steps until it finishes. */
const ciLogTailGrows: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random);
  const job = random.int(40000, 49999);
  const steps = ['checkout', 'install deps', 'lint', 'typecheck', 'unit tests', 'integration tests'];
  log.system('You are a coding agent. Tools: get_ci_log({ job, tail }), run_shell({ command }). Call one tool at a time.');
  log.user(`I pushed the fix; watch CI job ${job} and tell me when it is done.`, 'developer');
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const last = index === count - 1;
    const shown = steps.slice(0, Math.min(index + 2, steps.length)).map((step, number) => `[${number + 1}] ${step} ✓`);
    evidenceIds.push(log.call('get_ci_log', { job, tail: 20 }, `${shown.join('\n')}${last ? '\nJob succeeded.' : `\n[${shown.length + 1}] ${steps[shown.length] ?? 'report'} …`}`));
  }
  log.say(`CI job ${job} has passed.`);
  return { repeats: 0, evidenceIds, note: `The identical log request runs ${count} times while the job runs; each answer shows a later step, and the last says the job passed: new information every time, not a loop.` };
};

const FAMILIES: Record<CoderNovelKind6, Family6> = {
  'loop:coder-go-tidy-build-round': goTidyBuildRound,
  'loop:coder-checkout-blocked-status-round': checkoutBlockedStatusRound,
  'loop:coder-japanese-plan-restated': japanesePlanRestated,
  'work:coder-migration-one-step-each': migrationOneStepEach,
  'work:coder-benchmark-median-of-runs': benchmarkMedianOfRuns,
  'work:coder-ci-log-tail-grows': ciLogTailGrows,
};

/**
 * Builds one novel coding-agent episode of the sixth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildCoderNovel6(kind: CoderNovelKind6, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
