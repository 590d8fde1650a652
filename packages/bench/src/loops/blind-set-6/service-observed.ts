import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { drawPerson5, flights5, juneDate5, openAirline5, route5, travellerJson5, tripCode5, tripCodes5, tripJson5 } from '../blind-set-5/service-setting.js';
import { lookAlikes6, nth6, repeats6, type Family6 } from './family.js';

/** Customer-service kinds whose pattern was seen in the real tau-bench runs (the README names runs and turns). */
export const SERVICE_OBSERVED_KINDS_6 = [
  'loop:service-split-request-sent-as-one-card',
  'work:service-confirmation-grows-per-request',
  'work:service-gift-cards-each-own-balance',
  'work:service-direct-and-one-stop-per-date',
  'work:service-traveller-restates-agent-advances',
  'work:service-booking-amounts-rebalanced',
] as const;

/** One kind of {@link SERVICE_OBSERVED_KINDS_6}. */
export type ServiceObservedKind6 = (typeof SERVICE_OBSERVED_KINDS_6)[number];

const SPLIT_ASKS = [
  'Please take what is on the first gift card and put the rest on the second one.',
  'Split it: first gift card, then the other gift card for the remainder.',
  'Can you not use both cards together? The first, then the second.',
  'Both cards, please — one after the other.',
  'I said both gift cards. Use the second for what is left.',
  'Both. Cards.',
] as const;
const SPLIT_REPLIES = [
  'That gift card does not cover the upgrade on its own, I am afraid.',
  'The card was declined again for the balance.',
  'It is still saying the balance is not enough.',
  'The same balance problem came back.',
  'Again the card does not cover it.',
  'No luck — same balance message.',
] as const;

