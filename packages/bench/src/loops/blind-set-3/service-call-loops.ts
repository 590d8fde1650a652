import type { SeededRandom } from '../../seeded-random.js';
import { loopRepeats, type BuiltEpisode3, type EpisodeWriter3 } from './episode-writer.js';
import { airlineUserJson, drawCustomer, drawProducts, drawRoute, flightNumber, money, openAirline, openRetail, orderIds, reservationIds, retailUserJson } from './service-setting.js';

/** Customer-service loops made of tool calls (see the README for each label rule). */
export const SERVICE_CALL_LOOP_KINDS = ['loop:service-poll-frozen', 'loop:service-cursor-stuck', 'loop:service-transfer-bounce', 'loop:service-refetch-batch'] as const;

/** One kind of {@link SERVICE_CALL_LOOP_KINDS}. */
export type ServiceCallLoopKind = (typeof SERVICE_CALL_LOOP_KINDS)[number];

const POLL_TEXTS = [
  'Let me check the refund status for you.',
  'Checking once more in case it has moved on.',
  'I will look at it again.',
  'One more check on the refund.',
  'Let me refresh that status.',
  'Checking again now.',
  'Let me see whether anything has changed.',
  'I will query the refund again.',
];

/** A refund whose status never changes; only the `as_of` stamp of each answer moves. */
function pollFrozen(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [order] = orderIds(random, 1);
  const [product] = drawProducts(random, 1);
  openRetail(log, `Hi, I returned my ${product!.name.toLowerCase()} two weeks ago and still have no refund. My email is ${customer.email}.`);
  log.call('find_user_id_by_email', { email: customer.email }, customer.userId);
  log.call('get_user_details', { user_id: customer.userId }, retailUserJson(customer, [order!]));
  const minute = random.int(2, 40);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    const asOf = `2024-05-15T10:${String(minute + round * 2).padStart(2, '0')}:${String(random.int(0, 59)).padStart(2, '0')}Z`;
    const status = JSON.stringify({ order_id: order, refund_status: 'processing', amount: money(product!.price), method: customer.creditCard, last_event: '2024-05-08 return received at warehouse', as_of: asOf });
    evidenceIds.push(log.call('get_refund_status', { order_id: order }, status, { text: POLL_TEXTS[round % POLL_TEXTS.length]! }));
  }
  log.say(`Your refund of $${money(product!.price)} for order ${order} is still processing. Refunds usually post within 5–7 business days after the warehouse receives the item.`, 'Okay, thanks.');
  return { repeats, evidenceIds, note: `The agent polls get_refund_status for ${order} ${repeats} times in a row with nothing in between; every answer says "processing" with the same last event, only the as_of stamp moves: polling that never changes is a loop.` };
}

/** The agent asks for page 2 again and again instead of following the cursor the page gives. */
function cursorStuck(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const orders = orderIds(random, 12);
  openRetail(log, `Hello, I need to find the order where I bought a cast iron skillet back in February. I'm ${customer.first} ${customer.last}, zip ${customer.zip}.`);
  log.call('find_user_id_by_name_zip', { first_name: customer.first, last_name: customer.last, zip: customer.zip }, customer.userId);
  const page = (number: number): string =>
    JSON.stringify({
      orders: orders.slice((number - 1) * 4, number * 4).map((id, index) => ({ order_id: id, placed: `2024-0${5 - number}-${String(24 - index * 5).padStart(2, '0')}`, items: 1 + ((number + index) % 3) })),
      next_cursor: number < 3 ? `pg_${number + 1}` : null,
    });
  log.call('list_user_orders', { user_id: customer.userId }, page(1), { text: 'Let me list your orders, newest first.' });
  const texts = ['Those are all from April. Let me load the next page.', 'These are from March; let me get the next page.', 'Let me go to the next page of orders.', 'Not there yet — next page.', 'Loading the following page.', 'Let me page forward once more.', 'Next page, please.', 'Let me fetch the next batch of orders.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('list_user_orders', { user_id: customer.userId, cursor: 'pg_2' }, page(2), { text: texts[round % texts.length]! }));
  }
  log.say('I have not found a February order yet. Could you tell me roughly how much the skillet cost?', 'About fifty dollars.');
  return { repeats, evidenceIds, note: `After page 1 the agent requests cursor pg_2 ${repeats} times, each time getting the same March/April page whose next_cursor is pg_3; it pages through the same results without moving forward: a loop.` };
}

