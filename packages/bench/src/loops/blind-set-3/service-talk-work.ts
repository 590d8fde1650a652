import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode3, EpisodeWriter3 } from './episode-writer.js';
import { airlineUserJson, drawCustomer, drawProducts, drawRoute, flightNumber, money, openAirline, openRetail, orderIds, reservationIds } from './service-setting.js';

/** Customer-service non-loops whose look-alikes are what the agent says (see the README). */
export const SERVICE_TALK_WORK_KINDS = ['work:service-confirm-each-write', 'work:service-apologies-new-issues', 'work:service-user-toggles', 'work:service-progress-reports', 'work:service-escalating-offers'] as const;

/** One kind of {@link SERVICE_TALK_WORK_KINDS}. */
export type ServiceTalkWorkKind = (typeof SERVICE_TALK_WORK_KINDS)[number];

/** The policy's one confirmation per consequential action, for a batch of cancellations. */
function confirmEachWrite(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const count = random.int(3, 4);
  const orders = orderIds(random, count);
  const products = drawProducts(random, count);
  openRetail(log, `Hi, email ${customer.email}. Please cancel all my pending orders: ${orders.join(', ')}. I no longer need them.`);
  log.call('find_user_id_by_email', { email: customer.email }, customer.userId);
  const evidenceIds: string[] = [];
  for (const [index, order] of orders.entries()) {
    const product = products[index]!;
    log.call('get_order_details', { order_id: order }, JSON.stringify({ order_id: order, status: 'pending', items: [{ name: product.name, item_id: product.itemId, price: product.price }], payment_history: [{ payment_method_id: customer.creditCard, amount: product.price }] }));
    evidenceIds.push(log.say(`Order ${order} holds the ${product.name} ($${money(product.price)}). I will cancel it with reason "no longer needed" and refund $${money(product.price)} to your credit card. Confirm (yes/no)?`, index === 0 ? 'Yes.' : 'Yes, that one too.'));
    log.call('cancel_pending_order', { order_id: order, reason: 'no longer needed' }, JSON.stringify({ order_id: order, status: 'cancelled', refund: product.price }));
  }
  log.say(`All ${count} orders are cancelled; the refunds will reach your card in 5–7 business days.`, 'Great.');
  return { repeats: 0, evidenceIds, note: `The agent asks "Confirm (yes/no)?" ${count} times in the same template, once per order, because the policy requires a confirmation for each consequential action; each "yes" is followed by a different cancellation: a protocol's repeated confirmations, not a loop.` };
}

/** Three apologies, each for a new problem the user raises, each followed by an action. */
function apologiesNewIssues(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [reservation] = reservationIds(random, 1);
  const [origin, destination] = drawRoute(random);
  const flight = flightNumber(random);
  const back = flightNumber(random);
  const swapped = customer.last.slice(0, 2) + customer.last.charAt(3) + customer.last.charAt(2) + customer.last.slice(4);
  const misspelled = swapped === customer.last ? `${customer.last.slice(0, -1)}e` : swapped;
  openAirline(log, `My flight ${flight} yesterday was delayed five hours and I missed a meeting. I want compensation. User ${customer.userId}, reservation ${reservation}.`);
  log.call('get_reservation_details', { reservation_id: reservation }, JSON.stringify({ reservation_id: reservation, origin, destination, cabin: 'economy', passengers: [{ first_name: customer.first, last_name: misspelled, dob: '1990-07-02' }], flights: [{ flight_number: flight, date: '2024-05-14', status: 'delayed' }, { flight_number: back, date: '2024-05-20', status: 'available' }] }));
  const first = log.say(`I'm sorry about the delay on ${flight}. Since it was delayed and you asked for compensation, I can issue a $50 travel certificate. Shall I?`, `Yes. Also, my last name is misspelled on the booking: it is ${customer.last}, not ${misspelled}.`);
  log.call('send_certificate', { user_id: customer.userId, amount: 50 }, `Certificate certificate_${random.int(1_000_000, 9_999_999)} added to user ${customer.userId} with amount 50.`);
  const second = log.say(`I'm sorry the name was entered wrongly. I will correct the passenger name on ${reservation} to ${customer.first} ${customer.last}, date of birth unchanged. Confirm (yes/no)?`, 'Yes.');
  log.call('update_reservation_passengers', { reservation_id: reservation, passengers: [{ first_name: customer.first, last_name: customer.last, dob: '1990-07-02' }] }, JSON.stringify({ reservation_id: reservation, passengers: [{ first_name: customer.first, last_name: customer.last, dob: '1990-07-02' }] }));
  log.user('Also, the return flight shows no seat for me in the app.');
  const third = log.say("I'm sorry for the trouble with the app. Let me look at the return flight's status.");
  log.call('get_reservation_details', { reservation_id: reservation }, JSON.stringify({ reservation_id: reservation, passengers: [{ first_name: customer.first, last_name: customer.last }], flights: [{ flight_number: flight, date: '2024-05-14', status: 'landed' }, { flight_number: back, date: '2024-05-20', status: 'available', seat_assignment: 'at check-in' }] }));
  log.say('Your return seat is assigned at check-in, which opens 24 hours before departure; nothing is wrong with the booking.', 'Okay, thanks for sorting all that.');
  return { repeats: 0, evidenceIds: [first, second, third], note: "The agent opens three replies with \"I'm sorry…\", but each answers a new problem the user raised (delay, misspelled name, missing seat) and each is followed by a different action (certificate, name fix, lookup): apologies that act, not a loop." };
}

