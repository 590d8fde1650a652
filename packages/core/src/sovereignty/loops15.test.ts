import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import type { CairnMessage } from '../log/index.js';
import { DEFAULT_NEAR_LOOP_SIMILARITY, DEFAULT_STALL_SETTINGS } from '../options/index.js';
import { hashAssistantTurn, type AssistantTurnHashes } from './assistant-turn-hashes.js';
import { asksAgain } from './asks-again.js';
import { detectLoop } from './detect-loop.js';
import { detectNearLoop } from './detect-near-loop.js';
import { detectStallLoop } from './detect-stall-loop.js';
import { dialogueActs } from './dialogue-acts.js';
import { statesStandingOrder } from './standing-orders.js';

const loops = { window: 8, repeats: 3 };
const stall = { ...loops, ...DEFAULT_STALL_SETTINGS };
const near = { ...loops, ...DEFAULT_NEAR_LOOP_SIMILARITY };
let next = 0;

/** What a user (named `speaker`, when given) said before a message. */
const said = (user: string | undefined, speaker?: string): CairnMessage[] =>
  user === undefined ? [] : [{ id: `u${next++}`, role: 'user', content: user, ...(speaker === undefined ? {} : { name: speaker }) }];

/** An assistant message with one tool call and its result, after what the user said (if anything). */
function call(name: string, args: Record<string, unknown>, result: string, text = '', user?: string): AssistantTurnHashes {
  const id = `m${next++}`;
  const message: CairnMessage = { id, role: 'assistant', content: text, toolCalls: [{ id: `${id}c`, name, arguments: args }] };
  return hashAssistantTurn(message, [{ id: `${id}r`, role: 'tool', toolCallId: `${id}c`, name, content: result }], { terms: true, prompt: said(user) });
}

/** An assistant reply without tool calls, after what the user (named `speaker`, when given) said. */
const reply = (text: string, user?: string, speaker?: string): AssistantTurnHashes => hashAssistantTurn({ id: `m${next++}`, role: 'assistant', content: text }, [], { terms: true, prompt: said(user, speaker) });

/** Any detector of the default configuration (exact, near, stall) raises after some message (the engine checks after each). */
const anyRaises = (turns: readonly AssistantTurnHashes[]): boolean =>
  turns.some((_, index) => {
    const seen = turns.slice(0, index + 1);
    return Boolean(detectLoop(seen, loops) ?? detectNearLoop(seen, near) ?? detectStallLoop(seen, stall));
  });

const word = fc.stringMatching(/^[a-z]{4,9}$/);

describe('loops15: a change the user asks for again, in words ("resend it", "bir daha gönderin"), is what was asked', () => {
  /** The code resent after each user turn; the replies between report it. */
  const resends = (users: readonly string[]): AssistantTurnHashes[] =>
    users.flatMap((user, index) => [call('resend_code', { transfer: 'TRF-40913' }, 'SMS sent to ***42', 'Resending the code.', user), reply(['I have sent it again.', 'Sent once more; give it a few seconds.', 'Sent again, please check your phone.'][index]!, undefined)]);

  it('finds the same resend made three times while the user only says nothing came', () => {
    expect(anyRaises(resends(['The SMS has not arrived.', 'Still nothing.', 'Hâlâ yok.']))).toBe(true);
  });

  it('does not count resends the user asked for each time, in English or Turkish', () => {
    expect(anyRaises(resends(['The SMS has not arrived, can you resend it?', 'Still nothing. Send it again please.', 'Yine yok. Bir kez daha dener misiniz?'])), 'English then Turkish').toBe(false);
    expect(anyRaises(resends(['SMS gelmedi, tekrar gönderir misiniz?', 'Hâlâ gelmedi, bir daha gönderin lütfen.', 'Gelmedi, son bir kez gönderin.'])), 'Turkish').toBe(false);
  });

  it('still finds a read re-made to "check again" restated with the same answer', () => {
    const check = (user: string): AssistantTurnHashes[] => [call('calculate', { expression: '(412 + 55) * 2' }, '934.0', '', user), reply('The total for both of you is $934, above your budget.')];
    expect(anyRaises([...check('What would it cost?'), ...check('Can you check again? That seems too high.'), ...check('Are you sure? Check once more.')])).toBe(true);
  });

  test.prop([fc.array(word, { maxLength: 4 }), fc.constantFrom('resend', 're-send', 'retry', 'tekrar', 'yeniden', 'bir daha', 'bir kez daha', 'son bir kez', 'igen', 'en gång till', 'jeszcze raz', 'znovu', 'ещё раз', 'снова'), fc.array(word, { maxLength: 4 })])(
    'a turn holding a word for "again" or "send it again" asks again, wherever it stands',
    (before, phrase, after) => {
      expect(asksAgain([...before, phrase, ...after].join(' '))).toBe(true);
    },
  );
});

