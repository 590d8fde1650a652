import type { ToolEffect } from './classify-tool-effect.js';
import type { DeadEnd } from './dead-end-types.js';
import type { ExperienceRecord } from './discover-hot-experiences.js';
import { CairnError } from '../log/index.js';

/** A tool call awaiting its result. @internal */
export interface PendingCall {
  name: string;
  arguments: unknown;
}

/** The JSON form of a `DeadEndTracker` (version 1). */
export interface DeadEndSnapshot {
  version: 1;
  sessionId: string;
  nextId: number;
  /** The registry; `effect` is what the failed call does (`explicit` for registered dead ends and corrections). */
  deadEnds: (DeadEnd & { effect: ToolEffect | 'explicit' })[];
  /** Tool calls seen without their result yet. */
  pending: (PendingCall & { id: string })[];
  experiences: ExperienceRecord[];
  /** The latest assistant turn, which a user correction would reject. */
  lastApproach: string;
}

const EFFECTS = new Set(['observe', 'navigate', 'run', 'change', 'explicit']);

function fail(reason: string): never {
  throw new CairnError({ code: 'INVALID_SNAPSHOT', message: `Invalid dead-end snapshot: ${reason}. Pass the output of DeadEndTracker.toJSON() unchanged.` });
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isNumbers = (value: unknown): value is number[] => Array.isArray(value) && value.every((item) => typeof item === 'number' && Number.isFinite(item));
const isStrings = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');
const optionalString = (value: unknown): boolean => value === undefined || typeof value === 'string';

function checkDeadEnd(value: unknown, index: number): void {
  const where = `deadEnds[${index}]`;
  if (!isRecord(value)) fail(`${where} is not an object`);
  const { id, sessionId, trace, reason, previousReason, vector, frequency, firstSeen, lastSeen, status, sourceIds, stale, effect, changedSince, transient } = value;
  if (!optionalString(changedSince) || (transient !== undefined && transient !== true)) fail(`${where} has a bad changedSince or transient`);
  const { failureClass, identicalFailures } = value;
  if (failureClass !== undefined && failureClass !== 'transient' && failureClass !== 'permanent' && failureClass !== 'unknown') fail(`${where}.failureClass must be 'transient', 'permanent' or 'unknown'`);
  if (identicalFailures !== undefined && !(Number.isSafeInteger(identicalFailures) && (identicalFailures as number) >= 1)) fail(`${where}.identicalFailures must be a whole number from 1`);
  if (typeof id !== 'string' || typeof sessionId !== 'string' || typeof reason !== 'string') fail(`${where} lacks a string id, sessionId or reason`);
  if (!optionalString(previousReason)) fail(`${where}.previousReason must be a string`);
  if (!isRecord(trace) || typeof trace['approach'] !== 'string' || !optionalString(trace['toolName']) || !optionalString(trace['signature']) || !optionalString(trace['nearSignature'])) fail(`${where}.trace is malformed`);
  if (!isRecord(vector) || !isNumbers(vector['ids']) || !isNumbers(vector['weights']) || vector['ids'].length !== vector['weights'].length) fail(`${where}.vector is malformed`);
  if (!(Number.isInteger(frequency) && (frequency as number) >= 1) || typeof firstSeen !== 'number' || typeof lastSeen !== 'number') fail(`${where} has a bad frequency, firstSeen or lastSeen`);
  if (status !== 'suspect' && status !== 'dead') fail(`${where}.status must be 'suspect' or 'dead'`);
  if (!isStrings(sourceIds) || (stale !== undefined && typeof stale !== 'boolean') || !EFFECTS.has(effect as string)) fail(`${where} has bad sourceIds, stale or effect`);
}

function checkExperience(value: unknown, index: number): void {
  if (!isRecord(value) || typeof value['key'] !== 'string' || (value['outcome'] !== 'hit' && value['outcome'] !== 'miss') || typeof value['alignment'] !== 'number' || typeof value['at'] !== 'number') {
    fail(`experiences[${index}] is malformed`);
  }
}

/**
 * Checks that `json` is a {@link DeadEndSnapshot} and returns a deep copy of it.
 * @throws CairnError `INVALID_SNAPSHOT` naming the first problem.
 * @internal
 */
export function parseDeadEndSnapshot(json: unknown): DeadEndSnapshot {
  if (!isRecord(json)) fail('not an object');
  if (json['version'] !== 1) fail(`unknown version ${JSON.stringify(json['version'])}`);
  if (typeof json['sessionId'] !== 'string' || typeof json['lastApproach'] !== 'string') fail('sessionId and lastApproach must be strings');
  if (!Number.isInteger(json['nextId']) || (json['nextId'] as number) < 1) fail('nextId must be a whole number from 1');
  const { deadEnds, pending, experiences } = json;
  if (!Array.isArray(deadEnds) || !Array.isArray(pending) || !Array.isArray(experiences)) fail('deadEnds, pending and experiences must be arrays');
  deadEnds.forEach(checkDeadEnd);
  experiences.forEach(checkExperience);
  pending.forEach((call, index) => {
    if (!isRecord(call) || typeof call['id'] !== 'string' || typeof call['name'] !== 'string') fail(`pending[${index}] is malformed`);
  });
  const ids = new Set(deadEnds.map((deadEnd) => (deadEnd as DeadEnd).id));
  if (ids.size !== deadEnds.length) fail('dead-end ids repeat');
  return JSON.parse(JSON.stringify(json)) as DeadEndSnapshot;
}