/** The traveller asks to split an upgrade across two gift cards; the agent keeps sending the first card alone. */
const splitSentAsOneCard: Family6 = (log, random, tier) => {
  const repeats = repeats6(tier, random);
  const person = drawPerson5(random);
  const code = tripCode5(random);
  const due = random.int(380, 720);
  const first = random.int(90, due - 150);
  openAirline5(log, `Hi, ${person.travellerId} here. I would like to upgrade trip ${code} to business and pay with my two gift cards.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, travellerJson5(person, [code], ['gift_4410', 'gift_8823', 'card_amex_3307']));
  log.say(`The upgrade to business costs $${due}. Shall I charge it to your gift cards?`, 'Yes, use the gift cards.');
  const args = { trip_code: code, cabin: 'business', payment_id: 'gift_4410' };
  const error = `Error: gift card gift_4410 balance ${first} is less than the ${due} due`;
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('update_trip_cabin', args, error, { isError: true }));
    log.say(nth6(SPLIT_REPLIES, round), nth6(SPLIT_ASKS, round));
  }
  log.call('update_trip_cabin', { ...args, payment_id: 'card_amex_3307' }, JSON.stringify({ trip_code: code, cabin: 'business', charged: due }));
  log.say(`I have put the upgrade on your Amex instead: trip ${code} is now business.`, 'That is not what I asked, but fine.');
  return { repeats, evidenceIds, note: `The traveller asks ${repeats} times to split the $${due} upgrade across both gift cards; the agent sends the identical single-card call each time and gets the identical balance error — the same call, the same outcome, nothing changed: a loop.` };
};

/** "To confirm, you would like to …" restated after each new request of the traveller, the summary growing each time. */
const confirmationGrowsPerRequest: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random, 4);
  const person = drawPerson5(random);
  const code = tripCode5(random);
  const [from, to] = route5(random);
  const [out, back, later] = flights5(random, 3);
  openAirline5(log, `Hi, ${person.travellerId}. On trip ${code} I want the outbound moved to ${out} on June 19.`);
  log.call('get_trip', { trip_code: code }, tripJson5(code, person, from, to, [{ flight: out!, date: juneDate5(18) }, { flight: back!, date: juneDate5(23) }]));
  const items = [`move the outbound to ${out} on June 19`, 'upgrade both flights to business', 'add two checked bags', `move the return to ${later} on June 24`];
  const additions = ['Also, make it business class and add two checked bags.', `And move my return back a day — ${later} on June 24.`, 'Actually, just one checked bag is enough.'];
  const checks: (() => void)[] = [
    () => log.call('price_change', { trip_code: code, cabin: 'business', bags: 2 }, JSON.stringify({ difference: random.int(300, 700), bags_fee: 70 })),
    () => log.call('search_direct_flight', { origin: to, destination: from, date: juneDate5(24) }, JSON.stringify([{ flight_number: later, date: juneDate5(24), seats: 5 }])),
    () => log.call('price_change', { trip_code: code, cabin: 'business', bags: 1 }, JSON.stringify({ difference: random.int(300, 700), bags_fee: 35 })),
  ];
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const shown = index === 0 ? items.slice(0, 1) : index === 1 ? items.slice(0, 3) : index === 2 ? items : [...items.slice(0, 2), 'add one checked bag', items[3]!];
    const last = index === count - 1;
    evidenceIds.push(log.say(`To confirm, you would like to: ${shown.join('; ')}. Shall I go ahead?`, last ? 'Yes, that is everything.' : additions[index]!));
    if (!last) checks[index]!();
  }
  log.call('change_trip_flights', { trip_code: code, cabin: count > 1 ? 'business' : 'main', legs: [{ flight_number: out, date: juneDate5(19) }, { flight_number: count > 2 ? later : back, date: juneDate5(count > 2 ? 24 : 23) }], payment_id: 'card_visa_2231' }, JSON.stringify({ trip_code: code, status: 'changed' }));
  log.say('All done — your trip is updated.', 'Thanks!');
  return { repeats: 0, evidenceIds, note: `The agent opens ${count} replies with the same "To confirm, you would like to …", but each follows a new request of the traveller and lists a changed summary: confirmation before a write, as policy requires, with new content each time. Not a loop.` };
};

/** The agent tries the upgrade with each of the traveller's gift cards in turn; each answer is about that card's own balance. */
const giftCardsEachOwnBalance: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random);
  const person = drawPerson5(random);
  const code = tripCode5(random);
  const due = random.int(300, 500);
  const cards = Array.from({ length: count }, (_, index) => `gift_${1000 + index * 1111 + random.int(0, 99)}`);
  openAirline5(log, `Upgrade trip ${code} to business for me, ${person.travellerId}. Use whichever gift card has enough on it — I don't remember.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, travellerJson5(person, [code], cards));
  log.say(`The upgrade is $${due}. I will try your gift cards one by one until one covers it — okay?`, 'Yes, okay.');
  const evidenceIds = cards.map((card, index) => {
    const last = index === cards.length - 1;
    const balance = last ? due + random.int(5, 90) : random.int(20, due - 40) + index;
    return log.call('update_trip_cabin', { trip_code: code, cabin: 'business', payment_id: card }, last ? JSON.stringify({ trip_code: code, cabin: 'business', charged: due, payment_id: card, remaining: balance - due }) : `Error: gift card ${card} balance ${balance} is less than the ${due} due`, last ? {} : { isError: true });
  });
  log.say(`Done — ${cards.at(-1)} covered it and trip ${code} is now business.`, 'Great.');
  return { repeats: 0, evidenceIds, note: `${count} upgrade calls, but each names a different gift card and learns that card's own balance; the last one succeeds. A new input and a new outcome every time: not a loop.` };
};

/** Direct and one-stop searches for the wanted route, date after date, each returning other flights. */
const directAndOneStopPerDate: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random);
  const person = drawPerson5(random);
  const [from, to] = route5(random);
  openAirline5(log, `I need to get from ${from} to ${to} some time around mid June, whatever day has a seat. ${person.travellerId}.`);
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const date = juneDate5(13 + index);
    const found = index === count - 1 ? flights5(random, 2) : [];
    evidenceIds.push(log.call('search_direct_flight', { origin: from, destination: to, date }, JSON.stringify(found.slice(0, 1).map((flight) => ({ flight_number: flight, date, seats: 3 })))));
    log.call('search_onestop_flight', { origin: from, destination: to, date }, JSON.stringify(index % 2 === 1 ? [{ legs: [flights5(random, 1)[0], flights5(random, 1)[0]], date, seats: 1 }] : []));
  }
  log.say(`June ${12 + count} has a nonstop with seats. Shall I hold it?`, 'Yes please.');
  return { repeats: 0, evidenceIds, note: `The agent runs the same two searches ${count} times, but for a new date each time and gets that date's flights (empty or not); it is scanning the calendar, not repeating itself: not a loop.` };
};

