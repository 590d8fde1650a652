import type { SeededRandom } from '../../seeded-random.js';
import { workCount, type BuiltEpisode4, type EpisodeWriter4 } from './episode-writer.js';
import { bookingCode, drawMember, memberJson, openAirlineDesk, openRetailDesk, orderNumber, price } from './service-setting.js';

/** Customer-service non-loops made of talk and protocol steps (see the README). */
export const SERVICE_TALK_WORK_KINDS_4 = ['work:service-code-resent-once', 'work:service-spanish-order-sweep', 'work:service-user-still-looking', 'work:service-reread-after-each-write'] as const;

/** One kind of {@link SERVICE_TALK_WORK_KINDS_4}. */
export type ServiceTalkWorkKind4 = (typeof SERVICE_TALK_WORK_KINDS_4)[number];

/** A one-time code protocol: codes typed wrong (each a different code), one resend, then verified. */
function codeResentOnce(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const member = drawMember(random);
  openRetailDesk(log, `I want to cancel an order. My email is ${member.email}.`);
  const evidenceIds: string[] = [];
  evidenceIds.push(log.call('send_login_code', { email: member.email }, JSON.stringify({ sent: true, expires_in_minutes: 10 }), { text: 'I have sent a six-digit code to your email.' }));
  const good = String(random.int(100000, 999999));
  const wrong = Array.from({ length: count - 2 }, (_, index) => String((Number(good) + 1 + index * 7919) % 900000 + 100000));
  log.say('Please read me the code from the email.', `It says ${wrong[0]}.`);
  evidenceIds.push(log.call('verify_login_code', { email: member.email, code: wrong[0] }, JSON.stringify({ verified: false, reason: 'code does not match', attempts_left: 2 })));
  for (let index = 1; index < wrong.length; index++) {
    log.say('That code did not match. Could you check the digits again?', `Sorry, ${wrong[index]}.`);
    evidenceIds.push(log.call('verify_login_code', { email: member.email, code: wrong[index] }, JSON.stringify({ verified: false, reason: 'code expired', attempts_left: 1 })));
  }
  log.say('That one did not work either. I will send you a fresh code; please use the newest email.', 'Okay.');
  evidenceIds.push(log.call('send_login_code', { email: member.email }, JSON.stringify({ sent: true, expires_in_minutes: 10, previous_codes_invalidated: true })));
  log.say('Sent. What does the new email say?', `Got it: ${good}.`);
  log.call('verify_login_code', { email: member.email, code: good }, JSON.stringify({ verified: true, customer_id: member.memberId }));
  const order = orderNumber(random);
  log.call('list_orders', { customer_id: member.memberId }, JSON.stringify({ orders: [order], pending: [order] }), { text: 'You are verified. Let me find the order.' });
  log.say(`Order ${order} is pending. Cancel it? (yes/no)`, 'Yes.');
  return { repeats: 0, evidenceIds, note: `The security protocol sends a code twice and verifies ${count - 1} times, but each verification carries a different code and gets a different answer (mismatch, expired, verified), and the resend follows an expired code: a protocol with progress, not a loop.` };
}

const SWEEP_TEXTS = ['Un momento, lo reviso.', 'Un momento, reviso el siguiente.', 'Un momento, lo reviso.', 'Reviso el siguiente pedido.', 'Un momento, lo reviso.'];
const STATES: [string, string][] = [
  ['delivered', 'entregado el 3 de mayo'],
  ['in_transit', 'en camino, llega el jueves'],
  ['processing', 'en preparación en el almacén'],
  ['cancelled', 'cancelado y reembolsado'],
  ['returned', 'devuelto, reembolso emitido'],
];

/** In Spanish: the agent checks each of the customer's orders with the same filler words and reports each. */
function spanishOrderSweep(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const member = drawMember(random);
  const orders = Array.from({ length: count }, () => orderNumber(random));
  openRetailDesk(log, `Hola, ¿me puede decir el estado de mis pedidos ${orders.join(', ')}? Mi correo es ${member.email}.`);
  log.call('find_customer', { email: member.email }, JSON.stringify({ customer_id: member.memberId }));
  const evidenceIds: string[] = [];
  orders.forEach((order, index) => {
    const [state, words] = STATES[index]!;
    evidenceIds.push(log.call('get_order', { order_id: order }, JSON.stringify({ order_id: order, status: state, total: price(random, 15, 140) }), { text: SWEEP_TEXTS[index]! }));
    log.say(`El pedido ${order} está ${words}.`);
  });
  log.say('¿Necesita algo más con alguno de ellos?', 'No, gracias.');
  return { repeats: 0, evidenceIds, note: `In Spanish, the agent says "Un momento, lo reviso" before several get_order calls, but each call is a different order the customer listed and each answer (and report) differs: a batch in a second language, not a loop.` };
}

