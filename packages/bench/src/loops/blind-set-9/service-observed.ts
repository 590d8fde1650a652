import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { AIRPORTS_5, drawPerson5, flights5, openAirline5, tripCodes5 } from '../blind-set-5/service-setting.js';
import { lookAlikes7, nth7, repeats7 } from '../blind-set-7/family.js';
import type { Family9 } from './family.js';

/** Customer-service kinds whose pattern was seen in the real tau-bench runs (the README names runs and messages). */
export const SERVICE_OBSERVED_KINDS_9 = ['loop:service-no-cancellation-restated-as-traveller-insists', 'work:service-direct-search-per-candidate-airport', 'work:service-cancel-ritual-per-booking'] as const;

/** One kind of {@link SERVICE_OBSERVED_KINDS_9}. */
export type ServiceObservedKind9 = (typeof SERVICE_OBSERVED_KINDS_9)[number];

const RESTATED = [
  'I have looked through all your trips, and none of their flights was cancelled by Bluefin this month, so I cannot offer compensation for a cancellation.',
  'I understand. Let me double-check… I have gone over your trips again, and there is no cancelled flight among them.',
  'I am sorry, but our records show no flight of yours that the airline cancelled, so there is nothing to compensate.',
  'I hear you. Checking once more: every one of your flights this month operated as scheduled.',
  'As I mentioned, none of your bookings has an airline cancellation on file.',
  'I have to repeat what I found: there is no cancelled flight on your record.',
] as const;
const INSIST = [
  'That cannot be right. My flight was definitely cancelled earlier this month. Can you double-check?',
  'I am certain it was cancelled — I spent the night at the airport. Please look again.',
  'Please, check one more time, it was cancelled!',
  'I know what happened. Look again, please.',
  'It was cancelled. Look again.',
  'Still sure? Check again.',
] as const;

/** The traveller insists a flight was cancelled; the agent restates "no cancellation on record" in new words, never looking anything new up. */
const noCancellationRestated: Family9 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const person = drawPerson5(random);
  const codes = tripCodes5(random, 3);
  openAirline5(log, `Hi, ${person.travellerId} here. A flight of mine was cancelled earlier this month and I want compensation. I don't have the trip code.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, JSON.stringify({ traveller_id: person.travellerId, name: `${person.given} ${person.family}`, tier: 'regular', trips: codes }));
  for (const code of codes) log.call('get_trip', { trip_code: code }, JSON.stringify({ trip_code: code, status: 'flown', legs: [{ flight_number: `BF${random.int(100, 899)}`, status: 'landed' }] }));
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(nth7(RESTATED, round), nth7(INSIST, round)));
  log.say('I cannot find it, so I will hand you over to a colleague who can look at older records.');
  return { repeats, evidenceIds, note: `After reading the traveller's trips once, the agent restates "no cancelled flight on your record" ${repeats} times in new words (one of them announcing a double-check that makes no call) while the traveller insists; nothing is looked up or offered between. The same refusal restated without progress: a loop.` };
};

/** The cheapest direct flight to "anywhere on the coast": the same search tool over each candidate airport, then the return. */
const directSearchPerCandidateAirport: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const person = drawPerson5(random);
  const [home, ...rest] = random.shuffle(AIRPORTS_5);
  const candidates = rest.slice(0, count);
  const numbers = flights5(random, count);
  openAirline5(log, `Hello, ${person.travellerId}. Find me the cheapest direct flight from ${home} on June 20 to any of ${candidates.join(', ')} — I don't mind which.`);
  const evidenceIds: string[] = [];
  const fares: number[] = [];
  candidates.forEach((to, index) => {
    const empty = index === 1;
    const fare = random.int(140, 420);
    if (!empty) fares.push(fare);
    evidenceIds.push(log.call('search_direct_flights', { origin: home, destination: to, date: '2025-06-20' }, empty ? '[]' : JSON.stringify([{ flight_number: numbers[index], origin: home, destination: to, depart: `${String(random.int(6, 20)).padStart(2, '0')}:00`, prices: { basic_saver: fare, main: fare + 90 } }])));
  });
  log.say(`The cheapest direct flight is $${Math.min(...fares)} in basic saver. Shall I book it?`);
  return { repeats: 0, evidenceIds, note: `search_direct_flights ${count} times, each for a different destination airport the traveller allowed (one with no direct flight), then the cheapest reported. The same tool over different targets, systematic: not a loop.` };
};

/** For each booking the traveller cancels: the reason asked, the trip read, a yes obtained, the cancellation made — the same ritual, a different booking. */
const cancelRitualPerBooking: Family9 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const person = drawPerson5(random);
  const codes = tripCodes5(random, count);
  openAirline5(log, `Hi, I'm ${person.travellerId}. I need to cancel some trips: ${codes[0]} first.`);
  const evidenceIds: string[] = [];
  codes.forEach((code, index) => {
    if (index > 0) log.user(`Thanks! Please cancel ${code} as well.`);
    log.say(`Could you tell me the reason for cancelling ${code}: change of plan, airline cancelled, or other?`, 'Change of plan.');
    log.call('get_trip', { trip_code: code }, JSON.stringify({ trip_code: code, traveller_id: person.travellerId, cabin: index % 2 === 0 ? 'main' : 'business', created: `2025-05-${String(10 + index).padStart(2, '0')}`, insurance: index % 2 === 1 }));
    log.say(`Trip ${code} can be cancelled with a full refund to the original payment. Shall I go ahead (yes/no)?`, 'Yes.');
    evidenceIds.push(log.call('cancel_trip', { trip_code: code, reason: 'change_of_plan' }, JSON.stringify({ trip_code: code, status: 'cancelled', refund_id: `RF${random.int(10000, 99999)}` })));
    log.say(`Trip ${code} is cancelled; the refund will reach you in 5 to 7 business days.`);
  });
  log.user('That is everything, thanks! ###STOP###');
  return { repeats: 0, evidenceIds, note: `The same cancellation ritual (reason, read, confirm, cancel) ${count} times, each for a different trip code the traveller names in turn; every cancellation succeeds. Repeated procedure over different targets: not a loop.` };
};

const FAMILIES: Record<ServiceObservedKind9, Family9> = {
  'loop:service-no-cancellation-restated-as-traveller-insists': noCancellationRestated,
  'work:service-direct-search-per-candidate-airport': directSearchPerCandidateAirport,
  'work:service-cancel-ritual-per-booking': cancelRitualPerBooking,
};

/**
 * Builds one customer-service episode of the ninth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildServiceObserved9(kind: ServiceObservedKind9, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
