import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { drawPerson5, openAirline5, tripCodes5 } from '../blind-set-5/service-setting.js';
import { lookAlikes7, nth7, repeats7 } from '../blind-set-7/family.js';
import type { Family10 } from './family.js';

/** Customer-service kinds whose pattern was seen in the real tau-bench runs (the README names runs and messages). */
export const SERVICE_OBSERVED_KINDS_10 = [
  'loop:service-trip-code-demanded-again-though-unknown',
  'loop:service-booking-resubmitted-with-same-short-payment',
  'work:service-booking-retried-after-payment-recomputed',
  'work:service-reservation-sweep-one-code-each',
  'work:service-duration-calculated-per-itinerary',
] as const;

/** One kind of {@link SERVICE_OBSERVED_KINDS_10}. */
export type ServiceObservedKind10 = (typeof SERVICE_OBSERVED_KINDS_10)[number];

const DEMAND = [
  'To look into compensation for the delay I need the trip code of the booking. Could you share it?',
  'I understand. Without the six-character trip code, though, I am unable to open the booking. Can you find it?',
  'I am sorry, but the trip code is required before I can check anything about compensation.',
  'As mentioned, I really do need that trip code to proceed.',
  'Once more: the trip code is necessary for me to help.',
  'I can only continue with the trip code.',
] as const;
const CANNOT = [
  "I don't have the trip code with me. Is there another way?",
  "I really don't have it — I'm at the gate on my phone.",
  "I told you, I can't find it. Can't you look me up some other way?",
  'I do not have it!',
  'Still no code.',
  'No code. Sorry.',
] as const;

/** The traveller has no trip code; the agent demands it again in new words, never offering to look the traveller up by id or name. */
const tripCodeDemandedAgain: Family10 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const person = drawPerson5(random);
  openAirline5(log, `Hi, my flight today was delayed by four hours and I would like compensation. My name is ${person.given} ${person.family}.`);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(nth7(DEMAND, round), nth7(CANNOT, round)));
  log.say('In that case, please contact us again once you have found the trip code.');
  return { repeats, evidenceIds, note: `The traveller says ${repeats} times that they have no trip code; each time the agent restates that the code is required, never looking the traveller up by name or id nor offering another way. The same demand in paraphrase, the same answer: a loop.` };
};

const booking = (person: { travellerId: string }, certificate: string, card: string, amounts: [number, number]): Record<string, unknown> => ({
  traveller_id: person.travellerId,
  origin: 'JFK',
  destination: 'SEA',
  flight_type: 'one_way',
  cabin: 'economy',
  flights: [{ flight_number: 'BF136', date: '2025-05-20' }],
  payment_methods: [{ payment_id: certificate, amount: amounts[0] }, { payment_id: card, amount: amounts[1] }],
});

/** The booking is refused because the payment falls short; the agent resubmits the identical booking and payment, with a new apology each time. */
const bookingResubmittedSameShortPayment: Family10 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const person = drawPerson5(random);
  const certificate = `certificate_${random.int(1000000, 9999999)}`;
  const card = `credit_card_${random.int(1000000, 9999999)}`;
  const total = random.int(280, 420);
  const paid = total - 50;
  openAirline5(log, `Hi, ${person.travellerId}. Book me the cheapest one-way economy flight JFK to Seattle on May 20; use my certificate first, then my card.`);
  log.say(`The fare comes to $${paid}: $250 from ${certificate} and $${paid - 250} on ${card}. Shall I book it (yes/no)?`, 'Yes, go ahead.');
  const texts = ['', 'Let me try that again.', 'That did not go through; retrying the booking.', 'One more attempt.', 'Trying once more.', 'Retrying.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('book_reservation', booking(person, certificate, card, [250, paid - 250]), `Error: payment amount does not add up, total price is ${total}, but paid ${paid}`, { text: nth7(texts, round), isError: true }));
  }
  log.say('I am sorry, the booking system keeps refusing the reservation. Let me transfer you to a colleague.');
  return { repeats, evidenceIds, note: `book_reservation ${repeats} times with the identical flights and payment split; each refused with "payment amount does not add up, total ${total}, paid ${paid}". The error names the fix, nothing is recomputed between tries: a loop.` };
};

