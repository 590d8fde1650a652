import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7 } from '../blind-set-7/family.js';
import { clock13, hex13, type Family13 } from './family.js';

/** Novel kinds in a vineyard, a solar park, a ski resort and a public aquarium. */
export const FIELD_NOVEL_KINDS_13 = [
  'loop:vineyard-moisture-query-with-trivially-varied-arguments',
  'work:vineyard-probe-reread-after-each-real-fix',
  'loop:solar-page-cursor-that-never-advances',
  'work:solar-isolation-read-back-as-the-procedure-demands',
  'loop:ski-lift-polled-though-closed-for-the-day',
  'work:ski-same-pass-checked-at-each-lift',
  'work:aquarium-dose-retried-after-each-real-correction',
] as const;

/** One kind of {@link FIELD_NOVEL_KINDS_13}. */
export type FieldNovelKind13 = (typeof FIELD_NOVEL_KINDS_13)[number];

const VINEYARD = 'Ets l\'assistent agronòmic del Celler Mas Roquer (Penedès). Eines: query_soil_moisture, schedule_irrigation, recalibrate_probe, clean_probe, replace_probe. Respon en català.';
/** The same request written five ways: case, a dash, a unit, a string number, a key order. */
const VARIANTS: readonly Record<string, unknown>[] = [
  { parcel: 'P-07', depth_cm: 30 },
  { parcel: 'p-07', depth_cm: 30 },
  { depth_cm: '30', parcel: 'P-07' },
  { parcel: 'P07', depth_cm: 30 },
  { parcel: 'P-07 ', depth_cm: 30, units: 'cm' },
  { parcel: 'parcel·la P-07', depth_cm: 30 },
];
const QUERY_TEXT = ['Consulto la humitat.', 'Potser el nom de la parcel·la era en minúscules.', 'Provo amb la profunditat com a text.', 'Sense el guionet.', 'Afegint les unitats.', 'Amb el nom complet.'] as const;

/** The agent asks for the same soil reading again and again, varying only the spelling of the arguments; the same reading comes back. */
const moistureTriviallyVaried: Family13 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, VINEYARD, 'La parcel·la P-07 (xarel·lo) sembla seca. Mira la humitat a 30 cm i, si cal, programa un reg per aquesta nit.', 'enòloga');
  const moisture = random.int(11, 16);
  const evidenceIds = Array.from({ length: repeats }, (_, query) =>
    log.call('query_soil_moisture', VARIANTS[query]!, JSON.stringify({ parcel: 'P-07', depth_cm: 30, vwc_percent: moisture, probe: 'S-07a', consulta: hex13(random, 6) }), { text: nth7(QUERY_TEXT, query) }),
  );
  log.say('Encara ho estic comprovant.');
  return {
    repeats,
    evidenceIds,
    note: `query_soil_moisture ${repeats} times for parcel P-07 at 30 cm, the arguments varied only in spelling (case, a dash, a string number, a unit, a key order); each answer is the same ${moisture}% (only a query id is new), and no irrigation is scheduled. Trivially varied arguments, the same result: a loop.`,
  };
};

const FIXES: readonly [string, Record<string, unknown>, string, string][] = [
  ['clean_probe', { probe: 'S-07a' }, 'sonda netejada: restes de terra eliminades', 'Hi ha terra a la sonda; la netejo.'],
  ['recalibrate_probe', { probe: 'S-07a', reference: 'dry_air' }, 'calibrada contra aire sec: offset −4,1', 'Recalibro contra l\'aire sec.'],
  ['replace_probe', { probe: 'S-07a', spare: 'S-R12' }, 'sonda S-07a substituïda per S-R12', 'La lectura encara és estranya; canvio la sonda.'],
  ['recalibrate_probe', { probe: 'S-R12', reference: 'saturated_soil' }, 'S-R12 calibrada contra sòl saturat', 'Calibro la sonda nova.'],
];

