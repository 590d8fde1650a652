/**
 * Hand-written wording for the blind tau-bench-style episodes. Each policy topic has a first
 * explanation, several genuinely different restatements of the same refusal (not one template
 * with swapped openers), and user lines that push back on it. `{rid}` is the reservation id,
 * `{amount}` a fixed amount of the episode.
 */
export interface RefusalTopic {
  /** What the user asks for first. */
  ask: string;
  /** The agent's first answer, with the policy reason. */
  first: string;
  /** Restatements of the same refusal, each worded differently. */
  restatements: readonly string[];
  /** The user pushing back without new information. */
  pushes: readonly string[];
}

export const REFUSAL_TOPICS: readonly RefusalTopic[] = [
  {
    ask: 'I want to cancel reservation {rid} and get my money back.',
    first: 'I checked reservation {rid}: it is a basic economy booking made more than 24 hours ago, without travel insurance, and the flight was not cancelled by the airline. Under our policy it cannot be cancelled for a refund.',
    restatements: [
      'I understand this is frustrating, but basic economy reservations without insurance are not eligible for cancellation once the 24-hour window has passed.',
      'Unfortunately there is nothing I can do here — {rid} does not qualify for a refund under the cancellation rules.',
      'I am sorry, but my answer has to stay the same: this booking cannot be cancelled with a refund.',
      'As I explained, since the ticket is basic economy and no insurance was purchased, a refundable cancellation is not possible.',
      'I really wish I could help with that, but the policy does not allow me to refund this reservation.',
    ],
    pushes: [
      'Come on, it is only a few days. Can you make an exception?',
      'That seems unfair. I am a loyal customer, please just cancel it.',
      'Is there really no way? I cannot travel on those dates anymore.',
      'Please, I am begging you, just process the refund this once.',
      'Can you ask someone else? I really need this money back.',
    ],
  },
  {
    ask: 'Can you add travel insurance to my booking {rid}?',
    first: 'Travel insurance can only be purchased at the time of booking, so I am not able to add it to reservation {rid} now.',
    restatements: [
      'I am afraid insurance cannot be added after a reservation has been made.',
      'Adding coverage to an existing booking is not something our system allows, I am sorry.',
      'Unfortunately the only moment to buy travel insurance was when the flight was booked; it is no longer available for {rid}.',
      'I understand why you want the protection, but I cannot attach insurance to this reservation.',
      'My apologies — there is no option on my side to sell insurance for a trip that is already booked.',
    ],
    pushes: [
      'But I forgot to tick the box. Can you not just add it now?',
      'I will pay the {amount} dollars, just put it on.',
      'Other airlines let you do this. Please try.',
      'It is really important to me, my mother is sick.',
      'Can you check again? Maybe there is a way.',
    ],
  },
  {
    ask: 'I would like to remove one passenger from reservation {rid}.',
    first: 'The number of passengers on a reservation cannot be changed after booking; I cannot remove a passenger from {rid}.',
    restatements: [
      'Passenger counts are fixed once a reservation is created, so taking someone off is not possible.',
      'I am sorry, but I do not have a way to drop a traveller from this booking.',
      'Unfortunately our rules do not allow reducing the number of people on {rid}.',
      'I understand, but removing a passenger is not a change I am permitted to make.',
      'As mentioned, a reservation keeps the same travellers it was booked with.',
    ],
    pushes: [
      'He is not coming anymore, so why should I pay for him?',
      'Just take him off, it is a simple change.',
      'Can you at least remove him and refund his part?',
      'I do not understand why that would be a problem.',
      'Please, try once more.',
    ],
  },
  {
    ask: 'My flight was delayed for three hours. I want compensation.',
    first: 'I am sorry about the delay. As a regular member without travel insurance in economy, you are not eligible for compensation for the delay.',
    restatements: [
      'I understand your frustration, but compensation for delays is not available for your membership level and fare.',
      'Unfortunately I cannot offer a voucher or a certificate for this delay.',
      'I have to be honest with you: there is no compensation I can provide in this situation.',
      'Per our policy, delays on this kind of ticket do not come with any payment or credit.',
      'I really am sorry, but I am not able to give you anything for the delay.',
    ],
    pushes: [
      'Three hours! That is ridiculous. Surely you can give me something.',
      'What about a small voucher then?',
      'I missed an important meeting because of this.',
      'Can you not make a one-time gesture?',
      'I will not stop asking until you give me something.',
    ],
  },
  {
    ask: 'I need to change the destination of {rid} to Boston.',
    first: 'Reservation {rid} is basic economy, and basic economy flights cannot be modified, including the destination.',
    restatements: [
      'Basic economy tickets are not changeable, so I cannot move the trip to Boston.',
      'I am sorry, but modifications of any kind are not allowed on this fare.',
      'Unfortunately I cannot alter the route of a basic economy booking.',
      'As I said, {rid} is locked in on its current flights because of its fare class.',
      'I understand, but I have no way to change where this ticket goes.',
    ],
    pushes: [
      'It is the same price more or less, why not?',
      'Please just change it, I really need to be in Boston.',
      'Can you make an exception this one time?',
      'That is a silly rule. Try anyway.',
      'Is there nobody who can approve it?',
    ],
  },
];

