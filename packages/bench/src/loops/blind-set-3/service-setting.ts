import type { SeededRandom } from '../../seeded-random.js';
import type { EpisodeWriter3 } from './episode-writer.js';

/** The airline agent's instructions (tau-bench airline style, written for this set). */
export const AIRLINE_POLICY =
  '# Airline agent policy\nYou help members of Horizon Air Travel with bookings, changes, cancellations, baggage and refunds. ' +
  'Authenticate the user with their user id first. Before any action that changes a booking, list the details and get an explicit "yes". ' +
  'Basic economy flights cannot be modified. Checked bags can be added but not removed. A cancellation is refunded in full within 24 hours of booking, when the airline cancelled the flight, or with travel insurance. ' +
  'Compensation certificates are offered only when the user asks for compensation and the flight was delayed or cancelled. Transfer to a human agent only when the request is outside this policy.';

/** The retail agent's instructions (tau-bench retail style, written for this set). */
export const RETAIL_POLICY =
  '# Retail agent policy\nYou help customers of the Larkspur online store with orders, returns, exchanges and addresses. ' +
  'Authenticate the user by email, or by full name and zip code, before looking anything up. Pending orders can be cancelled or modified; delivered orders can be returned or exchanged once. ' +
  'Before every consequential action (cancel, modify, return, exchange) state the details and obtain an explicit confirmation ("yes") from the user for that action. ' +
  'Refunds go to the original payment method or a gift card. Transfer to a human agent only when the request is outside this policy.';

const FIRST = ['Lena', 'Marcus', 'Priya', 'Tomás', 'Ingrid', 'Kwame', 'Yuki', 'Dario', 'Hannah', 'Olu', 'Beatriz', 'Ravi', 'Signe', 'Mateo', 'Aisha', 'Felix'] as const;
const LAST = ['Okafor', 'Lindqvist', 'Raman', 'Castillo', 'Brandt', 'Mensah', 'Tanaka', 'Russo', 'Whitfield', 'Adeyemi', 'Moreau', 'Iyer', 'Holm', 'Vargas', 'Qureshi', 'Novak'] as const;
const CITIES = [
  ['Portland', 'OR', '97214'],
  ['Columbus', 'OH', '43215'],
  ['Tucson', 'AZ', '85719'],
  ['Raleigh', 'NC', '27603'],
  ['Madison', 'WI', '53703'],
  ['Spokane', 'WA', '99201'],
] as const;
const STREETS = ['Alder Court', 'Birchwood Lane', 'Cedar Row', 'Dunmore Avenue', 'Elm Terrace', 'Foxglove Street'] as const;
const AIRPORTS = ['SEA', 'DEN', 'ORD', 'ATL', 'BOS', 'PHX', 'MSP', 'DTW', 'LAS', 'MIA'] as const;
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';

/** A customer of either domain. */
export interface Customer {
  first: string;
  last: string;
  userId: string;
  email: string;
  zip: string;
  city: string;
  state: string;
  street: string;
  creditCard: string;
  giftCard: string;
  certificate: string;
}

/** Draws a customer. */
export function drawCustomer(random: SeededRandom): Customer {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const [city, state, zip] = random.pick(CITIES);
  const plain = first.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  return {
    first,
    last,
    userId: `${plain}_${last.toLowerCase()}_${random.int(1000, 9999)}`,
    email: `${plain}.${last.toLowerCase()}${random.int(10, 99)}@example.com`,
    zip,
    city,
    state,
    street: `${random.int(12, 980)} ${random.pick(STREETS)}`,
    creditCard: `credit_card_${random.int(1_000_000, 9_999_999)}`,
    giftCard: `gift_card_${random.int(1_000_000, 9_999_999)}`,
    certificate: `certificate_${random.int(1_000_000, 9_999_999)}`,
  };
}

/** A six-character reservation id. */
export function reservationId(random: SeededRandom): string {
  return Array.from({ length: 6 }, () => random.pick([...ALNUM])).join('');
}

/** `count` distinct reservation ids. */
export function reservationIds(random: SeededRandom, count: number): string[] {
  const ids = new Set<string>();
  while (ids.size < count) ids.add(reservationId(random));
  return [...ids];
}

