import type { SeededRandom } from '../../seeded-random.js';
import type { EpisodeWriter5 } from './episode-writer.js';

/** The airline desk's instructions (tau-bench airline style, written for this set). */
export const AIRLINE_POLICY_5 =
  '# Bluefin Air travel desk\nYou help Bluefin travellers look up, change, book and cancel trips. Identify the traveller by traveller id; look trips up by trip code. ' +
  'Before any write (change_trip_flights, create_trip, cancel_trip) list the details and get an explicit "yes". Basic-saver fares cannot be changed. Payment methods: stored cards, ' +
  'travel vouchers and gift balances; a voucher cannot pay for a change. Hand over to a human (handover_to_human) only when the request is outside policy or your tools.';

/** The retail desk's instructions (tau-bench retail style, written for this set). */
export const RETAIL_POLICY_5 =
  '# Larkspur Outfitters customer care\nYou help Larkspur customers with orders, carts, coupons, claims and deliveries. Identify the customer by email and order number. ' +
  'Confirm every write with the customer first. Read the protection-plan disclosure word for word before each plan you sell (legal requirement).';

const GIVEN = ['Anouk', 'Bram', 'Cosima', 'Dariusz', 'Eun-ji', 'Folake', 'Gideon', 'Henrike', 'Ilse', 'Joaquín', 'Kalani', 'Leopold', 'Maëlle', 'Nnamdi', 'Orla', 'Priya', 'Quentin', 'Rosalind'] as const;
const FAMILY = ['Achterberg', 'Baptiste', 'Castellanos', 'Dunmore', 'Eze', 'Foley', 'Gallagher', 'Haugen', 'Iwasaki', 'Jovanović', 'Kettering', 'Laurent', 'Mbeki', 'Novak', 'Okonkwo', 'Pemberton'] as const;
/** Airports of the airline half. */
export const AIRPORTS_5 = ['BOS', 'DEN', 'MSP', 'PHX', 'RDU', 'SJC', 'STL', 'TPA', 'OAK', 'IND', 'MKE', 'BUF'] as const;
const CODE_LETTERS = 'BCDFGHJKLMNPQRSTVWXZ0123456789';

/** A traveller or customer of either desk. */
export interface Person5 {
  given: string;
  family: string;
  /** `given_family_NNNN`, the traveller id. */
  travellerId: string;
  email: string;
}

/** Draws a person. */
export function drawPerson5(random: SeededRandom): Person5 {
  const given = random.pick(GIVEN);
  const family = random.pick(FAMILY);
  const plain = (name: string): string => name.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  return { given, family, travellerId: `${plain(given)}_${plain(family)}_${random.int(1000, 9999)}`, email: `${plain(given)}${random.int(10, 99)}@postbox.example` };
}

/** A trip code (six characters). */
export function tripCode5(random: SeededRandom): string {
  return Array.from({ length: 6 }, () => CODE_LETTERS[random.int(0, CODE_LETTERS.length - 1)]).join('');
}

/** `count` different trip codes. */
export function tripCodes5(random: SeededRandom, count: number): string[] {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(tripCode5(random));
  return [...codes];
}

/** A flight number (`BF` and three digits). */
export function flight5(random: SeededRandom): string {
  return `BF${random.int(100, 899)}`;
}

/** `count` different flight numbers. */
export function flights5(random: SeededRandom, count: number): string[] {
  const found = new Set<string>();
  while (found.size < count) found.add(flight5(random));
  return [...found];
}

/** Two different airports. */
export function route5(random: SeededRandom): [string, string] {
  const [from, to] = random.shuffle(AIRPORTS_5);
  return [from!, to!];
}

/** A date in June 2025 (`2025-06-DD`). */
export function juneDate5(day: number): string {
  return `2025-06-${String(day).padStart(2, '0')}`;
}

/** A whole-dollar fare. */
export function fare5(random: SeededRandom, low: number, high: number): number {
  return random.int(low, high);
}

/** A Larkspur order number (`LK` and six digits). */
export function order5(random: SeededRandom): string {
  return `LK${random.int(100000, 999999)}`;
}

/** Opens an airline episode: the policy, then the traveller's first turn. */
export function openAirline5(log: EpisodeWriter5, opening: string): void {
  log.system(AIRLINE_POLICY_5);
  log.user(opening);
}

/** Opens a retail episode: the policy, then the customer's first turn. */
export function openRetail5(log: EpisodeWriter5, opening: string): void {
  log.system(RETAIL_POLICY_5);
  log.user(opening);
}

/** The traveller profile as `get_traveller` returns it. */
export function travellerJson5(person: Person5, trips: readonly string[], payments: readonly string[] = ['card_visa_2231']): string {
  return JSON.stringify({ traveller_id: person.travellerId, name: { first: person.given, last: person.family }, trips, payment_methods: payments });
}

/** A trip as `get_trip` returns it. */
export function tripJson5(code: string, person: Person5, from: string, to: string, legs: readonly { flight: string; date: string }[], cabin = 'main'): string {
  return JSON.stringify({ trip_code: code, traveller_id: person.travellerId, origin: from, destination: to, cabin, legs: legs.map((leg) => ({ flight_number: leg.flight, date: leg.date })) });
}
