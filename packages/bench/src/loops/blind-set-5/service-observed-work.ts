import type { SeededRandom } from '../../seeded-random.js';
import { workCount5, type BuiltEpisode5, type EpisodeWriter5 } from './episode-writer.js';
import { AIRPORTS_5, drawPerson5, flights5, juneDate5, openAirline5, travellerJson5, tripCodes5, tripJson5 } from './service-setting.js';

/** Customer-service non-loops seen in the real tau-bench runs (see the README for the runs and turns). */
export const SERVICE_OBSERVED_WORK_KINDS_5 = [
  'work:service-trip-scan-for-match',
  'work:service-leg-duration-sweep',
  'work:service-payment-swaps-new-errors',
  'work:service-sweep-rerun-for-new-ask',
  'work:service-user-guesses-trip',
] as const;

/** One kind of {@link SERVICE_OBSERVED_WORK_KINDS_5}. */
export type ServiceObservedWorkKind5 = (typeof SERVICE_OBSERVED_WORK_KINDS_5)[number];

/** Distinct legs: a route and a June day each. */
function drawLegs(random: SeededRandom, count: number): { from: string; to: string; day: number; flight: string }[] {
  const flights = flights5(random, count);
  const airports = random.shuffle(AIRPORTS_5);
  return flights.map((flight, index) => ({ from: airports[index]!, to: airports[(index + 1) % airports.length]!, day: 4 + index * 3, flight }));
}

