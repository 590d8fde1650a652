/**
 * A fifth set of transient-fault outputs, written (issue 15, guard session) after the fourth set had
 * been measured held out and before the classifier was widened on the fourth set's misses; never
 * used to change the classifier. Wordings of CLIs, language runtimes, queues, caches, CI runners
 * and model gateways that none of the first four sets uses. Only the holdout half of the runs gets
 * them.
 */
export const FIFTH_HOLDOUT_TRANSIENT_OUTPUTS: readonly string[] = [
  'ERROR: (gcloud.compute.instances.list) There was a problem refreshing your current auth tokens: HTTPSConnectionPool(host=\'oauth2.googleapis.com\', port=443): Max retries exceeded with url: /token (Caused by ConnectTimeoutError)',
  'Error: Client network socket disconnected before secure TLS connection was established',
  'System.Net.Http.HttpRequestException: An error occurred while sending the request. ---> System.IO.IOException: Unable to read data from the transport connection: An existing connection was forcibly closed by the remote host.',
  'java.net.ConnectException: Connection timed out: connect',
  'io.grpc.StatusRuntimeException: UNAVAILABLE: io exception',
  'org.springframework.web.client.ResourceAccessException: I/O error on GET request for "https://billing.internal/api": Read timed out',
  'redis.exceptions.TimeoutError: Timeout reading from socket',
  'pika.exceptions.AMQPConnectionError: Connection to 10.1.4.7:5672 failed: [Errno 104] Connection reset by peer',
  'Cassandra: NoHostAvailable: (\'Unable to complete the operation against any hosts\', {<Host: 10.0.3.2:9042 dc1>: OperationTimedOut(\'errors=Timed out creating connection (5 seconds), last_host=None\')})',
  'The remote server returned an error: (503) Server Unavailable.',
  'Error: HTTP Error 429: Too Many Requests for url https://huggingface.co/api/models/bert-base-uncased',
  'openai.InternalServerError: Error code: 502 - upstream connect error',
  'anthropic.RateLimitError: Error code: 429 - {"type":"error","error":{"type":"rate_limit_error","message":"Number of request tokens has exceeded your per-minute rate limit"}}',
  'vertexai: 429 Online prediction request quota exceeded for gemini-1.5-pro. Please try again later with backoff.',
  'The job was not acquired by Runner of type hosted even after multiple attempts',
  'Error response from daemon: toomanyrequests: You have reached your pull rate limit. You may increase the limit by authenticating and upgrading.',
  'pip: ERROR: Could not install packages due to an OSError: HTTPSConnectionPool(host=\'files.pythonhosted.org\', port=443): Max retries exceeded with url: /packages/x.whl (Caused by ProtocolError(\'Connection aborted.\', RemoteDisconnected(\'Remote end closed connection without response\')))',
  'cargo: warning: spurious network error (2 tries remaining): [35] SSL connect error (OpenSSL SSL_connect: SSL_ERROR_SYSCALL in connection to index.crates.io:443)',
  'go: github.com/org/mod@v1.2.3: Get "https://proxy.golang.org/github.com/org/mod/@v/v1.2.3.mod": dial tcp 142.250.74.145:443: i/o timeout',
  'mysql.connector.errors.OperationalError: 2013 (HY000): Lost connection to MySQL server during query',
  'MongoServerSelectionError: Server selection timed out after 30000 ms',
  'ClickHouse exception, code: 202, host: ch-1, port: 8123; Code: 202. DB::Exception: Too many simultaneous queries. Maximum: 100. (TOO_MANY_SIMULTANEOUS_QUERIES)',
  'The operation couldn’t be completed. (NSURLErrorDomain error -1001: The request timed out.)',
  'Service Unavailable: the cluster is currently in read-only mode during a failover, please retry',
];