/** The traveller restates the flight they want several times; the agent takes a different step after each. */
const travellerRestatesAgentAdvances: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random, 4);
  const person = drawPerson5(random);
  const code = tripCode5(random);
  const [from, to] = route5(random);
  const [old, wanted] = flights5(random, 2);
  openAirline5(log, `Please move trip ${code} to flight ${wanted} on June 18. ${person.travellerId}.`);
  const steps: (() => string)[] = [
    () => log.call('get_trip', { trip_code: code }, tripJson5(code, person, from, to, [{ flight: old!, date: juneDate5(18) }])),
    () => log.call('get_flight_status', { flight_number: wanted, date: juneDate5(18) }, JSON.stringify({ flight_number: wanted, status: 'available', seats: { main: 4 } })),
    () => log.call('price_change', { trip_code: code, legs: [{ flight_number: wanted, date: juneDate5(18) }] }, JSON.stringify({ difference: 0 })),
    () => log.call('change_trip_flights', { trip_code: code, cabin: 'main', legs: [{ flight_number: wanted, date: juneDate5(18) }], payment_id: 'card_visa_2231' }, JSON.stringify({ trip_code: code, status: 'changed' })),
  ];
  const restated = [`Yes — ${wanted}, June 18.`, `It's ${wanted} I want, to be clear.`, `So ${wanted}, right? Please go on.`];
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    evidenceIds.push(steps[index]!());
    if (index < count - 1) log.say(['I have your trip open.', `${wanted} has seats on June 18.`, 'The change costs nothing extra. Shall I make it?'][index]!, restated[index]!);
  }
  if (count < 4) steps[3]!();
  log.say(`Trip ${code} is now on ${wanted}, June 18.`, 'Perfect.');
  return { repeats: 0, evidenceIds, note: `The traveller says the same flight ${count - 1} times, but after each the agent does a new step (trip, availability, price, change) and the change goes through: the repetition is the user's, the agent progresses. Not a loop.` };
};

/** A booking whose payment split is wrong; the agent rebalances the amounts after each error until it adds up. */
const bookingAmountsRebalanced: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random, 4);
  const person = drawPerson5(random);
  const [from, to] = route5(random);
  const [out] = flights5(random, 1);
  const fare = random.int(1200, 2400);
  openAirline5(log, `Book me ${from} to ${to} on June 20, three passengers, business. Split it over my voucher and card. ${person.travellerId}.`);
  const codes = tripCodes5(random, 1);
  const evidenceIds: string[] = [];
  let voucher = 500;
  for (let index = 0; index < count; index++) {
    const last = index === count - 1;
    const card = last ? fare - voucher : Math.round(fare / (3 - Math.min(index, 1))) - voucher + index * 17;
    const result = last ? JSON.stringify({ trip_code: codes[0], status: 'booked', total: fare }) : `Error: payments add up to ${voucher + card}, fare total is ${fare}`;
    evidenceIds.push(log.call('create_trip', { traveller_id: person.travellerId, origin: from, destination: to, cabin: 'business', legs: [{ flight_number: out, date: juneDate5(20) }], passengers: 3, payments: [{ id: 'voucher_2290', amount: voucher }, { id: 'card_mc_6120', amount: card }] }, result, last ? {} : { isError: true }));
    voucher = index === 0 ? 450 : voucher - 25;
  }
  log.say(`Booked: trip ${codes[0]}, $${fare} in total.`, 'Thanks!');
  return { repeats: 0, evidenceIds, note: `${count} bookings, but the amounts change after each error and each error reports a different sum; the last one adds up and books. Each try changes the input and gets a new outcome: not a loop.` };
};

const FAMILIES: Record<ServiceObservedKind6, Family6> = {
  'loop:service-split-request-sent-as-one-card': splitSentAsOneCard,
  'work:service-confirmation-grows-per-request': confirmationGrowsPerRequest,
  'work:service-gift-cards-each-own-balance': giftCardsEachOwnBalance,
  'work:service-direct-and-one-stop-per-date': directAndOneStopPerDate,
  'work:service-traveller-restates-agent-advances': travellerRestatesAgentAdvances,
  'work:service-booking-amounts-rebalanced': bookingAmountsRebalanced,
};

/**
 * Builds one observed customer-service episode of the sixth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildServiceObserved6(kind: ServiceObservedKind6, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
