import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode2, EpisodeLog } from './episode-log.js';
import { DECLINE_TOPICS } from './service-phrases.js';
import { drawFacts, fillIn, identify, openService, orderCode, orderRecord, reservationCode, reservationRecord, restate } from './service-setting.js';

/** The customer-service hard non-loop kinds of the second blind set. */
export const SERVICE_WORK_KINDS = [
  'work:service-poll-changing',
  'work:service-distinct-declines',
  'work:service-same-call-after-change',
  'work:service-iterate-records',
  'work:service-retry-succeeds',
  'work:service-milestone-summaries',
  'work:service-user-repeats-agent-progresses',
  'work:service-search-other-dates',
  'work:service-asks-narrow-down',
] as const;

/** One customer-service non-loop kind. */
export type ServiceWorkKind = (typeof SERVICE_WORK_KINDS)[number];

/**
 * Writes one customer-service hard non-loop episode of `kind`: the same-looking actions repeat,
 * but each time something new is learned or changed.
 *
 * @returns `repeats: 0`, a note and the ids of the look-alike messages.
 */
export function buildServiceWork(kind: ServiceWorkKind, log: EpisodeLog, random: SeededRandom): BuiltEpisode2 {
  const facts = drawFacts(random);
  switch (kind) {
    case 'work:service-poll-changing': {
      const polls = random.int(3, 5);
      const airline = random.chance(0.5);
      openService(log, airline ? 'airline' : 'retail', airline ? `I am at the airport. What is the status of ${facts.flight} today?` : `I sent back the ${facts.item} from ${facts.order}. Has the refund gone through?`);
      identify(log, airline ? 'airline' : 'retail', facts);
      const airlineStates = [
        { status: 'on time', gate: 'B12', departure: '16:05' },
        { status: 'delayed', gate: 'B12', departure: '16:40' },
        { status: 'delayed', gate: 'C3', departure: '17:15' },
        { status: 'delayed', gate: 'C3', departure: '17:35' },
        { status: 'boarding', gate: 'C3', departure: '17:35' },
      ];
      const retailStates = ['return requested', 'return label used', 'return in transit', 'return received', 'refunded'];
      const ids: string[] = [];
      for (let poll = 0; poll < polls; poll++) {
        const at = poll === polls - 1 ? 4 : poll;
        if (airline) {
          const state = airlineStates[at]!;
          ids.push(log.call('get_flight_status', { flight_number: facts.flight, date: '2024-05-15' }, JSON.stringify(state)));
          log.reply(`${facts.flight} is ${state.status}, gate ${state.gate}, departure ${state.departure}.`, poll === polls - 1 ? 'Finally, thanks!' : random.pick(['Could you look again in a few minutes?', 'The board just changed, check again?', 'Any update now?']));
        } else {
          const status = retailStates[at]!;
          ids.push(log.call('get_order_details', { order_id: facts.order }, orderRecord(facts, status)));
          log.reply(`Right now the return on ${facts.order} shows as "${status}".`, poll === polls - 1 ? 'Great, thank you.' : random.pick(['I just got an email, can you check again?', 'And now?', 'Please look once more, the courier came by.']));
        }
      }
      return { repeats: 0, evidenceIds: ids, note: `the same status call polled ${polls} times at the user's request, the status different every time` };
    }
    case 'work:service-distinct-declines': {
      const domain = random.pick(['airline', 'retail'] as const);
      const topics = random.shuffle(DECLINE_TOPICS.filter((topic) => topic.domain === domain));
      const softener = random.pick(['I understand how frustrating this is, but', 'I am sorry, but', 'I wish I could help here, but']);
      openService(log, domain, fillIn(topics[0]!.ask, facts));
      identify(log, domain, facts);
      const ids = topics.map((topic, index) => log.reply(restate(random, fillIn(random.pick(topic.declines), facts), softener), index + 1 < topics.length ? `Alright. Another thing: ${fillIn(topics[index + 1]!.ask, facts)}` : 'Okay, thanks for checking.'));
      return { repeats: 0, evidenceIds: ids, note: `${topics.length} declines with the same opening words, each of a different request the user moves on to` };
    }
    case 'work:service-same-call-after-change': {
      const airline = random.chance(0.5);
      openService(log, airline ? 'airline' : 'retail', airline ? `On ${facts.rid}, add a checked bag and fix the spelling of my last name.` : `Order ${facts.order} is still pending: change the shipping address and the ${facts.item} colour.`);
      identify(log, airline ? 'airline' : 'retail', facts);
      const ids: string[] = [];
      if (airline) {
        const read = (extra: Record<string, unknown>): string => log.call('get_reservation_details', { reservation_id: facts.rid }, reservationRecord(facts, 'economy', extra));
        ids.push(read({ total_baggages: 0, passengers: [{ first_name: 'Sam', last_name: 'Okafr' }] }));
        log.call('update_reservation_baggages', { reservation_id: facts.rid, total_baggages: 1, nonfree_baggages: 0, payment_id: `credit_card_${facts.card}` }, JSON.stringify({ reservation_id: facts.rid, total_baggages: 1 }));
        ids.push(read({ total_baggages: 1, passengers: [{ first_name: 'Sam', last_name: 'Okafr' }] }));
        log.call('update_reservation_passengers', { reservation_id: facts.rid, passengers: [{ first_name: 'Sam', last_name: 'Okafor', dob: '1988-02-11' }] }, JSON.stringify({ reservation_id: facts.rid, passengers: [{ first_name: 'Sam', last_name: 'Okafor' }] }));
        ids.push(read({ total_baggages: 1, passengers: [{ first_name: 'Sam', last_name: 'Okafor' }] }));
        log.reply(`All set: ${facts.rid} now has one checked bag and the name reads Sam Okafor.`);
      } else {
        const read = (extra: Record<string, unknown>): string => log.call('get_order_details', { order_id: facts.order }, orderRecord(facts, 'pending', extra));
        ids.push(read({ address: '12 Elm St', color: 'black' }));
        log.call('modify_pending_order_address', { order_id: facts.order, address1: '48 Harbor Rd', city: 'Portland', zip: '97201' }, JSON.stringify({ order_id: facts.order, address: '48 Harbor Rd' }));
        ids.push(read({ address: '48 Harbor Rd', color: 'black' }));
        log.call('modify_pending_order_items', { order_id: facts.order, item_ids: [facts.itemId], new_item_ids: [String(Number(facts.itemId) + 7)], payment_method_id: `credit_card_${facts.card}` }, JSON.stringify({ order_id: facts.order, color: 'green' }));
        ids.push(read({ address: '48 Harbor Rd', color: 'green' }));
        log.reply(`Done: ${facts.order} ships to 48 Harbor Rd and the ${facts.item} is now green.`);
      }
      return { repeats: 0, evidenceIds: ids, note: 'the identical lookup made 3 times, each after an update that applied, and each result shows the change' };
    }
    case 'work:service-iterate-records': {
      const count = random.int(4, 6);
      const airline = random.chance(0.5);
      const codes = Array.from({ length: count }, () => (airline ? reservationCode(random) : orderCode(random)));
      openService(log, airline ? 'airline' : 'retail', airline ? 'I have a trip to Boston somewhere in my bookings, I need to cancel it.' : `One of my orders had the ${facts.item} in it; I want to return it.`);
      log.reply(airline ? 'Sure. What is your user ID?' : 'Certainly. What is the email on your account?', airline ? `${facts.userId}.` : `${facts.email}.`);
      log.call(airline ? 'get_user_details' : 'find_user_id_by_email', airline ? { user_id: facts.userId } : { email: facts.email }, airline ? JSON.stringify({ user_id: facts.userId, reservations: codes }) : facts.userId);
      if (!airline) log.call('get_user_details', { user_id: facts.userId }, JSON.stringify({ user_id: facts.userId, orders: codes }));
      const cities = random.shuffle(['DEN', 'ORD', 'MIA', 'LAX', 'ATL', 'PHX', 'DFW']);
      const goods = random.shuffle(['phone case', 'yoga mat', 'bluetooth speaker', 'coffee grinder', 'wall clock', 'notebook set']);
      const ids = codes.map((code, index) => {
        const last = index === count - 1;
        if (airline) return log.call('get_reservation_details', { reservation_id: code }, JSON.stringify({ reservation_id: code, origin: 'SEA', destination: last ? 'BOS' : cities[index], insurance: last ? 'yes' : 'no' }));
        return log.call('get_order_details', { order_id: code }, JSON.stringify({ order_id: code, status: 'delivered', items: [{ name: last ? facts.item : goods[index], item_id: String(Number(facts.itemId) + index) }] }));
      });
      log.reply(airline ? `Found it: ${codes.at(-1)} goes to Boston and has insurance. Shall I cancel it (yes)?` : `The ${facts.item} is in ${codes.at(-1)}. Shall I start a return to your original card (yes)?`, 'Yes.');
      return { repeats: 0, evidenceIds: ids, note: `the same lookup over ${count} different ${airline ? 'reservations' : 'orders'} until the right one is found` };
    }
    case 'work:service-retry-succeeds': {
      openService(log, 'airline', `Book ${facts.flight} from SEA to BOS on May 24 in economy, with my card.`);
      identify(log, 'airline', facts);
      log.reply(`Booking ${facts.flight} SEA→BOS on 2024-05-24, economy, $${facts.amount} on the card ending ${facts.card}. Confirm (yes)?`, 'Yes.');
      const booking = { user_id: facts.userId, origin: 'SEA', destination: 'BOS', flight_type: 'one_way', cabin: 'economy', flights: [{ flight_number: facts.flight, date: '2024-05-24' }], payment_methods: [{ payment_id: `credit_card_${facts.card}`, amount: facts.amount }] };
      const ids = [log.call('book_reservation', booking, 'Error: booking service temporarily unavailable, retry later', { isError: true })];
      ids.push(log.call('book_reservation', booking, 'Error: booking service temporarily unavailable, retry later', { isError: true, text: 'The service was briefly unavailable; trying again.' }));
      ids.push(log.call('book_reservation', booking, JSON.stringify({ reservation_id: reservationCode(random), status: 'booked' }), { text: 'Trying once more.' }));
      log.reply(`Booked: ${facts.flight} on 2024-05-24. You will get the confirmation by email.`, 'Perfect.');
      return { repeats: 0, evidenceIds: ids, note: 'the same booking call fails twice on a transient error and succeeds on the third try: only two equal outcomes' };
    }
    case 'work:service-milestone-summaries': {
      openService(log, 'retail', `Two things: return the ${facts.item} from ${facts.order}, and change the address on ${facts.otherOrder}.`);
      identify(log, 'retail', facts);
      log.call('get_order_details', { order_id: facts.order }, orderRecord(facts));
      log.call('return_delivered_order_items', { order_id: facts.order, item_ids: [facts.itemId], payment_method_id: `credit_card_${facts.card}` }, JSON.stringify({ order_id: facts.order, status: 'return requested' }));
      const first = log.reply(`Here is where we are: the return of the ${facts.item} from ${facts.order} is requested and $${facts.amount} will go back to the card ending ${facts.card}. Next I will update the address on ${facts.otherOrder}. What should the new address be?`, '48 Harbor Rd, Portland, OR 97201.');
      log.call('modify_pending_order_address', { order_id: facts.otherOrder, address1: '48 Harbor Rd', city: 'Portland', state: 'OR', zip: '97201' }, JSON.stringify({ order_id: facts.otherOrder, address: '48 Harbor Rd' }));
      const second = log.reply(`Here is where we are: the return of the ${facts.item} from ${facts.order} is requested ($${facts.amount} to the card ending ${facts.card}), and ${facts.otherOrder} will now ship to 48 Harbor Rd, Portland. That covers both of your requests.`, 'Thanks a lot.');
      return { repeats: 0, evidenceIds: [first, second], note: 'two progress summaries in the same words at different milestones (the second adds the address change); only twice' };
    }
    case 'work:service-user-repeats-agent-progresses': {
      const pleas = random.shuffle(['I just want my money back.', 'Please, I only want a refund.', 'Just refund me, that is all I want.', 'Money back, please.', 'I want a refund, nothing else.']).slice(0, 4);
      openService(log, 'retail', `${pleas[0]} The ${facts.item} is broken.`);
      const ids = [log.messages.at(-1)!.id];
      log.reply('I can help with a refund. What is the email on your account?', `${facts.email}. ${pleas[1]}`);
      ids.push(log.messages.at(-1)!.id);
      log.call('find_user_id_by_email', { email: facts.email }, facts.userId);
      log.call('get_user_details', { user_id: facts.userId }, JSON.stringify({ user_id: facts.userId, orders: [facts.order] }));
      log.call('get_order_details', { order_id: facts.order }, orderRecord(facts));
      log.reply(`I found the ${facts.item} in ${facts.order}, delivered. Returning it refunds $${facts.amount} to the card ending ${facts.card}. Confirm (yes)?`, `Yes. ${pleas[2]}`);
      ids.push(log.messages.at(-1)!.id);
      log.call('return_delivered_order_items', { order_id: facts.order, item_ids: [facts.itemId], payment_method_id: `credit_card_${facts.card}` }, JSON.stringify({ order_id: facts.order, status: 'return requested' }));
      log.reply(`The return is in. You will get an email with the label, and the $${facts.amount} refund follows once the ${facts.item} arrives.`, `${pleas[3]} So I will get it?`);
      ids.push(log.messages.at(-1)!.id);
      log.reply(`Yes: $${facts.amount} to the card ending ${facts.card}, usually 5 to 7 business days after the item is received.`);
      return { repeats: 0, evidenceIds: ids, note: 'the user says they want a refund 4 times in slightly different words while the agent authenticates, finds the order, files the return and explains timing' };
    }
    case 'work:service-search-other-dates': {
      const dates = random.shuffle(['2024-05-18', '2024-05-19', '2024-05-20', '2024-05-21', '2024-05-23']).slice(0, random.int(3, 4)).sort();
      openService(log, 'airline', `I need a direct flight Seattle to Boston, any day from the 18th, the cheapest you can find.`);
      identify(log, 'airline', facts);
      const prices = dates.map(() => random.int(90, 400));
      const ids = dates.map((date, index) => {
        const found = index === 0 ? '[]' : JSON.stringify([{ flight_number: `HAT${100 + index * 37}`, date, prices: { economy: prices[index] } }]);
        return log.call('search_direct_flight', { origin: 'SEA', destination: 'BOS', date }, found, { text: index === 0 ? '' : `Checking ${date} as well.` });
      });
      const best = prices.slice(1).reduce((low, price) => Math.min(low, price), Number.POSITIVE_INFINITY);
      log.reply(`I checked ${dates.join(', ')}. Nothing direct on ${dates[0]}; the cheapest direct economy fare is $${best}.`, 'Book that one.');
      return { repeats: 0, evidenceIds: ids, note: `the same route searched on ${dates.length} different dates, each result different (one empty)` };
    }
    case 'work:service-asks-narrow-down': {
      const [first, last] = facts.userId.split('_') as [string, string];
      const name = `${first.charAt(0).toUpperCase()}${first.slice(1)} ${last.charAt(0).toUpperCase()}${last.slice(1)}`;
      const zip = String(random.int(10_000, 99_999));
      const wrongZip = String((Number(zip) + random.int(1, 9) * 10) % 100_000).padStart(5, '0');
      openService(log, 'retail', `I need to change the address on my pending order ${facts.order}.`);
      const ids = [log.reply('I can do that. First, could you share the email address on your account?', `I do not remember which email I used. My name is ${name}.`)];
      ids.push(log.reply(`Thanks, ${name.split(' ')[0]}. With your name I also need the zip code on the account to find you. What is it?`, `It is ${wrongZip}.`));
      log.call('find_user_id_by_name_zip', { first_name: name.split(' ')[0], last_name: name.split(' ')[1], zip: wrongZip }, 'Error: user not found', { isError: true });
      ids.push(log.reply(`No account matches ${name} with zip ${wrongZip}. Could the account use an older address? Which zip code would that be?`, `Oh, right, we moved. The old one is ${zip}.`));
      log.call('find_user_id_by_name_zip', { first_name: name.split(' ')[0], last_name: name.split(' ')[1], zip }, facts.userId);
      log.call('get_order_details', { order_id: facts.order }, orderRecord(facts, 'pending'));
      log.reply(`Found you. ${facts.order} is pending, so the address can still change. What is the new address?`, '48 Harbor Rd, Portland, OR 97201.');
      return { repeats: 0, evidenceIds: ids, note: 'the agent asks for identifying details 3 times, but each ask follows a new fact (a name, a zip that did not match) and asks for something different; then the account is found' };
    }
  }
}
