import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import type { Family8 } from './family.js';

/** Translation and localisation kinds invented for the eighth blind set. */
export const L10N_NOVEL_KINDS_8 = ['loop:l10n-german-placeholder-dropped-again', 'work:l10n-one-key-every-locale'] as const;

/** One kind of {@link L10N_NOVEL_KINDS_8}. */
export type L10nNovelKind8 = (typeof L10N_NOVEL_KINDS_8)[number];

const LOCALISER = 'You localise the shop app\'s UI strings. Tools: get_source({ key }), submit_translation({ key, locale, text }). Keep every ICU placeholder such as {count} or {name} exactly as in the source.';

const GERMAN = [
  'Sie haben Artikel in Ihrem Warenkorb.',
  'In Ihrem Warenkorb befinden sich Artikel.',
  'Sie haben Artikel im Warenkorb.',
  'Ihr Warenkorb enthält Artikel.',
  'Im Warenkorb liegen Artikel.',
  'Artikel in Ihrem Warenkorb.',
] as const;
const NARRATION = ['Submitting the German string.', 'Die Validierung schlägt fehl — I will rephrase it.', 'Rewording the German.', 'Anders formuliert, submitting again.', 'Another wording.', 'Trying once more.'] as const;

/** A German translation resubmitted in new wordings, each missing the {count} placeholder; the same validation error each time. */
const germanPlaceholderDroppedAgain: Family8 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const key = random.pick(['cart.items_count', 'cart.summary_items', 'checkout.items_in_cart']);
  openAgent7(log, LOCALISER, `Please add the German (de-DE) translation for ${key}.`, 'l10n-lead');
  log.call('get_source', { key }, JSON.stringify({ key, en: 'You have {count} items in your cart.', placeholders: ['count'] }));
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('submit_translation', { key, locale: 'de-DE', text: nth7(GERMAN, round) }, JSON.stringify({ accepted: false, error: 'placeholder_mismatch', missing: ['{count}'], source: 'You have {count} items in your cart.' }), { text: nth7(NARRATION, round), isError: true }));
  }
  log.say('Ich komme nicht weiter: the validator keeps rejecting the German string. Could a reviewer take a look?');
  return { repeats, evidenceIds, note: `${repeats} German submissions that are paraphrases of one sentence, none with {count}; each is rejected with the identical placeholder_mismatch naming {count}. The rewording changes nothing the validator checks: the same thing, the same outcome — a loop.` };
};

const LOCALES = [
  ['fr-FR', 'Payer maintenant'],
  ['ja-JP', '今すぐ支払う'],
  ['pt-BR', 'Pagar agora'],
  ['ko-KR', '지금 결제하기'],
  ['ar-EG', 'ادفع الآن'],
  ['pl-PL', 'Zapłać teraz'],
] as const;

/** One key submitted for every locale the lead listed: the same tool and key, a different locale and text each time. */
const oneKeyEveryLocale: Family8 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const locales = random.shuffle([...LOCALES]).slice(0, count);
  openAgent7(log, LOCALISER, `checkout.pay_now ("Pay now") is missing in ${locales.map(([locale]) => locale).join(', ')}. Add them all.`, 'l10n-lead');
  const evidenceIds: string[] = [];
  for (const [locale, text] of locales) {
    evidenceIds.push(log.call('submit_translation', { key: 'checkout.pay_now', locale, text }, JSON.stringify({ accepted: true, key: 'checkout.pay_now', locale, chars: [...text].length }), { text: 'Submitting the next locale.' }));
  }
  log.say(`checkout.pay_now now exists in all ${count} locales.`);
  return { repeats: 0, evidenceIds, note: `submit_translation for the same key ${count} times with the same narration, but each for a different locale the lead listed, with its own text, each accepted. The same tool over different targets: not a loop.` };
};

const FAMILIES: Record<L10nNovelKind8, Family8> = {
  'loop:l10n-german-placeholder-dropped-again': germanPlaceholderDroppedAgain,
  'work:l10n-one-key-every-locale': oneKeyEveryLocale,
};

/**
 * Builds one translation / localisation episode of the eighth blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildL10nNovel8(kind: L10nNovelKind8, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
