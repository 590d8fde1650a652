import type { SyntheticTopic } from './synthetic-topic.js';
import { fileContent, fileListing, logLines, outputSize, queryRows, searchResults, traceback } from './synthetic-tool-outputs.js';

const OTHER_FILES = ['src/lib/http-client.ts', 'src/jobs/nightly-export.ts', 'src/models/invoice.ts', 'test/fixtures/ledger.json', 'config/default.json'] as const;
const SEARCH_TERMS = ['rounding', 'retryCount', 'ledgerSync', 'applyRefund', 'currencyCode', 'idempotencyKey', 'webhookSecret'] as const;

/** The debugging topic of a coding session. @internal */
export const DEBUG_TOPIC: SyntheticTopic = {
  name: 'debug',
  opening: 'Let\'s dig into the bug first. The totals in {file} are off by a few cents for some invoices.',
  returning: 'OK, back to the original bug in {file} — I want that fixed before the end of the day.',
  requests: [
    'Can you check how the rounding works in {file}?',
    'Where else do we compute invoice totals?',
    'Look at the recent changes around the ledger sync, something changed there.',
    'Can you list what is in the billing folder?',
    'Is there a test that covers partial refunds?',
    'What does the retry queue do when the upstream times out?',
  ],
  summaries: [
    'The rounding happens per line item instead of on the total, which explains the drift of a few cents.',
    'Nothing obviously wrong here; the totals are summed before currency conversion.',
    'This file has no tests for partial refunds, so the regression went unnoticed.',
    'Found two more places that compute totals; they use a different rounding helper.',
    'The retry path re-applies the discount, which double-counts it on the second attempt.',
    'That listing confirms the helper is only imported in the reconciler.',
  ],
  calls: [
    (random, anchors) => ({ name: 'read_file', arguments: { path: anchors.filePath }, content: fileContent(random, anchors.filePath, outputSize(random)) }),
    (random) => {
      const path = random.pick(OTHER_FILES);
      return { name: 'read_file', arguments: { path }, content: fileContent(random, path, outputSize(random)) };
    },
    (random, anchors) => {
      const query = random.pick(SEARCH_TERMS);
      return { name: 'search_code', arguments: { query, path: 'src' }, content: searchResults(random, query, outputSize(random), { mentions: [anchors.filePath] }) };
    },
    (random, anchors) => ({ name: 'list_files', arguments: { path: 'src', recursive: true }, content: fileListing(random, '.', outputSize(random), { mentions: [anchors.filePath] }) }),
    (random) => ({ name: 'run_command', arguments: { command: 'git log --oneline -n 40 -- src' }, content: Array.from({ length: random.int(15, 40) }, () => `${random.int(0x1000000, 0xfffffff).toString(16)} ${random.pick(['fix', 'feat', 'chore', 'refactor'])}: ${random.pick(SEARCH_TERMS)} ${random.pick(['cleanup', 'edge case', 'follow-up', 'rename', 'perf'])}`).join('\n') }),
  ],
  failures: [
    (random, anchors) => {
      const path = anchors.filePath.replace('.ts', random.pick(['.old.ts', '.bak.ts', '-legacy.ts', '.spec.ts', '/index.ts']));
      return [
        { name: 'read_file', arguments: { path }, content: `ENOENT: no such file or directory, open '${path}'`, isError: true },
        { name: 'list_files', arguments: { path: anchors.filePath.split('/').slice(0, -1).join('/') }, content: fileListing(random, '.', random.int(300, 1500)) },
      ];
    },
    (random) => {
      const month = `2024-0${random.int(1, 3)}`;
      return [
        { name: 'run_command', arguments: { command: `python scripts/check_totals.py --month ${month}` }, content: `${traceback(random, 'KeyError: \'currency_code\'')}\nexit code 1`, isError: true },
        { name: 'run_command', arguments: { command: `python scripts/check_totals.py --month ${month} --currency EUR` }, content: `checked ${random.int(200, 4000)} invoices, ${random.int(1, 30)} mismatches` },
      ];
    },
  ],
};

