import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode3, EpisodeWriter3 } from './episode-writer.js';
import { airlineUserJson, drawCustomer, drawProducts, drawRoute, flightNumber, money, openAirline, openRetail, orderIds, reservationIds } from './service-setting.js';

/** Customer-service non-loops whose look-alikes are tool calls (see the README). */
export const SERVICE_CALL_WORK_KINDS = ['work:service-cursor-advances', 'work:service-calculate-per-item', 'work:service-fallback-payments', 'work:service-twice-then-moves-on', 'work:service-user-changes-item'] as const;

/** One kind of {@link SERVICE_CALL_WORK_KINDS}. */
export type ServiceCallWorkKind = (typeof SERVICE_CALL_WORK_KINDS)[number];

/** Pagination that moves forward: each call follows the cursor the last page gave. */
function cursorAdvances(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const pages = random.int(3, 5);
  const orders = orderIds(random, pages * 4);
  openRetail(log, `Hi, I'm looking for an old order with a desk lamp in it, from last year. ${customer.first} ${customer.last}, ${customer.zip}.`);
  log.call('find_user_id_by_name_zip', { first_name: customer.first, last_name: customer.last, zip: customer.zip }, customer.userId);
  const evidenceIds: string[] = [];
  for (let number = 1; number <= pages; number++) {
    const month = 13 - number * 2;
    const body = JSON.stringify({
      orders: orders.slice((number - 1) * 4, number * 4).map((id, index) => ({ order_id: id, placed: `${number === pages ? 2023 : 2024}-${String(month).padStart(2, '0')}-${String(27 - index * 6).padStart(2, '0')}`, items: 1 + ((number + index) % 3) })),
      next_cursor: number < pages ? `pg_${number + 1}` : null,
    });
    const args = number === 1 ? { user_id: customer.userId } : { user_id: customer.userId, cursor: `pg_${number}` };
    evidenceIds.push(log.call('list_user_orders', args, body, { text: number === 1 ? 'Let me list your orders.' : `Following the cursor to page ${number}.` }));
  }
  const found = orders[(pages - 1) * 4 + 1]!;
  log.call('get_order_details', { order_id: found }, JSON.stringify({ order_id: found, status: 'delivered', items: [{ name: 'Desk Lamp', options: { finish: 'brushed brass' } }] }));
  log.say(`Found it: order ${found} from 2023 has the desk lamp. What would you like to do with it?`, 'Just needed the order number, thanks!');
  return { repeats: 0, evidenceIds, note: `The agent calls list_user_orders ${pages} times, each with the next_cursor the previous page returned; every page holds different orders and the last one has the lamp: pagination that moves forward is progress.` };
}

/** The same calculator tool on different numbers, one per item, then the total. */
function calculatePerItem(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const count = random.int(3, 4);
  const reservations = reservationIds(random, count);
  openAirline(log, `The airline cancelled my trips this week. How much will I get back for each? User ${customer.userId}.`);
  log.call('get_user_details', { user_id: customer.userId }, airlineUserJson(customer, 'regular', reservations));
  const evidenceIds: string[] = [];
  const refunds: number[] = [];
  for (const [index, id] of reservations.entries()) {
    const fares = [random.int(120, 480), random.int(120, 480)];
    const passengers = 1 + (index % 2);
    const bags = index % 3 === 0 ? 35 : 0;
    while (refunds.includes((fares[0]! + fares[1]!) * passengers + bags)) fares[1]! += 1;
    const refund = (fares[0]! + fares[1]!) * passengers + bags;
    refunds.push(refund);
    log.call('get_reservation_details', { reservation_id: id }, JSON.stringify({ reservation_id: id, status: 'cancelled_by_airline', passengers, flights: fares.map((price) => ({ flight_number: flightNumber(random), price })), baggage_fee: bags }));
    evidenceIds.push(log.call('calculate', { expression: `(${fares[0]} + ${fares[1]}) * ${passengers} + ${bags}` }, String(refund), { text: `Working out the refund for ${id}.` }));
  }
  const total = refunds.reduce((sum, value) => sum + value, 0);
  log.call('calculate', { expression: refunds.join(' + ') }, String(total));
  log.say(`Each cancelled reservation is refunded in full: ${reservations.map((id, index) => `${id} $${money(refunds[index]!)}`).join(', ')} — $${money(total)} in all, to the original payment methods.`, 'Thank you.');
  return { repeats: 0, evidenceIds, note: `The agent calls calculate ${count} times in a row, once per cancelled reservation with that reservation's fares, and then sums them: the same tool over different items with different results, batch work, not a loop.` };
}