/** The probe reads implausibly; after each real fix (clean, recalibrate, replace) the reading is taken again and moves toward a plausible value. */
const probeRereadAfterFix: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  openAgent7(log, VINEYARD, 'La sonda de la P-07 diu 0 % d\'humitat després de la pluja d\'ahir. Revisa-la.', 'enòloga');
  const readings = [...[0, 6, 14, 23].slice(0, count - 1), 27];
  const evidenceIds: string[] = [];
  readings.forEach((vwc, index) => {
    const probe = index >= 3 ? 'S-R12' : 'S-07a';
    evidenceIds.push(log.call('query_soil_moisture', { parcel: 'P-07', depth_cm: 30 }, JSON.stringify({ parcel: 'P-07', depth_cm: 30, vwc_percent: vwc, probe }), { text: index === 0 ? 'Llegeixo la sonda.' : 'Torno a llegir després de l\'arranjament.' }));
    if (index < readings.length - 1) {
      const [tool, args, result, text] = FIXES[index]!;
      log.call(tool, args, result, { text });
    }
  });
  log.say(`La sonda ara diu ${readings.at(-1)}%, coherent amb la pluja; no cal regar.`);
  return {
    repeats: 0,
    evidenceIds,
    note: `query_soil_moisture ${count} times, the identical call; between readings a real fix (clean, recalibrate, replace the probe), and the reading moves each time (${readings.join(' → ')} %) to a plausible value. Re-runs after a real change: not a loop.`,
  };
};

const SOLAR = 'You are the monitoring assistant of the Harwell Fen solar park. Tools: list_string_readings (paged by cursor), open_ticket, get_isolation_state, apply_lock, attach_tag, notify_crew.';

/** The agent pages string readings, but the cursor returned is the one sent: the same page comes back each time. */
const cursorNeverAdvances: Family13 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, SOLAR, 'List every string in block C producing under 80% of its neighbours today, and open a ticket for each.', 'site engineer');
  const cursor = `c_${hex13(random, 12)}`;
  const rows = ['C-01', 'C-02', 'C-03', 'C-04'].map((string) => ({ string, kwh: random.int(38, 52), ratio: `${random.int(90, 104)}%` }));
  const page = JSON.stringify({ block: 'C', rows, next_cursor: cursor });
  const evidenceIds = Array.from({ length: repeats }, (_, index) =>
    log.call('list_string_readings', index === 0 ? { block: 'C', date: 'today' } : { block: 'C', date: 'today', cursor }, page, { text: index === 0 ? 'Reading block C.' : 'Next page.' }),
  );
  log.say('Still collecting block C.');
  return {
    repeats,
    evidenceIds,
    note: `list_string_readings ${repeats} times; each page returns the same four strings (C-01 … C-04) and the same next_cursor, which the agent sends back, so the "next page" is the first page again. It looks like pagination, but nothing advances: a loop.`,
  };
};

