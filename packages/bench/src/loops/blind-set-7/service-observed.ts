import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { drawPerson5, flights5, juneDate5, openAirline5, route5, travellerJson5, tripCode5, tripCodes5, tripJson5 } from '../blind-set-5/service-setting.js';
import { lookAlikes7, nth7, repeats7, type Family7 } from './family.js';

/** Customer-service kinds whose pattern was seen in the real tau-bench runs (the README names runs and messages). */
export const SERVICE_OBSERVED_KINDS_7 = [
  'loop:service-write-echoes-old-cabin',
  'work:service-downgrade-each-reservation',
  'work:service-balance-recomputed-after-each-change',
  'work:service-french-traveller-cancels-eligible',
] as const;

/** One kind of {@link SERVICE_OBSERVED_KINDS_7}. */
export type ServiceObservedKind7 = (typeof SERVICE_OBSERVED_KINDS_7)[number];

const RESEND_TEXT = [
  'The record that came back still says business. Sending the downgrade again.',
  'Still business on the confirmation; the system may not have taken it. Once more.',
  'The reply shows the old cabin again. Resubmitting.',
  'It keeps echoing business. One more try with the same details.',
  'Again business in the answer. Trying again.',
  'Same answer. Retrying the downgrade.',
] as const;

/** A downgrade "succeeds" but the returned record still shows the old cabin; the agent resends the identical write. */
const writeEchoesOldCabin: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const person = drawPerson5(random);
  const code = tripCode5(random);
  const [from, to] = route5(random);
  const [out, back] = flights5(random, 2);
  const legs = [{ flight: out!, date: juneDate5(random.int(10, 14)) }, { flight: back!, date: juneDate5(random.int(20, 26)) }];
  openAirline5(log, `Hello, ${person.travellerId}. Please move trip ${code} from business down to main cabin and refund the difference to my card.`);
  log.call('get_trip', { trip_code: code }, tripJson5(code, person, from, to, legs, 'business'));
  log.say(`Trip ${code} (${from}–${to}) is in business. I can move both flights to main and refund the difference to card_visa_2231. Shall I go ahead?`, 'Yes please.');
  const args = { trip_code: code, cabin: 'main', legs: legs.map((leg) => ({ flight_number: leg.flight, date: leg.date })), payment_id: 'card_visa_2231' };
  const echo = JSON.stringify({ trip_code: code, status: 'changed', cabin: 'business', legs: args.legs, refund: 0 });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('change_trip_flights', args, echo, { text: round === 0 ? 'Making the change now.' : nth7(RESEND_TEXT, round - 1) }));
  }
  log.call('handover_to_human', { summary: `Downgrade of ${code} to main reports success but the trip stays in business; no refund issued.` }, 'Handover queued.');
  log.say('I am sorry — the system confirms the change but the trip still shows business. A colleague will finish it and issue the refund.', 'Okay, thanks.');
  return { repeats, evidenceIds, note: `The downgrade of ${code} answers "changed" but with the cabin still business and no refund; the agent resends the identical write ${repeats} times and gets the identical "success" each time. Successful calls included, nothing changes between them: a loop.` };
};

/** One downgrade per reservation, as the traveller asked for all of them. */
const downgradeEachReservation: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const person = drawPerson5(random);
  const codes = tripCodes5(random, count);
  openAirline5(log, `Hi, ${person.travellerId}. Money is tight — please put every business trip I have down to main and refund the difference to whatever I paid with.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, travellerJson5(person, codes, ['card_visa_2231', 'gift_5120']));
  log.say(`You have ${count} trips in business: ${codes.join(', ')}. Moving all of them to main refunds the fare difference to the original payment. Shall I do all ${count}?`, 'Yes, all of them.');
  const evidenceIds: string[] = [];
  for (const code of codes) {
    const [out] = flights5(random, 1);
    const leg = { flight_number: out!, date: juneDate5(random.int(8, 28)) };
    const refund = random.int(180, 1400);
    const payment = random.chance(0.5) ? 'card_visa_2231' : 'gift_5120';
    evidenceIds.push(log.call('change_trip_flights', { trip_code: code, cabin: 'main', legs: [leg], payment_id: payment }, JSON.stringify({ trip_code: code, status: 'changed', cabin: 'main', legs: [leg], refund, refunded_to: payment })));
  }
  log.say(`Done: all ${count} trips are in main now, and each refund went back to the payment it came from.`, 'Great, thank you.');
  return { repeats: 0, evidenceIds, note: `${count} downgrade calls in a row, each for a different trip the traveller asked to downgrade, each answered with that trip's own change and refund: the same tool over different targets. Not a loop.` };
};

