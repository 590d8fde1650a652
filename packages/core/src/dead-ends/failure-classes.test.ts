import { test as propertyTest } from '@fast-check/vitest';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { DeadEndTracker } from './dead-end-tracker.js';
import { detectFailure } from './detect-failure.js';
import { isTransientFailure, readExitStatus } from './failure-class.js';
import { createLexicalVectoriser } from '../text/index.js';
import type { CairnMessage } from '../log/index.js';

const newTracker = (failureClasses?: boolean): DeadEndTracker =>
  new DeadEndTracker({ sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector, ...(failureClasses === undefined ? {} : { failureClasses }) });
let counter = 0;
function turn(name: string, args: unknown, result: string, isError = false, metadata?: Record<string, unknown>): CairnMessage[] {
  const id = `c${++counter}`;
  return [
    { id: `a-${id}`, role: 'assistant', content: '', toolCalls: [{ id, name, arguments: args }] },
    { id: `t-${id}`, role: 'tool', toolCallId: id, content: result, ...(isError ? { isError } : {}), ...(metadata ? { metadata } : {}) },
  ];
}
const feed = (tracker: DeadEndTracker, messages: readonly CairnMessage[]): void => messages.forEach((message) => tracker.observe(message));
const tool = (content: string, extra: Partial<CairnMessage> = {}): CairnMessage => ({ id: 't', role: 'tool', toolCallId: 'c', content, ...extra }) as CairnMessage;
const fetchOrders = { url: 'https://api.example.com/orders?page=2' };

const TRANSIENT_OUTPUTS = [
  '503 Service Unavailable',
  'HTTP/1.1 429 Too Many Requests\nRetry-After: 2',
  'Error: read ECONNRESET',
  'requests.exceptions.ReadTimeout: HTTPSConnectionPool(host=api.example.com): Read timed out. (read timeout=30)',
  'Error: Resource temporarily unavailable, try again later',
  'upstream returned 502 Bad Gateway',
  'status code: 504',
  'RateLimitError: rate limit exceeded for model, please retry after 20s',
  'Error: socket hang up',
];