/** The data-question topic of a coding session. @internal */
export const DATA_TOPIC: SyntheticTopic = {
  name: 'data',
  opening: 'Switching gears for a bit: finance asked how many invoices for {customer} were touched by this bug.',
  returning: 'One more data question for finance about {customer}.',
  requests: [
    'How many of those invoices are still open?',
    'Can you break it down by status?',
    'What is the total amount affected, roughly?',
    'Were any of them refunded already?',
  ],
  summaries: [
    'Most affected invoices are already paid; only a handful are still open.',
    'The affected amount is small, well under a dollar per invoice on average.',
    'A few were refunded, so the ledger already corrected those.',
    'The breakdown by status is in the result above.',
  ],
  calls: [
    (random, anchors) => ({ name: 'query_db', arguments: { sql: `SELECT id, customer_id, status, amount_cents, updated_at FROM invoices WHERE customer_id = '${anchors.customerId}' ORDER BY updated_at DESC` }, content: queryRows(random, outputSize(random), { mentions: [anchors.customerId] }) }),
    (random) => ({ name: 'query_db', arguments: { sql: 'SELECT status, count(*) FROM invoices WHERE updated_at > now() - interval \'30 days\' GROUP BY status' }, content: JSON.stringify({ rowCount: 5, rows: ['paid', 'open', 'refunded', 'void', 'disputed'].map((status) => ({ status, count: random.int(0, 5000) })) }) }),
    (random) => ({ name: 'query_db', arguments: { sql: 'SELECT * FROM invoices WHERE status = \'disputed\' LIMIT 200' }, content: queryRows(random, outputSize(random)) }),
  ],
  failures: [
    (random, anchors) => {
      const column = random.pick(['amount', 'total', 'amount_usd', 'price']);
      const since = `2024-02-${String(random.int(1, 28)).padStart(2, '0')}`;
      const where = `WHERE customer_id = '${anchors.customerId}' AND updated_at >= '${since}'`;
      return [
        { name: 'query_db', arguments: { sql: `SELECT sum(${column}) FROM invoices ${where}` }, content: `ERROR:  column "${column}" does not exist\nLINE 1: SELECT sum(${column}) FROM invoices\nHINT:  Perhaps you meant to reference the column "invoices.amount_cents".`, isError: true },
        { name: 'query_db', arguments: { sql: `SELECT sum(amount_cents) FROM invoices ${where}` }, content: JSON.stringify({ rowCount: 1, rows: [{ sum: random.int(10_000, 9_000_000) }] }) },
      ];
    },
  ],
};

/** The deployment topic of a coding session. @internal */
export const DEPLOY_TOPIC: SyntheticTopic = {
  name: 'deploy',
  opening: 'Different topic: we need the hotfix for {service} deployed to staging in {region} today.',
  returning: 'Let\'s get back to the deployment of {service}.',
  requests: [
    'Is staging healthy right now?',
    'Check the logs of {service} after the restart.',
    'Which pods are running the old image?',
    'Did the canary pick up the new config?',
  ],
  summaries: [
    'Staging looks healthy; all pods report ready.',
    'The logs show a few slow queries but no errors after the restart.',
    'Two pods still run the old image; the rollout is progressing.',
    'The canary picked up the new config.',
  ],
  calls: [
    (random, anchors) => ({ name: 'run_command', arguments: { command: `kubectl get pods -n staging -l app=${anchors.serviceName}` }, content: ['NAME READY STATUS RESTARTS AGE', ...Array.from({ length: random.int(4, 30) }, () => `${anchors.serviceName}-${random.int(0x10000, 0xfffff).toString(16)}-${random.int(0x1000, 0xffff).toString(16)} 1/1 Running ${random.int(0, 3)} ${random.int(1, 59)}m`)].join('\n') }),
    (random, anchors) => ({ name: 'read_logs', arguments: { service: anchors.serviceName, since: '30m' }, content: logLines(random, anchors.serviceName, outputSize(random)) }),
    (random, anchors) => ({ name: 'http_get', arguments: { url: `https://${anchors.serviceName}.staging.internal/health` }, content: JSON.stringify({ status: 'ok', region: anchors.region, version: `1.${random.int(10, 60)}.${random.int(0, 9)}`, uptimeSeconds: random.int(10, 90_000) }) }),
  ],
  failures: [
    (random, anchors) => {
      const route = random.pick(['/healthz', '/status', '/v1/health', '/ready', '/livez', '/ping']);
      return [
        { name: 'http_get', arguments: { url: `https://${anchors.serviceName}.staging.internal${route}` }, content: `HTTP 404 Not Found\n<html><body><h1>404</h1><p>No route for GET ${route}</p></body></html>`, isError: true },
        { name: 'http_get', arguments: { url: `https://${anchors.serviceName}.staging.internal/health` }, content: JSON.stringify({ status: 'ok', region: anchors.region, checks: { db: 'ok', queue: 'ok' }, latencyMs: random.int(2, 90) }) },
      ];
    },
  ],
};
