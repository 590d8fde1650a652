import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, say7, type Family7 } from './family.js';

/** Web-research and browsing-assistant kinds invented for the seventh blind set (two of them not in English). */
export const WEB_NOVEL_KINDS_7 = [
  'loop:web-query-cosmetic-variants',
  'loop:web-paywall-archive-alternation',
  'loop:web-dutch-date-respelled',
  'work:web-results-next-page',
  'work:web-fetch-each-citation',
  'work:web-korean-directions-repeated-on-request',
] as const;

/** One kind of {@link WEB_NOVEL_KINDS_7}. */
export type WebNovelKind7 = (typeof WEB_NOVEL_KINDS_7)[number];

const RESEARCH = 'You are a research assistant with a browser. Tools: search_web({ q, page? }) returns result titles and URLs; fetch_page({ url }) returns the page text. Cite what you find; say so when you cannot find something.';
const TOWNS = ['Harrowgate Falls', 'Millbrook Crossing', 'Lower Tenby', 'Oakhurst Quay', 'Fenwick'] as const;

/** The same web search sent again and again with cosmetic changes (case, quotes, word order, punctuation), the same results each time. */
const queryCosmeticVariants: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const town = random.pick(TOWNS);
  const bridge = `${random.pick(['Kessler', 'Abernathy', 'Coldwater', 'Pruitt'])} Bridge`;
  const year = random.int(2017, 2021);
  openAgent7(log, RESEARCH, `When did the ${bridge} in ${town} reopen after the ${year} flood? I need the month for a local history piece.`);
  const variants = [
    `${bridge} ${town} reopening ${year} flood`,
    `${bridge.toLowerCase()} ${town.toLowerCase()} reopening ${year} flood`,
    `"${bridge}" ${town} reopening after ${year} flood`,
    `${town} ${bridge} flood ${year} reopening`,
    `${bridge} reopening, ${town}, ${year} flood`,
    `${bridge} ${town} reopen ${year} flood`,
  ];
  const results = JSON.stringify([
    { title: `${town} visitor guide — walks and bridges`, url: `https://visit-${town.toLowerCase().replace(/ /g, '')}.example/walks` },
    { title: `${bridge} closed after river breaks banks (${year})`, url: `https://valleynews.example/${year}/bridge-closed` },
    { title: `Forum: best route into ${town} while the bridge is shut?`, url: 'https://roadsforum.example/t/88412' },
  ]);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.call('search_web', { q: variants[round]! }, results, { text: round === 0 ? 'Searching.' : nth7(['Refining the query.', 'Trying it with quotes.', 'Reordering the words.', 'Another phrasing.', 'One more variant.'], round - 1) }));
  log.call('fetch_page', { url: `https://valleynews.example/${year}/bridge-closed` }, `${bridge} closed after river breaks banks. Engineers say repairs could take "many months".`);
  log.say(`I could not find the reopening date. The only dated source is the ${year} report of the closure; I would check the council's minutes next.`);
  return { repeats, evidenceIds, note: `${repeats} searches whose queries differ only cosmetically (case, quotes, word order, a comma) and return the identical three results; nothing new is tried or learned between them. The same call in effect, the same outcome: a loop.` };
};

/** A paywalled article and its archive copy are fetched in turn, round after round: paywall, no snapshot, paywall, no snapshot. */
const paywallArchiveAlternation: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random, 5);
  const slug = random.pick(['port-authority-budget-vote', 'tram-line-extension-costs', 'harbour-dredging-contract']);
  const url = `https://coastaltimes.example/local/${random.int(2022, 2024)}/${slug}`;
  const archive = `https://archive.example/newest/${url}`;
  openAgent7(log, RESEARCH, `Summarise the Coastal Times article on the ${slug.replace(/-/g, ' ')} — here is the link: ${url}`);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('fetch_page', { url }, 'HTTP 403 — Subscribe to continue reading. Already a subscriber? Log in.', { text: round === 0 ? 'Fetching the article.' : 'Trying the original link again.', isError: true }));
    log.call('fetch_page', { url: archive }, `No snapshot found for ${url}.`, { text: 'Trying the archived copy.', isError: true });
  }
  log.say('The article is behind a paywall and has no archived copy, so I cannot summarise it. If you can paste the text, I will.');
  return { repeats, evidenceIds, note: `A two-step round — the article (403 paywall), then its archive (no snapshot) — runs ${repeats} times with identical answers; neither the paywall nor the archive can change between tries: an A/B/A/B cycle, a loop.` };
};

