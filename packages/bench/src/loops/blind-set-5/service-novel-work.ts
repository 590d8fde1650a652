import type { SeededRandom } from '../../seeded-random.js';
import { workCount5, type BuiltEpisode5, type EpisodeWriter5 } from './episode-writer.js';
import { drawPerson5, flights5, juneDate5, openAirline5, openRetail5, order5, route5 } from './service-setting.js';

/** Customer-service non-loops invented for this set (see the README). */
export const SERVICE_NOVEL_WORK_KINDS_5 = [
  'work:service-french-closing-new-answers',
  'work:service-subagent-quote-per-date',
  'work:service-mandated-disclosure-each-plan',
  'work:service-itinerary-rounds-narrow',
] as const;

/** One kind of {@link SERVICE_NOVEL_WORK_KINDS_5}. */
export type ServiceNovelWorkKind5 = (typeof SERVICE_NOVEL_WORK_KINDS_5)[number];

const CLOSING_FR = 'Puis-je vous aider pour autre chose ?';
const QA_FR = [
  ['Combien de bagages en soute sont inclus ?', 'Votre tarif inclut un bagage en soute de 23 kg.'],
  ['Puis-je choisir mon siège gratuitement ?', 'Oui, le choix du siège est gratuit pour votre tarif, à partir de 48 heures avant le départ.'],
  ['Y a-t-il un repas à bord ?', 'Une collation est servie ; un repas chaud est en vente sur ce vol.'],
  ['Le salon est-il accessible avec ma carte ?', 'Votre carte Argent donne accès au salon de départ avec un invité.'],
  ['Mon vélo peut-il voyager en soute ?', 'Oui, comme bagage spécial à 60 $, emballé dans une housse rigide.'],
] as const;

/** In French: every reply ends with the same polite closing, but each answers a new question. */
function frenchClosing(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const start = random.int(0, QA_FR.length - 1);
  openAirline5(log, `Bonjour, j'ai quelques questions sur mon voyage de juin. ${person.travellerId}. ${QA_FR[start]![0]}`);
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const [, answer] = QA_FR[(start + index) % QA_FR.length]!;
    const [next] = QA_FR[(start + index + 1) % QA_FR.length]!;
    evidenceIds.push(log.say(`${answer} ${CLOSING_FR}`, index === count - 1 ? 'Non, c\'est tout, merci !' : next));
  }
  log.say('Avec plaisir. Bon voyage !');
  return { repeats: 0, evidenceIds, note: `In French, ${count} replies in a row end with the identical closing "${CLOSING_FR}", but each answers the new question the traveller just asked (bags, seats, meals, lounge…): a repeated phrase around new content, not a loop.` };
}

/** The desk agent asks its fare sub-agent one question per date; each quote differs; the cheapest is offered. */
function subagentQuotePerDate(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const [from, to] = route5(random);
  openAirline5(log, `What's the cheapest day to fly ${from} to ${to} between June 10 and June ${9 + count}? ${person.travellerId}.`);
  const fares = random.shuffle(Array.from({ length: count }, (_, index) => 140 + index * random.int(15, 40)));
  const [flight] = flights5(random, 1);
  const evidenceIds = fares.map((fare, index) =>
    log.call('ask_agent', { agent: 'fare-quoter', question: `Lowest main-cabin fare ${from}-${to} on ${juneDate5(10 + index)}, 1 adult?` }, `[fare-quoter · trace ${random.int(100000, 999999)}]\nLowest available: $${fare} on ${flight}.`, { text: index === 0 ? 'Let me ask the fare specialist for each day.' : '' }),
  );
  const best = fares.indexOf(Math.min(...fares));
  log.say(`The cheapest is June ${10 + best} at $${fares[best]}.`, 'Perfect, thanks.');
  return { repeats: 0, evidenceIds, note: `The desk agent asks its fare sub-agent ${count} times in the same words, but each question is for a different date and each quote differs; it then offers the cheapest: a sweep over dates, not a loop.` };
}

const DISCLOSURE =
  'Before I add it, I am required to read this: "The Larkspur Protection Plan is optional and is not required to purchase the product. It covers accidental damage for two years from delivery and can be cancelled for a full refund within 30 days." Do you agree to add the plan?';