describe('failure classes', () => {
  test('transient faults are recognised; permanent ones, quoted lines and refused connections are not', () => {
    for (const output of TRANSIENT_OUTPUTS) expect(isTransientFailure(output), output).toBe(true);
    for (const output of ['KeyError: 3', 'HTTP 404 Not Found', 'Error: connect ECONNREFUSED 127.0.0.1:5401', '503:        return self.timeout', "TypeError: __init__() got an unexpected keyword argument 'timeout'", '  File "x.py", line 503, in retry']) {
      expect(isTransientFailure(output), output).toBe(false);
    }
    expect(detectFailure(tool('503 Service Unavailable', { isError: true }))).toEqual({ kind: 'tool-error', reason: '503 Service Unavailable', transient: true });
    expect(detectFailure(tool('Traceback (most recent call last):\nKeyError: 3'))?.transient).toBeUndefined();
  });

  test('exit status beats output text when both exist', () => {
    expect(detectFailure(tool('FAILURE: 2 optional checks skipped\nexit code 0'))).toBeUndefined();
    expect(detectFailure(tool('FAILURE: 2 optional checks skipped', { metadata: { exitCode: 0 } }))).toBeUndefined();
    expect(detectFailure(tool('FAILURE: 2 optional checks skipped'))?.kind).toBe('error-output');
    expect(detectFailure(tool('all quiet', { metadata: { exit_code: 3 } }))).toEqual({ kind: 'error-output', reason: 'exit code 3' });
    // The tool's own error flag still wins.
    expect(detectFailure(tool('done\nexit code 0', { isError: true }))?.kind).toBe('tool-error');
    // A quoted source line never states the exit status.
    expect(readExitStatus(tool('12:    sys.exit(code 0)'), '12:    exit code 0')).toBeUndefined();
    // Before failure classes, the text decided.
    expect(detectFailure(tool('FAILURE: 2 optional checks skipped\nexit code 0'), { failureClasses: false })?.kind).toBe('error-output');
  });

  test('a retry after a transient fault is never flagged, however often; it is listed as transient', () => {
    const tracker = newTracker();
    for (let attempt = 0; attempt < 5; attempt++) {
      feed(tracker, turn('http_get', fetchOrders, TRANSIENT_OUTPUTS[attempt]!, true));
      const verdict = tracker.check({ name: 'http_get', arguments: fetchOrders });
      expect(verdict.verdict).toBe('allow');
      expect(verdict.reason).toContain('transient');
    }
    expect(tracker.list()[0]).toMatchObject({ transient: true, status: 'suspect' });
    // Today's guard blocked the same retry.
    const before = newTracker(false);
    feed(before, [...turn('http_get', fetchOrders, '503 Service Unavailable', true), ...turn('http_get', fetchOrders, '503 Service Unavailable', true)]);
    expect(before.check({ name: 'http_get', arguments: fetchOrders }).verdict).toBe('block');
  });

  test('a permanent failure after transient ones counts as the first real one', () => {
    const tracker = newTracker();
    feed(tracker, [...turn('http_get', fetchOrders, '503 Service Unavailable', true), ...turn('http_get', fetchOrders, '503 Service Unavailable', true)]);
    feed(tracker, turn('http_get', fetchOrders, 'HTTP 404 Not Found: page 2', true));
    expect(tracker.check({ name: 'http_get', arguments: fetchOrders }).verdict).toBe('warn');
    feed(tracker, turn('http_get', fetchOrders, 'HTTP 404 Not Found: page 2', true));
    expect(tracker.check({ name: 'http_get', arguments: fetchOrders }).verdict).toBe('block');
  });

  test('a repeat after a change warns naming the error and the change; block only when nothing changed; success clears', () => {
    const tracker = newTracker();
    const run = { command: 'python reproduce.py' };
    feed(tracker, [...turn('python', run, 'KeyError: 3', true), ...turn('python', run, 'KeyError: 3', true)]);
    expect(tracker.check({ name: 'python', arguments: run }).verdict).toBe('block');
    feed(tracker, turn('edit', { command: 'edit 1:1\nx = 1\nend_of_edit' }, 'File updated.'));
    const verdict = tracker.check({ name: 'python', arguments: run });
    expect(verdict.verdict).toBe('warn');
    expect(verdict.reason).toMatch(/KeyError: 3.*edit 1:1/);
    feed(tracker, turn('python', run, 'ok'));
    expect(tracker.check({ name: 'python', arguments: run })).toMatchObject({ verdict: 'allow' });
    expect(tracker.list()[0]?.changedSince).toBeUndefined();
    // Before failure classes, the repeat after the change was let through silently.
    const before = newTracker(false);
    feed(before, [...turn('python', run, 'KeyError: 3', true), ...turn('edit', { command: 'edit 1:1\nx = 1\nend_of_edit' }, 'File updated.')]);
    expect(before.check({ name: 'python', arguments: run }).verdict).toBe('allow');
  });

  test('an untouched failure keeps its plain verdict (no change named)', () => {
    const tracker = newTracker();
    const traceback = 'Traceback (most recent call last):\n  File "/repo/reproduce.py", line 3, in <module>\nKeyError: 3';
    feed(tracker, turn('python', { command: 'python reproduce.py' }, traceback, true));
    feed(tracker, turn('open', { command: 'open pkg/other.py' }, '[File: /repo/pkg/other.py (9 lines total)]'));
    feed(tracker, turn('edit', { command: 'edit 1:1\nx = 1\nend_of_edit' }, 'File updated.'));
    const verdict = tracker.check({ name: 'python', arguments: { command: 'python reproduce.py' } });
    expect(verdict.verdict).toBe('warn');
    expect(verdict.deadEnd?.changedSince).toBeUndefined();
  });

  test('the new fields survive a snapshot; a snapshot without them restores', () => {
    const tracker = newTracker();
    feed(tracker, turn('http_get', fetchOrders, '503 Service Unavailable', true));
    feed(tracker, turn('python', { command: 'python r.py' }, 'KeyError: 3', true));
    feed(tracker, turn('edit', { command: 'edit 1:1\nx = 1\nend_of_edit' }, 'File updated.'));
    const json = JSON.parse(JSON.stringify(tracker.toJSON()));
    const restored = DeadEndTracker.fromJSON(json, { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector });
    expect(restored.list()).toEqual(tracker.list());
    for (const deadEnd of json.deadEnds) {
      delete deadEnd.transient;
      delete deadEnd.changedSince;
    }
    expect(() => DeadEndTracker.fromJSON(json, { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector })).not.toThrow();
    json.deadEnds[0].transient = 'yes';
    expect(() => DeadEndTracker.fromJSON(json, { sessionId: 's1', now: () => 1000, vectorise: createLexicalVectoriser().vector })).toThrow(/changedSince or transient/);
  });

  propertyTest.prop([fc.array(fc.record({ transient: fc.boolean(), output: fc.constantFrom(...TRANSIENT_OUTPUTS), permanent: fc.constantFrom('KeyError: 3', 'HTTP 404 Not Found', 'Permission denied') }), { minLength: 1, maxLength: 12 })])(
    'the call right after a transient failure is never blocked; the same input gives the same verdicts',
    (attempts) => {
      const verdicts = (): string[] => {
        const tracker = newTracker();
        return attempts.map(({ transient, output, permanent }) => {
          feed(tracker, turn('http_get', fetchOrders, transient ? output : permanent, true));
          const verdict = tracker.check({ name: 'http_get', arguments: fetchOrders }).verdict;
          if (transient) expect(verdict).toBe('allow');
          return verdict;
        });
      };
      expect(verdicts()).toEqual(verdicts());
    },
  );
});