/** The lockout procedure has the isolation state read back before the lock, after it and before entry; the identical reading each time. */
const isolationReadBack: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const inverter = `INV-C${random.int(1, 9)}`;
  const stages = ['before lock', 'after lock', 'after tag', 'before entry', 'at crew hand-off'];
  openAgent7(log, `${SOLAR} Lockout procedure LOTO-4: read back the isolation state of the inverter at each stage the work order lists (${stages.slice(0, count).join(', ')}) and log each read-back.`, `Work order WO-${random.int(1000, 9999)}: isolate ${inverter} for a fan swap. Read-back stages: ${stages.slice(0, count).join(', ')}.`, 'site engineer');
  const reading = JSON.stringify({ inverter, dc_isolator: 'open', ac_breaker: 'open', dc_bus_v: 0 });
  const steps: [string, Record<string, unknown>, string, string][] = [
    ['apply_lock', { device: inverter, lock: 'L-22' }, 'lock L-22 applied', 'Applying the lock.'],
    ['attach_tag', { device: inverter, tag: 'Do not operate — fan swap' }, 'tag attached', 'Tagging it.'],
    ['notify_crew', { device: inverter, message: 'Isolated; entry permitted.' }, 'crew notified', 'Telling the crew they may enter.'],
    ['notify_crew', { device: inverter, message: 'Hand-off to the fan crew.' }, 'crew notified', 'Handing off.'],
  ];
  const evidenceIds: string[] = [];
  for (let stage = 0; stage < count; stage++) {
    evidenceIds.push(log.call('get_isolation_state', { device: inverter }, reading, { text: `Read-back (${stages[stage]}).` }));
    if (stage < count - 1) {
      const [tool, args, result, text] = steps[stage]!;
      log.call(tool, args, result, { text });
    }
  }
  log.say(`${inverter} is isolated and every read-back is logged.`);
  return {
    repeats: 0,
    evidenceIds,
    borderline: true,
    note: `get_isolation_state ${count} times, identical call and result, one at each stage the lockout procedure lists, with the lock, tag and notices between. Repeats a protocol asks for: not a loop (borderline — the identical call and outcome ${count} times meet the rule's letter).`,
  };
};

const SKI = 'Du är gästassistent i Åre Skidanläggning. Verktyg: get_lift_status, wait, validate_pass. Svara på svenska.';

/** The lift says it is closed for the rest of the day (wind); the agent waits and polls, only the fetch time changes. */
const liftPolledClosedForDay: Family13 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  openAgent7(log, SKI, 'Går Kabinbanan i dag? Säg till när den öppnar.', 'gäst');
  const evidenceIds: string[] = [];
  for (let poll = 0; poll < repeats; poll++) {
    evidenceIds.push(log.call('get_lift_status', { lift: 'Kabinbanan' }, JSON.stringify({ lift: 'Kabinbanan', status: 'stängd', reason: 'vind, stängd resten av dagen', reopens: 'i morgon 08:30', fetched_at: clock13('10:05', poll * 600 + random.int(0, 40)) }), { text: poll === 0 ? 'Jag kollar liften.' : 'Jag kollar igen.' }));
    log.call('wait', { minutes: 10 }, 'väntade 10 min', { text: 'Jag väntar tio minuter.' });
  }
  log.say('Den är fortfarande stängd.');
  return {
    repeats,
    evidenceIds,
    note: `get_lift_status ${repeats} times with a 10-minute wait between; every answer says closed for the rest of the day (wind), reopening tomorrow at 08:30 — only fetched_at changes. A poll whose real field cannot advance today: a loop.`,
  };
};

const LIFTS = ['VM6:an', 'Hummelliften', 'Fjällgårdsliften', 'Tegelstugan', 'Kabinbanan'] as const;

/** The guest's pass is checked at each lift of the planned route; a different lift and answer each time. */
const passAtEachLift: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const pass = `SKI-${hex13(random, 8).toUpperCase()}`;
  openAgent7(log, SKI, `Mitt kort ${pass} är ett halvdagskort. Gäller det i alla liftar jag vill åka: ${LIFTS.slice(0, count).join(', ')}?`, 'gäst');
  const evidenceIds = LIFTS.slice(0, count).map((lift, index) =>
    log.call('validate_pass', { pass_id: pass, lift }, JSON.stringify({ pass_id: pass, lift, valid: lift !== 'Kabinbanan', zone: ['Åre By', 'Åre By', 'Björnen', 'Duved', 'Åre By topp'][index] }), { text: index === 0 ? 'Jag kontrollerar liftarna en i taget.' : '' }),
  );
  log.say(count === 5 ? 'Kortet gäller i alla utom Kabinbanan.' : 'Kortet gäller i alla de liftarna.');
  return {
    repeats: 0,
    evidenceIds,
    note: `validate_pass ${count} times for one pass, each at a different lift of the guest's route (a different zone each answer). The same tool over different targets: not a loop.`,
  };
};