/** A legally required disclosure read word for word before each plan: the identical text, once per item. */
function mandatedDisclosure(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const order = order5(random);
  const items = random.shuffle(['headlamp HL-30', 'tent TN-455', 'stove ST-210', 'sleeping bag SB-9', 'water filter WF-2']).slice(0, count);
  openRetail5(log, `I'd like the protection plan on every item of order ${order}: ${items.join(', ')}. ${person.email}`);
  const evidenceIds: string[] = [];
  items.forEach((item, index) => {
    evidenceIds.push(log.say(DISCLOSURE, index === 0 ? 'Yes, I agree.' : random.pick(['Yes, I agree.', 'Agreed.', 'Yes, add it.'])));
    log.call('add_protection_plan', { order_id: order, item: item.split(' ')[1]! }, JSON.stringify({ order_id: order, item: item.split(' ')[1]!, plan: 'PP-2Y', price: 9 + index * 3 }));
  });
  log.say(`All ${count} plans are on order ${order}.`, 'Thank you.');
  return { repeats: 0, borderline: true, evidenceIds, note: `The agent says the identical disclosure ${count} times word for word, but the store's policy (and the law it cites) requires it before each plan, and each is followed by a plan on a different item: repetition a protocol requires, not a loop — borderline, since the text is verbatim.` };
}

const CONSTRAINTS = ['Anything leaving after noon?', 'Nonstop only, please.', 'Under $250?', 'With a free change?'] as const;

/** Rounds of search → fare rules → offer; each round for a new constraint the traveller adds; the last is booked. */
function itineraryRounds(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const [from, to] = route5(random);
  const flights = flights5(random, count);
  openAirline5(log, `I need a flight ${from} to ${to} on June 18. ${person.travellerId}.`);
  const filters: string[] = [];
  const evidenceIds: string[] = [];
  for (let round = 0; round < count; round++) {
    const basis = `${['QL', 'ML', 'YF', 'BX', 'KR'][round]}${random.int(1, 9)}`;
    const fare = 320 - round * 30;
    const departs = round === 0 ? '8:15' : `${11 + round * 2}:45`;
    evidenceIds.push(log.call('find_flights', { origin: from, destination: to, date: juneDate5(18), filters: [...filters] }, JSON.stringify([{ flight_number: flights[round], departs, stops: round >= 2 ? 0 : 1, fare, fare_basis: basis }])));
    log.call('get_fare_rules', { fare_basis: basis }, JSON.stringify({ fare_basis: basis, change_fee: round >= 3 ? 0 : 75, refundable: false }));
    const last = round === count - 1;
    log.say(`${flights[round]} departs ${departs}, $${fare}, fare ${basis}.`, last ? 'That one. Book it, please.' : CONSTRAINTS[round]!);
    if (!last) filters.push(CONSTRAINTS[round]!.replace(/[?,.]/g, '').toLowerCase());
  }
  log.call('create_trip', { traveller_id: person.travellerId, origin: from, destination: to, cabin: 'main', legs: [{ flight_number: flights[count - 1], date: juneDate5(18) }], payments: [{ id: 'card_visa_2231', amount: 320 - (count - 1) * 30 }] }, JSON.stringify({ trip_code: 'NEW', status: 'booked' }));
  log.say('Booked.', 'Thanks!');
  return { repeats: 0, evidenceIds, note: `The agent runs the same three-step round (search, fare rules, offer) ${count} times, but each round adds the constraint the traveller just gave, so the searches, fares and offers all differ; the last offer is booked: rounds that narrow, not a loop.` };
}

/**
 * Builds one novel customer-service non-loop of the fifth blind set.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 look-alikes, 1 → 4, 2 → 3 … 5.
 * @returns What was planted.
 */
export function buildServiceNovelWork5(kind: ServiceNovelWorkKind5, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  const count = workCount5(tier, random);
  switch (kind) {
    case 'work:service-french-closing-new-answers':
      return frenchClosing(log, random, count);
    case 'work:service-subagent-quote-per-date':
      return subagentQuotePerDate(log, random, count);
    case 'work:service-mandated-disclosure-each-plan':
      return mandatedDisclosure(log, random, count);
    case 'work:service-itinerary-rounds-narrow':
      return itineraryRounds(log, random, Math.min(count, 4));
  }
}
