import type { SeededRandom } from '../../seeded-random.js';
import { loopRepeats5, type BuiltEpisode5, type EpisodeWriter5 } from './episode-writer.js';
import { drawPerson5, flights5, juneDate5, openAirline5, route5, travellerJson5, tripCode5, tripJson5 } from './service-setting.js';

/** Customer-service loops seen in the real tau-bench runs (see the README for the runs and turns). */
export const SERVICE_OBSERVED_LOOP_KINDS_5 = ['loop:service-stale-payload-despite-corrections', 'loop:service-think-then-same-booking', 'loop:service-reask-code-user-lacks'] as const;

/** One kind of {@link SERVICE_OBSERVED_LOOP_KINDS_5}. */
export type ServiceObservedLoopKind5 = (typeof SERVICE_OBSERVED_LOOP_KINDS_5)[number];

const CORRECTIONS = [
  'No, I only want the return leg changed. The outbound is already flown.',
  'You keep touching my outbound flight. It is only the way back I want to move.',
  'Please leave the first flight alone — just the return, to the one we picked.',
  'Again: the outbound is done. Change only the return leg.',
  'I think you are still sending the old outbound. Only the return, please.',
  'It is just the return flight. Nothing else.',
  'Only the return. Please.',
] as const;

/** The same change request, carrying a stale outbound leg, resent after every correction and failing the same way. */
function stalePayload(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const code = tripCode5(random);
  const [from, to] = route5(random);
  const [outbound, oldBack, newBack] = flights5(random, 3);
  openAirline5(log, `Hi, I need to move my return flight to an earlier one. Traveller ${person.travellerId}, trip ${code}.`);
  log.call('get_trip', { trip_code: code }, tripJson5(code, person, from, to, [{ flight: outbound!, date: juneDate5(3) }, { flight: oldBack!, date: juneDate5(9) }]));
  log.say(`Your return is ${oldBack} on June 9. ${newBack} leaves the same day at 07:40 — shall I move you to it, paid with your card on file?`, 'Yes, please do that.');
  const args = { trip_code: code, cabin: 'main', legs: [{ flight_number: outbound, date: juneDate5(3) }, { flight_number: newBack, date: juneDate5(9) }], payment_id: 'card_visa_2231' };
  const error = `Error: flight ${outbound} is not bookable on ${juneDate5(3)} (departed)`;
  const replies = [
    `The system says ${outbound} on June 3 cannot be booked. Would you like me to look at other outbound options?`,
    'It is still refusing the outbound leg. Let me try once more.',
    'The change is blocked by the outbound segment again.',
    'Still the same problem with the first leg, I am afraid.',
    'The outbound leg is rejected again.',
    'Same rejection on the outbound.',
    'It failed again on the outbound.',
  ];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('change_trip_flights', args, error, { isError: true, text: round === 0 ? 'Changing the return now.' : '' }));
    log.say(replies[round]!, CORRECTIONS[round]!);
  }
  log.call('change_trip_flights', { ...args, legs: [{ flight_number: newBack, date: juneDate5(9) }] }, JSON.stringify({ trip_code: code, status: 'changed', legs: [{ flight_number: newBack, date: juneDate5(9) }] }));
  log.say(`Done — your return is now ${newBack} on June 9.`, 'Finally. Thanks.');
  return { repeats, evidenceIds, note: `The agent sends the identical change request (still carrying the flown outbound leg ${outbound}) ${repeats} times and gets the identical error each time; the traveller corrects it after each failure but the agent changes nothing until the very end: the same call, the same outcome, a loop.` };
}

const THOUGHTS = [
  'The total does not match. Maybe I should double-check the legs before retrying.',
  'The error persists. Perhaps the fare changed; I will submit the booking again.',
  'Still mismatched. The booking details look right to me, so I will retry.',
  'Same error. I believe the payment split is correct; retrying.',
  'The amounts should add up. One more attempt.',
  'I will try the booking once more.',
  'Retrying the booking.',
] as const;

