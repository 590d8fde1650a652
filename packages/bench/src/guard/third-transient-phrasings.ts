/**
 * A third set of transient-fault outputs, written (issue 15, lessons session) before the
 * classifier was changed again and never used to change it: wordings from HTTP clients, cloud
 * SDKs, databases, package managers and CI tools, as they print them. Only the holdout half of
 * the runs gets them.
 */
export const THIRD_HOLDOUT_TRANSIENT_OUTPUTS: readonly string[] = [
  'Error: connect ETIMEDOUT 10.0.0.12:443',
  "httpx.ConnectTimeout: timed out while connecting to 'api.example.com'",
  'aiohttp.client_exceptions.ServerDisconnectedError: Server disconnected',
  'fetch failed: UND_ERR_SOCKET other side closed',
  'azure.core.exceptions.ServiceRequestError: <urllib3.connection.HTTPSConnection object at 0x7f>: Failed to establish a new connection: [Errno 111] Connection refused',
  'An error occurred (ProvisionedThroughputExceededException) when calling the PutItem operation: The level of configured provisioned throughput for the table was exceeded. Consider increasing your provisioning level with the UpdateTable API.',
  'google.api_core.exceptions.ServiceUnavailable: 503 The service is currently unavailable.',
  'pymongo.errors.AutoReconnect: connection pool paused',
  'ERROR: deadlock detected\nDETAIL: Process 4242 waits for ShareLock on transaction 917; blocked by process 4243.\nHINT: See server log for query details.',
  'psycopg.errors.SerializationFailure: could not serialize access due to concurrent update',
  'npm ERR! code ECONNRESET\nnpm ERR! network aborted\nnpm ERR! network This is a problem related to network connectivity.',
  'error: RPC failed; curl 56 GnuTLS recv error (-9): A TLS packet with unexpected length was received.\nfatal: the remote end hung up unexpectedly',
  'WARNING: Retrying (Retry(total=4, connect=None, read=None, redirect=None, status=None)) after connection broken by \'NewConnectionError\': Failed to establish a new connection: [Errno -3] Temporary failure in name resolution',
  'E: Failed to fetch http://deb.debian.org/debian/pool/main/c/curl/curl_7.88.1-10_amd64.deb  Could not connect to deb.debian.org:80 (151.101.2.132), connection timed out',
  'Error: 500 Internal Server Error (request id: 7f3a, the server had an error while processing your request; retry your request)',
  'StatusCode: 503, ReasonPhrase: Service Unavailable, Content: {"error":"ServerBusy","message":"The server is busy."}',
  'kubectl: error: the server is currently unable to handle the request (get pods)',
  'Too many connections',
];