/** The same booking call three times, each with the payment method the user chose after a failure. */
function fallbackPayments(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [origin, destination] = drawRoute(random);
  const flight = flightNumber(random);
  const price = random.int(210, 390);
  openAirline(log, `I'd like to book the ${flight} from ${origin} to ${destination} on May 21, economy, one way, just me. User ${customer.userId}.`);
  log.call('get_user_details', { user_id: customer.userId }, airlineUserJson(customer, 'silver', []));
  const booking = (payment: string, amount: number): Record<string, unknown> => ({ user_id: customer.userId, origin, destination, flight_type: 'one_way', cabin: 'economy', flights: [{ flight_number: flight, date: '2024-05-21' }], passengers: [{ first_name: customer.first, last_name: customer.last, dob: '1988-03-14' }], payment_methods: [{ payment_id: payment, amount }], total_baggages: 0, nonfree_baggages: 0, insurance: 'no' });
  log.say(`The fare is $${price}. Which payment method should I use?`, 'Use my gift card.');
  const first = log.call('book_reservation', booking(customer.giftCard, price), `Error: gift card balance is not enough (balance 60, needed ${price})`, { isError: true });
  log.say('The gift card only holds $60, so it cannot cover the fare. Would you like to use the certificate or the credit card?', 'Try the certificate then.');
  const second = log.call('book_reservation', booking(customer.certificate, price), `Error: certificate amount 100 does not cover the total ${price}; a certificate cannot be combined for this fare class`, { isError: true });
  log.say('The $100 certificate does not cover the fare either. Shall I charge the credit card instead?', 'Yes, the credit card.');
  const third = log.call('book_reservation', booking(customer.creditCard, price), JSON.stringify({ reservation_id: 'Q' + String(random.int(10_000, 99_999)), status: 'confirmed', payment_history: [{ payment_id: customer.creditCard, amount: price }] }));
  log.say('Booked! Your confirmation is above.', 'Thanks!');
  return { repeats: 0, evidenceIds: [first, second, third], note: 'book_reservation is called three times with the same flight, each time with the payment method the user chose after the previous one failed, with a different error each time and success at the third: retries with a real change that end in success.' };
}

/** The same lookup twice (the user mentions the reservation again), then the agent acts: one short of the rule. */
function twiceThenMovesOn(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [reservation] = reservationIds(random, 1);
  const [origin, destination] = drawRoute(random);
  const [oldFlight, newFlight] = [flightNumber(random), flightNumber(random)];
  openAirline(log, `Hi, ${customer.userId} here. What time does my flight on reservation ${reservation} leave?`);
  const details = JSON.stringify({ reservation_id: reservation, origin, destination, cabin: 'economy', flights: [{ flight_number: oldFlight, date: '2024-05-22', departs: '06:10' }], insurance: 'yes' });
  const first = log.call('get_reservation_details', { reservation_id: reservation }, details);
  log.say(`Flight ${oldFlight} on reservation ${reservation} leaves ${origin} at 06:10 on May 22.`, 'Too early. Are there later flights that day?');
  log.call('search_direct_flight', { origin, destination, date: '2024-05-22' }, JSON.stringify([{ flight_number: oldFlight, departs: '06:10', economy: 9 }, { flight_number: newFlight, departs: '14:35', economy: 4 }]));
  log.say(`${newFlight} leaves at 14:35 with seats in economy.`, `OK, move reservation ${reservation} to that one.`);
  const second = log.call('get_reservation_details', { reservation_id: reservation }, details, { text: 'Let me re-open the reservation to build the change.' });
  log.say(`I will change ${reservation} from ${oldFlight} to ${newFlight} on May 22, economy, no fare difference. Confirm (yes/no)?`, 'Yes.');
  log.call('update_reservation_flights', { reservation_id: reservation, cabin: 'economy', flights: [{ flight_number: newFlight, date: '2024-05-22' }], payment_id: customer.creditCard }, JSON.stringify({ reservation_id: reservation, flights: [{ flight_number: newFlight, date: '2024-05-22', departs: '14:35' }] }));
  log.say('Done — you are on the 14:35 flight.', 'Perfect.');
  return { repeats: 0, borderline: true, evidenceIds: [first, second], note: 'The agent reads the same reservation twice with the same answer (the second time to build the change), then changes the flight: an identical call only twice, below the rule of 3, and the task moves on. Borderline: redundant, but not stuck.' };
}

