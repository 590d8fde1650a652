import type { SyntheticTopic } from './synthetic-topic.js';
import { outputSize, queryRows, searchResults, traceback } from './synthetic-tool-outputs.js';

const KB_QUERIES = ['refund policy partial month', 'change booking fee waiver', 'duplicate charge', 'invoice address change', 'loyalty credit expiry'] as const;
const CITIES = ['LIS', 'BER', 'JFK', 'SFO', 'NRT', 'CDG', 'MAD'] as const;

/** The account topic of a support session. @internal */
export const ACCOUNT_TOPIC: SyntheticTopic = {
  name: 'account',
  opening: 'First, please pull up the account {customer} and tell me what you see.',
  returning: 'Back to the account {customer}: the customer called again.',
  requests: [
    'What orders does {customer} have in the last 90 days?',
    'Is the email on file still valid?',
    'Did they contact us before about this?',
    'Which plan are they on?',
  ],
  summaries: [
    'The account is in good standing; the last payment went through.',
    'They have several orders in the period, two of them with open disputes.',
    'There is one earlier ticket about a duplicate charge, resolved last month.',
    'They are on the business plan, billed monthly.',
  ],
  calls: [
    (random, anchors) => ({ name: 'lookup_customer', arguments: { customer_id: anchors.customerId }, content: JSON.stringify({ id: anchors.customerId, plan: random.pick(['business', 'pro', 'starter']), status: 'active', email: `billing+${random.int(100, 999)}@example.com`, createdAt: '2021-06-14T09:12:00Z', bookings: [anchors.bookingCode], notes: Array.from({ length: random.int(3, 12) }, () => `note ${random.int(1, 999)}: ${random.pick(KB_QUERIES)}`) }, null, 2) }),
    (random, anchors) => ({ name: 'search_orders', arguments: { customer_id: anchors.customerId, days: 90 }, content: queryRows(random, outputSize(random), { mentions: [anchors.customerId] }) }),
    (random, anchors) => {
      const query = random.pick(KB_QUERIES);
      return { name: 'search_kb', arguments: { query }, content: searchResults(random, query, outputSize(random), { mentions: [anchors.customerId] }) };
    },
  ],
  failures: [
    (random, anchors) => [
      { name: 'lookup_customer', arguments: { email: `${random.pick(['billing', 'finance', 'accounts', 'ops'])}${random.int(1, 99)}@example.com` }, content: 'HTTP 404 Not Found: {"error":"customer_not_found","message":"no customer with that email"}', isError: true },
      { name: 'lookup_customer', arguments: { customer_id: anchors.customerId }, content: JSON.stringify({ id: anchors.customerId, status: 'active', openTickets: random.int(0, 4) }) },
    ],
  ],
};

/** The billing topic of a support session. @internal */
export const BILLING_TOPIC: SyntheticTopic = {
  name: 'billing',
  opening: 'Now the billing side: {customer} says they were charged twice in February.',
  returning: 'Let\'s finish the billing question for {customer}.',
  requests: [
    'Can you find both charges?',
    'What does the policy say about duplicate charges?',
    'Draft a short reply to the customer about the refund.',
    'Is the second charge already settled?',
  ],
  summaries: [
    'Both charges are there, four minutes apart, same amount.',
    'Policy says duplicate charges are refunded in full, no approval needed below the limit.',
    'The second charge settled yesterday, so a refund (not a void) is needed.',
    'Reply drafted; I kept it short and mentioned the expected 5–7 business days.',
  ],
  calls: [
    (random, anchors) => ({ name: 'get_invoice', arguments: { customer_id: anchors.customerId, month: '2024-02' }, content: queryRows(random, outputSize(random), { mentions: [anchors.customerId] }) }),
    (random) => {
      const query = random.pick(KB_QUERIES);
      return { name: 'search_kb', arguments: { query }, content: searchResults(random, query, outputSize(random)) };
    },
  ],
  failures: [
    (random, anchors) => {
      const template = random.pick(['refund-confirmation', 'duplicate-charge-apology', 'invoice-corrected', 'refund-pending']);
      return [
        { name: 'send_email', arguments: { to: anchors.customerId, template }, content: traceback(random, 'smtplib.SMTPRecipientsRefused: {\'\': (550, b\'5.1.1 recipient address rejected\')}'), isError: true },
        { name: 'send_email', arguments: { to: anchors.customerId, template, channel: 'in-app' }, content: JSON.stringify({ delivered: true, messageId: `msg_${random.int(100_000, 999_999)}` }) },
      ];
    },
  ],
};

/** The rebooking topic of a support session. @internal */
export const REBOOKING_TOPIC: SyntheticTopic = {
  name: 'rebooking',
  opening: 'Another request from the same customer: they want to move booking {booking} to a later date.',
  returning: 'About the rebooking of {booking} again.',
  requests: [
    'What flights are there on the 14th instead?',
    'Is there a change fee for their fare class?',
    'Can we keep the same seats?',
  ],
  summaries: [
    'There are three options on the 14th; the morning one has seats in the same fare class.',
    'Their fare class allows one free change.',
    'Same seats are not available, but adjacent seats are.',
  ],
  calls: [
    (random, anchors) => ({ name: 'get_booking', arguments: { booking_code: anchors.bookingCode }, content: JSON.stringify({ code: anchors.bookingCode, customerId: anchors.customerId, fareClass: random.pick(['Y', 'M', 'K']), segments: [{ from: random.pick(CITIES), to: random.pick(CITIES), date: '2024-03-11' }] }, null, 2) }),
    (random) => {
      const origin = random.pick(CITIES);
      return { name: 'search_flights', arguments: { origin, destination: random.pick(CITIES), date: '2024-03-14' }, content: searchResults(random, `flights from ${origin}`, outputSize(random)) };
    },
  ],
  failures: [
    (random, anchors) => {
      const [unavailable, available] = random.shuffle(['Y', 'M', 'K', 'B', 'H']);
      const date = `2024-03-${random.int(12, 20)}`;
      return [
        { name: 'update_booking', arguments: { booking_code: anchors.bookingCode, fare_class: unavailable, date }, content: traceback(random, `ValidationError: fare class ${unavailable} unavailable on ${date}`), isError: true },
        { name: 'update_booking', arguments: { booking_code: anchors.bookingCode, fare_class: available, date }, content: JSON.stringify({ ok: true, code: anchors.bookingCode, fareClass: available, date }) },
      ];
    },
  ],
};
