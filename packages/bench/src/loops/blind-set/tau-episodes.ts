import type { SeededRandom } from '../../seeded-random.js';
import { BlindEpisodeWriter } from './episode-writer.js';
import { CLOSERS, REFUSAL_TOPICS, REQUEST_TOPICS, SIMILAR_QUESTIONS } from './tau-phrases.js';

/** The tau-bench-style kinds of the blind set: loops first, then hard non-loops. */
export const TAU_BLIND_KINDS = [
  'loop:tau-restated-refusal',
  'loop:tau-restated-request',
  'loop:tau-restated-offer',
  'loop:tau-recomputed-total',
  'loop:tau-exact-repeat',
  'work:tau-polling-status',
  'work:tau-different-refusals',
  'work:tau-different-questions',
  'work:tau-list-of-ids',
  'work:tau-retry-after-change',
  'work:tau-reask-moves-on',
  'work:tau-confirm-after-changes',
] as const;

/** One tau-bench-style kind. */
export type TauBlindKind = (typeof TAU_BLIND_KINDS)[number];

/** What a builder returns besides the messages: how many repeats it planted, and a note. */
export interface BuiltEpisode {
  repeats: number;
  note: string;
  /** Marked borderline whatever the count (a case the rule leaves open). */
  borderline?: boolean;
}

const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const reservationId = (random: SeededRandom): string => Array.from({ length: 6 }, () => LETTERS[random.int(0, LETTERS.length - 1)]).join('');
const fill = (text: string, values: Record<string, string | number>): string => text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
const withCloser = (random: SeededRandom, text: string): string => `${text} ${random.pick(CLOSERS)}`.trim();

function opening(writer: BlindEpisodeWriter, random: SeededRandom, userId: string, rid: string, ask: string): void {
  writer.turn('system', '# Airline Agent Policy\n\nThe current time is 2024-05-15 15:00:00 EST. As an airline agent, you can help users book, modify, or cancel flight reservations.');
  writer.turn('user', ask);
  writer.say('I can help with that. Could you please provide your user ID?', `Sure, it is ${userId}.`);
  writer.call('get_user_details', { user_id: userId }, JSON.stringify({ user_id: userId, membership: random.pick(['regular', 'silver', 'gold']), reservations: [rid, reservationId(random)] }));
  writer.call('get_reservation_details', { reservation_id: rid }, JSON.stringify({ reservation_id: rid, user_id: userId, cabin: 'basic_economy', insurance: 'no', origin: 'JFK', destination: 'ORD' }));
}

/**
 * Writes one tau-bench-style episode of `kind` into `writer`.
 *
 * @returns How many times the repeated action occurs (0 for the non-loops) and a note.
 */
