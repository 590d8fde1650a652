/**
 * A fourth set of transient-fault outputs, written (issue 15, guard session) before the classifier
 * was changed on the third set, and never used to change it: gateway and proxy timeouts,
 * throttling, "try again later" variants, rate-limit headers, refused and reset connections as
 * other runtimes print them, DNS lookups that fail for the moment, busy servers and model
 * providers' overload messages. None repeats a wording of the first three sets. Only the holdout
 * half of the runs gets them; the third set became a tuning set when this one was written.
 */
export const FOURTH_HOLDOUT_TRANSIENT_OUTPUTS: readonly string[] = [
  'HTTP/2 403\nx-ratelimit-limit: 5000\nx-ratelimit-remaining: 0\nx-ratelimit-reset: 1718035200\n{"message":"API rate limit exceeded for user ID 4242.","documentation_url":"https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"}',
  'gh: You have exceeded a secondary rate limit. Please wait a few minutes before you try again.',
  'stripe.error.RateLimitError: Request rate limit exceeded. Learn more about rate limits here https://stripe.com/docs/rate-limits.',
  'openai.APIConnectionError: Connection error.',
  "google.genai.errors.ServerError: 503 UNAVAILABLE. {'error': {'code': 503, 'message': 'The model is overloaded. Please try again later.', 'status': 'UNAVAILABLE'}}",
  'grpc._channel._InactiveRpcError: <_InactiveRpcError of RPC that terminated with:\n\tstatus = StatusCode.UNAVAILABLE\n\tdetails = "Socket closed"\n>',
  'Get "https://api.internal.example/v1/jobs": dial tcp: lookup api.internal.example on 127.0.0.53:53: server misbehaving',
  'read tcp 10.0.0.4:51234->140.82.112.3:443: read: connection reset by peer',
  'BrokenPipeError: [Errno 32] Broken pipe',
  'ConnectionRefusedError: [Errno 111] Connection refused',
  'Error: connect ECONNREFUSED 127.0.0.1:6379',
  'Error code 524: A timeout occurred (Cloudflare). The origin web server timed out responding to this request.',
  'Requests to the ChatCompletions_Create Operation under Azure OpenAI API version 2024-02-01 have exceeded call rate limit of your current OpenAI S0 pricing tier. Please retry after 6 seconds.',
  'mistralai.models.sdkerror.SDKError: API error occurred: Status 429\n{"object":"error","message":"Requests rate limit exceeded","type":"rate_limited"}',
  'botocore.errorfactory.ServiceUnavailableException: An error occurred (ServiceUnavailableException) when calling the Converse operation: Bedrock is unable to process your request.',
  'An error occurred (SlowDown) when calling the PutObject operation (reached max retries: 4): Please reduce your request rate.',
  "elasticsearch.exceptions.ConnectionTimeout: ConnectionTimeout caused by - ReadTimeoutError(HTTPConnectionPool(host='localhost', port=9200): Read timed out. (read timeout=10))",
  "fatal: unable to access 'https://gitlab.com/group/project.git/': The requested URL returned error: 503",
  'info There appears to be trouble with your network connection. Retrying...',
  '503 Service Temporarily Unavailable: Back-end server is at capacity',
  'upstream request timeout',
  'no healthy upstream',
  'kafka.errors.KafkaTimeoutError: KafkaTimeoutError: Failed to update metadata after 60.0 secs.',
  'HTTP 408 Request Timeout',
  'Error: net::ERR_CONNECTION_RESET at https://example.com/dashboard',
  '{"error":{"code":"server_busy","message":"We are experiencing high demand. Please try your request again later."}}',
  'redis.exceptions.BusyLoadingError: Redis is loading the dataset in memory',
  'HTTP/1.1 503 Service Unavailable\nRetry-After: 120\nContent-Type: text/html\n\n<html><body><h1>Down for maintenance</h1></body></html>',
];
