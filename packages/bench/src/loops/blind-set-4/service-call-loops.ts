import type { SeededRandom } from '../../seeded-random.js';
import { loopRepeats, type BuiltEpisode4, type EpisodeWriter4 } from './episode-writer.js';
import { bookingCode, drawMember, drawRoute, flightNo, memberJson, openAirlineDesk, openRetailDesk, orderNumber, price } from './service-setting.js';

/** Customer-service loops made of tool calls (see the README for each label rule). */
export const SERVICE_CALL_LOOP_KINDS_4 = ['loop:service-desk-pingpong', 'loop:service-help-search-reworded', 'loop:service-recheck-amid-chatter', 'loop:service-requeue-same-failure'] as const;

/** One kind of {@link SERVICE_CALL_LOOP_KINDS_4}. */
export type ServiceCallLoopKind4 = (typeof SERVICE_CALL_LOOP_KINDS_4)[number];

/** The ticket bounces between two desks, each sending it back with the same reason. */
function deskPingpong(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const member = drawMember(random);
  const code = bookingCode(random);
  const amount = price(random, 180, 640);
  openAirlineDesk(log, `My flight ${code} was cancelled by you and I was charged a $${amount} rebooking fee anyway. I want the fee back. Member ${member.memberId}.`);
  log.call('get_member', { member_id: member.memberId }, memberJson(member, [code]));
  const note = `Member ${member.memberId} disputes a $${amount} rebooking fee on ${code} after an airline cancellation.`;
  const billing = 'Ticket returned by BILLING: fee disputes tied to a schedule change are handled by RESERVATIONS. Ticket is back in your queue.';
  const reservations = 'Ticket returned by RESERVATIONS: we do not issue fee refunds; fee disputes go to BILLING. Ticket is back in your queue.';
  const texts = ['Let me route this to billing.', 'Billing should take it after all — sending it there.', 'I will send it to billing once more.', 'Routing to billing again.', 'Trying billing again.', 'Back to billing.', 'Sending to billing.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('route_ticket', { desk: 'billing', note }, billing, { text: texts[round % texts.length]! }));
    log.call('route_ticket', { desk: 'reservations', note }, reservations, { text: round % 2 === 0 ? 'Then reservations it is.' : 'Passing it to reservations.' });
  }
  log.say('I am sorry for the runaround. I have logged the dispute on your booking; a supervisor will contact you within two business days.', 'That is not great, but okay.');
  return { repeats, evidenceIds, note: `The agent routes the same ticket with the same note to billing, which returns it to reservations, which returns it to billing — ${repeats} identical rounds of two calls with the same two answers: a two-desk ping-pong with no progress, a loop.` };
}

const SEARCHES = [
  ['return window opened box', 'opened box return window', 'how long to return opened items', 'return window for opened box items', 'opened item return deadline', 'days to return an opened box', 'opened packaging return time limit'],
  ['price match after purchase', 'price adjustment after buying', 'refund price difference after purchase', 'price drop after purchase refund', 'match lower price after order', 'post-purchase price match', 'price protection after buying'],
] as const;

/** The same help-centre question in ever new words, always answered "no articles". */
function helpSearchReworded(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const member = drawMember(random);
  const topic = random.int(0, SEARCHES.length - 1);
  const question = topic === 0 ? 'Can I still return a blender I opened 20 days ago?' : 'The lamp I bought last week is now cheaper. Can I get the difference back?';
  openRetailDesk(log, `${question} I'm ${member.email}.`);
  const evidenceIds: string[] = [];
  const texts = ['Let me check the help centre.', 'Let me try different wording.', 'I will search again with other words.', 'Searching once more.', 'Let me rephrase the search.', 'Trying another phrasing.', 'One more search.'];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('search_help_center', { query: SEARCHES[topic]![round]! }, JSON.stringify({ results: [], total: 0 }), { text: texts[round]! }));
  }
  log.say('I could not find an article on that. Let me note your question for a specialist.', 'Hm, okay.');
  return { repeats, evidenceIds, note: `The agent searches the help centre ${repeats} times for the same question reworded (the same terms reordered or swapped for synonyms) and gets zero results every time, never changing approach: no progress, a loop.` };
}

const CHATTER = [
  ['Is there wifi on that flight?', 'Yes, the aircraft has wifi; messaging is free for members.'],
  ['Do I get a meal?', 'A snack and drinks are served; meals are for sale on flights over three hours.'],
  ['Can I bring my guitar on board?', 'Yes, if it fits in the overhead bin; otherwise it can be checked as a fragile item.'],
  ['What terminal does it leave from?', 'It departs from terminal 2.'],
  ['Is the lounge open that early?', 'The lounge opens at 5:00, before your departure.'],
  ['Will I earn miles on this?', 'Yes, the flight earns miles at your tier rate.'],
  ['Can I pay for bags now?', 'Yes, bags can be added at check-in or in the app.'],
] as const;