/** The agent keeps retrying a transfer that the tool says cannot happen. */
function transferBounce(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [reservation] = reservationIds(random, 1);
  openAirline(log, `I want to talk to a real person about reservation ${reservation}. My user id is ${customer.userId}.`);
  log.call('get_user_details', { user_id: customer.userId }, airlineUserJson(customer, 'silver', [reservation!]));
  const summary = `User ${customer.userId} asks for a human agent about reservation ${reservation} (a billing dispute from a past trip).`;
  const failed = 'Transfer failed: no human agents are available in this queue right now. Continue helping the user or ask them to call back later.';
  const answers = ['Try again. I want a human.', 'Please just transfer me.', 'Again, please. I will wait.', 'Can you not try once more?', 'Transfer me, I said.', 'Keep trying.', 'One more time.', 'Please.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('transfer_to_human_agents', { summary }, failed));
    log.say(round % 2 === 0 ? 'I am sorry, no human agent is available at the moment.' : 'Unfortunately the transfer did not go through — there is nobody in the queue right now.', answers[round % answers.length]!);
  }
  log.say('I can note the dispute on your reservation so a specialist calls you back. Would you like that?', 'Fine, do that.');
  return { repeats, evidenceIds, note: `The agent calls transfer_to_human_agents with the same summary ${repeats} times and gets the same "no agents available" answer each time, nothing having changed in between: the same call with the same outcome, a loop (the user's pushing does not make the retry progress).` };
}

/** Before answering one question, the agent re-fetches the same three records again and again. */
function refetchBatch(log: EpisodeWriter3, random: SeededRandom, repeats: number): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [first, second] = reservationIds(random, 2);
  const [origin, destination] = drawRoute(random);
  openAirline(log, `Hi! Can I still add a checked bag to my trip to ${destination}? User id ${customer.userId}.`);
  let [otherOrigin, otherDestination] = drawRoute(random);
  while (otherOrigin === destination || otherDestination === destination) [otherOrigin, otherDestination] = drawRoute(random);
  const reservation = (id: string, from: string, to: string, cabin: string, bags: number): string =>
    JSON.stringify({ reservation_id: id, user_id: customer.userId, origin: from, destination: to, flight_type: 'round_trip', cabin, flights: [{ flight_number: flightNumber(random), date: '2024-05-24' }], total_baggages: bags, nonfree_baggages: 0, insurance: 'no' });
  const user = airlineUserJson(customer, 'gold', [first!, second!]);
  const firstJson = reservation(first!, origin, destination, 'economy', 1);
  const secondJson = reservation(second!, otherOrigin, otherDestination, 'basic_economy', 0);
  const texts = ['Let me pull up your profile and reservations.', 'Before I answer, let me re-verify your profile and both reservations.', 'Let me double-check the details once more.', 'I want to be sure — checking your account again.', 'Let me reload everything to confirm.', 'Re-checking your reservations.', 'One more verification pass.', 'Let me look at the records again.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('get_user_details', { user_id: customer.userId }, user, { text: texts[round % texts.length]! }));
    log.call('get_reservation_details', { reservation_id: first }, firstJson);
    log.call('get_reservation_details', { reservation_id: second }, secondJson);
  }
  log.say(`Yes — reservation ${first} is in economy and has one checked bag; as a gold member you can add more.`, 'Great, add one.');
  return { repeats, evidenceIds, note: `The agent fetches the same profile and the same two reservations (three identical calls, identical answers) ${repeats} times in a row before answering a question the first fetch already answered: a three-step cycle with no progress, a loop.` };
}

/**
 * Builds one customer-service call loop.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildServiceCallLoop(kind: ServiceCallLoopKind, log: EpisodeWriter3, random: SeededRandom, tier: number): BuiltEpisode3 {
  switch (kind) {
    case 'loop:service-poll-frozen':
      return pollFrozen(log, random, loopRepeats(tier, random));
    case 'loop:service-cursor-stuck':
      return cursorStuck(log, random, loopRepeats(tier, random));
    case 'loop:service-transfer-bounce':
      return transferBounce(log, random, loopRepeats(tier, random));
    case 'loop:service-refetch-batch':
      return refetchBatch(log, random, loopRepeats(tier, random, 6));
  }
}
