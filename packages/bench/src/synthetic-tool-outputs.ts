import type { SeededRandom } from './seeded-random.js';

/** @internal */
export interface OutputOptions {
  /** Anchors that may be woven into the output (each with some probability). */
  mentions?: readonly string[];
}

const DIRECTORIES = ['src', 'src/lib', 'src/api', 'src/jobs', 'test', 'scripts', 'migrations', 'config', 'src/models'] as const;
const FILE_STEMS = ['index', 'client', 'schema', 'handler', 'queue', 'worker', 'router', 'config', 'utils', 'types', 'retry', 'cache', 'metrics', 'auth'] as const;
const EXTENSIONS = ['.ts', '.ts', '.ts', '.json', '.sql', '.md', '.test.ts'] as const;
const LOG_EVENTS = [
  'processed batch {n} in {ms}ms',
  'cache miss for key session:{n}',
  'retrying upstream request (attempt {k}/5)',
  'connection pool size={k} idle={n}',
  'GET /v2/health 200 {ms}ms',
  'POST /v2/orders 201 {ms}ms',
  'slow query detected ({ms}ms): SELECT * FROM invoices WHERE status = $1',
  'worker heartbeat ok',
  'flushed {n} metrics to collector',
  'job reconcile-ledger finished with {k} warnings',
] as const;
const LEVELS = ['INFO', 'INFO', 'INFO', 'DEBUG', 'WARN', 'ERROR'] as const;
const WORDS = ['invoice', 'ledger', 'refund', 'timeout', 'currency', 'rounding', 'webhook', 'retry', 'duplicate', 'booking', 'payment', 'status', 'customer', 'schedule', 'migration'] as const;

const pad = (value: number, width: number): string => String(value).padStart(width, '0');

const fill = (random: SeededRandom, targetChars: number, header: string, makeLine: (index: number) => string, options: OutputOptions): string => {
  const lines = [header];
  let length = header.length;
  for (let index = 0; length < targetChars; index += 1) {
    let line = makeLine(index);
    if (options.mentions && options.mentions.length > 0 && random.chance(0.04)) {
      line += `  # ref ${random.pick(options.mentions)}`;
    }
    lines.push(line);
    length += line.length + 1;
  }
  return lines.join('\n');
};

/** A size for a large tool output: mostly 1–6k characters, sometimes small. @internal */
export function outputSize(random: SeededRandom): number {
  return random.chance(0.15) ? random.int(120, 600) : random.int(1000, 6000);
}

/** An `ls -l`-style listing. @internal */
export function fileListing(random: SeededRandom, root: string, targetChars: number, options: OutputOptions = {}): string {
  return fill(random, targetChars, `total ${random.int(40, 900)}`, () => {
    const path = `${random.pick(DIRECTORIES)}/${random.pick(FILE_STEMS)}${random.pick(EXTENSIONS)}`;
    return `-rw-r--r--  1 dev  staff  ${String(random.int(120, 48_000)).padStart(6)} Mar ${pad(random.int(1, 28), 2)} ${pad(random.int(0, 23), 2)}:${pad(random.int(0, 59), 2)} ${root}/${path}`;
  }, options);
}

/** Source text with line numbers, as a `read_file` tool returns it. @internal */
export function fileContent(random: SeededRandom, path: string, targetChars: number, options: OutputOptions = {}): string {
  const start = random.int(1, 400);
  return fill(random, targetChars, `[File: ${path}]`, (index) => {
    const word = random.pick(WORDS);
    const body = random.pick([
      `  const ${word}Total = items.reduce((sum, item) => sum + item.${word}, 0);`,
      `  if (!${word}) throw new Error('missing ${word}');`,
      `export async function handle${word[0]!.toUpperCase()}${word.slice(1)}(input: Input): Promise<Result> {`,
      `  await queue.publish('${word}.updated', { id: input.id });`,
      `  // TODO(${word}): handle partial ${random.pick(WORDS)} before retrying`,
      `  return { ok: true, ${word}: round(${word}Total, ${random.int(0, 4)}) };`,
      '}',
    ]);
    return `${String(start + index).padStart(5)}: ${body}`;
  }, options);
}

