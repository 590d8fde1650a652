import type { SeededRandom } from '../../seeded-random.js';
import type { EpisodeLog } from './episode-log.js';
import { FOLLOW_UPS, SOFTENERS } from './service-phrases.js';

/** The per-episode facts a customer-service episode talks about. */
export interface ServiceFacts {
  userId: string;
  email: string;
  rid: string;
  otherRid: string;
  order: string;
  otherOrder: string;
  flight: string;
  laterFlight: string;
  amount: number;
  card: number;
  giftCard: number;
  item: string;
  other: string;
  productId: string;
  itemId: string;
}

const CODE_LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const ITEMS = [
  ['desk lamp', 'floor lamp'],
  ['hiking backpack', 'duffel bag'],
  ['mechanical keyboard', 'gaming mouse'],
  ['water bottle', 'travel mug'],
  ['running shoes', 'hiking boots'],
] as const;

/** A six-character reservation code. */
export function reservationCode(random: SeededRandom): string {
  return Array.from({ length: 6 }, () => CODE_LETTERS[random.int(0, CODE_LETTERS.length - 1)]).join('');
}

/** A retail order id such as `#W4817260`. */
export function orderCode(random: SeededRandom): string {
  return `#W${random.int(1_000_000, 9_999_999)}`;
}

/** Draws the facts of one episode. */
export function drawFacts(random: SeededRandom): ServiceFacts {
  const first = random.pick(['aisha', 'bruno', 'chen', 'dmitri', 'elena', 'farah', 'gustavo', 'hana']);
  const last = random.pick(['okafor', 'lindqvist', 'moreau', 'patel', 'novak', 'tanaka']);
  const [item, other] = random.pick(ITEMS);
  return {
    userId: `${first}_${last}_${random.int(1000, 9999)}`,
    email: `${first}.${last}${random.int(10, 99)}@example.com`,
    rid: reservationCode(random),
    otherRid: reservationCode(random),
    order: orderCode(random),
    otherOrder: orderCode(random),
    flight: `HAT${String(random.int(1, 299)).padStart(3, '0')}`,
    laterFlight: `HAT${random.int(300, 499)}`,
    amount: random.int(60, 480),
    card: random.int(1000, 9999),
    giftCard: random.int(1_000_000, 9_999_999),
    item,
    other,
    productId: String(random.int(1_000_000_000, 9_999_999_999)),
    itemId: String(random.int(1_000_000_000, 9_999_999_999)),
  };
}

/** Fills `{key}` placeholders from the facts (unknown keys stay as they are). */
export function fillIn(text: string, facts: ServiceFacts): string {
  const values = facts as unknown as Record<string, string | number>;
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

/** A softener, the restated core and (maybe) a follow-up, joined into one reply. */
export function restate(random: SeededRandom, core: string, softener = random.pick(SOFTENERS)): string {
  const keepCase = /^I\b/.test(core);
  const body = softener.endsWith('.') ? core.charAt(0).toUpperCase() + core.slice(1) : keepCase ? core : core.charAt(0).toLowerCase() + core.slice(1);
  return `${softener} ${body} ${random.pick(FOLLOW_UPS)}`.trim();
}

const AIRLINE_POLICY = '# Airline agent rules\n\nToday is 2024-05-15, 15:00 EST. You help members book, change and cancel flights. Confirm every database-changing action with the member (an explicit "yes") first. Basic economy flights cannot be changed. Refunds on cancellation need insurance, a cancellation within 24 hours of booking, or an airline-cancelled flight. Certificates pay only for new bookings.';
const RETAIL_POLICY = '# Retail agent rules\n\nYou help customers with pending orders (cancel, change address, change items) and delivered orders (return, exchange). Authenticate the customer by email, or by full name and zip code, before anything else. Exchanges stay within one product type and happen once per order. Refunds go to the original payment method or a gift card.';

/** The system prompt and the user's first message of a customer-service episode. */
export function openService(log: EpisodeLog, domain: 'airline' | 'retail', firstMessage: string): void {
  log.system(domain === 'airline' ? AIRLINE_POLICY : RETAIL_POLICY);
  log.user(firstMessage);
}

/** The identification steps: the agent asks, the user answers, the profile is read. */
export function identify(log: EpisodeLog, domain: 'airline' | 'retail', facts: ServiceFacts): void {
  if (domain === 'airline') {
    log.reply('Sure, I can help with that. Could I have your user ID first?', `It is ${facts.userId}.`);
    log.call('get_user_details', { user_id: facts.userId }, JSON.stringify({ user_id: facts.userId, membership: 'regular', payment_methods: { [`credit_card_${facts.card}`]: { source: 'credit_card', last_four: String(facts.card) }, [`gift_card_${facts.giftCard}`]: { source: 'gift_card', amount: facts.amount + 40 } }, reservations: [facts.rid, facts.otherRid] }));
    return;
  }
  log.reply('Of course. To get started, could you give me the email address on your account?', `Sure, ${facts.email}.`);
  log.call('find_user_id_by_email', { email: facts.email }, facts.userId);
  log.call('get_user_details', { user_id: facts.userId }, JSON.stringify({ user_id: facts.userId, orders: [facts.order, facts.otherOrder], payment_methods: { [`credit_card_${facts.card}`]: { source: 'credit_card', last_four: String(facts.card) } } }));
}

/** The stored reservation, as `get_reservation_details` returns it. */
export function reservationRecord(facts: ServiceFacts, cabin = 'basic_economy', extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ reservation_id: facts.rid, user_id: facts.userId, origin: 'SEA', destination: 'BOS', cabin, flights: [{ flight_number: facts.flight, date: '2024-05-22', price: facts.amount }], insurance: 'no', created_at: '2024-05-08T10:12:00', ...extra });
}

/** The stored order, as `get_order_details` returns it. */
export function orderRecord(facts: ServiceFacts, status = 'delivered', extra: Record<string, unknown> = {}): string {
  return JSON.stringify({ order_id: facts.order, user_id: facts.userId, status, items: [{ name: facts.item, product_id: facts.productId, item_id: facts.itemId, price: facts.amount }], payment_history: [{ transaction_type: 'payment', amount: facts.amount, payment_method_id: `credit_card_${facts.card}` }], ...extra });
}
