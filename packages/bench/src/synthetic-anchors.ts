import type { SeededRandom } from './seeded-random.js';

/**
 * The values a synthetic session plants early and probes late.
 * @internal
 */
export interface SyntheticAnchors {
  customerId: string;
  bookingCode: string;
  monthlyBudget: string;
  refundLimit: string;
  filePath: string;
  approverName: string;
  requesterName: string;
  forbiddenLibrary: string;
  replacementLibrary: string;
  region: string;
  databasePort: number;
  serviceName: string;
}

const FIRST_NAMES = ['Priya', 'Marcus', 'Elena', 'Tomasz', 'Aiko', 'Rafael', 'Ngozi', 'Liam', 'Sofia', 'Dmitri', 'Hana', 'Oluwaseun'] as const;
const LAST_NAMES = ['Raman', 'Okafor', 'Lindqvist', 'Kowalski', 'Tanaka', 'Moreau', 'Adeyemi', 'Brennan', 'Castillo', 'Volkov', 'Sato', 'Nakamura'] as const;
const AREAS = ['billing', 'invoices', 'payments', 'orders', 'accounts', 'notifications', 'bookings'] as const;
const MODULES = ['reconciler', 'ledger-sync', 'retry-queue', 'tax-calculator', 'webhook-handler', 'rate-limiter', 'currency-converter'] as const;
const LIBRARIES: readonly (readonly [string, string])[] = [
  ['moment', 'date-fns'],
  ['lodash', 'native array methods'],
  ['axios', 'the built-in fetch'],
  ['request', 'undici'],
  ['node-uuid', 'crypto.randomUUID'],
];
const REGIONS = ['eu-west-1', 'us-east-2', 'ap-southeast-1', 'eu-central-1', 'us-west-2'] as const;
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

const code = (random: SeededRandom, length: number): string =>
  Array.from({ length }, () => random.pick([...LETTERS])).join('');

const money = (amount: number): string => `$${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;

/**
 * Draws the planted values of one session.
 * @internal
 */
export function createSyntheticAnchors(random: SeededRandom): SyntheticAnchors {
  const [approverFirst, requesterFirst] = random.shuffle(FIRST_NAMES);
  const [approverLast, requesterLast] = random.shuffle(LAST_NAMES);
  const [forbiddenLibrary, replacementLibrary] = random.pick(LIBRARIES);
  const area = random.pick(AREAS);
  return {
    customerId: `CUST-${random.int(10_000, 99_999)}`,
    bookingCode: `BK-${code(random, 6)}`,
    monthlyBudget: money(random.int(20, 180) * 100),
    refundLimit: money(random.int(2, 9) * 50),
    filePath: `src/${area}/${random.pick(MODULES)}.ts`,
    approverName: `${approverFirst} ${approverLast}`,
    requesterName: `${requesterFirst} ${requesterLast}`,
    forbiddenLibrary,
    replacementLibrary,
    region: random.pick(REGIONS),
    databasePort: random.int(5400, 5499),
    serviceName: `${area}-api`,
  };
}
