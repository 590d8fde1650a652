import type { SeededRandom } from '../../seeded-random.js';
import { workCount, type BuiltEpisode4, type EpisodeWriter4 } from './episode-writer.js';
import { bookingCode, drawMember, drawRoute, flightNo, memberJson, openAirlineDesk, openRetailDesk, orderNumber, price } from './service-setting.js';

/** Customer-service non-loops made of look-alike tool calls (see the README). */
export const SERVICE_CALL_WORK_KINDS_4 = ['work:service-desk-chain-accepts', 'work:service-help-search-converges', 'work:service-requeue-after-new-card', 'work:service-seats-selling-out', 'work:service-reordered-args-new-orders'] as const;

/** One kind of {@link SERVICE_CALL_WORK_KINDS_4}. */
export type ServiceCallWorkKind4 = (typeof SERVICE_CALL_WORK_KINDS_4)[number];

/** Routes to several desks, each answer adding what the next route needs; the last desk accepts. */
function deskChainAccepts(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const member = drawMember(random);
  const code = bookingCode(random);
  const amount = price(random, 120, 480);
  openAirlineDesk(log, `You cancelled my flight ${code} and still charged me a $${amount} change fee. Please refund it. Member ${member.memberId}.`);
  log.call('get_member', { member_id: member.memberId }, memberJson(member, [code], 'gold'));
  const base = `Member ${member.memberId} disputes a $${amount} change fee on ${code} after an airline cancellation.`;
  const evidenceIds: string[] = [];
  evidenceIds.push(log.call('route_ticket', { desk: 'billing', note: base }, 'Ticket returned by BILLING: schedule-change fee disputes go to RESERVATIONS with the payment reference.', { text: 'Let me route this to billing.' }));
  const payment = `PAY-${random.int(100000, 999999)}`;
  log.call('get_booking_payments', { booking_code: code }, JSON.stringify({ booking_code: code, payments: [{ ref: payment, kind: 'change_fee', amount }] }), { text: 'Reservations needs the payment reference; let me get it.' });
  if (count >= 4) {
    evidenceIds.push(log.call('route_ticket', { desk: 'loyalty', note: `${base} Gold member; payment ${payment}.` }, 'Ticket returned by LOYALTY: gold members may claim a courtesy voucher, but fee refunds are RESERVATIONS. Voucher VC-220 noted on the ticket.', { text: 'Gold members sometimes go through loyalty; trying there first.' }));
  }
  if (count >= 5) {
    evidenceIds.push(log.call('route_ticket', { desk: 'reservations', note: `${base} Payment ${payment}.` }, 'Ticket returned by RESERVATIONS: attach the cancellation notice id.', { text: 'Now to reservations with the payment reference.' }));
    log.call('get_booking', { booking_code: code }, JSON.stringify({ booking_code: code, status: 'cancelled_by_airline', notice: 'CX-5521' }), { text: 'Fetching the cancellation notice.' });
  }
  const final = count >= 5 ? `${base} Payment ${payment}; notice CX-5521.` : `${base} Payment ${payment}; cancellation by airline.`;
  evidenceIds.push(log.call('route_ticket', { desk: 'reservations', note: final }, `Ticket ACCEPTED by RESERVATIONS: refund of $${amount} approved to the original card.`, { text: 'Routing to reservations with everything they asked for.' }));
  while (evidenceIds.length < count) {
    evidenceIds.push(log.call('route_ticket', { desk: 'billing', note: `Refund of $${amount} approved by reservations on ${code}; please release payment ${payment}.` }, 'Ticket ACCEPTED by BILLING: refund released, 5–7 days.', { text: 'Asking billing to release it.' }));
  }
  log.say(`Done: your $${amount} fee is approved for refund to your card; it should arrive in 5–7 days.`, 'Thank you!');
  return { repeats: 0, evidenceIds, note: `The agent routes one dispute ${evidenceIds.length} times, but each route goes with a new note built from the previous answer (a payment reference, a notice id) or to another desk, and the last is accepted: a hand-off chain that progresses, not a ping-pong.` };
}

