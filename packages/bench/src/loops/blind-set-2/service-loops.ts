import type { SeededRandom } from '../../seeded-random.js';
import { loopLength, type BuiltEpisode2, type EpisodeLog } from './episode-log.js';
import { ASK_TOPICS, DECLINE_TOPICS, OFFER_TOPICS, PUSHES, RULE_TOPICS, SOFTENERS, WHY_PUSHES } from './service-phrases.js';
import { drawFacts, fillIn, identify, openService, orderRecord, reservationRecord, restate, type ServiceFacts } from './service-setting.js';

/** The customer-service loop kinds of the second blind set. */
export const SERVICE_LOOP_KINDS = [
  'loop:service-restated-decline',
  'loop:service-reasked-detail',
  'loop:service-reoffered-choices',
  'loop:service-rule-reexplained',
  'loop:service-lookup-trivial-args',
  'loop:service-ab-cycle',
  'loop:service-loop-after-progress',
] as const;

/** One customer-service loop kind. */
export type ServiceLoopKind = (typeof SERVICE_LOOP_KINDS)[number];

/** Reads the reservation or the order the episode is about. */
function lookUp(log: EpisodeLog, domain: 'airline' | 'retail', facts: ServiceFacts): void {
  if (domain === 'airline') log.call('get_reservation_details', { reservation_id: facts.rid }, reservationRecord(facts));
  else log.call('get_order_details', { order_id: facts.order }, orderRecord(facts));
}

/** Restatements of one thing in `times` different wordings, each answered by a user who pushes. */
function restatements(log: EpisodeLog, random: SeededRandom, wordings: readonly string[], pushes: readonly string[], times: number, last: string, facts: ServiceFacts, soften: boolean): string[] {
  const chosen = random.shuffle(wordings).slice(0, times);
  const softeners = random.shuffle(SOFTENERS);
  const answers = random.shuffle(pushes);
  return chosen.map((wording, index) => {
    const text = fillIn(wording, facts);
    return log.reply(soften ? restate(random, text, softeners[index % softeners.length]) : text, index === times - 1 ? last : answers[index % answers.length]);
  });
}

/** Argument variants that differ only in key order, letter case or surrounding whitespace. */
function trivialVariants(base: Record<string, string>, random: SeededRandom, count: number): Record<string, string>[] {
  const keys = Object.keys(base);
  const variants: Record<string, string>[] = [];
  for (let index = 0; index < count; index++) {
    const order = index === 0 ? keys : random.shuffle(keys);
    const style = index === 0 ? 'same' : random.pick(['same', 'lower', 'padded', 'trailing']);
    const variant: Record<string, string> = {};
    for (const key of order) {
      const value = base[key]!;
      variant[key] = style === 'lower' ? value.toLowerCase() : style === 'padded' && key === order[0] ? ` ${value} ` : style === 'trailing' && key === order.at(-1) ? `${value}\n` : value;
    }
    variants.push(variant);
  }
  return variants;
}

/**
 * Writes one customer-service loop episode of `kind` (tau-bench airline or retail style).
 *
 * @param tier - 0, 1 or 2: a loop of 3 (borderline), 4, or 5 and more repeats.
 * @returns The repeats, a note and the ids of the repeated messages.
 */
