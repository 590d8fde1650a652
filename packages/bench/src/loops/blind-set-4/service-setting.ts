import type { SeededRandom } from '../../seeded-random.js';
import type { EpisodeWriter4 } from './episode-writer.js';

/** The airline desk's instructions (tau-bench airline style, written for this set). */
export const AIRLINE_DESK_POLICY =
  '# Northwind Airways support desk\nYou help Northwind members with bookings, seats, baggage, refunds and vouchers. Verify the member first (member id, or name and date of birth). ' +
  'Ask for an explicit "yes" before any change to a booking. Basic fares cannot be changed. Route a ticket to another desk (billing, reservations, loyalty) only when it is outside your tools. ' +
  'Refund jobs run on the refund queue; check a job before telling the member it is done.';

/** The retail desk's instructions (tau-bench retail style, written for this set). */
export const RETAIL_DESK_POLICY =
  '# Quillby Home store support\nYou help Quillby customers with orders, returns, exchanges and account security. Authenticate by email and a one-time code, or by name and postcode. ' +
  'Confirm every cancellation, return or exchange with the customer before doing it. Answer policy questions from the help-centre articles (search_help_center).';

const FIRST = ['Amara', 'Bastian', 'Chiara', 'Dmitri', 'Elif', 'Farah', 'Gunnar', 'Hiroko', 'Isidro', 'Jolene', 'Kofi', 'Lucía', 'Mirek', 'Nadia', 'Oskar', 'Paloma'] as const;
const LAST = ['Abernathy', 'Bergström', 'Cavallo', 'Delacroix', 'Ekwueme', 'Fairbanks', 'Grünewald', 'Halloran', 'Ishikawa', 'Jankowski', 'Kowalczyk', 'Lindgren', 'Montoya', 'Nakashima', 'Oyelaran', 'Pereira'] as const;
const POSTCODES = ['60614', '30307', '80205', '98103', '02139', '55406', '73301', '19104'] as const;
/** The months' English names. */
export const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'] as const;
const AIRPORTS = ['YVR', 'SFO', 'AUS', 'IAD', 'MCO', 'SLC', 'PDX', 'CLT', 'SAN', 'BNA'] as const;
const ALNUM = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A member or customer of either desk. */
export interface Member {
  first: string;
  last: string;
  memberId: string;
  email: string;
  postcode: string;
  /** Date of birth: year, month (1–12), day. */
  born: readonly [number, number, number];
}

/** Draws a member. */
export function drawMember(random: SeededRandom): Member {
  const first = random.pick(FIRST);
  const last = random.pick(LAST);
  const plain = (name: string): string => name.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase();
  return {
    first,
    last,
    memberId: `NW${random.int(100000, 999999)}`,
    email: `${plain(first)}.${plain(last)}@mailbox.test`,
    postcode: random.pick(POSTCODES),
    born: [random.int(1955, 2001), random.int(1, 12), random.int(1, 28)],
  };
}

/** The date of birth as `YYYY-MM-DD`. */
export function isoBirth(member: Member): string {
  const [year, month, day] = member.born;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The date of birth in words ("4 March 1987"). */
export function spokenBirth(member: Member): string {
  const [year, month, day] = member.born;
  return `${day} ${MONTHS[month - 1]} ${year}`;
}

/** A booking code (six characters). */
export function bookingCode(random: SeededRandom): string {
  return Array.from({ length: 6 }, () => ALNUM[random.int(0, ALNUM.length - 1)]).join('');
}

/** An order number (`QH-` and seven digits). */
export function orderNumber(random: SeededRandom): string {
  return `QH-${random.int(1000000, 9999999)}`;
}

/** Two different airports. */
export function drawRoute(random: SeededRandom): [string, string] {
  const [from, to] = random.shuffle(AIRPORTS);
  return [from!, to!];
}

/** A flight number. */
export function flightNo(random: SeededRandom): string {
  return `NW${random.int(100, 989)}`;
}

/** A price with cents. */
export function price(random: SeededRandom, low: number, high: number): string {
  return (random.int(low * 100, high * 100) / 100).toFixed(2);
}

/** Opens an airline-desk episode: the policy, then the member's first turn. */
export function openAirlineDesk(log: EpisodeWriter4, opening: string): void {
  log.system(AIRLINE_DESK_POLICY);
  log.user(opening);
}

/** Opens a retail-desk episode: the policy, then the customer's first turn. */
export function openRetailDesk(log: EpisodeWriter4, opening: string): void {
  log.system(RETAIL_DESK_POLICY);
  log.user(opening);
}

/** The member profile as the `get_member` tool returns it. */
export function memberJson(member: Member, bookings: readonly string[], tier = 'silver'): string {
  return JSON.stringify({ member_id: member.memberId, name: `${member.first} ${member.last}`, date_of_birth: isoBirth(member), tier, bookings });
}
