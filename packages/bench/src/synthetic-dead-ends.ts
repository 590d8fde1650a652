import type { SeededRandom } from './seeded-random.js';
import type { SyntheticAnchors } from './synthetic-anchors.js';
import type { PlannedCall } from './synthetic-session-builder.js';
import { commandFailure } from './synthetic-tool-outputs.js';

/**
 * A call that fails every time it is repeated exactly, probed with its error signature.
 * @internal
 */
export interface SyntheticDeadEnd {
  /** Name of the topic it belongs to. */
  topicName: string;
  /** The failing call (repeated verbatim). */
  call: PlannedCall;
  /** The error text a probe asks for; verbatim in `call.content`. */
  signature: string;
  /** A changed call that succeeds. */
  fix: PlannedCall;
  /** The probe question. */
  question: string;
}

/** @internal */
export type DeadEndMaker = (random: SeededRandom, anchors: SyntheticAnchors) => SyntheticDeadEnd;

/** Tests that need a database the sandbox cannot reach. @internal */
export const TEST_DATABASE_DEAD_END: DeadEndMaker = (random, anchors) => {
  const command = `npm test -- ${anchors.filePath}`;
  const signature = `connect ECONNREFUSED 127.0.0.1:${anchors.databasePort}`;
  return {
    topicName: 'debug',
    call: { name: 'run_command', arguments: { command }, content: commandFailure(random, command, `Error: ${signature}`), isError: true },
    signature,
    fix: { name: 'run_command', arguments: { command: `${command} --config vitest.unit.config.ts` }, content: ` ✓ ${anchors.filePath} (${random.int(8, 40)} tests) ${random.int(40, 900)}ms\n\n Test Files  1 passed (1)\n      Tests  ${random.int(8, 40)} passed` },
    question: `What error does \`${command}\` keep failing with?`,
  };
};

/** A rollout the agent's service account may not perform. @internal */
export const ROLLOUT_DEAD_END: DeadEndMaker = (random, anchors) => {
  const command = `kubectl rollout restart deployment/${anchors.serviceName} -n prod`;
  const signature = `deployments.apps "${anchors.serviceName}" is forbidden: User "agent-bot" cannot patch resource "deployments"`;
  return {
    topicName: 'deploy',
    call: { name: 'run_command', arguments: { command }, content: commandFailure(random, command, `Error from server (Forbidden): ${signature} in namespace "prod": permission denied`), isError: true },
    signature,
    fix: { name: 'run_command', arguments: { command: command.replace('-n prod', '-n staging') }, content: `deployment.apps/${anchors.serviceName} restarted` },
    question: `Why did \`${command}\` fail?`,
  };
};

/** A refund above the agent's limit. @internal */
export const REFUND_LIMIT_DEAD_END: DeadEndMaker = (random, anchors) => {
  const limit = Number(anchors.refundLimit.replace(/[$,]/g, ''));
  const amount = limit + random.int(1, 40) * 10;
  const signature = `refund of $${amount} exceeds the agent limit of ${anchors.refundLimit}`;
  return {
    topicName: 'billing',
    call: { name: 'issue_refund', arguments: { customer_id: anchors.customerId, amount, currency: 'USD' }, content: `HTTP 403 Forbidden\n${JSON.stringify({ error: 'permission_denied', message: signature, requestId: `req_${random.int(100_000, 999_999)}` }, null, 2)}`, isError: true },
    signature,
    fix: { name: 'issue_refund', arguments: { customer_id: anchors.customerId, amount: limit, currency: 'USD' }, content: JSON.stringify({ ok: true, refundId: `rf_${random.int(100_000, 999_999)}`, amount: limit }) },
    question: `What happened when you tried to refund $${amount} to ${anchors.customerId}?`,
  };
};

/** A booking looked up under a mistyped code. @internal */
export const BOOKING_LOOKUP_DEAD_END: DeadEndMaker = (random, anchors) => {
  const wrongCode = `${anchors.bookingCode.slice(0, -1)}${anchors.bookingCode.endsWith('0') ? '8' : '0'}`;
  const signature = `HTTP 404: booking ${wrongCode} not found`;
  return {
    topicName: 'account',
    call: { name: 'get_booking', arguments: { booking_code: wrongCode }, content: `${signature}\n${JSON.stringify({ error: 'not_found', hint: 'check the code on the e-ticket', traceId: random.int(1e8, 9e8).toString(16) })}`, isError: true },
    signature,
    fix: { name: 'get_booking', arguments: { booking_code: anchors.bookingCode }, content: JSON.stringify({ code: anchors.bookingCode, customerId: anchors.customerId, status: 'confirmed' }) },
    question: `What did the lookup of booking ${wrongCode} return?`,
  };
};

/**
 * The same call, trivially reformatted as agents do when they retry: the first string argument
 * gets a doubled blank (or a trailing one). Its near-identical signature is unchanged, its exact
 * one is not, so the guard's near matching is measured on it.
 * @internal
 */
export function nearIdenticalCall(call: PlannedCall): PlannedCall {
  const args = call.arguments as Record<string, unknown>;
  const key = Object.keys(args).find((name) => typeof args[name] === 'string');
  if (key === undefined) return call;
  const value = args[key] as string;
  return { ...call, arguments: { ...args, [key]: value.includes(' ') ? value.replace(' ', '  ') : `${value} ` } };
}
