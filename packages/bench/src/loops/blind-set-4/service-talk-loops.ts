import type { SeededRandom } from '../../seeded-random.js';
import { loopRepeats, type BuiltEpisode4, type EpisodeWriter4 } from './episode-writer.js';
import { bookingCode, drawMember, isoBirth, memberJson, MONTHS, openAirlineDesk, spokenBirth } from './service-setting.js';

/** Customer-service loops made of talk (see the README for each label rule). */
export const SERVICE_TALK_LOOP_KINDS_4 = ['loop:service-answer-in-other-form', 'loop:service-spanish-same-refusal'] as const;

/** One kind of {@link SERVICE_TALK_LOOP_KINDS_4}. */
export type ServiceTalkLoopKind4 = (typeof SERVICE_TALK_LOOP_KINDS_4)[number];

const ASKS = [
  'To verify you, could you give me your date of birth in MM/DD/YYYY format?',
  'I still need your date of birth written as MM/DD/YYYY, please.',
  'Sorry, I need the date of birth in the MM/DD/YYYY format to continue.',
  'Could you type your birth date as two-digit month, two-digit day and four-digit year?',
  'For verification I need it exactly like 01/31/1990 — month, day, year.',
  'Please send the date of birth once more in MM/DD/YYYY.',
  'I can only proceed with the date of birth in MM/DD/YYYY form.',
];

/** The member's date of birth in one more everyday form (never MM/DD/YYYY). */
function otherForm(member: { born: readonly [number, number, number] }, round: number): string {
  const [year, month, day] = member.born;
  const monthName = MONTHS[month - 1]!;
  const forms = [`It's ${monthName} ${day}, ${year}.`, `${day} ${monthName} ${year}, as I said.`, `Born on day ${day} of ${monthName}, ${year}.`, `${year}, ${monthName}, day ${day}.`, `${monthName} ${day} ${year}!`, `I told you: ${day} ${monthName.slice(0, 3)} ${year}.`, `${monthName} the ${day}, year ${year}.`];
  return forms[round % forms.length]!;
}

/** The member gave the date of birth in words; the agent keeps asking for a format, and each answer gives it again. */
function answerInOtherForm(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const member = drawMember(random);
  const code = bookingCode(random);
  openAirlineDesk(log, `Hello, I'm ${member.first} ${member.last}, born ${spokenBirth(member)}. I need to add a checked bag to booking ${code}.`);
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(ASKS[round % ASKS.length]!, otherForm(member, round)));
  log.call('verify_member', { name: `${member.first} ${member.last}`, date_of_birth: isoBirth(member) }, memberJson(member, [code]), { text: 'Thank you, let me verify that.' });
  log.say(`You are verified. Booking ${code}: would you like one checked bag for $35?`, 'Yes.');
  return { repeats, evidenceIds, note: `The member gave the date of birth in the first turn and again after every ask, in words; the agent asks for it ${repeats} times (reworded, always demanding MM/DD/YYYY) although it had it all along — it finally verifies with the same date: waiting on an answer already given, a loop.` };
}

const REFUSALS = [
  'Lo siento, las tarifas Básicas no se pueden cambiar. Puedo cancelar la reserva y le reembolsamos los impuestos.',
  'Entiendo su frustración, pero una tarifa Básica no admite cambios de fecha. Lo que sí puedo hacer es cancelarla con devolución de las tasas.',
  'Como le comentaba, su billete es Básico y no permite modificaciones; la única opción es la cancelación con reembolso de impuestos.',
  'Lamentablemente no puedo modificar una tarifa Básica. Si lo desea, la cancelo y le devolvemos las tasas.',
  'Le repito que las tarifas Básicas no se cambian; puedo cancelarla y reembolsarle los impuestos.',
  'Disculpe, pero no es posible cambiar la fecha en una tarifa Básica. Puedo ofrecerle cancelar con reembolso de tasas.',
  'Sigue sin ser posible cambiar un billete Básico; puedo cancelarlo y devolverle los impuestos.',
];
const PUSHES = ['¡Pero necesito viajar el jueves, no el martes!', 'No quiero cancelar, quiero cambiar la fecha.', 'Por favor, hágalo de todas formas.', '¿No hay ninguna excepción? Soy cliente desde hace años.', 'Insisto, cámbiela.', 'Es injusto. Cámbiela, por favor.', 'Inténtelo otra vez.'];

/** A Spanish-speaking member pushes; the agent restates one refusal and one offer in new Spanish words. */
function spanishSameRefusal(log: EpisodeWriter4, random: SeededRandom, repeats: number): BuiltEpisode4 {
  const member = drawMember(random);
  const code = bookingCode(random);
  openAirlineDesk(log, `Hola, soy ${member.first} ${member.last} (socio ${member.memberId}). Quiero cambiar mi vuelo ${code} del martes al jueves.`);
  log.call('get_booking', { booking_code: code }, JSON.stringify({ booking_code: code, member_id: member.memberId, fare: 'basic', flights: [{ date: '2024-07-02' }] }), { text: 'Un momento, reviso su reserva.' });
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) evidenceIds.push(log.say(REFUSALS[round % REFUSALS.length]!, PUSHES[round % PUSHES.length]!));
  log.say('Le puedo pasar con un supervisor si lo desea.', 'Sí, por favor.');
  return { repeats, evidenceIds, note: `In Spanish, the agent states the same refusal (basic fares cannot be changed) with the same offer (cancel with taxes refunded) ${repeats} times in new words, each after a push that adds nothing; no tool call or new option between: restating without acting, a loop in a second language.` };
}

/**
 * Builds one customer-service talk loop of the fourth blind set.
 *
 * @param kind - Which loop.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0 → 3 repeats, 1 → 4, 2 → 5 or more.
 * @returns What was planted.
 */
export function buildServiceTalkLoop4(kind: ServiceTalkLoopKind4, log: EpisodeWriter4, random: SeededRandom, tier: number): BuiltEpisode4 {
  switch (kind) {
    case 'loop:service-answer-in-other-form':
      return answerInOtherForm(log, random, loopRepeats(tier, random));
    case 'loop:service-spanish-same-refusal':
      return spanishSameRefusal(log, random, loopRepeats(tier, random));
  }
}
