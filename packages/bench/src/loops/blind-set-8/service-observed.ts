import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { drawPerson5, openAirline5, tripCode5 } from '../blind-set-5/service-setting.js';
import { lookAlikes7, nth7, repeats7 } from '../blind-set-7/family.js';
import type { Family8 } from './family.js';

/** Customer-service kinds whose pattern was seen in the real tau-bench runs (the README names runs and messages). */
export const SERVICE_OBSERVED_KINDS_8 = ['loop:service-farewell-ping-pong', 'loop:service-identical-sum-for-each-new-variant', 'work:service-traveller-id-asked-for-each-new-request'] as const;

/** One kind of {@link SERVICE_OBSERVED_KINDS_8}. */
export type ServiceObservedKind8 = (typeof SERVICE_OBSERVED_KINDS_8)[number];

const FAREWELLS = [
  "You're welcome! Whenever you have the trip code, just write back and I'll take care of the change. Have a lovely day!",
  'My pleasure! I will be right here once you have found the code. Enjoy the rest of your day!',
  'Thank you as well! Reach out any time you are ready, and we will sort out the change together. Take care!',
  'Of course! I am here whenever you need me. Have a wonderful day!',
  'Thanks again! Looking forward to hearing from you. Goodbye for now!',
  'You too! Take care, and have a great day!',
] as const;
const THANKS = ['Thanks so much, I will look for it tonight.', 'Great, thank you! Have a good one.', 'Thanks, you too!', 'Appreciate it, bye!', 'Thank you, talk soon!', 'Cheers, bye now!', 'Thanks again!'] as const;

/** The traveller will come back later; the agent and the traveller exchange goodbyes round after round, nothing else happening. */
const farewellPingPong: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const person = drawPerson5(random);
  openAirline5(log, `Hi, this is ${person.given}. I want to move my flight to Friday, but I can't find my trip code right now.`);
  log.say(`I can help with that. To look the trip up I need your traveller id or the trip code. Could you share one of them?`, `My traveller id is ${person.travellerId}, but I'd rather sort it out once I have the code in front of me. I'll come back later.`);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(nth7(FAREWELLS, round), nth7(THANKS, round)));
  log.say('Goodbye!', '###STOP###');
  return { repeats, evidenceIds, note: `After the traveller defers the change, the agent says goodbye ${repeats} times in new words (welcome, I'll be here, have a great day), each answered by another thank-you; nothing is asked, offered or done between them. The same content restated with no progress: a loop.` };
};

/** The traveller asks about a cheaper variant each turn; the agent sends the identical calculation each time and reports the same figure. */
const identicalSumForEachNewVariant: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const person = drawPerson5(random);
  const code = tripCode5(random);
  const [a, b, c, d] = [random.int(380, 460), random.int(180, 240), random.int(110, 150), random.int(120, 160)];
  const [e, f] = [random.int(120, 160), random.int(100, 130)];
  const expression = `(${a} + ${b} + ${e} + ${f}) * 2 - (${c} + ${d} + ${e} + ${f}) * 2`;
  const total = (a + b + e + f) * 2 - (c + d + e + f) * 2;
  const budget = Math.floor(total / 100) * 100;
  openAirline5(log, `Hello, ${person.travellerId} here, trip ${code}. I want to upgrade to business for two of us, but only if the difference stays under $${budget}.`);
  log.call('get_trip', { trip_code: code }, JSON.stringify({ trip_code: code, traveller_id: person.travellerId, cabin: 'economy', passengers: 2, legs: [{ flight_number: `BF${random.int(100, 999)}`, date: '2026-06-12' }, { flight_number: `BF${random.int(100, 999)}`, date: '2026-06-19' }] }));
  const questions = [
    'What would both legs in business come to?',
    'And if we upgrade only the outbound leg?',
    'What if only one of us upgrades, both legs?',
    'Could we do just the return leg in business, then?',
    'What about one person, outbound only?',
    'And one person, return only?',
  ];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    log.user(nth7(questions, round));
    evidenceIds.push(log.call('calculate', { expression }, `${total}.0`));
    log.say(`${round === 0 ? 'Upgrading' : 'That option'} would come to $${total}, which is above your budget of $${budget}. Would you like to proceed or look at other options?`);
  }
  log.user(`You keep giving me the same number. I'll call back.`);
  log.say('I apologise for the confusion. Please call back any time.');
  return { repeats, evidenceIds, borderline: true, note: `The traveller asks about ${repeats} different upgrade variants; each time the agent sends the identical calculate call (both legs, both passengers) and answers $${total}. The agent's action and outcome repeat with nothing it does differently, so labelled a loop; borderline at every length because each repeat answers a new user question.` };
};

const REQUESTS = [
  ['change the return to a day earlier', 'to change a trip'],
  ['add two checked bags', 'to add bags'],
  ['upgrade my seat to business', 'to upgrade a cabin'],
  ['add my daughter as a passenger', 'to change passengers'],
  ['switch the outbound to the nonstop', 'to change a flight'],
] as const;

/** The traveller has no traveller id and raises a new request each turn; each time the agent says the id is needed for that request. */
const travellerIdAskedForEachNewRequest: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const code = tripCode5(random);
  openAirline5(log, `Hi! I have some changes for trip ${code}, but I don't have my traveller id with me.`);
  const evidenceIds: string[] = [];
  const order = random.shuffle([...REQUESTS]).slice(0, count);
  for (const [index, [request, purpose]] of order.entries()) {
    log.user(index === 0 ? `First, I'd like to ${request}.` : `Okay. Separately, I also want to ${request}.`);
    evidenceIds.push(log.say(`To ${request.split(' ')[0]} anything on trip ${code} I need your traveller id first — it is required ${purpose}. Could you find it?`));
  }
  log.user(`Found it! It's ${drawPerson5(random).travellerId}.`);
  log.call('get_trip', { trip_code: code }, JSON.stringify({ trip_code: code, status: 'confirmed', cabin: 'economy' }));
  log.say(`Thank you. I have trip ${code} open; let's go through your ${count} requests one by one.`);
  return { repeats: 0, borderline: true, evidenceIds, note: `The agent says "I need your traveller id" ${count} times, but each time to a different new request (${order.map(([request]) => request).join('; ')}); the conversation moves on and the id, once given, unlocks them all. Not a loop; borderline because the same content is restated 3+ times while the traveller stays without the id.` };
};

const FAMILIES: Record<ServiceObservedKind8, Family8> = {
  'loop:service-farewell-ping-pong': farewellPingPong,
  'loop:service-identical-sum-for-each-new-variant': identicalSumForEachNewVariant,
  'work:service-traveller-id-asked-for-each-new-request': travellerIdAskedForEachNewRequest,
};

/**
 * Builds one customer-service episode of the eighth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildServiceObserved8(kind: ServiceObservedKind8, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
