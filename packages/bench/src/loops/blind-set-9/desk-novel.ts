import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { hexId8 } from '../blind-set-8/family.js';
import type { Family9 } from './family.js';

/** Kinds invented for the ninth blind set in document work: contract review, PDF extraction, an e-commerce catalogue. */
export const DESK_NOVEL_KINDS_9 = [
  'loop:legal-heading-respelled-clause-not-found',
  'work:legal-governing-law-per-contract',
  'loop:pdf-scanned-page-bbox-nudged',
  'work:pdf-ocr-rerun-at-higher-dpi',
  'loop:shop-price-update-announced-never-sent',
  'work:shop-same-narration-new-skus',
] as const;

/** One kind of {@link DESK_NOVEL_KINDS_9}. */
export type DeskNovelKind9 = (typeof DESK_NOVEL_KINDS_9)[number];

const LEGAL = 'You are a contract-review assistant for the legal team. Tools: find_clause({ contract_id, heading }), get_section({ contract_id, section }), check_clause({ contract_id, clause }). Quote clauses exactly; never give legal advice.';
const COUNTERPARTIES = ['Halvorsen Logistics AS', 'Quintero & Hijos S.L.', 'Brightwater Analytics Ltd', 'Kessler Maschinenbau GmbH', 'Nakamura Trading K.K.', 'Oyelaran Foods Plc'] as const;

/** `find_clause` for "Limitation of Liability" in new case, hyphens, spacing or ordering; the contract calls it "Liability Cap" (the answer says so). */
const headingRespelledClauseNotFound: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const contract = `MSA-${random.int(2021, 2026)}-${random.int(100, 999)}`;
  const section = random.int(9, 16);
  openAgent7(log, LEGAL, `What does ${contract} with ${random.pick(COUNTERPARTIES)} say about limitation of liability? Quote it.`, 'counsel');
  const headings = ['Limitation of Liability', 'limitation of liability', 'Limitation-of-Liability', 'LIMITATION OF LIABILITY', 'Liability, Limitation of', ' Limitation of  Liability '];
  const texts = ['Looking up the limitation of liability clause.', 'Not found; trying the heading in lower case.', 'Maybe it is hyphenated in the index.', 'Trying the heading in capitals, as contracts often use.', 'Trying the inverted form.', 'Trying once more with the spacing as in the template.'];
  const answer = JSON.stringify({ contract_id: contract, match: null, error: 'no clause with that heading', suggestions: [{ section, heading: 'Liability Cap' }] });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.call('find_clause', { contract_id: contract, heading: nth7(headings, round) }, answer, { text: nth7(texts, round) }));
  log.say(`I could not find a limitation of liability clause in ${contract}.`);
  return { repeats, evidenceIds, note: `find_clause ${repeats} times with "Limitation of Liability" respelled (case, hyphens, inversion, spacing); each answer is the identical "no clause with that heading" with the suggestion §${section} "Liability Cap", never followed. Trivially varied arguments, the same outcome: a loop.` };
};

const LAWS = ['England and Wales', 'New York', 'Norway', 'Spain', 'Germany', 'Japan'] as const;

/** `check_clause` for governing law over each contract of a list, the same narration, a different contract and answer each time. */
const governingLawPerContract: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const parties = random.shuffle([...COUNTERPARTIES]).slice(0, count);
  const contracts = parties.map((party, index) => ({ party, id: `NDA-${2020 + index}-${random.int(100, 999)}`, law: LAWS[(index + random.int(0, 5)) % LAWS.length]! }));
  openAgent7(log, LEGAL, `For the audit, tell me the governing law of each of these: ${contracts.map((contract) => `${contract.id} (${contract.party})`).join('; ')}.`, 'counsel');
  const evidenceIds: string[] = [];
  for (const contract of contracts) evidenceIds.push(log.call('check_clause', { contract_id: contract.id, clause: 'governing_law' }, JSON.stringify({ contract_id: contract.id, clause: 'governing_law', section: random.int(14, 22), text: `This Agreement is governed by the laws of ${contract.law}.` }), { text: 'Checking the governing-law clause.' }));
  log.say(contracts.map((contract) => `${contract.id}: ${contract.law}`).join('\n'));
  return { repeats: 0, evidenceIds, note: `check_clause for governing law ${count} times with the same narration, each on a different contract from counsel's list, each with its own answer. The same tool over different targets: not a loop.` };
};