describe('loops15: the same request to different people is one request to each', () => {
  const people = ['Ms Albers', 'Mr Okonkwo', 'Ms Wisniewska'];
  /** The same sign-off question to each person in turn, each answering; the first asked after the editor's turn. */
  const signOffs = (addressees: readonly string[]): AssistantTurnHashes[] =>
    addressees.map((person, index) => reply(`${person}, do you sign off the correction "21 million euros instead of 12 million euros" in article RM-20931?`, index === 0 ? 'Please get the sign-offs and correct article RM-20931.' : 'Signed off.', index === 0 ? 'editor' : addressees[index - 1]));

  it('finds the same question put again and again to the one person who answered it', () => {
    expect(anyRaises(signOffs([people[0]!, people[0]!, people[0]!]))).toBe(true);
  });

  it('does not count the same question put to three people, each answering in turn', () => {
    expect(anyRaises(signOffs(people))).toBe(false);
  });

  test.prop([fc.string({ minLength: 1, maxLength: 12 }), fc.array(fc.constantFrom('Moment please.', 'Still reading.', 'Not yet.', 'Signed off.'), { minLength: 3, maxLength: 6 })])(
    'user turns all named by one speaker read as unnamed ones',
    (speaker, answers) => {
      const turns = (name: string | undefined): AssistantTurnHashes[] => answers.map((answer) => reply('Do you sign off the correction "21 million euros instead of 12 million euros" in article RM-20931?', answer, name));
      const strip = (signal: unknown): unknown => JSON.parse(JSON.stringify(signal ?? null, (key, value: unknown) => (key === 'lastId' ? undefined : value)));
      expect(strip(detectNearLoop(turns(speaker), near))).toEqual(strip(detectNearLoop(turns(undefined), near)));
      expect(strip(detectStallLoop(turns(speaker), stall))).toEqual(strip(detectStallLoop(turns(undefined), stall)));
    },
  );
});

describe('loops15: a standing order repeats the same step on each new item', () => {
  const steps = ['acquisition', 'transfer to the evidence server', 'write to cold storage'];
  /** The same hash verified three times with the same matching digest, each narrated as given. */
  const verify = (user: string, narrations: readonly string[]): AssistantTurnHashes[] =>
    narrations.map((text, index) => call('verify_hash', { image_id: 'IMG-3fa9c2', algorithm: 'sha256' }, JSON.stringify({ image_id: 'IMG-3fa9c2', sha256: 'ab12', match: true }), text, index === 0 ? user : undefined));
  const order = 'Image the disk and preserve it per IR-7 (verify the SHA-256 at every custody step).';

  it('finds the same check repeated with no standing order, or narrated in new words throughout', () => {
    expect(anyRaises(verify('Image the disk and preserve it.', steps.map((step) => `Custody check: ${step}.`))), 'no order').toBe(true);
    expect(anyRaises(verify(order, ['Checking the hash.', 'Verifying it again to be sure.', 'One more verification now.'])), 'reworded').toBe(true);
    expect(anyRaises(verify(order, ['Custody check.', 'Custody check.', 'Custody check.'])), 'nothing new named').toBe(true);
    const reworded = ['To verify the image I will run the hash check on the file.', 'It seems there was a misunderstanding; I will run the hash check on the file again to be sure.', 'Let me try the hash check on the file once more, in case the tool misread it.'];
    expect(anyRaises(verify(order, reworded)), 'reworded around a shared core').toBe(true);
  });

  it('does not count the check made at each custody step the order names', () => {
    expect(anyRaises(verify(order, steps.map((step) => `Custody check: ${step}.`)))).toBe(false);
  });

  it('does not count a two-setting cycle a recipe asks for on each tray, but finds the same cycle with no order', () => {
    const trays = (user: string): AssistantTurnHashes[] => [1, 2, 3].flatMap((tray, index) => [
      call('set_oven', { oven: 2, celsius: 230 }, 'set: oven 2 at 230°C', `Raising to 230 °C for tray ${tray}.`, index === 0 ? user : undefined),
      call('load_tray', { oven: 2, tray }, JSON.stringify({ oven: 2, tray, loaded: true }), `Loading tray ${tray}.`),
      call('set_oven', { oven: 2, celsius: 200 }, 'set: oven 2 at 200°C', `Tray ${tray}: dropping to 200 °C.`),
    ]);
    expect(anyRaises(trays('Bake three trays of baguettes in oven 2; for each tray steam at 230, then drop to 200.')), 'order').toBe(false);
    const flips = [1, 2, 3].flatMap((round) => [call('set_oven', { oven: 2, celsius: 230 }, 'set: oven 2 at 230°C', `Maybe 230 is better (${round}).`), call('set_oven', { oven: 2, celsius: 200 }, 'set: oven 2 at 200°C', `No, back to 200 (${round}).`)]);
    expect(anyRaises(flips), 'flip-flop').toBe(true);
  });

  it('reads "each" and "every" before an item as an order, not a price, a name or a complaint', () => {
    expect(statesStandingOrder('Bake 3 trays; 판마다 230도로 스팀.')).toBe(true);
    expect(statesStandingOrder('Prüfe den Hash bei jedem Übergabeschritt.')).toBe(true);
    expect(statesStandingOrder('Two tickets, under €180 each if possible.')).toBe(false);
    expect(statesStandingOrder('Find the birth of Per Erik Holm.')).toBe(false);
    expect(statesStandingOrder('Every time you try it fails!')).toBe(false);
  });

  test.prop([fc.constantFrom('for each', 'at each', 'after each', 'every', 'per'), word.filter((noun) => !/^(time|cent|hour|day|week|month|year|second|minute|annum|person)/.test(noun))])('a preposition and "each", "every" or "per" before a noun states an order', (quantifier, noun) => {
    expect(statesStandingOrder(`Please verify the hash ${quantifier} ${noun} of the chain.`)).toBe(true);
  });

  test.prop([fc.array(fc.array(word, { minLength: 1, maxLength: 5 }), { minLength: 3, maxLength: 6 })])('without a standing order, what a call is narrated with changes nothing', (narrations) => {
    const turns = (narrate: boolean): AssistantTurnHashes[] => narrations.map((words) => call('verify_hash', { image_id: 'IMG-1' }, '{"match":true}', narrate ? words.join(' ') : '', undefined));
    const strip = (signal: unknown): unknown => JSON.parse(JSON.stringify(signal ?? null, (key, value: unknown) => (key === 'lastId' ? undefined : value)));
    expect(strip(detectLoop(turns(true), loops))).toEqual(strip(detectLoop(turns(false), loops)));
    expect(strip(detectStallLoop(turns(true), stall))).toEqual(strip(detectStallLoop(turns(false), stall)));
  });
});