/** The agent re-reads the same full seat map between answers to unrelated small questions. */
function recheckAmidChatter(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const member = drawMember(random);
  const code = bookingCode(random);
  const flight = flightNo(random);
  const [from, to] = drawRoute(random);
  openAirlineDesk(log, `Hi, I'm on ${flight} ${from}-${to} tomorrow, booking ${code}. Is there any extra-legroom seat left? Member ${member.memberId}.`);
  log.call('get_booking', { booking_code: code }, JSON.stringify({ booking_code: code, member_id: member.memberId, flights: [{ flight, from, to, date: '2024-06-12', cabin: 'main', seat: '27C' }] }));
  const args = { flight, date: '2024-06-12', cabin: 'extra_legroom' };
  const map = JSON.stringify({ flight, cabin: 'extra_legroom', free_seats: [], waitlist: 3 });
  const start = random.int(0, CHATTER.length - 1);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('get_seat_map', args, map, { text: round === 0 ? 'Let me look at the seat map.' : 'Let me also check the seat map again.' }));
    const [ask] = CHATTER[(start + round) % CHATTER.length]!;
    const [, answer] = CHATTER[(start + round + CHATTER.length - 1) % CHATTER.length]!;
    log.say(round === 0 ? 'Extra-legroom is full at the moment (3 on the waitlist). Anything else I can help with?' : `${answer} Extra-legroom is still full, by the way.`, ask);
  }
  const [, lastAnswer] = CHATTER[(start + repeats - 1) % CHATTER.length]!;
  log.say(`${lastAnswer} Would you like me to add you to the extra-legroom waitlist?`, 'Sure.');
  return { repeats, evidenceIds, note: `Between answers to unrelated small questions the agent calls get_seat_map with the same arguments ${repeats} times and gets the same full map (no seats, 3 waiting) each time; nothing could have changed it and nobody asked: the same call with the same outcome, a loop interleaved with chatter.` };
}

/** A refund job re-queued again and again against the same closed card; only the job id changes. */
function requeueSameFailure(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const member = drawMember(random);
  const order = orderNumber(random);
  const amount = price(random, 40, 260);
  openRetailDesk(log, `I returned order ${order} a month ago and the refund never arrived. ${member.first} ${member.last}, postcode ${member.postcode}.`);
  log.call('find_customer', { name: `${member.first} ${member.last}`, postcode: member.postcode }, JSON.stringify({ customer_id: member.memberId }));
  let job = random.int(4000, 8000);
  const evidenceIds: string[] = [];
  const texts = ['I will queue the refund now.', 'Let me queue it again.', 'Re-queuing the refund.', 'I will submit the refund job once more.', 'Queuing it again.', 'Trying the refund job again.', 'Submitting again.'];
  for (let round = 0; round < repeats; round++) {
    job += random.int(1, 40);
    evidenceIds.push(log.call('enqueue_refund', { order_id: order, amount, method: 'original' }, JSON.stringify({ job_id: `RF-${job}`, state: 'queued' }), { text: texts[round % texts.length]! }));
    log.call('get_refund_job', { job_id: `RF-${job}` }, JSON.stringify({ job_id: `RF-${job}`, state: 'failed', reason: 'original payment card ending 4417 was closed by the issuer' }));
  }
  log.say(`The refund of $${amount} cannot go to your original card because it was closed. Would you like it as store credit or to another card?`, 'Store credit is fine.');
  return { repeats, evidenceIds, note: `The agent enqueues the same refund (same order, amount and method) ${repeats} times; each job fails for the same reason (the card is closed) and only the job id changes; nothing is changed between tries: a re-queue loop.` };
}

/**
 * Builds one customer-service call loop of the fourth blind set.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildServiceCallLoop4(kind: ServiceCallLoopKind4, log: EpisodeWriter4, random: SeededRandom, tier: number): BuiltEpisode4 {
  switch (kind) {
    case 'loop:service-desk-pingpong':
      return deskPingpong(log, random, loopRepeats(tier, random, 6));
    case 'loop:service-help-search-reworded':
      return helpSearchReworded(log, random, loopRepeats(tier, random));
    case 'loop:service-recheck-amid-chatter':
      return recheckAmidChatter(log, random, loopRepeats(tier, random));
    case 'loop:service-requeue-same-failure':
      return requeueSameFailure(log, random, loopRepeats(tier, random, 6));
  }
}