const PDF = 'You extract data from PDFs for the finance team. Tools: extract_table({ file, page, bbox }), ocr_page({ file, page, dpi, deskew }), extract_text({ file, page }). Coordinates are in points from the top-left corner.';

/** `extract_table` on a scanned page with the bounding box nudged by a point or two each time; every answer is the same empty table. */
const scannedPageBboxNudged: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const file = `invoices/${random.pick(['nordlicht', 'porto-verde', 'aurora', 'kilimanjaro'])}-${random.int(1000, 9999)}.pdf`;
  const page = random.int(3, 18);
  const [x, y, w, h] = [random.int(30, 50), random.int(180, 260), random.int(480, 520), random.int(300, 380)];
  openAgent7(log, PDF, `Get the line items table from page ${page} of ${file} into rows.`, 'analyst');
  const answer = JSON.stringify({ file, page, rows: [], columns: [], warning: 'page has no text layer (scanned image); extract_table reads text only' });
  const texts = ['Extracting the table.', 'Empty; the box may be slightly off. Widening it a little.', 'Shifting the box down a point.', 'Trying a slightly taller box.', 'Adjusting the left edge.', 'One more adjustment.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const nudge = [0, 2, 1, -1, 2, -2][round % 6]!;
    evidenceIds.push(log.call('extract_table', { file, page, bbox: [x - (round % 2), y + nudge, w + round, h + (round > 2 ? 2 : 0)] }, answer, { text: nth7(texts, round) }));
  }
  log.say(`The table on page ${page} came back empty.`);
  return { repeats, evidenceIds, note: `extract_table ${repeats} times on page ${page} with the bounding box nudged by a point or two; each answer is the identical empty table with the warning that the page is a scan without a text layer (OCR is the way out, never taken). Trivially varied arguments, the same outcome: a loop.` };
};

/** OCR of one page rerun with a real change each time (higher dpi, then deskew): confidence and text improve until legible. */
const ocrRerunAtHigherDpi: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const file = `receipts/${random.pick(['taxi', 'hotel', 'catering', 'courier'])}-${random.int(100, 999)}.pdf`;
  const total = `${random.int(20, 480)}.${random.int(10, 99)}`;
  openAgent7(log, PDF, `What is the total on the receipt ${file}? It is a phone photo.`, 'analyst');
  const settings = [{ dpi: 150, deskew: false }, { dpi: 300, deskew: false }, { dpi: 300, deskew: true }, { dpi: 600, deskew: true }, { dpi: 600, deskew: true, denoise: true }].slice(5 - count);
  const readings = ['T0T4L EUR ?8.?', 'TOTAL EUR ' + total.slice(0, -2) + '??', 'TOTAL EUR ' + total.replace(/\d$/, '?'), 'TOTAL EUR ' + total];
  const evidenceIds: string[] = [];
  settings.forEach((setting, index) => {
    const last = index === settings.length - 1;
    const confidence = last ? 0.96 : Number((0.38 + index * 0.15).toFixed(2));
    evidenceIds.push(log.call('ocr_page', { file, page: 1, ...setting }, JSON.stringify({ file, page: 1, confidence, text: last ? `TOTAL EUR ${total}` : nth7(readings, index) }), { text: index === 0 ? 'Running OCR on the photo.' : `Confidence is low; rerunning with ${JSON.stringify(setting)}.` }));
  });
  log.say(`The total is EUR ${total}.`);
  return { repeats: 0, evidenceIds, note: `ocr_page on the same page ${count} times, each with a real change of settings (dpi, deskew, denoise); confidence and the text improve each time until the total is legible. A retry with a real change, each with a better chance: not a loop.` };
};