/** The user flips the shipping address back and forth; every write follows an explicit request. */
function userToggles(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [order] = orderIds(random, 1);
  const office = { address1: `${random.int(100, 999)} Commerce Plaza`, address2: `Floor ${random.int(2, 9)}`, city: customer.city, state: customer.state, country: 'USA', zip: customer.zip };
  const home = { address1: customer.street, address2: '', city: customer.city, state: customer.state, country: 'USA', zip: customer.zip };
  openRetail(log, `Hi, ${customer.email}. Can you ship pending order ${order} to my office instead of home? ${office.address1}, ${office.address2}.`);
  log.call('find_user_id_by_email', { email: customer.email }, customer.userId);
  const write = (address: typeof home): string => log.call('modify_pending_order_address', { order_id: order, ...address }, JSON.stringify({ order_id: order, status: 'pending', address }));
  const evidenceIds: string[] = [];
  log.say(`I will change the shipping address of ${order} to ${office.address1}, ${office.address2}. Confirm (yes/no)?`, 'Yes.');
  evidenceIds.push(write(office));
  log.say('Done — it will ship to your office.', 'Oh wait, I am working from home that week. Put it back to my home address please.');
  log.say(`I will change it back to ${home.address1}. Confirm (yes/no)?`, 'Yes.');
  evidenceIds.push(write(home));
  log.say('Done — home address again.', 'Hmm, actually the office has a mailroom and nobody is home during the day. Office again, sorry!');
  log.say(`No problem. Changing ${order} to the office address, ${office.address1}. Confirm (yes/no)?`, 'Yes, final answer.');
  evidenceIds.push(write(office));
  const fourth = random.chance(0.5);
  if (fourth) {
    log.say('Done — office it is.', 'Ugh, my manager says packages are not allowed at the office. Home, for real this time.');
    log.say(`Understood. Back to ${home.address1}. Confirm (yes/no)?`, 'Yes.');
    evidenceIds.push(write(home));
  }
  log.say('All set.', 'Thank you for your patience.');
  return { repeats: 0, borderline: true, evidenceIds, note: `The order's address goes office→home→office${fourth ? '→home' : ''}: an A→B→A${fourth ? '→B' : ''} oscillation, but every write follows the user's explicit new request and confirmation; the user changes their mind, the agent is not stuck. Borderline because the shape is a cycle.` };
}