describe('isTransientFailure on the second holdout phrasings it used to miss (issue 15)', () => {
  test('a 429 quota error, a 502 in parentheses, a client timeout while awaiting headers and a TLS handshake timeout are transient', () => {
    for (const text of [
      'google.api_core.exceptions.ResourceExhausted: 429 Quota exceeded for quota metric',
      'Server Error (502): upstream connect error or disconnect/reset before headers',
      'docker: Error response from daemon: Get "https://registry-1.docker.io/v2/": net/http: request canceled while waiting for connection (Client.Timeout exceeded while awaiting headers).',
      'Unable to connect to the server: net/http: TLS handshake timeout',
    ]) {
      expect(isTransientFailure(text), text).toBe(true);
    }
  });

  test('permanent faults that look alike stay permanent', () => {
    for (const text of ['Server Error (500): KeyError: user_id', 'Error (404): no such reservation', 'quota exceeded: disk full on /data', 'Error: connect ECONNREFUSED 127.0.0.1:5432']) {
      expect(isTransientFailure(text), text).toBe(false);
    }
  });
});

describe('isTransientFailure on the third phrasing set (issue 15, guard session; a tuning set since the fourth was written)', () => {
  test('dropped connections, throttling exceptions, serialization conflicts, busy databases and a remote refused connection are transient', () => {
    for (const text of [
      'aiohttp.client_exceptions.ServerDisconnectedError: Server disconnected',
      'fetch failed: UND_ERR_SOCKET other side closed',
      'azure.core.exceptions.ServiceRequestError: Failed to establish a new connection: [Errno 111] Connection refused',
      'An error occurred (ProvisionedThroughputExceededException) when calling the PutItem operation',
      'pymongo.errors.AutoReconnect: connection pool paused',
      'psycopg.errors.SerializationFailure: could not serialize access due to concurrent update',
      'fatal: the remote end hung up unexpectedly',
      'Error: 500 Internal Server Error (the server had an error while processing your request; retry your request)',
      'Too many connections',
    ]) {
      expect(isTransientFailure(text), text).toBe(true);
    }
  });

  test('permanent look-alikes stay permanent: a refused local service, a throttle setting, a 500 without a retry hint', () => {
    for (const text of [
      'Error: connect ECONNREFUSED 127.0.0.1:5432',
      'curl: (7) Failed to connect to localhost port 8000: Connection refused',
      'psql: error: connection to server at "0.0.0.0", port 5432 failed: Connection refused',
      "AttributeError: 'APIView' object has no attribute 'throttle_classes'",
      'Server Error (500): KeyError: user_id',
      'django.db.utils.OperationalError: no such table: auth_user',
      'ValueError: too many values to unpack (expected 2)',
    ]) {
      expect(isTransientFailure(text), text).toBe(false);
    }
  });

  test('the class is read on the full telling line, not the reason cut to 200 characters', () => {
    const line = `WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by 'NewConnectionError': ${'x'.repeat(120)} Temporary failure in name resolution`;
    const signal = detectFailure(tool(line, { isError: true }));
    expect(signal?.reason.length).toBeLessThanOrEqual(200);
    expect(signal?.transient).toBe(true);
  });

  test('a failure the tool flagged is transient when any line of its output says so; one read from text alone only by its telling line', () => {
    const output = 'error: RPC failed; curl 56 recv error\nERROR: could not push\nHTTP/1.1 503 Service Unavailable';
    expect(detectFailure(tool('KeyError: 3\nretry after 20 seconds', { isError: true }))?.transient).toBe(true);
    expect(detectFailure(tool(output, { isError: true }))?.transient).toBe(true);
    expect(detectFailure(tool('Traceback (most recent call last):\n  File "t.py", line 2\nKeyError: 3\nlog: request timed out earlier'))?.transient).toBeUndefined();
    // Exit status still beats the text: a transient-looking output that exited 0 is no failure.
    expect(detectFailure(tool('WARNING: Retrying after connection reset by peer\nexit code 0'))).toBeUndefined();
  });
});

describe('isTransientFailure on the fourth phrasing set (measured held out once, then a tuning set)', () => {
  test('SDK connection and timeout errors, gRPC UNAVAILABLE, DNS hiccups, broken pipes, busy and loading servers, throttling codes are transient', () => {
    for (const text of [
      'openai.APIConnectionError: Connection error.',
      '\tstatus = StatusCode.UNAVAILABLE',
      'dial tcp: lookup api.internal.example on 127.0.0.53:53: server misbehaving',
      'BrokenPipeError: [Errno 32] Broken pipe',
      'botocore.errorfactory.ServiceUnavailableException: An error occurred (ServiceUnavailableException)',
      'An error occurred (SlowDown) when calling the PutObject operation',
      'no healthy upstream',
      'kafka.errors.KafkaTimeoutError: Failed to update metadata after 60.0 secs.',
      'Error: net::ERR_CONNECTION_RESET at https://example.com/dashboard',
      '{"error":{"code":"server_busy","message":"Please try your request again later."}}',
      'redis.exceptions.BusyLoadingError: Redis is loading the dataset in memory',
    ]) {
      expect(isTransientFailure(text), text).toBe(true);
    }
  });

  test('still permanent: a refused local service, a pipe or timeout named in source or a test id', () => {
    for (const text of ['Error: connect ECONNREFUSED 127.0.0.1:6379', '12:    raise BrokenPipeError()', 'tests/test_pipe.py:40: AssertionError', "NameError: name 'StatusCode' is not defined"]) {
      expect(isTransientFailure(text), text).toBe(false);
    }
  });
});