/** What is left on a certificate, recomputed after each change of the booking (the traveller's or the system's). */
const balanceRecomputedAfterEachChange: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const person = drawPerson5(random);
  const [from, to] = route5(random);
  const [out] = flights5(random, 1);
  let total = random.int(140, 190) + random.int(120, 170) + 30;
  openAirline5(log, `Book ${from} to ${to} on June 17 for my brother, with insurance, and pay with my $500 certificate. Tell me what will be left on it — if more than $100 would be wasted, use the card instead. ${person.travellerId}.`);
  const changes: { ask?: string; apply: () => void; why: string }[] = [
    { ask: 'Actually drop the insurance. What is left then?', apply: () => (total -= 30), why: 'without the insurance' },
    { apply: () => undefined, why: 'with the fare the booking system reports' },
    { ask: 'Add one checked bag for him, please. And what does that leave?', apply: () => (total += 35), why: 'with the bag' },
    { ask: 'And a window seat if it is cheap — what is left after that?', apply: () => (total += 19), why: 'with the seat' },
  ];
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    if (index > 0) {
      const change = changes[index - 1]!;
      if (change.ask === undefined) {
        const reported = total + random.int(40, 90);
        log.call('create_trip', { traveller_id: person.travellerId, origin: from, destination: to, cabin: 'main', legs: [{ flight_number: out, date: juneDate5(17) }], passengers: 1, payments: [{ id: 'certificate_7710', amount: total }] }, `Error: payment amount does not add up, total price is ${reported}, but paid ${total}`, { isError: true });
        total = reported;
      } else change.apply();
    }
    evidenceIds.push(log.call('calculate', { expression: `500 - ${total}` }, `${500 - total}.0`, { text: index === 0 ? 'Working out the certificate balance.' : `Recomputing ${changes[index - 1]!.why}.` }));
    const next = changes[index];
    log.say(`The total is $${total}, so $${500 - total} would remain on the certificate.`, index < count - 1 && next?.ask !== undefined ? next.ask : 'Fine, go ahead with the certificate.');
  }
  log.call('create_trip', { traveller_id: person.travellerId, origin: from, destination: to, cabin: 'main', legs: [{ flight_number: out, date: juneDate5(17) }], passengers: 1, payments: [{ id: 'certificate_7710', amount: total }] }, JSON.stringify({ trip_code: tripCode5(random), status: 'booked', total }));
  log.say(`Booked. $${500 - total} stays on the certificate.`, 'Thanks!');
  return { repeats: 0, evidenceIds, note: `The same question ("what is left on the certificate?") is computed ${count} times, but each follows a change — the traveller drops the insurance, the booking system reports a higher fare, a bag or a seat is added — and each gives a new amount. Not a loop.` };
};

const FRENCH_ASIDES = ['Merci !', "D'accord, continuez.", 'Parfait.', 'Oui, oui.', 'Très bien.'] as const;

/** A traveller writing half in French asks to cancel everything; the agent cancels each eligible trip in turn and hands over the rest once. */
const frenchTravellerCancelsEligible: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const person = drawPerson5(random);
  const codes = tripCodes5(random, count + 2);
  const eligible = codes.slice(0, count);
  const basic = codes.slice(count);
  openAirline5(log, `Bonjour ! I would like to cancel all my upcoming flights, s'il vous plaît. Je m'appelle ${person.given}, id ${person.travellerId}. The reason: I give my seat to someone who needs it.`);
  log.call('get_traveller', { traveller_id: person.travellerId }, travellerJson5(person, codes));
  log.call('list_trips', { traveller_id: person.travellerId }, JSON.stringify(codes.map((code) => ({ trip_code: code, cabin: basic.includes(code) ? 'basic_saver' : random.pick(['main', 'business']), insured: false }))));
  log.say(`I can cancel ${eligible.join(', ')}. The basic-saver trips ${basic.join(' and ')} cannot be cancelled under the fare rules. Shall I cancel the ${count} eligible ones?`, 'Oui, allez-y — cancel those.');
  const evidenceIds: string[] = [];
  eligible.forEach((code, index) => {
    evidenceIds.push(log.call('cancel_trip', { trip_code: code }, JSON.stringify({ trip_code: code, status: 'cancelled', refund: random.int(90, 900), refund_to: 'card_visa_2231' })));
    if (index === 1) log.say(`${index + 1} of ${count} cancelled so far.`, nth7(FRENCH_ASIDES, random.int(0, 4)));
  });
  log.say(`All ${count} eligible trips are cancelled and refunded. For ${basic.join(' and ')} I would need to hand you to a colleague.`, "Oui, s'il vous plaît. Merci beaucoup !");
  log.call('handover_to_human', { summary: `${person.given} ${person.family} wants basic-saver trips ${basic.join(', ')} cancelled; outside policy.` }, 'Handover queued.');
  return { repeats: 0, evidenceIds, note: `${count} cancellations in a row, each of a different eligible trip the traveller asked to cancel, each with its own refund; the trips that cannot be cancelled are explained once and handed over once. Not a loop.` };
};

const FAMILIES: Record<ServiceObservedKind7, Family7> = {
  'loop:service-write-echoes-old-cabin': writeEchoesOldCabin,
  'work:service-downgrade-each-reservation': downgradeEachReservation,
  'work:service-balance-recomputed-after-each-change': balanceRecomputedAfterEachChange,
  'work:service-french-traveller-cancels-eligible': frenchTravellerCancelsEligible,
};

/**
 * Builds one observed customer-service episode of the seventh blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildServiceObserved7(kind: ServiceObservedKind7, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
