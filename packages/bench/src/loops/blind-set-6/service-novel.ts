import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { drawPerson5, openAirline5, openRetail5, order5, tripCode5 } from '../blind-set-5/service-setting.js';
import { lookAlikes6, nth6, repeats6, type Family6 } from './family.js';

/** Customer-service kinds invented for the sixth blind set. */
export const SERVICE_NOVEL_KINDS_6 = [
  'loop:service-italian-promise-restated',
  'loop:service-seat-map-refetched-same-offer',
  'loop:service-handover-summary-reworded',
  'work:service-bag-added-per-passenger',
  'work:service-pin-check-before-each-write',
  'work:service-queue-position-falls',
] as const;

/** One kind of {@link SERVICE_NOVEL_KINDS_6}. */
export type ServiceNovelKind6 = (typeof SERVICE_NOVEL_KINDS_6)[number];

const PROMISES = [
  'Sto controllando lo stato del suo rimborso, mi dia solo un attimo.',
  'Sto verificando il rimborso adesso, un momento per favore.',
  'Un attimo ancora: sto controllando lo stato del rimborso.',
  'Sto ancora verificando il suo rimborso, mi scusi per l\'attesa.',
  'Mi dia un altro momento, sto controllando il rimborso.',
  'Sto verificando, un attimo.',
] as const;
const NUDGES = ['Va bene, aspetto.', 'Allora? Ci sono novità?', 'È passato un po\'... allora?', 'Ancora niente?', 'Sto ancora aspettando.', 'Pronto?'] as const;

/** An Italian customer waits while the agent restates, in new words, that it is checking — and checks nothing. */
const italianPromiseRestated: Family6 = (log, random, tier) => {
  const repeats = repeats6(tier, random);
  const person = drawPerson5(random);
  const order = order5(random);
  openRetail5(log, `Buongiorno, sono ${person.given} ${person.family} (${person.email}). Ho restituito l'ordine ${order} due settimane fa e non ho ancora ricevuto il rimborso.`);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(nth6(PROMISES, round), nth6(NUDGES, round)));
  log.call('get_refund', { order_id: order }, JSON.stringify({ order_id: order, refund: { status: 'sent', amount: random.int(40, 180), sent_on: '2025-06-11' } }));
  log.say('Il rimborso è stato inviato l\'11 giugno; dovrebbe arrivare entro cinque giorni lavorativi.', 'Grazie.');
  return { repeats, evidenceIds, note: `The agent says ${repeats} times, in new Italian words, that it is checking the refund, while making no call and learning nothing; the customer's nudges add nothing new. The same content restated: a loop.` };
};

/** Fetch the seat map, offer the same aisle seats, hear "window please", fetch the same map again. */
const seatMapRefetchedSameOffer: Family6 = (log, random, tier) => {
  const repeats = repeats6(tier, random, 5);
  const person = drawPerson5(random);
  const code = tripCode5(random);
  const flight = `BF${random.int(100, 899)}`;
  const row = random.int(11, 29);
  openAirline5(log, `Hi, ${person.travellerId}. Can I get a window seat on my flight ${flight}, trip ${code}?`);
  const map = JSON.stringify({ flight_number: flight, free: [`${row}C`, `${row}D`, `${row + 2}C`], window_free: [] });
  const offer = `I can offer ${row}C, ${row}D or ${row + 2}C on ${flight}. Which would you like?`;
  const pushback = ['Those are aisle and middle seats. I asked for a window.', 'None of those is a window seat.', 'Window, please — not aisle.', 'Again, a window seat.', 'Is there really no window seat?'] as const;
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('get_seat_map', { flight_number: flight, trip_code: code }, map));
    log.say(offer, nth6(pushback, round));
  }
  log.say('I am sorry — there are no window seats left on this flight.', 'Okay, thanks anyway.');
  return { repeats, evidenceIds, note: `A two-step round (fetch the seat map, offer the same three non-window seats) runs ${repeats} times; the map is identical every time and the traveller's "window, please" is never acted on: a cycle with no progress, a loop.` };
};

const SUMMARIES = [
  (code: string): string => `Customer wants a refund on trip ${code}; outside my tools.`,
  (code: string): string => `Refund request for trip ${code} — needs a human agent.`,
  (code: string): string => `Trip ${code}: traveller asks for a refund, policy requires a human.`,
  (code: string): string => `Please take over: refund on ${code}.`,
  (code: string): string => `Handover — ${code} refund.`,
  (code: string): string => `${code}: refund, human needed.`,
] as const;