/** Timestamped service logs. @internal */
export function logLines(random: SeededRandom, service: string, targetChars: number, options: OutputOptions = {}): string {
  let second = random.int(0, 3000);
  return fill(random, targetChars, `==> /var/log/${service}/app.log <==`, () => {
    second += random.int(0, 9);
    const event = random
      .pick(LOG_EVENTS)
      .replace('{n}', String(random.int(1, 99_999)))
      .replace('{ms}', String(random.int(3, 4_800)))
      .replace('{k}', String(random.int(1, 5)));
    const time = `2024-03-0${random.int(1, 9)}T${pad(Math.floor(second / 3600) % 24, 2)}:${pad(Math.floor(second / 60) % 60, 2)}:${pad(second % 60, 2)}.${pad(random.int(0, 999), 3)}Z`;
    return `${time} ${random.pick(LEVELS).padEnd(5)} [${service}-${random.int(1, 8)}] ${event}`;
  }, options);
}

/** Pretty-printed JSON search results. @internal */
export function searchResults(random: SeededRandom, query: string, targetChars: number, options: OutputOptions = {}): string {
  const hits: Record<string, unknown>[] = [];
  let length = 0;
  while (length < targetChars) {
    const hit: Record<string, unknown> = {
      id: `doc-${random.int(1000, 9999)}`,
      title: `${random.pick(WORDS)} ${random.pick(WORDS)} ${random.pick(['guide', 'incident', 'runbook', 'FAQ', 'ticket', 'changelog'])}`,
      score: Math.round(random.next() * 1000) / 1000,
      snippet: Array.from({ length: random.int(12, 30) }, () => random.pick(WORDS)).join(' '),
    };
    if (options.mentions && options.mentions.length > 0 && random.chance(0.1)) hit.reference = random.pick(options.mentions);
    hits.push(hit);
    length += JSON.stringify(hit, null, 2).length;
  }
  return JSON.stringify({ query, total: hits.length + random.int(0, 40), hits }, null, 2);
}

/** Rows of a database query, as JSON. @internal */
export function queryRows(random: SeededRandom, targetChars: number, options: OutputOptions = {}): string {
  const rows: Record<string, unknown>[] = [];
  let length = 0;
  while (length < targetChars) {
    const row: Record<string, unknown> = {
      id: random.int(100_000, 999_999),
      customer_id: options.mentions && options.mentions.length > 0 && random.chance(0.15) ? random.pick(options.mentions) : `CUST-${random.int(10_000, 99_999)}`,
      status: random.pick(['paid', 'open', 'refunded', 'void', 'disputed']),
      amount_cents: random.int(100, 250_000),
      updated_at: `2024-02-${pad(random.int(1, 28), 2)}T${pad(random.int(0, 23), 2)}:${pad(random.int(0, 59), 2)}:00Z`,
    };
    rows.push(row);
    length += JSON.stringify(row).length + 1;
  }
  return JSON.stringify({ rowCount: rows.length, rows });
}

/** A Python-style traceback ending in `exceptionLine`. @internal */
export function traceback(random: SeededRandom, exceptionLine: string): string {
  const frames = Array.from({ length: random.int(3, 8) }, () => {
    const file = `/app/${random.pick(['worker', 'api', 'jobs', 'lib'])}/${random.pick(FILE_STEMS)}.py`;
    return `  File "${file}", line ${random.int(10, 900)}, in ${random.pick(WORDS)}_${random.pick(['run', 'load', 'sync', 'apply'])}\n    ${random.pick(WORDS)} = client.${random.pick(['get', 'post', 'fetch'])}(${random.pick(WORDS)}_id)`;
  });
  return ['Traceback (most recent call last):', ...frames, exceptionLine].join('\n');
}

/** Output of a failed shell command, ending in `exit code 1`. @internal */
export function commandFailure(random: SeededRandom, command: string, errorLine: string): string {
  const noise = Array.from({ length: random.int(4, 20) }, () => `    at ${random.pick(WORDS)}${random.pick(['Client', 'Pool', 'Runner', 'Queue'])}.${random.pick(['connect', 'query', 'run', 'flush'])} (node_modules/${random.pick(['pg', 'knex', 'vitest', 'undici'])}/lib/${random.pick(FILE_STEMS)}.js:${random.int(10, 800)}:${random.int(1, 60)})`);
  return [`$ ${command}`, errorLine, ...noise, '', 'exit code 1'].join('\n');
}