/** `count` distinct retail order ids (`#W` and seven digits). */
export function orderIds(random: SeededRandom, count: number): string[] {
  const ids = new Set<string>();
  while (ids.size < count) ids.add(`#W${random.int(1_000_000, 9_999_999)}`);
  return [...ids];
}

/** Two different airports. */
export function drawRoute(random: SeededRandom): [string, string] {
  const [origin, destination] = random.shuffle(AIRPORTS);
  return [origin!, destination!];
}

/** A flight number (`HAT` and three digits). */
export function flightNumber(random: SeededRandom): string {
  return `HAT${String(random.int(1, 299)).padStart(3, '0')}`;
}

/** A store product with one item (variant) of it. */
export interface Product {
  name: string;
  productId: string;
  itemId: string;
  options: Record<string, string>;
  price: number;
}

const PRODUCTS: readonly Omit<Product, 'productId' | 'itemId'>[] = [
  { name: 'Trail Running Shoes', options: { size: '10', color: 'slate', material: 'mesh' }, price: 128.4 },
  { name: 'Insulated Water Bottle', options: { capacity: '750ml', color: 'forest green', lid: 'straw' }, price: 34.95 },
  { name: 'Noise-Cancelling Headphones', options: { color: 'black', connectivity: 'wireless', fit: 'over-ear' }, price: 219.0 },
  { name: 'Hiking Backpack', options: { capacity: '28L', color: 'rust', frame: 'internal' }, price: 96.5 },
  { name: 'Desk Lamp', options: { finish: 'brushed brass', bulb: 'LED', arm: 'adjustable' }, price: 58.25 },
  { name: 'Mechanical Keyboard', options: { switches: 'tactile', layout: 'tenkeyless', backlight: 'white' }, price: 142.0 },
  { name: 'Merino T-Shirt', options: { size: 'M', color: 'charcoal', fit: 'regular' }, price: 64.0 },
  { name: 'Cast Iron Skillet', options: { diameter: '12 inch', coating: 'pre-seasoned' }, price: 47.8 },
];

/** `count` distinct products, each with drawn ids. */
export function drawProducts(random: SeededRandom, count: number): Product[] {
  return random.shuffle(PRODUCTS).slice(0, count).map((product) => ({
    ...product,
    productId: String(random.int(1_000_000_000, 9_999_999_999)),
    itemId: String(random.int(1_000_000_000, 9_999_999_999)),
  }));
}

/** Money as the tools print it (two decimals). */
export function money(amount: number): string {
  return amount.toFixed(2);
}

/** Starts an airline episode: the policy, then the user's opening turn. */
export function openAirline(log: EpisodeWriter3, opening: string): void {
  log.system(AIRLINE_POLICY);
  log.user(opening);
}

/** Starts a retail episode: the policy, then the user's opening turn. */
export function openRetail(log: EpisodeWriter3, opening: string): void {
  log.system(RETAIL_POLICY);
  log.user(opening);
}

/** The retail `get_user_details` answer for a customer. */
export function retailUserJson(customer: Customer, orders: readonly string[]): string {
  return JSON.stringify({
    user_id: customer.userId,
    name: { first_name: customer.first, last_name: customer.last },
    address: { address1: customer.street, address2: '', city: customer.city, state: customer.state, country: 'USA', zip: customer.zip },
    email: customer.email,
    payment_methods: { [customer.creditCard]: { source: 'credit_card', brand: 'visa', last_four: customer.creditCard.slice(-4) }, [customer.giftCard]: { source: 'gift_card', balance: 40 } },
    orders,
  });
}

/** The airline `get_user_details` answer for a customer. */
export function airlineUserJson(customer: Customer, membership: string, reservations: readonly string[]): string {
  return JSON.stringify({
    user_id: customer.userId,
    name: { first_name: customer.first, last_name: customer.last },
    email: customer.email,
    membership,
    payment_methods: {
      [customer.creditCard]: { source: 'credit_card', brand: 'mastercard', last_four: customer.creditCard.slice(-4) },
      [customer.giftCard]: { source: 'gift_card', amount: 60 },
      [customer.certificate]: { source: 'certificate', amount: 100 },
    },
    reservations,
  });
}
