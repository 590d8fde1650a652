/**
 * Phrase pools of the customer-service episodes of the second blind set, written for it (none of
 * them comes from the shared runs or from the first blind set). `{name}` placeholders are filled
 * per episode. Each restatement pool has at least six wordings so that a loop of six never says
 * the same sentence twice.
 */

/** Something the agent must keep declining, with the user's first ask and six ways to decline. */
export interface DeclineTopic {
  domain: 'airline' | 'retail';
  ask: string;
  declines: readonly string[];
}

/** Requests the policy forbids, each declined in six different wordings. */
export const DECLINE_TOPICS: readonly DeclineTopic[] = [
  {
    domain: 'airline',
    ask: 'I need to cancel reservation {rid} and get my ${amount} back. I booked it last week.',
    declines: [
      'reservation {rid} is basic economy without travel insurance and was booked more than 24 hours ago, so a refund is not possible.',
      'a basic economy fare that is past its 24-hour window and carries no insurance cannot be refunded, and that is the case for {rid}.',
      'the system will not let me refund {rid}: it is past the free-cancellation day, it has no insurance, and the airline did not cancel the flight.',
      'there is no refundable path for {rid}. Without insurance, and with the booking older than a day, the ${amount} stays on the ticket.',
      'cancelling {rid} for money back is outside what I am allowed to do, since none of the refund conditions applies to it.',
      'the ${amount} on {rid} cannot be returned to you; the fare rules for an uninsured basic economy ticket rule that out after the first 24 hours.',
    ],
  },
  {
    domain: 'airline',
    ask: 'My flight {flight} yesterday was three hours late. I want a voucher for the trouble.',
    declines: [
      'as a regular member travelling in economy without insurance, you are not eligible for a delay certificate on {flight}.',
      'delay compensation is only for silver or gold members, business travellers, or passengers with insurance, and this booking is none of those.',
      'I checked {rid} against the compensation rules and it does not qualify, so I cannot issue a voucher for the delay on {flight}.',
      'a certificate for the {flight} delay is not something I can create here: the reservation lacks every condition that would allow it.',
      'the compensation policy leaves your trip on {flight} out: regular status, economy cabin, and no insurance.',
      'I am not able to offer a voucher for {flight}. That benefit is tied to membership tier, cabin, or insurance, and none applies here.',
    ],
  },
  {
    domain: 'airline',
    ask: 'Please move my basic economy flight on {rid} to the next day.',
    declines: [
      'flights in a basic economy reservation cannot be changed, so I cannot move {rid} to another day.',
      'basic economy tickets are locked to their flights; a date change on {rid} is not allowed.',
      'the rules for the basic economy cabin do not permit any flight modification, and {rid} is in that cabin.',
      'I have no way to put {rid} on a different date while it stays a basic economy fare.',
      'moving the date is a modification, and modifications are blocked for basic economy bookings like {rid}.',
      'the booking tool refuses date changes on basic economy, which is what {rid} is, so the flight stays as booked.',
    ],
  },
  {
    domain: 'retail',
    ask: 'I want to swap the {item} from order {order} for the {other} instead.',
    declines: [
      'an exchange has to stay within the same product type, so the {item} can only be swapped for another {item} variant, not for the {other}.',
      'I can only exchange the {item} for a different option of the same {item}; trading it for the {other} is outside the exchange rules.',
      'swapping across product types is not supported. The {item} in {order} can become another {item}, never a {other}.',
      'the {other} is a different kind of product, and exchanges are limited to variants of the item you bought.',
      'our exchange process will not turn the {item} into the {other}; only a colour, size or similar option of the {item} is possible.',
      'what you describe would be a return plus a new order rather than an exchange, because the {other} is not a variant of the {item}.',
    ],
  },
  {
    domain: 'retail',
    ask: 'Please cancel order {order}, I changed my mind about the {item}.',
    declines: [
      'order {order} has already been delivered, and only pending orders can be cancelled.',
      'cancelling is no longer possible for {order}: it reached you already. A return is the route for delivered items.',
      'the cancel option disappears once an order is delivered, which {order} was.',
      'I cannot cancel {order} because it is marked delivered; cancellation only applies before shipping.',
      'delivered orders such as {order} are outside the cancellation rules, so that request cannot go through.',
      'the system blocks cancelling {order}, since its status is delivered rather than pending.',
    ],
  },
  {
    domain: 'retail',
    ask: 'Refund the return on {order} to my new Mastercard, not the old card.',
    declines: [
      'a refund can only go back to the original payment method or to an existing gift card, so the new Mastercard is not an option for {order}.',
      'I cannot send the money for {order} to a card that was not used to pay for it.',
      'refunds follow the original payment; for {order} that is the card ending {card}, or a gift card if you prefer.',
      'the return on {order} will be credited to the card ending {card} or a gift card, and no other destination is allowed.',
      'routing the refund to a card that did not pay for {order} is something the system does not permit.',
      'the Mastercard was not part of the purchase of {order}, so the refund cannot land there.',
    ],
  },
];