/** The agent reports "n of N done" after each return; the reports share a template and a counter. */
function progressReports(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const count = random.int(3, 4);
  const orders = orderIds(random, count);
  const products = drawProducts(random, count);
  openRetail(log, `Hi, ${customer.first} ${customer.last}, ${customer.zip}. I want to return everything from these orders: ${orders.join(', ')}. Refund to my gift card. I confirm all of them now.`);
  log.call('find_user_id_by_name_zip', { first_name: customer.first, last_name: customer.last, zip: customer.zip }, customer.userId);
  log.say(`To be sure: return all items of ${orders.join(', ')}, refunds to gift card ${customer.giftCard}. Is that right (yes/no)?`, 'Yes, all of them.');
  const evidenceIds: string[] = [];
  for (const [index, order] of orders.entries()) {
    const product = products[index]!;
    log.call('return_delivered_order_items', { order_id: order, item_ids: [product.itemId], payment_method_id: customer.giftCard }, JSON.stringify({ order_id: order, status: 'return requested', return_items: [product.itemId], refund: product.price }));
    evidenceIds.push(log.say(`Done: the return for order ${order} (${product.name}, $${money(product.price)}) is set up — ${index + 1} of ${count}.${index + 1 < count ? ` Moving on to ${orders[index + 1]}.` : ''}`, index + 1 < count ? 'Great, keep going.' : 'Perfect.'));
  }
  return { repeats: 0, evidenceIds, note: `The agent posts ${count} progress reports in one template ("Done: the return for order … is set up — n of ${count}"), each after a different return: the counter and the order move every time, progress reported, not a loop.` };
}

/** Three different offers in turn, each better than the last, until the user accepts. */
function escalatingOffers(log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  const customer = drawCustomer(random);
  const [reservation] = reservationIds(random, 1);
  const [origin, destination] = drawRoute(random);
  const [cancelled, next] = [flightNumber(random), flightNumber(random)];
  const passengers = random.int(1, 3);
  openAirline(log, `You cancelled my flight ${cancelled} and I want this fixed and I want compensation. Reservation ${reservation}, user ${customer.userId}.`);
  log.call('get_user_details', { user_id: customer.userId }, airlineUserJson(customer, 'gold', [reservation!]));
  log.call('get_reservation_details', { reservation_id: reservation }, JSON.stringify({ reservation_id: reservation, origin, destination, cabin: 'economy', passengers: passengers, flights: [{ flight_number: cancelled, date: '2024-05-18', status: 'cancelled' }] }));
  log.call('search_direct_flight', { origin, destination, date: '2024-05-18' }, JSON.stringify([{ flight_number: next, departs: '17:50', economy: 6 }]));
  const first = log.say(`I can move you at no cost to ${next} the same day at 17:50.`, 'No, that gets me in too late.');
  const second = log.say(`Then I can cancel ${reservation} with a full refund to the original payment, since the airline cancelled the flight.`, 'I still need to get there, and I want something for the trouble.');
  log.call('think', { thought: `Gold member, airline-cancelled flight, user asks for compensation: a certificate of $100 x ${passengers} passengers is allowed, on top of the rebooking.` }, '');
  const third = log.say(`As a gold member with a cancelled flight you can have ${next} at no cost plus a $${100 * passengers} certificate ($100 per passenger). Would that work?`, 'Okay, yes, do both.');
  log.call('send_certificate', { user_id: customer.userId, amount: 100 * passengers }, `Certificate certificate_${random.int(1_000_000, 9_999_999)} added to user ${customer.userId} with amount ${100 * passengers}.`);
  log.call('update_reservation_flights', { reservation_id: reservation, cabin: 'economy', flights: [{ flight_number: next, date: '2024-05-18' }], payment_id: customer.creditCard }, JSON.stringify({ reservation_id: reservation, flights: [{ flight_number: next, date: '2024-05-18' }] }));
  log.say('You are rebooked and the certificate is in your account.', 'Thanks.');
  return { repeats: 0, evidenceIds: [first, second, third], note: 'The agent makes three offers to a user who declines, but each offer is different (a free rebooking, a refund, then a rebooking plus a certificate after checking the policy) and the last is accepted and carried out: a negotiation that moves, not a restated offer.' };
}

/**
 * Builds one customer-service non-loop made of what the agent says.
 *
 * @param kind - Which non-loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @returns What was planted.
 */
export function buildServiceTalkWork(kind: ServiceTalkWorkKind, log: EpisodeWriter3, random: SeededRandom): BuiltEpisode3 {
  switch (kind) {
    case 'work:service-confirm-each-write':
      return confirmEachWrite(log, random);
    case 'work:service-apologies-new-issues':
      return apologiesNewIssues(log, random);
    case 'work:service-user-toggles':
      return userToggles(log, random);
    case 'work:service-progress-reports':
      return progressReports(log, random);
    case 'work:service-escalating-offers':
      return escalatingOffers(log, random);
  }
}