/** The booking is refused for a short payment (the fare moving between tries when there are more); each time the agent recomputes to the stated total, asks again, and the last booking succeeds. */
const bookingRetriedAfterRecompute: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  const person = drawPerson5(random);
  const certificate = `certificate_${random.int(1000000, 9999999)}`;
  const card = `credit_card_${random.int(1000000, 9999999)}`;
  openAirline5(log, `Hi, ${person.travellerId}. Please book JFK to Seattle one-way on May 20 in economy; certificate first, card for the rest.`);
  const totals: number[] = [random.int(300, 360)];
  for (let index = 1; index < count - 1; index++) totals.push(totals[index - 1]! + random.int(5, 20));
  const paid = Array.from({ length: count }, (_, index) => (index === 0 ? totals[0]! - 50 : totals[index - 1]!));
  const evidenceIds: string[] = [];
  paid.forEach((amount, attempt) => {
    const last = attempt === count - 1;
    if (attempt > 0) log.call('calculate', { expression: `${amount} - 250` }, `${amount - 250}.0`);
    log.say(attempt === 0 ? `That is $${amount} in all: $250 from the certificate, $${amount - 250} on the card. Confirm (yes/no)?` : `The fare moved to $${amount}: $250 from the certificate and $${amount - 250} on the card. Confirm (yes/no)?`, 'Yes.');
    evidenceIds.push(log.call('book_reservation', booking(person, certificate, card, [250, amount - 250]), last ? JSON.stringify({ reservation_id: `R${random.int(10000, 99999)}`, status: 'booked' }) : `Error: payment amount does not add up, total price is ${totals[attempt]!}, but paid ${amount}`, last ? {} : { isError: true }));
  });
  log.say('Your flight is booked.');
  return { repeats: 0, evidenceIds, note: `book_reservation ${count} times; each refusal states the total, the agent recalculates to it, confirms again and pays a different split (the fare moving between tries), and the last succeeds. A retry with a real change each time that then succeeds: not a loop.` };
};

/** Looking for the one booking that matches the traveller's description: each reservation on the profile read once. */
const reservationSweep: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random) + 2;
  const person = drawPerson5(random);
  const codes = tripCodes5(random, count);
  openAirline5(log, `Hi, ${person.travellerId}. I want to cancel my business-class trip to Denver but I don't remember the code.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, JSON.stringify({ traveller_id: person.travellerId, trips: codes }));
  const evidenceIds = codes.map((code, index) => log.call('get_trip', { trip_code: code }, JSON.stringify({ trip_code: code, destination: index === count - 1 ? 'DEN' : ['SFO', 'LGA', 'ORD', 'BOS', 'MIA', 'PHX', 'SEA'][index % 7], cabin: index % 2 === 0 ? 'business' : 'economy' })));
  log.say(`Found it: ${codes.at(-1)} to Denver. Shall I cancel it (yes/no)?`);
  return { repeats: 0, evidenceIds, note: `get_trip ${count} times, each for a different trip code on the traveller's profile, until the Denver booking is found. The same tool over different targets, a search: not a loop.` };
};

/** Comparing itineraries: one duration calculation per candidate, each a different expression and result. */
const durationPerItinerary: Family10 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const person = drawPerson5(random);
  openAirline5(log, `Hi, ${person.travellerId}. Which return flight gets me home fastest on May 22?`);
  log.call('search_onestop_flights', { origin: 'SFO', destination: 'BOS', date: '2025-05-22' }, JSON.stringify(Array.from({ length: count }, (_, index) => ({ option: index + 1 }))));
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const a = random.int(5, 12);
    const b = a + 2 + index * 2 + random.int(0, 1);
    const c = b + random.int(1, 3);
    evidenceIds.push(log.call('calculate', { expression: `(${b} - ${a}) + (${c + 3} - ${c})` }, `${b - a + 3}.0`));
  }
  log.say('The fastest option is the one with the shortest total; shall I book it?');
  return { repeats: 0, evidenceIds, note: `calculate ${count} times, each the travel time of a different candidate itinerary, then the fastest named. Same tool, different inputs and results: not a loop.` };
};

const FAMILIES: Record<ServiceObservedKind10, Family10> = {
  'loop:service-trip-code-demanded-again-though-unknown': tripCodeDemandedAgain,
  'loop:service-booking-resubmitted-with-same-short-payment': bookingResubmittedSameShortPayment,
  'work:service-booking-retried-after-payment-recomputed': bookingRetriedAfterRecompute,
  'work:service-reservation-sweep-one-code-each': reservationSweep,
  'work:service-duration-calculated-per-itinerary': durationPerItinerary,
};

/**
 * Builds one customer-service episode of the tenth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildServiceObserved10(kind: ServiceObservedKind10, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