/** A piece of information the agent needs, with six ways to ask for it. */
export interface AskTopic {
  domain: 'airline' | 'retail';
  opening: string;
  asks: readonly string[];
  /** User answers that give nothing the agent can use. */
  dodges: readonly string[];
}

/** Details the agent keeps asking for while the user gives nothing usable. */
export const ASK_TOPICS: readonly AskTopic[] = [
  {
    domain: 'retail',
    opening: 'Hi, my order has not arrived and I want to cancel it.',
    asks: [
      'Before I can look at any order I need to verify who you are. What is the email address on your account?',
      'To find your account, could you share either your email, or your full name together with your zip code?',
      'I still need a way to locate your profile: an email address, or your name plus zip code, please.',
      'Without your email (or name and zip code) I cannot open the account, so could you give me one of those?',
      'Could you send me the email you signed up with? Alternatively your first and last name and the zip code work too.',
      'I am unable to proceed until I can authenticate you. Which email address did you use for the order?',
    ],
    dodges: ['Why does that matter? Just cancel it.', 'Can you not look it up from my phone number?', 'I am in a hurry, please just find it.', 'It is the order from last Tuesday, you should see it.', 'I really do not want to give out my email.', 'Honestly, this is taking forever.', 'You have my order in your system already.'],
  },
  {
    domain: 'airline',
    opening: 'I want to add a checked bag to my trip next week.',
    asks: [
      'Happy to help with bags. May I have your user ID so I can find the reservation?',
      'To add a bag I first have to pull up your booking. What is your user ID?',
      'I will need your user ID before I can see which reservation this is for.',
      'Could you tell me the user ID on your profile? It usually looks like firstname_lastname_1234.',
      'I cannot locate the trip without your user ID; could you provide it?',
      'Once I have your user ID I can look up the reservation and the bag fees. What is it?',
    ],
    dodges: ['It is the flight to Boston, you must have it.', 'I do not know what a user ID is.', 'Can you search by my name? It is on the ticket.', 'Ugh, I just want one bag added.', 'My wife booked it, I do not have her login.', 'Look, just add the bag.', 'Is that really needed?'],
  },
];

/** A set of options the agent keeps putting back on the table, six wordings each. */
export interface OfferTopic {
  domain: 'airline' | 'retail';
  opening: string;
  offers: readonly string[];
  refusals: readonly string[];
}

/** Choices re-offered to a user who wants something else. */
export const OFFER_TOPICS: readonly OfferTopic[] = [
  {
    domain: 'retail',
    opening: 'The {item} from order {order} arrived with a cracked base. What can you do?',
    offers: [
      'I can either return the {item} for a refund to your card ending {card}, or exchange it for a new {item} of the same model. Which would you like?',
      'There are two ways forward: an exchange for an identical {item}, or a return with the money going back to the card ending {card}.',
      'You may choose between a refund on the card ending {card} after returning the {item}, and a like-for-like replacement. Let me know which one.',
      'The options I have are a replacement {item} or a full refund to the original card (ending {card}). Which do you prefer?',
      'To resolve this I can process either a return (refund to card {card}) or an exchange for the same {item}. What should I do?',
      'Would you like the {item} replaced with an identical one, or returned and refunded to the card ending {card}? Those are the two choices.',
    ],
    refusals: ['I want a replacement and also some money back for the hassle.', 'Neither. I want a discount on my next order.', 'Can you not just send a new one and let me keep this?', 'I do not like either option.', 'Just give me store credit of double the price.', 'That does not help me at all.', 'Come on, offer me something better.'],
  },
  {
    domain: 'airline',
    opening: 'I want to upgrade reservation {rid} to business class.',
    offers: [
      'The upgrade on {rid} costs ${amount}. I can charge it to your credit card ending {card} or to your gift card. Which should I use?',
      'For ${amount}, I can move {rid} to business; the payment can come from the card ending {card} or from the gift card on file.',
      'To go ahead with business on {rid} there is a ${amount} difference, payable with the gift card or the card ending {card}. Please pick one.',
      'Your two payment methods for the ${amount} upgrade are the gift card and the card ending {card}. Which one would you like?',
      'I can complete the upgrade once you choose how to pay the ${amount}: the card ending {card}, or the gift card.',
      'Business class on {rid} is ${amount} more. Shall I use the card ending {card}, or the gift card?',
    ],
    refusals: ['Can you not just waive the fee?', 'I have been flying with you for years, make it free.', 'I am not paying that much.', 'What about using my travel certificate?', 'That is too expensive, do something.', 'Why should I pay at all?', 'Is there not a loyalty discount?'],
  },
];

