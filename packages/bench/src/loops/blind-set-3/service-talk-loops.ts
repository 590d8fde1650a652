import type { SeededRandom } from '../../seeded-random.js';
import { loopRepeats, type BuiltEpisode3, type EpisodeWriter3 } from './episode-writer.js';
import { airlineUserJson, drawCustomer, drawProducts, drawRoute, flightNumber, money, openAirline, openRetail, orderIds, reservationIds } from './service-setting.js';

/** Customer-service loops in what the agent says (and one write oscillation); see the README. */
export const SERVICE_TALK_LOOP_KINDS = ['loop:service-forgets-answer', 'loop:service-promises-no-action', 'loop:service-reconfirm-yes', 'loop:service-flip-flop-write'] as const;

/** One kind of {@link SERVICE_TALK_LOOP_KINDS}. */
export type ServiceTalkLoopKind = (typeof SERVICE_TALK_LOOP_KINDS)[number];

const ASK_IDENTITY = [
  'To get started, could you give me your full name and zip code?',
  'Before I can look at the order, I need to verify you: may I have your first and last name and your zip code?',
  'Could you please confirm your name and the zip code on the account?',
  'For security, please tell me your full name and zip code.',
  'I will need your name and zip code to locate the account — could you share them?',
  'May I have the name and zip code the account is registered under?',
  'Sorry, to continue I need your full name and zip code once more.',
  'Let me verify your identity first: your name and zip code, please?',
];

/** The user gave name and zip; the agent verifies, then asks for them again, round after round. */
function forgetsAnswer(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [order] = orderIds(random, 1);
  openRetail(log, `Hi, I'm ${customer.first} ${customer.last}, zip ${customer.zip}. I want to cancel order ${order}, I ordered it by mistake.`);
  const evidenceIds: string[] = [];
  const answers = [`${customer.first} ${customer.last}, ${customer.zip}.`, `It's ${customer.first} ${customer.last}. Zip ${customer.zip}. I said that already.`, `${customer.first} ${customer.last} — ${customer.zip}!`, `Again: ${customer.first} ${customer.last}, ${customer.zip}.`];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.say(ASK_IDENTITY[round % ASK_IDENTITY.length]!, answers[round % answers.length]!));
    log.call('find_user_id_by_name_zip', { first_name: customer.first, last_name: customer.last, zip: customer.zip }, customer.userId);
  }
  log.say(`Thank you. I found your account. Which order would you like to cancel?`, `${order}, as I said at the start.`);
  return { repeats, evidenceIds, note: `The user gives name and zip in the first turn; the agent asks for them ${repeats} times (new words each time), each time finding the same user id, and never moves on to the cancellation: re-asking what was already answered, a loop.` };
}

const PROMISES = [
  'I apologize for the wait — I am processing the cancellation of your reservation now.',
  'Sorry about that! I am cancelling the reservation for you right away.',
  'My apologies for the delay. The cancellation is being taken care of as we speak.',
  'I understand your frustration, and I am sorry. I will complete the cancellation immediately.',
  'Apologies again — I am handling the cancellation at this moment.',
  'I am so sorry for the confusion. Let me finalize that cancellation for you now.',
  'Thank you for your patience; I am sorry it is taking this long. Cancelling it now.',
  'Sorry! I am on it — your reservation is being cancelled.',
];

