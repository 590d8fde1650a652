import { CairnError } from '../log/index.js';

/** A dead end as sessions of one tenant share it: the call (or approach) and why it failed. */
export interface SharedDeadEnd {
  /** The tool of the failed call, when it was a call. */
  toolName?: string;
  /** The failed call's arguments, when it was a call. */
  arguments?: unknown;
  /** What was tried, in words. */
  approach: string;
  reason: string;
  /** The session that learnt it. */
  sessionId: string;
}

/**
 * Dead ends shared across the sessions of one tenant (opt-in). Sessions publish their long-term
 * dead ends and preload the tenant's at bootstrap; a tenant never sees another tenant's.
 */
export interface DeadEndPool {
  /** Adds a dead end to the tenant's pool (a repeat of the same call or approach is ignored). */
  publish(tenant: string, deadEnd: SharedDeadEnd): void;
  /** The tenant's dead ends, oldest first. */
  list(tenant: string): SharedDeadEnd[];
}

const TENANT = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * Checks a tenant key: 1–128 characters of letters, digits, `.`, `_`, `:` and `-`, starting with
 * a letter or digit (no separators an underlying store could be tricked with).
 * @throws CairnError `INVALID_OPTIONS`
 */
export function checkTenant(tenant: unknown): string {
  if (typeof tenant !== 'string' || !TENANT.test(tenant)) {
    throw new CairnError({
      code: 'INVALID_OPTIONS',
      message: `Invalid tenant key ${JSON.stringify(tenant)}: use 1–128 letters, digits, '.', '_', ':' or '-', starting with a letter or digit.`,
      details: { tenant },
    });
  }
  return tenant;
}

function keyOf(deadEnd: SharedDeadEnd): string {
  return deadEnd.toolName === undefined ? `approach:${deadEnd.approach}` : `call:${deadEnd.toolName}:${JSON.stringify(deadEnd.arguments ?? null)}`;
}

/**
 * An in-memory {@link DeadEndPool}. Share one across the engines of a process; a durable store
 * can implement the same interface.
 *
 * @example
 * ```ts
 * const pool = createDeadEndPool();
 * const engine = createContextEngine({ shareDeadEnds: { pool, tenant: 'acme' } });
 * ```
 */
export function createDeadEndPool(): DeadEndPool {
  const tenants = new Map<string, Map<string, SharedDeadEnd>>();
  return {
    publish(tenant, deadEnd) {
      const entries = tenants.get(checkTenant(tenant)) ?? new Map<string, SharedDeadEnd>();
      tenants.set(tenant, entries);
      const key = keyOf(deadEnd);
      if (!entries.has(key)) entries.set(key, structuredCopy(deadEnd));
    },
    list(tenant) {
      return [...(tenants.get(checkTenant(tenant))?.values() ?? [])].map(structuredCopy);
    },
  };
}

function structuredCopy(deadEnd: SharedDeadEnd): SharedDeadEnd {
  return JSON.parse(JSON.stringify(deadEnd)) as SharedDeadEnd;
}