const AQUARIUM = 'Du er driftsassistent ved Akvariet i Bergen. Verktøy: dose_tank, restart_pump, get_tank, set_dose_limit. Svar på norsk.';
/** The dose attempts: the arguments, the refusal, and the fix before the next attempt. */
const DOSES: readonly [Record<string, unknown>, string, [string, Record<string, unknown>, string, string]][] = [
  [{ tank: 'T4', additive: 'kalsium', ml: 120 }, 'avvist: doseringspumpe P2 er frakoblet', ['restart_pump', { pump: 'P2' }, 'P2 kjører', 'Pumpe P2 er nede; starter den.']],
  [{ tank: 'T4', additive: 'kalsium', ml: 120 }, 'avvist: 120 ml overstiger grensen på 80 ml per dose', ['get_tank', { tank: 'T4' }, '{"tank":"T4","volume_l":9000,"ca_mg_l":380}', 'Sjekker tanken for å dele dosen.']],
  [{ tank: 'T4', additive: 'kalsium', ml: 80 }, 'avvist: dosen krever skift-leders godkjenning etter kl. 22', ['set_dose_limit', { tank: 'T4', approved_by: 'skiftleder Hauge' }, 'godkjent av skiftleder', 'Henter godkjenning fra skiftleder.']],
];

/** Each refused dose names a different problem, fixed before the next try; the last dose is accepted. */
const doseRetriedAfterCorrection: Family13 = (log, random, tier) => {
  const count = lookAlikes7(tier, random, 4);
  openAgent7(log, AQUARIUM, 'Kalsium i korallkaret T4 er lavt (380 mg/l). Doser opp mot 420.', 'akvarist');
  const evidenceIds: string[] = [];
  for (let attempt = 0; attempt < count - 1; attempt++) {
    const [args, refusal, [tool, fixArgs, fixResult, text]] = DOSES[attempt]!;
    evidenceIds.push(log.call('dose_tank', args, refusal, { text: attempt === 0 ? 'Doserer.' : 'Prøver igjen etter rettelsen.', isError: true }));
    log.call(tool, fixArgs, fixResult, { text });
  }
  const last = count === 4 ? { tank: 'T4', additive: 'kalsium', ml: 80, approval: 'skiftleder Hauge' } : { tank: 'T4', additive: 'kalsium', ml: 80 };
  evidenceIds.push(log.call('dose_tank', last, JSON.stringify({ ...last, status: 'dosert', batch: hex13(random, 6) }), { text: 'Doserer med rettet oppsett.' }));
  log.say('T4 er dosert; jeg måler igjen om en time.');
  return {
    repeats: 0,
    evidenceIds,
    note: `dose_tank ${count} times; each refusal names a different problem (${['the pump offline', 'a dose over the limit', 'approval needed after 22:00'].slice(0, count - 1).join(', then ')}), fixed before the next try, and the last dose is accepted. Retries with a real change that end in success: not a loop.`,
  };
};

const FAMILIES: Record<FieldNovelKind13, Family13> = {
  'loop:vineyard-moisture-query-with-trivially-varied-arguments': moistureTriviallyVaried,
  'work:vineyard-probe-reread-after-each-real-fix': probeRereadAfterFix,
  'loop:solar-page-cursor-that-never-advances': cursorNeverAdvances,
  'work:solar-isolation-read-back-as-the-procedure-demands': isolationReadBack,
  'loop:ski-lift-polled-though-closed-for-the-day': liftPolledClosedForDay,
  'work:ski-same-pass-checked-at-each-lift': passAtEachLift,
  'work:aquarium-dose-retried-after-each-real-correction': doseRetriedAfterCorrection,
};

/**
 * Builds one field episode of the thirteenth blind set (vineyard, solar park, ski resort, aquarium).
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildFieldNovel13(kind: FieldNovelKind13, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