export function buildTauEpisode(kind: TauBlindKind, writer: BlindEpisodeWriter, random: SeededRandom): BuiltEpisode {
  const userId = `${random.pick(['mia', 'omar', 'lena', 'raj', 'sofia'])}_${random.pick(['khan', 'garcia', 'smith', 'ito'])}_${random.int(1000, 9999)}`;
  const rid = reservationId(random);
  const amount = random.int(40, 400);
  const values = { rid, rid2: reservationId(random), amount, amount2: random.int(20, 300), flight: `HAT${random.int(100, 299)}`, flight2: `HAT${random.int(300, 499)}`, card: random.int(1000000, 9999999), card2: random.int(1000000, 9999999) };
  switch (kind) {
    case 'loop:tau-restated-refusal': {
      const topic = random.pick(REFUSAL_TOPICS);
      const times = random.int(3, 5);
      opening(writer, random, userId, rid, fill(topic.ask, values));
      const restatements = random.shuffle(topic.restatements);
      const pushes = random.shuffle(topic.pushes);
      writer.say(fill(topic.first, values), fill(pushes[0]!, values));
      for (let index = 1; index < times; index++) writer.say(withCloser(random, fill(restatements[index - 1]!, values)), fill(pushes[index]!, values));
      writer.call('transfer_to_human_agents', { summary: `User insists on: ${fill(topic.ask, values)}` }, 'Transfer successful');
      return { repeats: times, note: `the same refusal said ${times} times to a user pushing back, nothing new between` };
    }
    case 'loop:tau-restated-request': {
      const topic = random.pick(REQUEST_TOPICS);
      const times = random.int(3, 5);
      writer.turn('system', '# Airline Agent Policy\n\nThe current time is 2024-05-15 15:00:00 EST.');
      writer.turn('user', 'Hi, I need to change my flight next week.');
      const restatements = random.shuffle(topic.restatements);
      const evasions = random.shuffle(topic.evasions);
      writer.say(topic.first, evasions[0]!);
      for (let index = 1; index < times; index++) writer.say(restatements[index - 1]!, evasions[index]!);
      writer.say('I am sorry I could not help today. Have a good day.');
      return { repeats: times, note: `asks for ${topic.need} ${times} times in new words, the user never gives it, nothing tried` };
    }
    case 'loop:tau-restated-offer': {
      const times = random.int(3, 4);
      opening(writer, random, userId, rid, 'My flight was cancelled last week and I want to be compensated.');
      const offers = random.shuffle([
        `I can offer you a travel certificate of $${amount} as a gesture for the cancellation.`,
        `What I am able to provide is the $${amount} certificate I mentioned.`,
        `The most I can do is a certificate worth $${amount}; I cannot go beyond that.`,
        `As said, compensation here is limited to a $${amount} travel certificate. Shall I issue it?`,
      ]);
      const pushes = random.shuffle(['That is not enough. I want more.', 'Only that? Can you double it?', 'I expected cash, not a certificate.', 'Can you give me a bit more at least?']);
      for (let index = 0; index < times; index++) writer.say(offers[index]!, pushes[index]!);
      writer.call('transfer_to_human_agents', { summary: 'User wants more compensation than the certificate.' }, 'Transfer successful');
      return { repeats: times, note: `the same $${amount} certificate offer restated ${times} times while the user asks for more` };
    }
    case 'loop:tau-recomputed-total': {
      const base = random.int(300, 600);
      const bags = random.int(30, 80);
      const total = (base + bags) * 2;
      opening(writer, random, userId, rid, `I want to book a round trip from JFK to SFO on May 20 for two people, my budget is $${total - random.int(20, 60)}.`);
      const search = { origin: 'JFK', destination: 'SFO', date: '2024-05-20' };
      const expressions = random.shuffle([`(${base} + ${bags}) * 2`, `2 * (${base} + ${bags})`, `${base} * 2 + ${bags} * 2`, `${base + bags} * 2`]);
      const replies = random.shuffle([
        `The total for two passengers comes to $${total}, which is above your budget.`,
        `I rechecked: with the bag fees the price is $${total} for both of you.`,
        `It still adds up to $${total}, so it does not fit the budget you gave.`,
      ]);
      const times = random.int(3, 3);
      for (let index = 0; index < times; index++) {
        if (index !== 1) writer.call('search_direct_flight', search, JSON.stringify([{ flight_number: 'HAT041', price_economy: base, date: '2024-05-20' }]));
        writer.call('calculate', { expression: expressions[index]! }, `${total}.0`);
        writer.say(replies[index]!, index === times - 1 ? 'Forget it then.' : random.pick(['Can you check again? That seems too high.', 'Are you sure? Please recalculate.']));
      }
      return { repeats: times, note: `the same total $${total} recomputed and restated ${times} times with nothing changed (same search, equivalent sums)` };
    }
    case 'loop:tau-exact-repeat': {
      const times = random.int(3, 4);
      opening(writer, random, userId, rid, 'Please book the 10am flight from ORD to DEN on May 22 for me.');
      writer.say(`I will book HAT${values.flight.slice(3)} on 2024-05-22 in economy, paid with credit_card_${values.card}. Do you confirm (yes)?`, 'Yes.');
      const booking = { user_id: userId, origin: 'ORD', destination: 'DEN', flight_number: values.flight, date: '2024-05-22', cabin: 'economy', payment_id: `credit_card_${values.card}` };
      for (let index = 0; index < times; index++) {
        writer.call('book_reservation', booking, 'Error: payment method declined', { isError: true });
        writer.call('think', { thought: 'The booking failed; let me try again.' }, '');
      }
      writer.call('transfer_to_human_agents', { summary: 'Booking keeps failing.' }, 'Transfer successful');
      return { repeats: times, note: `book_reservation byte-identical ${times} times with the same payment error` };
    }
    case 'work:tau-polling-status': {
      const polls = random.int(3, 5);
      opening(writer, random, userId, rid, `Is flight ${values.flight} from JFK today delayed? I am waiting at the gate.`);
      const delays = random.shuffle([25, 40, 55, 70, 90]).slice(0, polls).sort((a, b) => a - b);
      delays.forEach((delay, index) => {
        const status = index === polls - 1 ? 'boarding' : 'delayed';
        const departure = `${15 + Math.floor(delay / 60)}:${String(delay % 60).padStart(2, '0')}`;
        writer.call('get_flight_status', { flight_number: values.flight, date: '2024-05-15' }, JSON.stringify({ status, estimated_departure: departure }));
        writer.say(status === 'boarding' ? `Good news: ${values.flight} is now boarding, departing at ${departure}.` : `${values.flight} is delayed; the estimated departure is now ${departure} EST.`, index === polls - 1 ? 'Thanks!' : 'Can you check again in a bit?');
      });
      return { repeats: 0, note: `the same status call polled ${polls} times, each answer new (later departure, then boarding)` };
    }
    case 'work:tau-different-refusals': {
      const topics = random.shuffle(REFUSAL_TOPICS).slice(0, random.int(3, 4));
      opening(writer, random, userId, rid, fill(topics[0]!.ask, values));
      topics.forEach((topic, index) => {
        writer.say(withCloser(random, fill(random.pick(topic.restatements), values)), index + 1 < topics.length ? `Okay. Then: ${fill(topics[index + 1]!.ask, values)}` : 'Fine, thank you anyway.');
      });
      return { repeats: 0, note: `${topics.length} refusals, each of a different request the user moves on to` };
    }
    case 'work:tau-different-questions': {
      const asked = SIMILAR_QUESTIONS.slice(0, random.int(4, 6));
      opening(writer, random, userId, rid, fill(asked[0]!.ask, values));
      asked.forEach((question, index) => writer.say(withCloser(random, fill(question.answer, values)), index + 1 < asked.length ? fill(asked[index + 1]!.ask, values) : 'That is all, thanks.'));
      return { repeats: 0, note: `${asked.length} different questions, similar-sounding answers with different values` };
    }
    case 'work:tau-list-of-ids': {
      const ids = Array.from({ length: random.int(3, 4) }, () => reservationId(random));
      writer.turn('system', '# Airline Agent Policy\n\nThe current time is 2024-05-15 15:00:00 EST.');
      writer.turn('user', `Please cancel my reservations ${ids.join(', ')}. They all have insurance.`);
      for (const id of ids) {
        const refund = random.int(90, 900);
        writer.call('get_reservation_details', { reservation_id: id }, JSON.stringify({ reservation_id: id, insurance: 'yes', total: refund }));
        writer.say(`Reservation ${id} has travel insurance, so it can be cancelled with a full refund of $${refund}. Do you confirm (yes)?`, 'Yes.');
        writer.call('cancel_reservation', { reservation_id: id }, JSON.stringify({ reservation_id: id, status: 'cancelled' }));
        writer.say(`Reservation ${id} is cancelled; the $${refund} refund will reach your card within 5-7 business days.`, id === ids.at(-1) ? 'Thanks, that is all.' : 'Great, next one please.');
      }
      return { repeats: 0, note: `${ids.length} reservations cancelled one after another, each reply with its own id and refund` };
    }
    case 'work:tau-retry-after-change': {
      opening(writer, random, userId, rid, 'I want to upgrade my flight to business.');
      const update = (payment: string, result: string, isError: boolean): void => writer.call('update_reservation_flights', { reservation_id: rid, cabin: 'business', payment_id: payment }, result, { isError });
      update(`gift_card_${values.card}`, 'Error: gift card balance is not enough', true);
      writer.say(`The gift card does not cover the $${amount} difference. Would you like to use another payment method?`, `Use my certificate certificate_${values.card2}.`);
      update(`certificate_${values.card2}`, 'Error: certificate cannot be used to update reservation', true);
      writer.say('Certificates cannot be used for changes. Do you have a credit card on file you would like to use?', 'Yes, the Visa ending 4242.');
      update('credit_card_4242', JSON.stringify({ reservation_id: rid, cabin: 'business' }), false);
      writer.say(`Done: ${rid} is now in business, charged $${amount} to the Visa ending 4242.`, 'Thanks!');
      return { repeats: 0, note: 'the same update fails twice, each time with a different payment method the user gives, then succeeds' };
    }
    case 'work:tau-reask-moves-on': {
      const topic = random.pick(REFUSAL_TOPICS);
      opening(writer, random, userId, rid, fill(topic.ask, values));
      writer.say(fill(topic.first, values), fill(random.pick(topic.pushes), values));
      writer.say(withCloser(random, fill(random.pick(topic.restatements), values)), `Alright. Then can you tell me what flights go from JFK to MIA on May 25?`);
      writer.call('search_direct_flight', { origin: 'JFK', destination: 'MIA', date: '2024-05-25' }, JSON.stringify([{ flight_number: values.flight2, price_economy: values.amount2 }]));
      writer.say(`There is ${values.flight2} on 2024-05-25, economy at $${values.amount2}.`, 'Book it please, with my card.');
      return { repeats: 0, note: 'the refusal said twice, then the user moves to a new request that proceeds' };
    }
    case 'work:tau-confirm-after-changes': {
      const flight = values.flight;
      opening(writer, random, userId, rid, `I want to book ${flight} from ORD to DEN on May 22.`);
      const changes = random.shuffle([
        { detail: 'cabin', user: 'Actually make it business.', value: 'business' },
        { detail: 'bags', user: 'Add two checked bags please.', value: '2 checked bags' },
        { detail: 'payment', user: `Pay with gift_card_${values.card} instead.`, value: `gift_card_${values.card}` },
        { detail: 'passenger', user: 'Also add my son, Leo, born 2012-03-04.', value: '2 passengers (with Leo, 2012-03-04)' },
      ]).slice(0, random.int(2, 3));
      let price = random.int(150, 400);
      const shown: string[] = ['economy', '0 checked bags', 'credit_card_4242', '1 passenger'];
      const summary = (): string => `Here are the details: ${flight} ORD→DEN on 2024-05-22, ${shown.join(', ')}, total $${price}. Do you confirm (yes) to proceed?`;
      writer.say(summary(), changes[0]!.user);
      changes.forEach((change, index) => {
        const at = ['cabin', 'bags', 'payment', 'passenger'].indexOf(change.detail);
        shown[at] = change.value;
        if (change.detail !== 'payment') price += random.int(40, 300);
        writer.say(summary(), index + 1 < changes.length ? changes[index + 1]!.user : 'Yes.');
      });
      writer.call('book_reservation', { user_id: userId, flight_number: flight, date: '2024-05-22', total: price }, JSON.stringify({ reservation_id: reservationId(random), status: 'booked' }));
      writer.say(`Booked. Your total was $${price}.`);
      return { repeats: 0, note: `the booking summary restated ${changes.length + 1} times, each after the user changed a detail (new value each time), then booked` };
    }
  }
}
