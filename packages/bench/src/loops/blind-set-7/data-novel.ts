import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7, type Family7 } from './family.js';

/** Data and SQL analysis kinds invented for the seventh blind set (one of them in Portuguese). */
export const DATA_NOVEL_KINDS_7 = [
  'loop:sql-same-query-reformatted',
  'loop:sql-refresh-view-count-zero',
  'loop:sql-portuguese-conclusion-restated',
  'work:sql-export-job-progresses',
  'work:sql-count-per-table',
] as const;

/** One kind of {@link DATA_NOVEL_KINDS_7}. */
export type DataNovelKind7 = (typeof DATA_NOVEL_KINDS_7)[number];

const ANALYST = 'You are a data analyst with read access to the warehouse (PostgreSQL). Tools: run_sql({ query }), describe_table({ table }), start_export({ query, format }), get_job({ job_id }). Show your numbers.';

/** The same failing query resubmitted with cosmetic changes (layout, case, alias), the same error and hint each time. */
const sameQueryReformatted: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const region = random.pick(['EMEA', 'APAC', 'LATAM', 'NA']);
  const quarter = random.pick(['2024-Q3', '2024-Q4', '2025-Q1']);
  openAgent7(log, ANALYST, `What was total revenue for ${region} in ${quarter}?`);
  const forms = [
    `SELECT sum(revenue) FROM orders WHERE region = '${region}' AND quarter = '${quarter}'`,
    `select sum(revenue)\nfrom orders\nwhere region = '${region}'\n  and quarter = '${quarter}'`,
    `SELECT SUM(o.revenue) FROM orders o WHERE o.region = '${region}' AND o.quarter = '${quarter}'`,
    `SELECT SUM(revenue) AS total FROM orders WHERE quarter = '${quarter}' AND region = '${region}'`,
    `SELECT SUM(ord.revenue) FROM public.orders ord WHERE ord.region='${region}' AND ord.quarter='${quarter}';`,
    `  SELECT sum( revenue ) FROM orders WHERE region = '${region}' AND quarter = '${quarter}' ;`,
  ];
  const error = 'ERROR:  column "revenue" does not exist\nHINT:  Perhaps you meant to reference the column "orders.revenue_cents".';
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.call('run_sql', { query: forms[round]! }, error, { text: round === 0 ? 'Querying the orders table.' : nth7(['Let me rewrite the query more cleanly.', 'Maybe the alias helps.', 'Reordering the conditions.', 'Qualifying the table.', 'Trying once more.'], round - 1), isError: true }));
  const cents = random.int(40_000_000, 90_000_000);
  log.call('run_sql', { query: `SELECT sum(revenue_cents) / 100.0 FROM orders WHERE region = '${region}' AND quarter = '${quarter}'` }, `${(cents / 100).toFixed(2)}`);
  log.say(`Revenue for ${region} in ${quarter} was $${(cents / 100).toLocaleString('en-US')}.`);
  return { repeats, evidenceIds, note: `${repeats} submissions of one query that differ only in layout, letter case, alias or condition order; each gets the identical "column does not exist" error with the same hint, which is ignored until the end. Cosmetically different arguments, the same outcome: a loop.` };
};

/** Refresh a materialised view, count yesterday's rows, zero — round after round, never looking upstream. */
const refreshViewCountZero: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random, 5);
  const view = random.pick(['daily_revenue', 'daily_signups', 'daily_refunds']);
  const day = `2025-03-${String(random.int(10, 27)).padStart(2, '0')}`;
  openAgent7(log, ANALYST, `The ${view} dashboard is empty for ${day}. Can you get it filled in?`);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('run_sql', { query: `REFRESH MATERIALIZED VIEW ${view};` }, 'REFRESH MATERIALIZED VIEW', { text: round === 0 ? 'Refreshing the view.' : 'Still nothing; refreshing again.' }));
    log.call('run_sql', { query: `SELECT count(*) FROM ${view} WHERE day = '${day}';` }, ' count \n-------\n     0\n(1 row)', { text: 'Counting the rows for that day.' });
  }
  log.call('run_sql', { query: `SELECT max(loaded_at) FROM raw.${view.replace('daily_', '')}_events;` }, ` max \n---------------------\n 2025-03-0${random.int(1, 9)} 23:59:12\n(1 row)`);
  log.say(`The view is fine — the raw events stopped loading days before ${day}, so there is nothing to aggregate. The ingestion job needs attention.`);
  return { repeats, evidenceIds, note: `A two-step round — refresh the view (succeeds), count the day's rows (0) — runs ${repeats} times with identical answers; refreshing cannot help while the source is empty, and the source is not looked at until the end. Successful calls in a cycle: a loop.` };
};