/** The agent opens each of the traveller's trips in turn to find the one they mean; each is a different trip. */
function tripScan(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const codes = tripCodes5(random, count);
  const legs = drawLegs(random, count);
  const target = legs[count - 1]!;
  openAirline5(log, `I want to change my ${target.from} to ${target.to} flight, but I don't know which booking it is. I'm ${person.travellerId}.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, travellerJson5(person, codes));
  const evidenceIds = codes.map((code, index) => {
    const leg = legs[index]!;
    return log.call('get_trip', { trip_code: code }, tripJson5(code, person, leg.from, leg.to, [{ flight: leg.flight, date: juneDate5(leg.day) }]), { text: index === 0 ? 'Let me go through your trips.' : '' });
  });
  log.say(`It is trip ${codes[count - 1]}: ${target.flight} from ${target.from} to ${target.to} on June ${target.day}. What would you like to change?`, 'Move it one day later, please.');
  return { repeats: 0, evidenceIds, note: `The agent calls get_trip ${count} times in a row, but each call opens a different trip code from the profile and returns a different trip; the last is the one asked about: a scan, not a loop.` };
}

/** One flight search per leg to answer which legs are long: each search a different route and date. */
function legDurationSweep(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const legs = drawLegs(random, count);
  openAirline5(log, `Which of my upcoming flights are longer than three hours? I'd cancel those. ${person.travellerId}.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, travellerJson5(person, tripCodes5(random, 1)));
  const hours: number[] = [];
  const evidenceIds = legs.map((leg) => {
    const departs = random.int(6, 15);
    const length = random.int(1, 5);
    hours.push(length);
    return log.call('find_nonstop_flights', { origin: leg.from, destination: leg.to, date: juneDate5(leg.day) }, JSON.stringify([{ flight_number: leg.flight, departs: `${departs}:00`, arrives: `${departs + length}:00`, seats: { main: random.int(0, 9), premium: random.int(0, 4) } }]));
  });
  const long = legs.filter((_, index) => hours[index]! > 3).map((leg) => leg.flight);
  log.say(long.length > 0 ? `Longer than three hours: ${long.join(', ')}. Shall I cancel those?` : 'None of your flights is longer than three hours.', 'Thanks, let me think about it.');
  return { repeats: 0, evidenceIds, note: `The agent searches flights ${count} times back to back, but each search is a different leg (route and date) of the traveller's trips, each with its own timetable: a sweep over distinct legs, not a loop.` };
}

const ATTEMPTS = [
  { payment: 'card_visa_2231', cabin: 'main', error: 'Error: not enough seats in main on the new flight', ask: '' },
  { payment: 'gift_0042', cabin: 'premium', error: 'Error: gift balance 110 is below the fare difference', ask: 'Then premium, on my gift balance.' },
  { payment: 'voucher_7713', cabin: 'premium', error: 'Error: a voucher cannot pay for a change', ask: 'Use the voucher then.' },
  { payment: 'gift_0042+card_visa_2231', cabin: 'premium', error: 'Error: split payments need the card listed last', ask: 'Gift balance first, the rest on the card.' },
] as const;

/** The same change tried with a new payment or cabin each time, after a new error each time; the last goes through. */
function paymentSwaps(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const [code] = tripCodes5(random, 1);
  const [flight] = flights5(random, 1);
  openAirline5(log, `Please move trip ${code} to ${flight} on June 14. I'm ${person.travellerId}.`);
  const evidenceIds: string[] = [];
  const legs = [{ flight_number: flight, date: juneDate5(14) }];
  for (let index = 0; index < count - 1; index++) {
    const attempt = ATTEMPTS[index]!;
    evidenceIds.push(log.call('change_trip_flights', { trip_code: code, cabin: attempt.cabin, legs, payment_id: attempt.payment }, attempt.error, { isError: true }));
    const next = index + 1 < count - 1 ? ATTEMPTS[index + 1]!.ask : 'Just put premium on my Visa.';
    log.say(`${attempt.error.replace('Error: ', 'That did not go through: ')}. How would you like to proceed?`, next);
  }
  evidenceIds.push(log.call('change_trip_flights', { trip_code: code, cabin: 'premium', legs, payment_id: 'card_visa_2231' }, JSON.stringify({ trip_code: code, status: 'changed', cabin: 'premium', flight_number: flight })));
  log.say(`Done: trip ${code} is on ${flight}, June 14, in premium.`, 'Great, thanks.');
  return { repeats: 0, evidenceIds, note: `The agent calls change_trip_flights ${count} times for the same trip, but each time with the payment or cabin the traveller just chose after a different error; the last goes through: retries after a change, not a loop.` };
}

/** A sweep of searches run once for durations and once more for a new question (upgrade seats): each search exactly twice. */
function sweepRerunForNewAsk(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const legs = drawLegs(random, count);
  openAirline5(log, `How long are my flights this month? ${person.travellerId}.`);
  const results = legs.map((leg) => JSON.stringify([{ flight_number: leg.flight, departs: '09:00', arrives: `${10 + (leg.day % 4)}:30`, seats: { main: 4, premium: leg.day % 3 } }]));
  const search = (index: number): string => log.call('find_nonstop_flights', { origin: legs[index]!.from, destination: legs[index]!.to, date: juneDate5(legs[index]!.day) }, results[index]!);
  legs.forEach((_, index) => search(index));
  log.say(`Your ${count} flights run between 1.5 and 4.5 hours.`, 'Thanks. Now, could I be upgraded to premium on any of them?');
  const evidenceIds = legs.map((_, index) => search(index));
  const open = legs.filter((leg) => leg.day % 3 > 0).map((leg) => leg.flight);
  log.say(open.length > 0 ? `Premium has seats on ${open.join(', ')}.` : 'Premium is full on all of them.', 'Okay, thank you.');
  return { repeats: 0, borderline: true, note: `The agent runs the same ${count} searches twice — once to answer durations, once for the traveller's new question about premium seats — so each search occurs exactly twice with the same result; nothing is asked a third time: wasteful, but under the rule's 3, and each pass answers a new request. Borderline.`, evidenceIds };
}

const WRONG = ['That one is {route} — not it, I think. Is it one of the others?', 'That trip is {route}. Could it be another one?', 'No, that is {route}. Which other one might it be?', 'That is {route}, not the one you mean. Any other guess?'] as const;

/** The traveller guesses the trip code; the agent checks each guess, a different trip each time, until the right one. */
function userGuessesTrip(log: EpisodeWriter5, random: SeededRandom, count: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const codes = tripCodes5(random, count + 1);
  const legs = drawLegs(random, count);
  const target = legs[count - 1]!;
  openAirline5(log, `Hi, I'd like to upgrade my ${target.from}–${target.to} trip. ${person.travellerId}, no trip code on me.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, travellerJson5(person, codes));
  log.say(`I see ${codes.length} trips: ${codes.join(', ')}. Which one is it?`, `I think it's the first, ${codes[0]}.`);
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const leg = legs[index]!;
    evidenceIds.push(log.call('get_trip', { trip_code: codes[index]! }, tripJson5(codes[index]!, person, leg.from, leg.to, [{ flight: leg.flight, date: juneDate5(leg.day) }])));
    if (index < count - 1) log.say(WRONG[index % WRONG.length]!.replace('{route}', `${leg.from}–${leg.to}`), `Then maybe ${codes[index + 1]}?`);
  }
  log.say(`Yes, ${codes[count - 1]} is ${target.from}–${target.to}. Premium costs $140 more — shall I upgrade it?`, 'Yes please.');
  return { repeats: 0, evidenceIds, note: `The agent opens a trip and asks "is it another one?" ${count} times, but each time for a new code the traveller just guessed, and each trip differs; the last guess is right: following the user's new answers, not a loop.` };
}

/**
 * Builds one observed customer-service non-loop of the fifth blind set.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 look-alikes, 1 → 4, 2 → 3 … 5.
 * @returns What was planted.
 */
export function buildServiceObservedWork5(kind: ServiceObservedWorkKind5, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  const count = workCount5(tier, random);
  switch (kind) {
    case 'work:service-trip-scan-for-match':
      return tripScan(log, random, count);
    case 'work:service-leg-duration-sweep':
      return legDurationSweep(log, random, count);
    case 'work:service-payment-swaps-new-errors':
      return paymentSwaps(log, random, count);
    case 'work:service-sweep-rerun-for-new-ask':
      return sweepRerunForNewAsk(log, random, count);
    case 'work:service-user-guesses-trip':
      return userGuessesTrip(log, random, count);
  }
}
