import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { clock8, hexId8, type Family8 } from './family.js';

/** Spreadsheet and finance kinds invented for the eighth blind set. */
export const SHEET_NOVEL_KINDS_8 = ['loop:sheet-formula-respelled-div-zero', 'work:sheet-fx-rate-per-currency', 'work:sheet-reconcile-rerun-as-asked'] as const;

/** One kind of {@link SHEET_NOVEL_KINDS_8}. */
export type SheetNovelKind8 = (typeof SHEET_NOVEL_KINDS_8)[number];

const SHEET = 'You are a finance assistant working in the team workbook. Tools: set_cell({ sheet, cell, formula }), get_range({ sheet, range }), get_fx_rate({ base, quote }), run_reconciliation({ account, period }). Explain what you changed.';

/** The same margin formula written again and again with cosmetic changes; the divisor cell is empty, so every answer is #DIV/0!. */
const formulaRespelledDivZero: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const sheet = random.pick(['Q3', 'Forecast', 'Summary']);
  const row = random.int(12, 40);
  const cell = `F${row}`;
  const divisor = `C${random.int(2, 9)}`;
  openAgent7(log, SHEET, `In ${sheet}, put the gross margin in ${cell}: total of D2:D${row - 1} over the revenue in ${divisor}.`, 'controller');
  const range = `D2:D${row - 1}`;
  const lower = (text: string): string => text.toLowerCase();
  const formulas = [`=SUM(${range})/${divisor}`, `=sum(${lower(range)})/${lower(divisor)}`, `=SUM(${range}) / ${divisor}`, `=(SUM(${range}))/${divisor}`, `=SUM(${range})/$${divisor[0]}$${divisor.slice(1)}`, `=SUM( ${range} )/${divisor}`];
  const texts = ['Writing the margin formula.', 'It returned #DIV/0!; rewriting the formula.', 'Adjusting the formula.', 'Trying it with brackets.', 'Using an absolute reference.', 'Cleaning up the spacing.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const result = JSON.stringify({ sheet, cell, value: '#DIV/0!', note: `${divisor} is empty`, recalculated_cells: 142, recalc_ms: random.int(18, 64) });
    evidenceIds.push(log.call('set_cell', { sheet, cell, formula: nth7(formulas, round) }, result, { text: nth7(texts, round) }));
  }
  log.say(`${cell} shows #DIV/0! because ${divisor} (revenue) is empty. Once revenue is entered there, the margin will calculate.`);
  return { repeats, evidenceIds, note: `${repeats} set_cell calls whose formulas differ only in case, spacing, brackets or $-anchors — the same formula — each answered #DIV/0! with "${divisor} is empty" (only recalc_ms changes). Nothing is done about the empty cell between them: a loop.` };
};

const CURRENCIES = [['USD', 1.0832], ['GBP', 0.8427], ['JPY', 162.41], ['CHF', 0.9561], ['SEK', 11.472], ['BRL', 5.9134]] as const;

/** One FX rate fetched per currency of the consolidation; long answers whose stamps change, each with its own rate. */
const fxRatePerCurrency: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const pairs = random.shuffle([...CURRENCIES]).slice(0, count);
  openAgent7(log, SHEET, `Fill the FX tab with today's EUR rates for ${pairs.map(([quote]) => quote).join(', ')}.`, 'controller');
  const start = random.int(9 * 3600, 11 * 3600);
  const evidenceIds: string[] = [];
  for (const [index, [quote, rate]] of pairs.entries()) {
    const result = JSON.stringify({ base: 'EUR', quote, rate, source: 'ECB reference', published: '2026-03-18T14:15:00+01:00', fetched_at: `2026-03-18T${clock8(start, index, 4)}Z`, request_id: hexId8(random, 12), disclaimer: 'Reference rates are for information purposes only.' });
    evidenceIds.push(log.call('get_fx_rate', { base: 'EUR', quote }, result, { text: 'Fetching the next rate.' }));
    log.call('set_cell', { sheet: 'FX', cell: `B${index + 2}`, formula: String(rate) }, JSON.stringify({ sheet: 'FX', cell: `B${index + 2}`, value: rate }));
  }
  log.say(`The FX tab has today's ECB reference rates for ${count} currencies.`);
  return { repeats: 0, evidenceIds, note: `get_fx_rate ${count} times with the same narration and the same long answer shape, but each for a different currency with its own rate, each written to its own cell. The same tool over different targets: not a loop.` };
};

/** The controller asks for the reconciliation to be run N times (the bank feed is flaky); the identical run and result N times. */
const reconcileRerunAsAsked: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const account = `1${random.int(100, 999)}-OPS`;
  const words = ['', '', '', 'three', 'four'];
  openAgent7(log, SHEET, `Run the reconciliation for account ${account}, February, ${words[count]} times in a row — the bank feed has been flaky — and tell me whether it comes out the same each time.`, 'controller');
  const difference = (random.int(1000, 90000) / 100).toFixed(2);
  const evidenceIds: string[] = [];
  for (let run = 0; run < count; run++) {
    const result = JSON.stringify({ account, period: '2026-02', ledger_balance: 48210.55, bank_balance: (48210.55 - Number(difference)).toFixed(2), unmatched: 3, difference });
    evidenceIds.push(log.call('run_reconciliation', { account, period: '2026-02' }, result, { text: `Run ${run + 1} of ${count}.` }));
  }
  log.say(`All ${count} runs agree: 3 unmatched items, a difference of ${difference}. The feed looks stable; the difference is real.`);
  return { repeats: 0, borderline: true, evidenceIds, note: `The identical run_reconciliation call with the identical answer ${count} times, exactly as many times as the controller asked (to test a flaky feed). A requested repeat: not a loop; borderline because the rule's letter is met.` };
};

const FAMILIES: Record<SheetNovelKind8, Family8> = {
  'loop:sheet-formula-respelled-div-zero': formulaRespelledDivZero,
  'work:sheet-fx-rate-per-currency': fxRatePerCurrency,
  'work:sheet-reconcile-rerun-as-asked': reconcileRerunAsAsked,
};

/**
 * Builds one spreadsheet / finance episode of the eighth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildSheetNovel8(kind: SheetNovelKind8, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