/** The handover queue is closed; the agent rewrites its summary and resends, getting the same refusal. */
const handoverSummaryReworded: Family6 = (log, random, tier) => {
  const repeats = repeats6(tier, random);
  const person = drawPerson5(random);
  const code = tripCode5(random);
  openAirline5(log, `I need a refund on trip ${code} — the airline cancelled my connection. ${person.travellerId}.`);
  log.say('A refund for a cancelled connection has to be handled by a colleague. I will hand you over now.', 'Okay, thank you.');
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('handover_to_human', { summary: nth6(SUMMARIES, round)(code) }, 'Error: queue TRAVEL_DESK is closed (opens 08:00); handover not accepted'));
  }
  log.say('Our refund desk opens at 08:00. Please write back then and we will hand you over straight away.', 'Fine.');
  return { repeats, evidenceIds, borderline: true, note: `The agent resends the handover ${repeats} times, only rewording its summary, and gets the same "queue is closed" refusal each time; nothing in the world or the request changes. The arguments differ, so this is borderline at every length, but it is the same question with the same answer: a loop.` };
};

/** The same bag call for each passenger on the trip: same tool, same success, a different passenger each time. */
const bagAddedPerPassenger: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random);
  const person = drawPerson5(random);
  const code = tripCode5(random);
  const passengers = Array.from({ length: count }, (_, index) => `pax_${code.toLowerCase()}_${index + 1}`);
  openAirline5(log, `Please add one checked bag for every passenger on trip ${code} — there are ${count} of us. ${person.travellerId}.`);
  log.say(`One bag each for ${count} passengers, $35 per bag on your card on file: $${35 * count}. Shall I add them?`, 'Yes.');
  const evidenceIds = passengers.map((passenger) => log.call('add_checked_bag', { trip_code: code, passenger_id: passenger, bags: 1 }, JSON.stringify({ status: 'added', bags: 1, charged: 35 })));
  log.say(`All ${count} bags are added.`, 'Thanks.');
  return { repeats: 0, evidenceIds, note: `${count} add-bag calls with the same success, but each for a different passenger of the trip, as the traveller asked: every call does new work. Not a loop.` };
};

/** The desk's protocol demands a fresh PIN check before each write; the same check precedes each different write. */
const pinCheckBeforeEachWrite: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random, 4);
  const person = drawPerson5(random);
  const orders = Array.from({ length: count }, () => order5(random));
  log.system('# Larkspur Outfitters secure desk\nBefore EVERY write (cancel, refund, address change) call verify_pin for the customer again, even if it was verified a moment ago (audit requirement). Confirm each write with the customer.');
  log.user(`Hi, ${person.email}, PIN 4471. Please cancel orders ${orders.join(', ')} — all of them.`);
  const evidenceIds: string[] = [];
  for (const order of orders) {
    evidenceIds.push(log.call('verify_pin', { email: person.email, pin: '4471' }, JSON.stringify({ verified: true })));
    log.call('cancel_order', { order_id: order, reason: 'customer request' }, JSON.stringify({ order_id: order, status: 'cancelled' }));
  }
  log.say(`All ${count} orders are cancelled.`, 'Great, thank you.');
  return { repeats: 0, evidenceIds, borderline: true, note: `The identical PIN check runs ${count} times with the identical answer — the exact form of a loop — but the desk's protocol requires it before every write, and each is followed by a different cancellation. Required and progressing: not a loop (borderline by design).` };
};

/** Waiting for a human: the queue position is polled and falls each time until the customer is connected. */
const queuePositionFalls: Family6 = (log, random, tier) => {
  const count = lookAlikes6(tier, random);
  const person = drawPerson5(random);
  const order = order5(random);
  openRetail5(log, `I need a person about a damaged delivery, order ${order}. ${person.email}.`);
  log.call('handover_to_human', { summary: `Damaged delivery on ${order}.` }, JSON.stringify({ ticket: `HQ-${random.int(1000, 9999)}`, position: count + 2 }));
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const position = count - index - 1;
    evidenceIds.push(log.call('get_queue_position', { order_id: order }, JSON.stringify(position === 0 ? { position: 0, status: 'connected' } : { position, status: 'waiting' })));
    if (position > 0) log.say(`You are number ${position} in the queue now.`, 'Okay, still here.');
  }
  log.say('You are connected to a colleague now.', 'Thanks.');
  return { repeats: 0, evidenceIds, note: `${count} identical queue polls, but the position falls every time and the last one connects: each poll learns something new. Not a loop.` };
};

const FAMILIES: Record<ServiceNovelKind6, Family6> = {
  'loop:service-italian-promise-restated': italianPromiseRestated,
  'loop:service-seat-map-refetched-same-offer': seatMapRefetchedSameOffer,
  'loop:service-handover-summary-reworded': handoverSummaryReworded,
  'work:service-bag-added-per-passenger': bagAddedPerPassenger,
  'work:service-pin-check-before-each-write': pinCheckBeforeEachWrite,
  'work:service-queue-position-falls': queuePositionFalls,
};

/**
 * Builds one novel customer-service episode of the sixth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildServiceNovel6(kind: ServiceNovelKind6, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