/** The user switches which item to exchange twice; each product lookup is for a different product. */
function userChangesItem(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [order] = orderIds(random, 1);
  const products = drawProducts(random, 3);
  openRetail(log, `Hello, email ${customer.email}. I'd like to exchange something from order ${order}.`);
  log.call('find_user_id_by_email', { email: customer.email }, customer.userId);
  log.call('get_order_details', { order_id: order }, JSON.stringify({ order_id: order, status: 'delivered', items: products.map((product) => ({ name: product.name, product_id: product.productId, item_id: product.itemId, options: product.options, price: product.price })) }));
  const asks = [`the ${products[0]!.name.toLowerCase()}`, `actually, not that — the ${products[1]!.name.toLowerCase()} instead`, `on second thought I'll keep that too. What about the ${products[2]!.name.toLowerCase()}?`];
  log.say('Which item would you like to exchange?', `Let's start with ${asks[0]}.`);
  const evidenceIds: string[] = [];
  for (const [index, product] of products.entries()) {
    const variants = [1, 2].map((offset) => ({ item_id: String(Number(product.itemId) + offset), options: { ...product.options, variant: `option ${offset}` }, available: true, price: product.price + offset * 2 }));
    evidenceIds.push(log.call('get_product_details', { product_id: product.productId }, JSON.stringify({ name: product.name, product_id: product.productId, variants })));
    const reply = `Here are the available options for the ${product.name}: ${variants.map((variant) => `item ${variant.item_id} at $${money(variant.price)}`).join(', ')}.`;
    log.say(reply, index < 2 ? `Hmm, ${asks[index + 1]}` : 'The first of those, please.');
  }
  const last = products[2]!;
  log.say(`I will exchange the ${last.name} (item ${last.itemId}) for item ${Number(last.itemId) + 1}, paying the $2.00 difference with your card. Confirm (yes/no)?`, 'Yes.');
  log.call('exchange_delivered_order_items', { order_id: order, item_ids: [last.itemId], new_item_ids: [String(Number(last.itemId) + 1)], payment_method_id: customer.creditCard }, JSON.stringify({ order_id: order, status: 'exchange requested' }));
  return { repeats: 0, evidenceIds, note: 'The agent calls get_product_details three times and answers "Here are the available options…" three times, because the user changes which item to exchange twice; each lookup is a different product and the exchange is made: a user who genuinely changes the request, not a loop.' };
}

/**
 * Builds one customer-service non-loop made of tool calls.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @returns What was planted.
 */
export function buildServiceCallWork(kind: ServiceCallWorkKind, log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  switch (kind) {
    case 'work:service-cursor-advances':
      return cursorAdvances(log, random);
    case 'work:service-calculate-per-item':
      return calculatePerItem(log, random);
    case 'work:service-fallback-payments':
      return fallbackPayments(log, random);
    case 'work:service-twice-then-moves-on':
      return twiceThenMovesOn(log, random);
    case 'work:service-user-changes-item':
      return userChangesItem(log, random);
  }
}