/** A rule the agent explains again each time the user asks why, six wordings each. */
export interface RuleTopic {
  domain: 'airline' | 'retail';
  opening: string;
  explanations: readonly string[];
}

/** Policies re-explained to a user who keeps asking why. */
export const RULE_TOPICS: readonly RuleTopic[] = [
  {
    domain: 'airline',
    opening: 'Use my travel certificate to pay for the flight change on {rid}.',
    explanations: [
      'Travel certificates can pay for new bookings, but not for changes to an existing reservation such as {rid}.',
      'The policy reserves certificates for booking new trips; modifying a reservation has to be paid by credit card or gift card.',
      'A certificate is only accepted when a reservation is first created. For a change to {rid} it is not a valid payment method.',
      'Changes like this one can be paid with a card or a gift card. Certificates are limited to fresh bookings by the airline rules.',
      'That certificate will work on your next new booking, yet the rules exclude it from paying for modifications like the one on {rid}.',
      'Modifications are billed to a credit card or gift card only; a certificate does not qualify for them under the policy.',
    ],
  },
  {
    domain: 'retail',
    opening: 'I want to exchange the {item} from {order} now and maybe the other items later.',
    explanations: [
      'An order can only be exchanged once, so all the items you want to swap in {order} have to be in this one request.',
      'After an exchange goes through, {order} cannot be exchanged again; that is why I need the complete list of items now.',
      'The exchange tool accepts a single request per delivered order. If you split it, the second part would be refused.',
      'There is a one-exchange limit per order. Anything not included now could not be exchanged afterwards.',
      'Since a delivered order allows only one exchange, we would lose the chance to swap the other items if we do the {item} alone.',
      'Our policy permits one exchange action on {order}, which has to cover every item you want changed.',
    ],
  },
];

/** The user's pushes after a decline or explanation: none of them adds a fact. */
export const PUSHES: readonly string[] = [
  'Come on, I have been a customer for years.',
  'Can you make an exception just this once?',
  'That is ridiculous. Please look again.',
  'Other agents have done it for me before.',
  'Is there really nothing you can do?',
  'I am not accepting that answer.',
  'Please, this is really important to me.',
  'But why? It makes no sense.',
  'Explain it to me again, I do not get it.',
];

/** The user's pushes after an explanation: each asks why again, none adds a fact. */
export const WHY_PUSHES: readonly string[] = [
  'But why? It makes no sense.',
  'Explain it to me again, I do not get it.',
  'So what exactly is the rule here?',
  'I still do not see why that would be.',
  'Who came up with that? Why?',
  'Sorry, say that again?',
  'That cannot be right. Why would that be?',
];

/** Openers the agent puts before a restatement. */
export const SOFTENERS: readonly string[] = [
  'I understand how frustrating this is, but',
  'I hear you, and I am sorry:',
  'I really wish I had better news;',
  'I have gone over it again, and',
  'Thank you for your patience.',
  'I know this is not what you hoped for, but',
  'To be straightforward with you,',
  'I appreciate you explaining that.',
];

/** Closers the agent may put after a restatement. */
export const FOLLOW_UPS: readonly string[] = [
  'Is there anything else I can look into for you?',
  'I am glad to help with any other part of your trip or order.',
  'Let me know if I can help another way.',
  '',
  'If you like, I can check something else on your account.',
  'What else can I do for you today?',
];
