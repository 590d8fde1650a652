import { CairnError } from '../log/index.js';
import { SECTION_SLUGS, type PlaybookSnapshot } from './playbook-types.js';

function fail(reason: string): never {
  throw new CairnError({ code: 'INVALID_SNAPSHOT', message: `Invalid playbook snapshot: ${reason}. Pass the output of Playbook.toJSON() unchanged.` });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;

/**
 * Checks that `json` is a {@link PlaybookSnapshot} and returns a deep copy of it.
 * @throws CairnError `INVALID_SNAPSHOT` naming the first problem.
 * @internal
 */
export function parsePlaybookSnapshot(json: unknown): PlaybookSnapshot {
  if (!isRecord(json) || json['version'] !== 1) fail('not a version 1 playbook');
  if (!Number.isInteger(json['nextId']) || (json['nextId'] as number) < 1 || !Array.isArray(json['bullets'])) fail('nextId must be a whole number from 1 and bullets an array');
  const ids = new Set<string>();
  (json['bullets'] as unknown[]).forEach((bullet, index) => {
    const where = `bullets[${index}]`;
    if (!isRecord(bullet) || typeof bullet['id'] !== 'string' || typeof bullet['content'] !== 'string' || !(typeof bullet['section'] === 'string' && bullet['section'] in SECTION_SLUGS)) fail(`${where} lacks an id, content or known section`);
    if (!isCount(bullet['helpful']) || !isCount(bullet['harmful']) || typeof bullet['createdAt'] !== 'number' || typeof bullet['updatedAt'] !== 'number' || !isStrings(bullet['sourceIds'])) fail(`${where} has bad counters, times or sourceIds`);
    const trace = bullet['trace'];
    if (trace !== undefined && (!isRecord(trace) || (trace['toolName'] !== undefined && typeof trace['toolName'] !== 'string') || (trace['use'] !== undefined && !isStrings(trace['use'])) || (trace['avoid'] !== undefined && !isStrings(trace['avoid'])))) fail(`${where}.trace is malformed`);
    const skill = bullet['skill'];
    if (skill !== undefined && !(isRecord(skill) && isRecord(skill['executionPattern']) && isStrings(skill['executionPattern']['steps']))) fail(`${where}.skill is malformed`);
    if (ids.has(bullet['id'] as string)) fail('bullet ids repeat');
    ids.add(bullet['id'] as string);
  });
  return JSON.parse(JSON.stringify(json)) as PlaybookSnapshot;
}