/** Restated requests for the same missing information, worded differently each time. */
export interface RequestTopic {
  /** What the agent needs (for notes). */
  need: string;
  first: string;
  restatements: readonly string[];
  /** The user not giving it, without new information. */
  evasions: readonly string[];
}

export const REQUEST_TOPICS: readonly RequestTopic[] = [
  {
    need: 'the reservation id',
    first: 'I can help with that. Could you please give me your reservation ID?',
    restatements: [
      'To look into this booking I will need the reservation ID.',
      'Without the six-character reservation code I am unable to continue, unfortunately.',
      'Once you share the confirmation number of the booking, I can take it from there.',
      'I still need the reservation ID before I can make any change.',
      'Could you check your email for the reservation number? I need it to go on.',
    ],
    evasions: [
      'I do not have it with me right now.',
      'I do not remember it, sorry. Can you not just find it?',
      'I lost the email. Please just help me.',
      'I am not sure where that is. I just want the flight changed.',
      'I really cannot find it.',
    ],
  },
  {
    need: 'the user id',
    first: 'Sure. To get started, may I have your user ID?',
    restatements: [
      'I will need your user ID to access your profile.',
      'Before anything else, please tell me the user ID on your account.',
      'Could you provide the ID of your account? It usually looks like first_last_1234.',
      'I am not able to proceed without identifying your profile by its user ID.',
      'Please share the user ID so I can pull up your details.',
    ],
    evasions: [
      'Why do you need that? I just want to know about my bags.',
      'I never set up an ID, I think.',
      'Can you look me up by my name instead? It is Ana Lopez.',
      'I do not know what that is.',
      'Just help me with the bags please.',
    ],
  },
];

/** The user asking several different things, each answered once (for the hard non-loops). */
export const SIMILAR_QUESTIONS: readonly { ask: string; answer: string }[] = [
  { ask: 'How many free checked bags do I get on {rid}?', answer: 'On reservation {rid} you are in economy as a silver member, so each passenger gets 2 free checked bags.' },
  { ask: 'And what about my other booking, {rid2}?', answer: 'Reservation {rid2} is basic economy, so as a silver member each passenger gets 1 free checked bag there.' },
  { ask: 'What is the status of flight {flight} on May 20?', answer: 'Flight {flight} on 2024-05-20 is currently on time, departing at 08:00 EST.' },
  { ask: 'What about flight {flight2} the same day?', answer: 'Flight {flight2} on 2024-05-20 is delayed; the new departure is 11:30 EST.' },
  { ask: 'How much is left on my gift card?', answer: 'Your gift card gift_card_{card} has a balance of ${amount}.' },
  { ask: 'And on my certificate?', answer: 'Your certificate certificate_{card2} has a remaining balance of ${amount2}.' },
];

/** Closers real agents append to many different replies. */
export const CLOSERS = ['Is there anything else I can help you with?', 'Let me know if there is anything else you need.', ''] as const;