/** The agent keeps apologising and promising to cancel, and never calls the tool. */
function promisesNoAction(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [reservation] = reservationIds(random, 1);
  const [origin, destination] = drawRoute(random);
  openAirline(log, `Please cancel reservation ${reservation}. I booked it this morning by mistake. User id ${customer.userId}.`);
  log.call('get_reservation_details', { reservation_id: reservation }, JSON.stringify({ reservation_id: reservation, user_id: customer.userId, origin, destination, cabin: 'economy', created_at: '2024-05-15T08:12:00', flights: [{ flight_number: flightNumber(random), date: '2024-05-29' }], insurance: 'no', payment_history: [{ payment_id: customer.creditCard, amount: random.int(180, 640) }] }));
  log.say(`Reservation ${reservation} (${origin} to ${destination}) was booked today, so it can be cancelled for a full refund. Do you want me to cancel it (yes/no)?`, 'Yes.');
  const pushes = ['Okay... is it done?', 'You said that already. Is it cancelled or not?', 'Hello? Did it go through?', 'I am still waiting.', 'Can you actually do it?', 'Is it cancelled now?', 'Still nothing?', 'Please just do it.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(PROMISES[round % PROMISES.length]!, pushes[round % pushes.length]!));
  return { repeats, evidenceIds, note: `After the user's "yes" the agent apologises and promises the cancellation ${repeats} times in different words without ever calling cancel_reservation: restating without acting, a loop.` };
}

const RECAPS = ['To confirm:', 'Just to double-check before I proceed:', 'Let me make sure I have this right:', 'One more confirmation:', 'Before I submit, to confirm:', 'Just so we are clear:', 'Confirming once more:', 'Let me restate the exchange:'];

/** The agent recaps the exchange and asks "shall I proceed?" again after every "yes". */
function reconfirmYes(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [order] = orderIds(random, 1);
  const [product] = drawProducts(random, 1);
  const newItem = String(random.int(1_000_000_000, 9_999_999_999));
  openRetail(log, `Hi, email ${customer.email}. I want to exchange the ${product!.name.toLowerCase()} from order ${order} for the same thing in a different color.`);
  log.call('find_user_id_by_email', { email: customer.email }, customer.userId);
  log.call('get_order_details', { order_id: order }, JSON.stringify({ order_id: order, user_id: customer.userId, status: 'delivered', items: [{ name: product!.name, product_id: product!.productId, item_id: product!.itemId, options: product!.options, price: product!.price }], payment_history: [{ payment_method_id: customer.creditCard, amount: product!.price }] }));
  log.say('Which color would you like instead?', 'The navy one.');
  const details = `exchange the ${product!.name} (item ${product!.itemId}) in order ${order} for the navy variant (item ${newItem}); the price is the same, so nothing is charged or refunded. Shall I proceed (yes/no)?`;
  const yeses = ['Yes.', 'Yes, go ahead.', 'YES.', 'Yes! Please do it.', 'I said yes.', 'Yes, proceed.', 'Yes yes yes.', 'Confirmed, yes.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(`${RECAPS[round % RECAPS.length]!} I will ${details}`, yeses[round % yeses.length]!));
  log.call('exchange_delivered_order_items', { order_id: order, item_ids: [product!.itemId], new_item_ids: [newItem], payment_method_id: customer.creditCard }, JSON.stringify({ order_id: order, status: 'exchange requested', exchange_items: [product!.itemId], exchange_new_items: [newItem], exchange_price_difference: 0 }));
  return { repeats, evidenceIds, note: `The agent recaps the same exchange and asks for confirmation ${repeats} times; the user says yes every time and the agent asks again before finally acting: the policy needs one "yes" per action, so the re-asks are a no-progress loop.` };
}

const REVERSALS = [
  ['Adding the bag as free: gold members get free checked bags.', 'Wait — this is basic economy, so the extra bag should be paid. Correcting.'],
  ['On reflection the gold allowance applies to every cabin; making the bag free again.', 'Hmm, basic economy excludes the allowance after all; charging the bag.'],
  ['Re-reading the policy: the allowance is by membership. Free again.', 'No — by cabin. Setting it back to a paid bag.'],
  ['Membership wins; reverting to free.', 'Cabin rule again; reverting to paid.'],
];

/** The agent flips one booking between two baggage states on its own, round after round. */
function flipFlopWrite(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [reservation] = reservationIds(random, 1);
  const [origin, destination] = drawRoute(random);
  openAirline(log, `Hi, user ${customer.userId}. Please add one checked bag to reservation ${reservation}. I'm a gold member.`);
  log.call('get_reservation_details', { reservation_id: reservation }, JSON.stringify({ reservation_id: reservation, origin, destination, cabin: 'basic_economy', total_baggages: 0, nonfree_baggages: 0, payment_history: [] }));
  const payments: { payment_id: string; amount: number }[] = [];
  const state = (nonfree: number): string => JSON.stringify({ reservation_id: reservation, origin, destination, cabin: 'basic_economy', total_baggages: 1, nonfree_baggages: nonfree, payment_history: payments });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const [toFree, toPaid] = REVERSALS[round % REVERSALS.length]!;
    if (round > 0) payments.push({ payment_id: customer.creditCard, amount: -50 });
    evidenceIds.push(log.call('update_reservation_baggages', { reservation_id: reservation, total_baggages: 1, nonfree_baggages: 0, payment_id: customer.creditCard }, state(0), { text: toFree! }));
    payments.push({ payment_id: customer.creditCard, amount: 50 });
    log.call('update_reservation_baggages', { reservation_id: reservation, total_baggages: 1, nonfree_baggages: 1, payment_id: customer.creditCard }, state(1), { text: toPaid! });
  }
  log.say(`Your reservation now has one checked bag; $${money(50)} was charged to your card.`, 'Why do I see so many charges and refunds?');
  return { repeats, evidenceIds, note: `With no new input the agent writes the bag as free, then as paid, ${repeats} rounds (free→paid→free→paid…); only the payment history grows: an A→B→A→B oscillation between two states, a loop.` };
}

/**
 * Builds one customer-service talk loop.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildServiceTalkLoop(kind: ServiceTalkLoopKind, log: EpisodeWriter3, random: SeededRandom, tier: number): BuiltEpisode3 {
  switch (kind) {
    case 'loop:service-forgets-answer':
      return forgetsAnswer(log, random, loopRepeats(tier, random));
    case 'loop:service-promises-no-action':
      return promisesNoAction(log, random, loopRepeats(tier, random));
    case 'loop:service-reconfirm-yes':
      return reconfirmYes(log, random, loopRepeats(tier, random));
    case 'loop:service-flip-flop-write':
      return flipFlopWrite(log, random, loopRepeats(tier, random, 6));
  }
}
