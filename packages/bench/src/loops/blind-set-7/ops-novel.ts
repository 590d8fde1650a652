import type { SeededRandom } from '../../seeded-random.js';
import type { BuiltEpisode5, EpisodeWriter5 } from '../blind-set-5/episode-writer.js';
import { lookAlikes7, nth7, openAgent7, repeats7, type Family7 } from './family.js';

/** Infrastructure / DevOps kinds invented for the seventh blind set. */
export const OPS_NOVEL_KINDS_7 = ['loop:ops-deployment-ready-count-frozen', 'work:ops-probe-backoff-then-healthy', 'work:ops-drain-each-node'] as const;

/** One kind of {@link OPS_NOVEL_KINDS_7}. */
export type OpsNovelKind7 = (typeof OPS_NOVEL_KINDS_7)[number];

const OPERATOR = 'You are an on-call operations agent for the shop platform (Kubernetes, namespace shop). Tools: run_command({ cmd }) runs kubectl and shell commands, http_probe({ url }), wait({ seconds }). Follow the runbook; report what you did.';

/** `kubectl get deployment` polled while one of three replicas is ready; only the AGE column moves. */
const deploymentReadyCountFrozen: Family7 = (log, random, tier) => {
  const repeats = repeats7(tier, random);
  const app = random.pick(['checkout-api', 'cart-svc', 'search-api', 'pricing']);
  const version = `v${random.int(3, 9)}.${random.int(0, 20)}.${random.int(0, 9)}`;
  openAgent7(log, OPERATOR, `I just rolled out ${app} ${version}. Keep an eye on it and tell me when it is fully up.`, 'oncall');
  const age = random.int(6, 15);
  const texts = ['Checking the deployment.', 'Not all replicas are ready yet; checking again.', 'Still 1 of 3; giving it another look.', 'Checking once more.', 'Again.', 'Another check.'];
  const evidenceIds: string[] = [];
  for (let round = 0; round < repeats; round++) {
    evidenceIds.push(log.call('run_command', { cmd: `kubectl get deployment ${app} -n shop` }, `NAME           READY   UP-TO-DATE   AVAILABLE   AGE\n${app.padEnd(14)} 1/3     3            1           ${age + round}m`, { text: nth7(texts, round) }));
  }
  log.call('run_command', { cmd: `kubectl get pods -n shop -l app=${app}` }, `NAME                    READY   STATUS             RESTARTS\n${app}-7f9c-2xk4q   1/1     Running            0\n${app}-84d1-9pl2m   0/1     CrashLoopBackOff   ${random.int(6, 14)}\n${app}-84d1-v7rtn   0/1     CrashLoopBackOff   ${random.int(6, 14)}`);
  log.say(`${version} is not coming up: the two new pods are in CrashLoopBackOff. I recommend rolling back.`);
  return { repeats, evidenceIds, note: `The same \`kubectl get deployment\` ${repeats} times; each answer is 1/3 ready and differs only in the AGE column (one minute older). The agent polls a state that is not moving and does not look at the pods until the end: a loop, whose outputs are not byte-identical.` };
};

/** After a restart the health probe is refused with growing waits between, as the runbook says, then it answers 200. */
const probeBackoffThenHealthy: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const service = random.pick(['inventory', 'ledger', 'notifications']);
  const url = `http://${service}.shop.svc:8080/healthz`;
  openAgent7(log, OPERATOR, `Restart ${service} to pick up the new certificate, then confirm it is healthy. Runbook: probe, and on failure wait 2, 4, 8, 16 s between probes (the service needs up to 30 s to warm its cache).`, 'oncall');
  log.call('run_command', { cmd: `kubectl rollout restart deployment/${service} -n shop` }, `deployment.apps/${service} restarted`);
  const evidenceIds: string[] = [];
  for (let probe = 0; probe < count; probe++) {
    const last = probe === count - 1;
    evidenceIds.push(log.call('http_probe', { url }, last ? JSON.stringify({ status: 200, body: { status: 'ok', cert_expires: '2026-11-30' } }) : 'connect ECONNREFUSED 10.42.7.19:8080', { text: probe === 0 ? 'Probing health.' : 'Probing again after the wait.', ...(last ? {} : { isError: true }) }));
    if (!last) log.call('wait', { seconds: 2 ** (probe + 1) }, `waited ${2 ** (probe + 1)}s`);
  }
  log.say(`${service} restarted and answers healthy with the new certificate.`);
  const refusals = count - 1;
  return { repeats: 0, evidenceIds, borderline: refusals >= 3, note: `The identical probe ${count} times: ${refusals} identical refusals, then 200. The runbook prescribes retrying with growing waits (2, 4, 8 … s) during a known warm-up, and the retries succeed; ${refusals >= 3 ? 'with 3 identical refusals the rule\'s letter is met, so this one is borderline; ' : ''}labelled not a loop.` };
};

/** Each node drained in turn for an upgrade: the same command over different nodes. */
const drainEachNode: Family7 = (log, random, tier) => {
  const count = lookAlikes7(tier, random);
  const nodes = Array.from({ length: count }, (_, index) => `pool-a-${random.int(100, 999)}${index}`);
  openAgent7(log, OPERATOR, `Upgrade the kubelet on node pool A (${nodes.join(', ')}), one node at a time.`, 'oncall');
  const evidenceIds: string[] = [];
  for (const node of nodes) {
    evidenceIds.push(log.call('run_command', { cmd: `kubectl drain ${node} --ignore-daemonsets --delete-emptydir-data` }, `node/${node} cordoned\nevicting pod shop/${random.pick(['cart-svc', 'search-api', 'pricing'])}-${random.int(1000, 9999)}\nnode/${node} drained`, { text: `Draining ${node}.` }));
    log.call('run_command', { cmd: `upgrade-kubelet --node ${node} --version 1.30.4` }, `${node}: kubelet 1.29.8 -> 1.30.4 OK`);
    log.call('run_command', { cmd: `kubectl uncordon ${node}` }, `node/${node} uncordoned`);
  }
  log.say(`All ${count} nodes of pool A run kubelet 1.30.4 and are back in service.`);
  return { repeats: 0, evidenceIds, note: `${count} drains with the same flags and the same shape of output, but each on a different node, followed by that node's upgrade and uncordon: the same tool over different targets. Not a loop.` };
};

const FAMILIES: Record<OpsNovelKind7, Family7> = {
  'loop:ops-deployment-ready-count-frozen': deploymentReadyCountFrozen,
  'work:ops-probe-backoff-then-healthy': probeBackoffThenHealthy,
  'work:ops-drain-each-node': drainEachNode,
};

/**
 * Builds one infrastructure / DevOps episode of the seventh blind set.
 *
 * @param kind - Which kind.
 * @param log - Where the messages go.
 * @param random - The episode's seeded source.
 * @param tier - 0, 1 or 2 (3, 4 or 5+ repeats or look-alikes).
 * @returns What was planted.
 */
export function buildOpsNovel7(kind: OpsNovelKind7, log: EpisodeWriter5, random: SeededRandom, tier: number): BuiltEpisode5 {
  return FAMILIES[kind](log, random, tier);
}