/** Three or more help-centre searches, each answer different (none, too many, a few), then the article. */
function helpSearchConverges(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const member = drawMember(random);
  openRetailDesk(log, `Can I return a rug I bought on sale? I'm ${member.email}.`);
  const evidenceIds: string[] = [];
  const titles = ['Returns overview', 'Sale items and clearance', 'Returning large items', 'Rugs: care and sizing', 'Final-sale exceptions', 'Return shipping labels', 'Refund timing'];
  const steps: [string, string][] = [
    ['return rug bought on sale final', JSON.stringify({ results: [], total: 0 })],
    ['return sale', JSON.stringify({ results: titles.slice(0, 5).map((title, index) => ({ id: `HC-${310 + index}`, title })), total: 27 })],
    ['sale items return', JSON.stringify({ results: [{ id: 'HC-311', title: 'Sale items and clearance' }, { id: 'HC-314', title: 'Final-sale exceptions' }], total: 2 })],
    ['final sale exceptions rugs', JSON.stringify({ results: [{ id: 'HC-314', title: 'Final-sale exceptions' }], total: 1 })],
    ['clearance rug return', JSON.stringify({ results: [{ id: 'HC-311', title: 'Sale items and clearance' }], total: 1 })],
  ];
  const texts = ['Let me check the help centre.', 'Nothing for that; let me search more broadly.', 'Too many results; narrowing to sale items.', 'Let me check the exceptions article specifically.', 'And the clearance rules.'];
  for (let index = 0; index < count; index++) evidenceIds.push(log.call('search_help_center', { query: steps[index]![0] }, steps[index]![1], { text: texts[index]! }));
  log.call('get_help_article', { id: 'HC-311' }, 'Sale items can be returned within 30 days for store credit; items marked "final sale" cannot be returned.', { text: 'Reading the sale-items article.' });
  log.say('Sale items can be returned within 30 days for store credit, unless the item was marked final sale. Was your rug marked final sale?', 'No, it was not.');
  return { repeats: 0, evidenceIds, note: `The agent searches the help centre ${count} times, but each query is a different approach (narrower, broader, a filter) and each answer is different (0 results, 27, 2, 1); it then reads the article and answers: search refinement that converges, not a loop.` };
}

/** A refund job fails on a closed card; the customer gives a new card (or a second different error is fixed); the retry succeeds. */
function requeueAfterNewCard(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const member = drawMember(random);
  const order = orderNumber(random);
  const amount = price(random, 40, 260);
  openRetailDesk(log, `My refund for order ${order} never came. ${member.first} ${member.last}, postcode ${member.postcode}.`);
  log.call('find_customer', { name: `${member.first} ${member.last}`, postcode: member.postcode }, JSON.stringify({ customer_id: member.memberId }));
  let job = random.int(4000, 8000);
  const evidenceIds: string[] = [];
  const methods = ['original', 'card_ending_0921', 'gift_card', 'store_credit', 'card_ending_3380'];
  const failures = ['original payment card ending 4417 was closed by the issuer', 'card ending 0921 rejects credits over $100 without 3-D Secure', 'gift cards cannot receive refunds above their original value', 'store credit requires an active account email'];
  for (let index = 0; index < count; index++) {
    job += random.int(1, 40);
    const method = methods[index]!;
    evidenceIds.push(log.call('enqueue_refund', { order_id: order, amount, method }, JSON.stringify({ job_id: `RF-${job}`, state: 'queued' }), { text: index === 0 ? 'Queuing the refund.' : `Queuing it to ${method.replace(/_/g, ' ')}.` }));
    if (index === count - 1) {
      log.call('get_refund_job', { job_id: `RF-${job}` }, JSON.stringify({ job_id: `RF-${job}`, state: 'completed', reference: `RR${random.int(10000, 99999)}` }));
      break;
    }
    log.call('get_refund_job', { job_id: `RF-${job}` }, JSON.stringify({ job_id: `RF-${job}`, state: 'failed', reason: failures[index]! }));
    log.say(`That failed: ${failures[index]!}. Which method should I use instead?`, `Use ${methods[index + 1]!.replace(/_/g, ' ')}, please.`);
    log.call('update_refund_method', { order_id: order, method: methods[index + 1]! }, JSON.stringify({ order_id: order, refund_method: methods[index + 1]! }));
  }
  log.say(`Your refund of $${amount} is complete.`, 'Great.');
  return { repeats: 0, evidenceIds, note: `The agent enqueues the refund ${count} times, but each time to the method the customer just chose, after a different failure; the last job completes: retries after a real change, not a loop.` };
}

