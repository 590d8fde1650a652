import type { CairnMessage } from '@cairn/core';

/** A session to plant faults in: its id and messages in log order (as `measureGuard` takes them). */
interface GuardSession {
  id: string;
  messages: readonly CairnMessage[];
}

/** The `metadata` key that marks an injected transient failure. */
export const INJECTED_TRANSIENT = 'injectedTransientFault';

/**
 * Transient faults used while the classifier was written (the tune set): phrasings a developer
 * has in mind when listing 429 / 503 / timeouts / resets.
 */
export const TUNE_TRANSIENT_OUTPUTS: readonly string[] = [
  '503 Service Unavailable',
  'HTTP/1.1 429 Too Many Requests\nRetry-After: 2',
  'Error: read ECONNRESET',
  'requests.exceptions.ReadTimeout: HTTPSConnectionPool(host=api.example.com): Read timed out. (read timeout=30)',
  'Error: Resource temporarily unavailable, try again later',
  'upstream returned 502 Bad Gateway',
  'status code: 504',
  'RateLimitError: rate limit exceeded for model, please retry after 20s',
];

/**
 * Transient faults written after the classifier, from what real services and clients print (the
 * first holdout set). Its first run missed three of these (a refused DNS lookup, a server closing
 * the connection, "currently unavailable, try again in a few minutes"); the classifier was then
 * widened, so this set is no longer unseen: {@link SECOND_HOLDOUT_TRANSIENT_OUTPUTS} is.
 */
export const HOLDOUT_TRANSIENT_OUTPUTS: readonly string[] = [
  'openai.RateLimitError: Error code: 429 - {"error": {"message": "Rate limit reached for gpt-4o in organization org-x on tokens per min (TPM)", "code": "rate_limit_exceeded"}}',
  'anthropic.InternalServerError: Error code: 529 - {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
  'curl: (28) Operation timed out after 30001 milliseconds with 0 bytes received',
  "urllib3.exceptions.ProtocolError: ('Connection aborted.', ConnectionResetError(104, 'Connection reset by peer'))",
  "fatal: unable to access 'https://github.com/org/repo.git/': Could not resolve host: github.com",
  'psycopg2.OperationalError: server closed the connection unexpectedly',
  'Error 503 Backend fetch failed',
  'The service is currently unavailable. Please try again in a few minutes.',
  'botocore.exceptions.ClientError: An error occurred (ThrottlingException) when calling the InvokeModel operation: Too many requests, please wait before trying again.',
  'npm ERR! network request to https://registry.npmjs.org/lodash failed, reason: getaddrinfo EAI_AGAIN registry.npmjs.org',
  'sqlite3.OperationalError: database is locked',
  'Gateway Timeout: the upstream server did not respond in time',
];

/** Transient faults written after the classifier was widened, never used to change it. */
export const SECOND_HOLDOUT_TRANSIENT_OUTPUTS: readonly string[] = [
  'HTTPError: 503 Server Error: Service Unavailable for url: https://api.example.com/v1/items',
  'google.api_core.exceptions.ResourceExhausted: 429 Quota exceeded for quota metric',
  'java.net.SocketTimeoutException: Read timed out',
  "redis.exceptions.ConnectionError: Error while reading from socket: (104, 'Connection reset by peer')",
  'Error: The server is temporarily unable to service your request due to maintenance downtime or capacity problems. Please try again later.',
  'ssh: connect to host build-01 port 22: Connection timed out',
  'docker: Error response from daemon: Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers).',
  "pip._vendor.urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='pypi.org', port=443): Read timed out.",
  'Server Error (502): upstream connect error or disconnect/reset before headers',
  'Unable to connect to the server: net/http: TLS handshake timeout',
  'HTTP 429: slow down, you are sending requests too quickly',
  'MySQL error 1205: Lock wait timeout exceeded; try restarting transaction',
];

/** Options of {@link injectTransientFaults}. */
export interface InjectTransientFaultsOptions {
  /** The fault outputs, used in turn. */
  outputs: readonly string[];
  /** Every how many successful calls one gets a transient failure before it. @default 5 */
  every?: number;
  /** Every how many injections the fault happens twice in a row. @default 3 */
  twiceEvery?: number;
  /** How many times in a row a repeated fault happens (`twiceEvery`'s injections). @default 2 */
  repeatedTimes?: number;
  /**
   * Whether a repeated fault repeats the same output (a fault that persists, word for word); by
   * default each attempt takes the next output of the list.
   * @default false
   */
  sameOutput?: boolean;
}

/**
 * Copies sessions with transient faults planted before real successful calls: the same call is
 * made first and fails with a transient output (`isError`, marked `metadata.injectedTransientFault`),
 * once or twice, then the real call follows and succeeds, as a retry would. Deterministic (every
 * `every`-th successful call, in log order).
 *
 * @param sessions - Agent sessions, every tool result directly after its call.
 * @param options - The outputs and how often.
 * @returns The sessions with faults planted, and how many retries were planted.
 *
 * @example
 * ```ts
 * const { sessions } = injectTransientFaults(holdout, { outputs: HOLDOUT_TRANSIENT_OUTPUTS });
 * ```
 */
export function injectTransientFaults(sessions: readonly GuardSession[], { outputs, every = 5, twiceEvery = 3, repeatedTimes = 2, sameOutput = false }: InjectTransientFaultsOptions): { sessions: GuardSession[]; retries: number } {
  let retries = 0;
  let seen = 0;
  let injected = 0;
  const result = sessions.map((session) => {
    const messages: CairnMessage[] = [];
    const results = new Map<string, CairnMessage>();
    for (const message of session.messages) if (message.role === 'tool' && message.toolCallId !== undefined) results.set(message.toolCallId, message);
    for (const message of session.messages) {
      if (message.role === 'assistant') {
        for (const call of message.toolCalls ?? []) {
          const outcome = results.get(call.id);
          if (!outcome || outcome.isError === true) continue;
          if (++seen % every !== 0) continue;
          const times = ++injected % twiceEvery === 0 ? repeatedTimes : 1;
          for (let attempt = 1; attempt <= times; attempt++) {
            const id = `${call.id}~transient${attempt}`;
            const output = outputs[(injected + (sameOutput ? 1 : attempt)) % outputs.length]!;
            messages.push({ id: `${message.id}~transient${attempt}`, role: 'assistant', content: '', toolCalls: [{ id, name: call.name, arguments: call.arguments }] });
            messages.push({ id: `${id}-result`, role: 'tool', toolCallId: id, name: call.name, content: output, isError: true, metadata: { [INJECTED_TRANSIENT]: true } });
          }
          retries++;
        }
      }
      messages.push(message);
    }
    return { id: session.id, messages };
  });
  return { sessions: result, retries };
}