/** Book → private note → the same booking, failing with the same payment mismatch each time. */
function thinkThenSameBooking(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const [from, to] = route5(random);
  const [out, back] = flights5(random, 2);
  const fare = random.int(900, 1700);
  const paid = fare - random.int(200, 600);
  openAirline5(log, `I want a round trip ${from} to ${to}, premium cabin, out June 12 back June 16. Pay with my voucher first, the rest on my card. I'm ${person.travellerId}.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, travellerJson5(person, [], ['voucher_5510', 'card_mc_7781']));
  log.say(`Flights ${out} and ${back}, premium, $${fare} in total: $300 from your voucher and the rest on your Mastercard. Shall I book it?`, 'Yes, book it.');
  const args = { traveller_id: person.travellerId, origin: from, destination: to, cabin: 'premium', legs: [{ flight_number: out, date: juneDate5(12) }, { flight_number: back, date: juneDate5(16) }], payments: [{ id: 'voucher_5510', amount: 300 }, { id: 'card_mc_7781', amount: paid - 300 }] };
  const error = `Error: payments add up to ${paid}, fare total is ${fare}`;
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('create_trip', args, error, { isError: true }));
    log.call('note_to_self', { thought: THOUGHTS[round]! }, '');
  }
  log.call('handover_to_human', { summary: `Round trip ${from}-${to} for ${person.travellerId} keeps failing with a payment mismatch.` }, 'Handover accepted.');
  log.say('I have passed your booking to a colleague who will finish it shortly.', 'Okay.');
  return { repeats, evidenceIds, note: `The agent submits the identical booking ${repeats} times and gets the identical "payments add up to ${paid}" error; between tries it only writes itself a note (worded differently each time) and never changes the amounts: the same call with the same outcome, a loop.` };
}

const ASKS = [
  'Could you give me your trip code so I can pull up the booking?',
  'To change it I will need the six-character trip code. Do you have it?',
  'Could you check for the trip code? It is on the confirmation.',
  'I do need the trip code to go further — can you find it?',
  'Would you be able to look for the trip code once more?',
  'Without the trip code I cannot open the trip. Could you find it?',
  'Can you send me the trip code?',
] as const;
const LACKS = [
  'I don\'t have it, sorry. I told you my traveller id though.',
  'No, I really don\'t have the code with me.',
  'I can\'t find it. Isn\'t my traveller id enough?',
  'Still no code, I\'m travelling and can\'t reach my email.',
  'I don\'t have it. I have given you my id.',
  'No code. Sorry.',
  'I don\'t have it.',
] as const;

/** The agent asks again and again for the trip code the traveller has said they do not have. */
function reaskCodeUserLacks(log: EpisodeWriter5, random: SeededRandom, repeats: number): BuiltEpisode5 {
  const person = drawPerson5(random);
  const code = tripCode5(random);
  openAirline5(log, `Hello, I need to add a checked bag to my trip next week. My traveller id is ${person.travellerId}; I don't have the trip code with me.`);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(ASKS[round]!, LACKS[round]!));
  log.call('get_traveller', { traveller_id: person.travellerId }, travellerJson5(person, [code]));
  log.say(`I found it from your profile: trip ${code}. Adding one checked bag costs $35 — shall I add it?`, 'Yes, go ahead.');
  return { repeats, evidenceIds, note: `The traveller said in the first turn that they have no trip code and gave their traveller id; the agent asks for the code ${repeats} times in new words, learns nothing new each time, and only then looks the profile up: the same question to the user, a loop.` };
}

/**
 * Builds one observed customer-service loop of the fifth blind set.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildServiceObservedLoop5(kind: ServiceObservedLoopKind5, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  switch (kind) {
    case 'loop:service-stale-payload-despite-corrections':
      return stalePayload(log, random, loopRepeats5(tier, random));
    case 'loop:service-think-then-same-booking':
      return thinkThenSameBooking(log, random, loopRepeats5(tier, random));
    case 'loop:service-reask-code-user-lacks':
      return reaskCodeUserLacks(log, random, loopRepeats5(tier, random));
  }
}