/** The agent re-checks one seat map while chatting; the free seats drop each time; it books the last one. */
function seatsSellingOut(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const member = drawMember(random);
  const code = bookingCode(random);
  const flight = flightNo(random);
  const [from, to] = drawRoute(random);
  openAirlineDesk(log, `Hi, ${flight} ${from}-${to} tomorrow on ${code}: I'd like an extra-legroom seat, but first a few questions. Member ${member.memberId}.`);
  const args = { flight, date: '2024-06-12', cabin: 'extra_legroom' };
  const pool = random.shuffle(['11A', '11F', '12C', '12D', '14A', '14F']);
  let last = '';
  const questions = ['How much is extra legroom?', 'Does it include priority boarding?', 'Can I change it later?', 'Is an aisle seat better for a tall person?', 'Do I get the miles too?'];
  const answers = ['It is $49 on this flight.', 'Yes, priority boarding is included.', 'Yes, until check-in closes.', 'Aisle seats give more room to stretch.', 'Yes, miles are unaffected.'];
  const evidenceIds: string[] = [];
  for (let index = 0; index < count; index++) {
    const seats = pool.slice(0, count - index);
    evidenceIds.push(log.call('get_seat_map', args, JSON.stringify({ flight, cabin: 'extra_legroom', free_seats: seats }), { text: index === 0 ? 'Let me check the seat map.' : 'Seats are going fast; checking again.' }));
    if (index < count - 1) log.say(`${index === 0 ? '' : `${answers[index - 1]!} `}${seats.length} extra-legroom seat${seats.length === 1 ? ' is' : 's are'} left.`, questions[index]!);
    else {
      last = seats[0]!;
      log.say(`${answers[index - 1]!} Only ${last} is left — shall I book it for $49?`, 'Yes, quickly!');
    }
  }
  log.call('assign_seat', { booking_code: code, flight, seat: last }, JSON.stringify({ booking_code: code, flight, seat: last, charge: '49.00' }));
  log.say('Done — your seat is booked.', 'Thanks!');
  return { repeats: 0, evidenceIds, note: `The agent checks the same seat map ${count} times between the member's questions, but the flight is selling out and each answer lists fewer seats; the agent books the last one: polling whose result changes and is acted on, not a loop.` };
}

/** Orders looked up one by one with the arguments' keys in varying order: different orders each time. */
function reorderedArgsNewOrders(log: EpisodeWriter4, random: SeededRandom, count: number): BuiltEpisode4 {
  const member = drawMember(random);
  openRetailDesk(log, `Which of my orders had the blue enamel kettle? I want to return it. ${member.email}`);
  log.call('find_customer', { email: member.email }, JSON.stringify({ customer_id: member.memberId }));
  const orders = Array.from({ length: count }, () => orderNumber(random));
  log.call('list_orders', { customer_id: member.memberId }, JSON.stringify({ orders }));
  const goods = ['linen napkins (set of 6)', 'oak cutting board', 'ceramic mixing bowls', 'wool throw', 'glass carafe'];
  const evidenceIds: string[] = [];
  orders.forEach((order, index) => {
    const args = index % 2 === 0 ? { order_id: order, include_items: true } : { include_items: true, order_id: order };
    const item = index === count - 1 ? 'blue enamel kettle' : goods[index]!;
    evidenceIds.push(log.call('get_order', args, JSON.stringify({ order_id: order, status: 'delivered', items: [{ name: item, price: price(random, 18, 90) }] }), { text: index === 0 ? 'Let me check each order.' : 'Next order.' }));
  });
  log.say(`The kettle was in order ${orders[count - 1]}. Shall I start a return for it?`, 'Yes please.');
  return { repeats: 0, evidenceIds, note: `The agent calls get_order ${count} times, its argument keys in alternating order (a normaliser would merge the spelling), but each call names a different order and returns different items; the last holds the kettle: a batch over different items, not a loop.` };
}

/**
 * Builds one customer-service look-alike non-loop of the fourth blind set.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 look-alikes, 1 → 4, 2 → 3 … 5.
 * @returns What was planted.
 */
export function buildServiceCallWork4(kind: ServiceCallWorkKind4, log: EpisodeWriter4, random: SeededRandom, tier: number): BuiltEpisode4 {
  const count = workCount(tier, random);
  switch (kind) {
    case 'work:service-desk-chain-accepts':
      return deskChainAccepts(log, random, count);
    case 'work:service-help-search-converges':
      return helpSearchConverges(log, random, count);
    case 'work:service-requeue-after-new-card':
      return requeueAfterNewCard(log, random, Math.min(count, 4));
    case 'work:service-seats-selling-out':
      return seatsSellingOut(log, random, count);
    case 'work:service-reordered-args-new-orders':
      return reorderedArgsNewOrders(log, random, count);
  }
}