const DUTCH_DATES = ['12-03-2025', '2025-03-12', '12 maart 2025', '12/3/2025', 'woensdag 12 maart', '12 mrt 2025'] as const;
const DUTCH_TEXT = ['Ik zoek de treinen voor u.', 'Misschien herkent het systeem de datum niet; ik probeer een andere notatie.', 'Ik probeer het nog eens met de datum anders geschreven.', 'Nog een notatie van de datum.', 'Nog één poging met een andere schrijfwijze.', 'Opnieuw, met de datum voluit.'] as const;
const DUTCH_USER = ['Dat zei u al — er is staking.', 'Ja, er is een staking, dat weet ik. Is er een bus?', 'U blijft hetzelfde zoeken.', 'Hallo? Een bus of een andere dag?', 'Alstublieft, iets anders.'] as const;

/** A Dutch traveller's train search sent again with the date spelled differently; the strike notice comes back each time. */
const dutchDateRespelled: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const [from, to] = random.shuffle(['Utrecht Centraal', 'Maastricht', 'Zwolle', 'Groningen', 'Eindhoven'] as const);
  openAgent7(log, 'Je bent een reisassistent voor treinreizen in Nederland. Tools: search_trains({ from, to, date }), search_buses({ from, to, date }). Antwoord in het Nederlands.', `Hallo, ik moet op woensdag 12 maart van ${from} naar ${to}. Welke treinen zijn er?`);
  const notice = JSON.stringify({ date: '2025-03-12', trains: [], notice: 'Landelijke staking: op 12 maart 2025 rijden er geen NS-treinen.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('search_trains', { from, to, date: DUTCH_DATES[round]! }, notice, { text: DUTCH_TEXT[round]! }));
    if (round < repeats - 1 && round % 2 === 1) log.user(nth7(DUTCH_USER, (round - 1) / 2), 'user');
  }
  log.call('search_buses', { from, to, date: '2025-03-12' }, JSON.stringify([{ departs: '07:40', arrives: '11:05', operator: 'Arriva' }]));
  log.say(`Op 12 maart rijden er door de staking geen treinen, maar er gaat een bus van Arriva om 07:40 (aankomst 11:05).`);
  return { repeats, evidenceIds, note: `The same train search ${repeats} times with the date written differently (12-03-2025, 2025-03-12, 12 maart 2025 …); the tool reads every spelling and returns the identical strike notice, and the traveller says so. Cosmetically different arguments, the same outcome: a loop, in Dutch.` };
};

/** Search result pages 1, 2, 3 … of one query, each with new results, until the list is complete. */
const resultsNextPage: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const standard = random.pick(['ISO 13485', 'ISO 27001', 'IATF 16949']);
  const region = random.pick(['Baden-Württemberg', 'Lombardy', 'Flanders']);
  openAgent7(log, RESEARCH, `List every contract manufacturer in ${region} certified to ${standard}. I need the full list, not the top results.`);
  const q = `${standard} certified contract manufacturer ${region}`;
  const evidenceIds: string[] = [];
  const found: string[] = [];
  for (let page = 1; page <= count; page++) {
    const last = page === count;
    const names = last ? [] : Array.from({ length: 3 }, (_, index) => `${random.pick(['Alpen', 'Nord', 'Riva', 'Brix', 'Kessel', 'Vela'])}${random.pick(['tek', 'form', 'werk', 'medica', 'parts'])} ${page}${index}`);
    found.push(...names);
    evidenceIds.push(log.call('search_web', { q, page }, last ? JSON.stringify({ page, results: [], note: 'No more results.' }) : JSON.stringify({ page, results: names.map((name) => ({ title: `${name} — ${standard} certified`, url: `https://${name.toLowerCase().replace(/ /g, '-')}.example` })) }), { text: page === 1 ? 'Searching.' : `Page ${page - 1} had new names; fetching page ${page}.` }));
  }
  log.say(`I found ${found.length} certified manufacturers: ${found.join(', ')}. The search has no further pages.`);
  return { repeats: 0, evidenceIds, note: `The same query ${count} times, but page 1, 2, 3 … each bring new manufacturers until an empty page ends the list: paging, not a loop.` };
};