const WAIT_REPLIES = ['Of course, take your time.', 'No rush — I will be right here.', 'Sure, whenever you find it.', 'That is fine, I will wait.'];
const STILL_LOOKING = ['Hold on, I need to find the confirmation email.', 'Still looking — my inbox is a mess.', 'Searching my spam folder now.', 'Checking my partner’s phone, they booked it.', 'Almost there, one second.'];

/** The agent asks once for a code and then acknowledges the user's "still looking" turns until it comes. */
function userStillLooking(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const member = drawMember(random);
  const code = bookingCode(random);
  openAirlineDesk(log, `I need to add my infant to a booking. Member ${member.memberId}.`);
  log.call('get_member', { member_id: member.memberId }, memberJson(member, [code, bookingCode(random)]));
  const evidenceIds: string[] = [log.say('You have two bookings. Which booking code is it?', STILL_LOOKING[0]!)];
  const waits = Math.min(count, 4) - 1;
  for (let index = 0; index < waits; index++) {
    evidenceIds.push(log.say(WAIT_REPLIES[index]!, index === waits - 1 ? `Found it: ${code}.` : STILL_LOOKING[index + 1]!));
  }
  log.call('get_booking', { booking_code: code }, JSON.stringify({ booking_code: code, passengers: 1, infants: 0 }), { text: 'Thank you! Let me open it.' });
  log.say('An infant on lap is free on domestic flights. What is the infant’s name and date of birth?', 'Mia, born 2024-01-20.');
  return { repeats: 0, borderline: true, evidenceIds, note: `The agent asks for the booking code once and then answers ${waits} "still looking" turns with short acknowledgements while the user searches; every user turn reports something new, the agent cannot act before the code comes, and it acts at once when it does: waiting on a genuinely pending answer, not a loop (borderline: the acknowledgements carry no action).` };
}

/** The agent re-reads one order after each change it makes; each read shows the new state. */
function rereadAfterEachWrite(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const member = drawMember(random);
  const order = orderNumber(random);
  const items = [['mug set', 'blue'], ['tea towel', 'grey'], ['salad bowl', 'white'], ['butter dish', 'green']].slice(0, count - 1);
  openRetailDesk(log, `On pending order ${order} please change every item to the sage colour. ${member.email}`);
  log.call('find_customer', { email: member.email }, JSON.stringify({ customer_id: member.memberId }));
  const read = (colours: string[]): string => JSON.stringify({ order_id: order, status: 'pending', items: items.map(([name], index) => ({ name, colour: colours[index] })) });
  const colours = items.map(([, colour]) => colour!);
  const evidenceIds: string[] = [log.call('get_order', { order_id: order }, read(colours), { text: 'Let me look at the order.' })];
  log.say(`I will change ${items.map(([name]) => name).join(', ')} to sage. Confirm (yes/no)?`, 'Yes.');
  items.forEach(([name], index) => {
    log.call('modify_item', { order_id: order, item: name, colour: 'sage' }, JSON.stringify({ ok: true }));
    colours[index] = 'sage';
    evidenceIds.push(log.call('get_order', { order_id: order }, read(colours), { text: 'Checking the order after that change.' }));
  });
  log.say('All items are now sage.', 'Perfect.');
  return { repeats: 0, evidenceIds, note: `The agent reads the same order ${count} times with identical arguments, but each read follows a write and shows one more item changed: verification after each change, not a loop.` };
}

/**
 * Builds one customer-service talk non-loop of the fourth blind set.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 look-alikes, 1 → 4, 2 → 3 … 5.
 * @returns What was planted.
 */
export function buildServiceTalkWork4(kind: ServiceTalkWorkKind4, log: EpisodeWriter4, random: SeededRandom, tier: number): BuiltEpisode4 {
  const count = workCount(tier, random);
  switch (kind) {
    case 'work:service-code-resent-once':
      return codeResentOnce(log, random, count);
    case 'work:service-spanish-order-sweep':
      return spanishOrderSweep(log, random, count);
    case 'work:service-user-still-looking':
      return userStillLooking(log, random, count);
    case 'work:service-reread-after-each-write':
      return rereadAfterEachWrite(log, random, count);
  }
}