const SHOP = 'You manage the product catalogue of an online shop. Tools: get_product({ sku }), update_price({ sku, price_eur }), list_skus({ collection }). Confirm each change after making it.';

/** The agent announces it will update a price, then only reads the product again; the price never changes and no update is sent. */
const priceUpdateAnnouncedNeverSent: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const sku = `SKU-${hexId8(random, 6).toUpperCase()}`;
  const [old, wanted] = [`${random.int(30, 60)}.90`, `${random.int(18, 28)}.90`];
  openAgent7(log, SHOP, `Please set the price of ${sku} (the linen apron) to €${wanted} for the sale.`, 'merchandiser');
  const product = JSON.stringify({ sku, title: 'Linen apron, natural', price_eur: Number(old), stock: 42, collection: 'kitchen' });
  const plans = [
    `I will now update ${sku} to €${wanted}. First, a quick look at the product.`,
    `Next step: set the price of ${sku} to €${wanted}. Let me check the product first.`,
    `Now I'll change the price to €${wanted}; verifying the current listing before I do.`,
    `Updating the apron to €${wanted} — confirming the product details first.`,
    `I'll apply the €${wanted} price now. Checking the listing.`,
    `Setting the sale price next; one more look at ${sku}.`,
  ];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.call('get_product', { sku }, product, { text: nth7(plans, round) }));
  log.say(`${sku} is currently at €${old}.`);
  return { repeats, evidenceIds, note: `The agent announces the price update ${repeats} times in new words, each time calling get_product for ${sku} (identical answer, still €${old}) and never update_price. A plan re-announced over the same read: a loop.` };
};

const TITLES = ['Linen apron', 'Enamel mug', 'Beeswax wraps (3)', 'Oak chopping board', 'Cast-iron trivet', 'Ceramic salt pig'] as const;

/** The same narration for each price change of a list, each call on a different SKU with its own price. */
const sameNarrationNewSkus: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const items = random.shuffle([...TITLES]).slice(0, count).map((title) => ({ title, sku: `SKU-${hexId8(random, 6).toUpperCase()}`, price: `${random.int(6, 49)}.${random.pick(['50', '90', '95'])}` }));
  openAgent7(log, SHOP, `New prices for the kitchen collection: ${items.map((item) => `${item.sku} (${item.title}) €${item.price}`).join(', ')}.`, 'merchandiser');
  const evidenceIds: string[] = [];
  for (const item of items) evidenceIds.push(log.call('update_price', { sku: item.sku, price_eur: Number(item.price) }, JSON.stringify({ sku: item.sku, title: item.title, price_eur: Number(item.price), updated: true }), { text: 'Updating the price as listed.' }));
  log.say(`All ${count} prices are updated.`);
  return { repeats: 0, evidenceIds, note: `"Updating the price as listed." word for word ${count} times, each update on a different SKU at its own price from the merchandiser's list, each confirmed. The same words over different actions: not a loop.` };
};

const FAMILIES: Record<DeskNovelKind9, Family9> = {
  'loop:legal-heading-respelled-clause-not-found': headingRespelledClauseNotFound,
  'work:legal-governing-law-per-contract': governingLawPerContract,
  'loop:pdf-scanned-page-bbox-nudged': scannedPageBboxNudged,
  'work:pdf-ocr-rerun-at-higher-dpi': ocrRerunAtHigherDpi,
  'loop:shop-price-update-announced-never-sent': priceUpdateAnnouncedNeverSent,
  'work:shop-same-narration-new-skus': sameNarrationNewSkus,
};

/**
 * Builds one document-work episode of the ninth blind set (contract review, PDF extraction, catalogue).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildDeskNovel9(kind: DeskNovelKind9, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