/** The user's draft has several citations; the agent fetches each one to check it supports its claim. */
const fetchEachCitation: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const topics = ['urban heat islands', 'green roofs and runoff', 'street-tree canopy loss', 'cool pavements', 'shade and heat illness', 'night-time temperatures'];
  openAgent7(log, RESEARCH, `Here is my draft on city heat. Please check that each of my ${count} citations still loads and actually supports the sentence it is attached to.`);
  const banner = 'We use cookies to improve your experience. Accept all | Manage settings\nCityClimate Journal › Articles ›';
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const url = `https://cityclimate.example/articles/${random.int(1000, 9999)}-${topics[index]!.replace(/ /g, '-')}`;
    const supports = index !== 1;
    evidenceIds.push(log.call('fetch_page', { url }, `${banner} ${topics[index]}\n${supports ? `Findings: measured effects on ${topics[index]} across ${random.int(12, 60)} cities.` : 'Editorial: why we need more data.'}`, { text: `Checking citation ${index + 1}.` }));
  }
  log.say(`All ${count} links load. Citation 2 is an editorial and does not support the figure you attach to it; the others match their sentences.`);
  return { repeats: 0, evidenceIds, note: `${count} fetches whose pages all open with the same cookie banner and journal header, but each is a different citation the user asked to check, with its own article text: the same tool over different targets. Not a loop.` };
};

/** A Korean traveller asks the assistant to repeat the directions, and it repeats them word for word as asked. */
const koreanDirectionsRepeatedOnRequest: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const [from, to] = random.shuffle(['서울역', '홍대입구역', '강남역', '잠실역', '광화문'] as const);
  openAgent7(log, '당신은 여행 길찾기 도우미입니다. 도구: get_route({ from, to }). 한국어로 답하세요.', `${from}에서 ${to}까지 지하철로 어떻게 가요?`);
  const line = random.pick(['2호선', '4호선', '5호선']);
  const stops = random.int(5, 12);
  log.call('get_route', { from, to }, JSON.stringify({ legs: [{ line, from, towards: to, stops }, { walk_minutes: random.int(2, 6) }] }));
  const directions = `${from}에서 ${line}을 타고 ${stops}정거장 가신 다음 ${to}에서 내리세요. 3번 출구로 나오시면 됩니다.`;
  const asks = ['죄송한데 한 번만 더 말해 주세요. 받아 적을게요.', '천천히 다시 한 번만요.', '마지막으로 한 번만 더요. 할머니께 전해 드려야 해서요.', '고마워요, 다 적었어요.'];
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) evidenceIds.push(say7(log, directions, index < count - 1 ? asks[index]! : nth7(asks, 3)));
  log.say('천만에요. 즐거운 여행 되세요!');
  return { repeats: 0, evidenceIds, borderline: true, note: `The identical directions ${count} times — the exact form of the rule — but after the first each is given because the traveller explicitly asks to hear them again (to write them down, to pass them on). The user asks for the repeats: borderline, labelled not a loop.` };
};

const FAMILIES: Record<WebNovelKind7, Family7> = {
  'loop:web-query-cosmetic-variants': queryCosmeticVariants,
  'loop:web-paywall-archive-alternation': paywallArchiveAlternation,
  'loop:web-dutch-date-respelled': dutchDateRespelled,
  'work:web-results-next-page': resultsNextPage,
  'work:web-fetch-each-citation': fetchEachCitation,
  'work:web-korean-directions-repeated-on-request': koreanDirectionsRepeatedOnRequest,
};

/**
 * Builds one web-research or browsing episode of the seventh blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildWebNovel7(kind: WebNovelKind7, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