export function buildServiceLoop(kind: ServiceLoopKind, log: EpisodeLog, random: SeededRandom, tier: number): BuiltEpisode2 {
  const facts = drawFacts(random);
  switch (kind) {
    case 'loop:service-restated-decline': {
      const topic = random.pick(DECLINE_TOPICS);
      const times = loopLength(tier, random.int, topic.declines.length);
      openService(log, topic.domain, fillIn(topic.ask, facts));
      identify(log, topic.domain, facts);
      lookUp(log, topic.domain, facts);
      const ids = restatements(log, random, topic.declines, PUSHES, times, random.pick(['Fine. Bye.', 'Whatever, I will call back later.', 'Then I want a human.']), facts, true);
      return { repeats: times, evidenceIds: ids, note: `the same decline (${topic.domain}: "${fillIn(topic.ask, facts).slice(0, 48)}…") restated ${times} times in different words while the user pushes without new facts` };
    }
    case 'loop:service-reasked-detail': {
      const topic = random.pick(ASK_TOPICS);
      const times = loopLength(tier, random.int, topic.asks.length);
      openService(log, topic.domain, topic.opening);
      const gives = random.chance(0.5);
      const last = gives ? (topic.domain === 'retail' ? `Fine, it is ${facts.email}.` : `Okay okay, it is ${facts.userId}.`) : 'Forget it, I will do it online.';
      const ids = restatements(log, random, topic.asks, topic.dodges, times, last, facts, false);
      if (gives && topic.domain === 'retail') log.call('find_user_id_by_email', { email: facts.email }, facts.userId);
      if (gives && topic.domain === 'airline') log.call('get_user_details', { user_id: facts.userId }, JSON.stringify({ user_id: facts.userId, reservations: [facts.rid] }));
      return { repeats: times, evidenceIds: ids, note: `the agent asks for the same ${topic.domain === 'retail' ? 'email / name and zip' : 'user ID'} ${times} times in new words; the user's dodges add nothing${gives ? ' (given only after the loop)' : ''}` };
    }
    case 'loop:service-reoffered-choices': {
      const topic = random.pick(OFFER_TOPICS);
      const times = loopLength(tier, random.int, topic.offers.length);
      openService(log, topic.domain, fillIn(topic.opening, facts));
      identify(log, topic.domain, facts);
      lookUp(log, topic.domain, facts);
      const ids = restatements(log, random, topic.offers, topic.refusals, times, 'I want to talk to someone else.', facts, false);
      log.call('transfer_to_human_agents', { summary: `Customer declines the offered options (${topic.domain}) and asks for something outside policy.` }, 'Transfer successful');
      return { repeats: times, evidenceIds: ids, note: `the same two options re-offered ${times} times (reworded, order swapped) to a user who keeps refusing both` };
    }
    case 'loop:service-rule-reexplained': {
      const topic = random.pick(RULE_TOPICS);
      const times = loopLength(tier, random.int, topic.explanations.length);
      openService(log, topic.domain, fillIn(topic.opening, facts));
      identify(log, topic.domain, facts);
      lookUp(log, topic.domain, facts);
      const ids = restatements(log, random, topic.explanations, WHY_PUSHES, times, random.pick(['Okay, I give up.', 'Fine, leave it as it is.']), facts, random.chance(0.5));
      return { repeats: times, evidenceIds: ids, note: `the same policy rule explained ${times} times in different words to a user who only asks why again` };
    }
    case 'loop:service-lookup-trivial-args': {
      const times = loopLength(tier, random.int, 8);
      const airline = random.chance(0.5);
      openService(log, airline ? 'airline' : 'retail', airline ? 'Is there a direct flight from Seattle to Boston on May 20?' : `Where is my order ${facts.order}? It should have shipped by now.`);
      identify(log, airline ? 'airline' : 'retail', facts);
      const base: Record<string, string> = airline ? { origin: 'SEA', destination: 'BOS', date: '2024-05-20' } : { order_id: facts.order };
      const output = airline ? JSON.stringify([{ flight_number: facts.flight, origin: 'SEA', destination: 'BOS', scheduled_departure_time_est: '07:00:00', prices: { economy: facts.amount } }]) : orderRecord(facts, 'processed', { fulfillments: [] });
      const checks = random.shuffle(['Let me double-check that.', 'I will look once more to be sure.', 'Checking again.', 'One more look to confirm.', 'Let me verify that in the system.', 'Rechecking now.', 'I want to be certain; looking again.', '']);
      const answers = random.shuffle(
        airline
          ? [`I see one direct option, ${facts.flight}, at $${facts.amount}.`, `Only ${facts.flight} flies direct that day, $${facts.amount} in economy.`, `The search shows a single nonstop: ${facts.flight}, leaving at 07:00.`, `Just one direct flight comes up, ${facts.flight}.`]
          : [`${facts.order} is still being processed; it has not shipped yet.`, `The order shows as processed, with no tracking number yet.`, `It has not left the warehouse: status processed.`, `No shipment yet for ${facts.order}; it is in processing.`],
      );
      const doubts = random.shuffle(['Are you sure? Check again.', 'Hmm, look again please.', 'That cannot be right.', 'Could you check one more time?']);
      const ids = trivialVariants(base, random, times).map((args, index) => {
        const id = log.call(airline ? 'search_direct_flight' : 'get_order_details', args, output, { text: checks[index]! });
        if (index % 2 === 1 && index < times - 1) log.reply(answers[(index - 1) / 2]!, doubts[(index - 1) / 2]!);
        return id;
      });
      log.reply(airline ? `There is exactly one direct flight, ${facts.flight}, departing 07:00.` : `Your order ${facts.order} is processed and waiting for shipment.`, 'Okay.');
      return { repeats: times, evidenceIds: ids, note: `the same successful ${airline ? 'flight search' : 'order lookup'} ${times} times, arguments differing only in key order, case or whitespace, identical output each time` };
    }
    case 'loop:service-ab-cycle': {
      const times = loopLength(tier, random.int, 6);
      const airline = random.chance(0.5);
      openService(log, airline ? 'airline' : 'retail', airline ? `Can I change ${facts.rid} to a direct flight?` : `Does the ${facts.item} in my order come in another colour?`);
      identify(log, airline ? 'airline' : 'retail', facts);
      const first = airline ? (): string => log.call('get_reservation_details', { reservation_id: facts.rid }, reservationRecord(facts, 'economy')) : (): string => log.call('get_order_details', { order_id: facts.order }, orderRecord(facts));
      const second = airline
        ? (): string => log.call('search_direct_flight', { origin: 'SEA', destination: 'BOS', date: '2024-05-22' }, JSON.stringify([{ flight_number: facts.laterFlight, prices: { economy: facts.amount + 35 } }]))
        : (): string => log.call('get_product_details', { product_id: facts.productId }, JSON.stringify({ name: facts.item, product_id: facts.productId, variants: { [facts.itemId]: { options: { color: 'black' }, available: true } } }));
      const ids: string[] = [];
      for (let round = 0; round < times; round++) {
        ids.push(first());
        second();
      }
      log.reply(airline ? `Yes, ${facts.laterFlight} is a direct option on 2024-05-22.` : `The ${facts.item} is available in black only.`, 'Thanks.');
      return { repeats: times, evidenceIds: ids, note: `an A-B-A-B cycle of the same two lookups ${times} rounds, the same outputs each round, no reply to the user between` };
    }
    case 'loop:service-loop-after-progress': {
      // The middle tier restates a decline after a return is set up; the others repeat a failing update.
      if (tier % 3 === 1) {
        const times = loopLength(tier, random.int, 6);
        const topic = DECLINE_TOPICS.find((candidate) => candidate.ask.startsWith('Refund the return'))!;
        openService(log, 'retail', `I want to return the ${facts.item} from ${facts.order}.`);
        identify(log, 'retail', facts);
        lookUp(log, 'retail', facts);
        log.reply(`${facts.order} has been delivered, so the ${facts.item} can be returned; $${facts.amount} goes back to the card ending ${facts.card}. Shall I file the return (yes)?`, 'Yes, but send the money to my new Mastercard instead.');
        const ids = restatements(log, random, topic.declines, PUSHES, times, 'Fine, use the old card then.', facts, true);
        log.call('return_delivered_order_items', { order_id: facts.order, item_ids: [facts.itemId], payment_method_id: `credit_card_${facts.card}` }, JSON.stringify({ order_id: facts.order, status: 'return requested' }));
        return { repeats: times, evidenceIds: ids, note: `after real progress (authenticated, order found, return offered) the same decline of a refund to a new card restated ${times} times in new words to a user who pushes` };
      }
      const times = loopLength(tier, random.int, 8);
      openService(log, 'airline', `First cancel ${facts.otherRid}, it has insurance. Then add two bags to ${facts.rid}.`);
      identify(log, 'airline', facts);
      log.call('get_reservation_details', { reservation_id: facts.otherRid }, JSON.stringify({ reservation_id: facts.otherRid, insurance: 'yes', cabin: 'economy', total: facts.amount + 120 }));
      log.reply(`${facts.otherRid} has insurance, so cancelling it refunds $${facts.amount + 120} to the original payment. Shall I cancel it (yes)?`, 'Yes.');
      log.call('cancel_reservation', { reservation_id: facts.otherRid }, JSON.stringify({ reservation_id: facts.otherRid, status: 'cancelled' }));
      log.reply(`${facts.otherRid} is cancelled. For ${facts.rid}, two extra bags cost $100, charged to the gift card. Confirm (yes)?`, 'Yes, go ahead.');
      const args = { reservation_id: facts.rid, total_baggages: 2, nonfree_baggages: 2, payment_id: `gift_card_${facts.giftCard}` };
      const keys = Object.keys(args) as (keyof typeof args)[];
      const texts = random.shuffle(['Let me try that once more.', 'Retrying the baggage update.', 'I will submit it again.', 'Trying again now.', '', 'One more attempt.', 'Submitting the same update again.', 'Let me give it another go.']);
      const ids: string[] = [];
      for (let index = 0; index < times; index++) {
        const reordered = Object.fromEntries(random.shuffle(keys).map((key) => [key, args[key]]));
        ids.push(log.call('update_reservation_baggages', reordered, 'Error: gift card balance is not enough', { isError: true, text: index === 0 ? '' : texts[index]! }));
      }
      log.call('transfer_to_human_agents', { summary: `Bags on ${facts.rid} could not be added.` }, 'Transfer successful');
      return { repeats: times, evidenceIds: ids, note: `after a real cancellation, the same baggage update (keys reordered) submitted ${times} times with the same balance error, the payment never changed` };
    }
  }
}