describe('loops15: a go-ahead asked for again after the user said yes is a loop', () => {
  it('finds the confirmation asked again and again in new words, each answered yes, nothing done', () => {
    const turns = [
      reply('Shall I publish the correction now?', 'Please publish the correction of article RM-20931.'),
      reply('Just to be sure: it goes online at once. Really publish now?', 'Yes, please publish.'),
      reply('Before I publish it, please confirm once more that it should go live.', 'Yes! Now.'),
    ];
    expect(detectStallLoop(turns, stall)).toMatchObject({ kind: 'content' });
  });

  it('finds it in German, where the request to confirm has no question mark', () => {
    const turns = [
      reply('Soll ich die Korrektur jetzt veröffentlichen?', 'Bitte die Korrektur in RM-20931 veröffentlichen.'),
      reply('Nur zur Sicherheit: Die Korrektur geht sofort online. Wirklich jetzt veröffentlichen?', 'Ja, bitte veröffentlichen.'),
      reply('Bevor ich es tue – bestätigen Sie bitte noch einmal, dass die Korrektur live gehen soll.', 'Ja! Jetzt.'),
    ];
    expect(dialogueActs('Bevor ich es tue – bestätigen Sie bitte noch einmal, dass die Korrektur live gehen soll.')).toContain('request');
    expect(dialogueActs('Ich bestätige: die Korrektur ist online.')).not.toContain('request');
    expect(detectStallLoop(turns, stall)).toMatchObject({ kind: 'content' });
  });

  it('does not count new questions each answered yes', () => {
    const questions = ['Shall I book room A for the interview?', 'Shall I invite the hiring manager?', 'Shall I send the calendar invite now?', 'Done: room A, the manager and the candidate are invited.'];
    expect(anyRaises([reply(questions[0]!, 'Book the interview for Tuesday 10:00.'), reply(questions[1]!, 'yes'), reply(questions[2]!, 'yes'), reply(questions[3]!, 'yes')])).toBe(false);
    const german = ['Soll ich Raum A für das Gespräch buchen?', 'Soll ich die Personalleiterin einladen?', 'Soll ich den Kalendereintrag verschicken?', 'Erledigt.'];
    expect(anyRaises([reply(german[0]!, 'Buche das Gespräch für Dienstag.'), reply(german[1]!, 'Ja.'), reply(german[2]!, 'Ja.'), reply(german[3]!, 'Ja.')]), 'German').toBe(false);
  });

  it('does not count a request for details answered "sure, …" and asked for in part again', () => {
    const turns = [
      reply('I can help with that. Could you please provide your user ID and the reservation ID?', 'Hi! I need to change my flight.'),
      reply('Could you please provide your user ID so I can open the reservation?', 'Sure, my reservation ID is HXDUBJ.'),
      reply('No problem! If you give me the e-mail address of your profile, I can look up your user ID.', 'Sorry, I do not remember my user ID.'),
    ];
    expect(anyRaises(turns)).toBe(false);
  });

  it('does not count questions each asked after the yes before it was acted on', () => {
    const turns = [
      reply('Shall I publish the correction now?', 'Please publish the correction of article RM-20931.'),
      call('publish_correction', { article_id: 'RM-20931' }, '{"published":true}', '', 'Yes.'),
      reply('Published. Shall I also notify the author?'),
      call('notify_author', { article_id: 'RM-20931' }, '{"sent":true}', '', 'Yes.'),
      reply('Done. Shall I close the ticket?'),
    ];
    expect(anyRaises(turns)).toBe(false);
  });
});