const PT_RESTATE = [
  'A queda no trimestre veio principalmente do Nordeste: foi a região que mais recuou.',
  'Resumindo, o Nordeste explica a maior parte da queda do trimestre.',
  'Como eu disse, quem puxou o resultado para baixo foi o Nordeste.',
  'O principal fator da queda continua sendo o desempenho do Nordeste.',
  'Basicamente, a retração se concentra no Nordeste.',
  'A maior contribuição para a queda é do Nordeste.',
] as const;
const PT_ASKS = ['Ok, mas me mostra isso por mês.', 'Pode rodar a consulta por mês, por favor?', 'Você está repetindo. Preciso dos números mensais.', 'Os números por mês, por favor!', 'Rode a consulta mensal.'] as const;

/** A Brazilian analyst's question answered with the same conclusion in new Portuguese words, while the user asks for the monthly numbers. */
const portugueseConclusionRestated: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, `${ANALYST} Responda em português.`, 'Por que as vendas caíram no último trimestre? Quero entender por região.');
  const regions = ['Nordeste', 'Sudeste', 'Sul', 'Norte', 'Centro-Oeste'];
  log.call('run_sql', { query: 'SELECT regiao, sum(valor) FILTER (WHERE tri = 4) - sum(valor) FILTER (WHERE tri = 3) AS variacao FROM vendas GROUP BY regiao ORDER BY variacao' }, regions.map((region, index) => `${region} | ${index === 0 ? -random.int(900, 1500) : random.int(-300, 200)}`).join('\n'));
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(say7(log, PT_RESTATE[round]!, round < repeats - 1 ? PT_ASKS[round]! : nth7(PT_ASKS, 4)));
  log.call('run_sql', { query: "SELECT date_trunc('month', data) AS mes, regiao, sum(valor) FROM vendas WHERE tri IN (3, 4) GROUP BY 1, 2 ORDER BY 1, 2" }, 'mes | regiao | soma\n2024-07 | Nordeste | 4120\n…');
  log.say('Aqui estão os números mensais por região.');
  return { repeats, evidenceIds, note: `After one query the agent gives the same conclusion ("the drop came from the Nordeste") ${repeats} times in new Portuguese words, with no call between, while the user asks each time for the monthly numbers. The same content restated, nothing new done: a loop.` };
};

/** A warehouse export polled by job id: queued, running with growing row counts, then done. */
const exportJobProgresses: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const job = `exp_${random.int(10000, 99999)}`;
  const rows = random.int(2_000_000, 9_000_000);
  openAgent7(log, ANALYST, 'Export all 2024 order lines to Parquet and send me the link when it is ready.');
  log.call('start_export', { query: "SELECT * FROM order_lines WHERE created_at >= '2024-01-01' AND created_at < '2025-01-01'", format: 'parquet' }, JSON.stringify({ job_id: job, state: 'queued' }));
  const evidenceIds: string[] = [];
  for (let poll = 0; poll < count; poll++) {
    const last = poll === count - 1;
    const done = Math.round((rows * (poll + 1)) / count);
    const state = last ? { job_id: job, state: 'succeeded', rows_written: rows, url: `https://exports.example/${job}.parquet` } : poll === 0 ? { job_id: job, state: 'running', rows_written: Math.round(rows / (count * 3)) } : { job_id: job, state: 'running', rows_written: done };
    evidenceIds.push(log.call('get_job', { job_id: job }, JSON.stringify(state), { text: poll === 0 ? 'Checking on the export.' : `Running, ${state.rows_written.toLocaleString('en-US')} rows so far; checking again.` }));
  }
  log.say(`The export is done: ${rows.toLocaleString('en-US')} rows, https://exports.example/${job}.parquet`);
  return { repeats: 0, evidenceIds, note: `The identical get_job call ${count} times, but the rows written grow each time and the last answer says succeeded with the link: polling a job that progresses. Not a loop.` };
};

/** Row counts checked table by table with the same query shape. */
const countPerTable: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const tables = random.shuffle(['customers', 'orders', 'order_lines', 'payments', 'refunds', 'shipments']).slice(0, count);
  openAgent7(log, ANALYST, `Before we switch the dashboards over, sanity-check the row counts in staging for ${tables.join(', ')}.`);
  const evidenceIds = tables.map((table) => log.call('run_sql', { query: `SELECT count(*) FROM staging.${table};` }, ` count \n---------\n ${random.int(10_000, 5_000_000)}\n(1 row)`, { text: `Counting staging.${table}.` }));
  log.say(`All ${count} staging tables have rows; the counts are in line with production.`);
  return { repeats: 0, evidenceIds, note: `${count} count(*) queries of one shape, each on a different table the user listed, each with its own count: the same tool over different targets. Not a loop.` };
};

const FAMILIES: Record<DataNovelKind7, Family7> = {
  'loop:sql-same-query-reformatted': sameQueryReformatted,
  'loop:sql-refresh-view-count-zero': refreshViewCountZero,
  'loop:sql-portuguese-conclusion-restated': portugueseConclusionRestated,
  'work:sql-export-job-progresses': exportJobProgresses,
  'work:sql-count-per-table': countPerTable,
};

/**
 * Builds one data / SQL analysis episode of the seventh blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildDataNovel7(kind: DataNovelKind7, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
