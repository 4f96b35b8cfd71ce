import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Service } from 'kubernetes-models/v1/Service';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ScaledObject } from '@kubernetes-models/keda/keda.sh/v1alpha1/ScaledObject';
import { configSchema } from '../../shared/infra/config';
import { Metrics } from '../../shared/infra/metrics';

const DIR = path.resolve(__dirname, '../../deploy/kubernetes');

/** The kinds the example uses, each checked against its published schema (Kubernetes 1.x models, KEDA's CRD). */
const MODELS: Record<string, new (o: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'batch/v1/Job': Job,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'keda.sh/v1alpha1/ScaledObject': ScaledObject,
};

type Doc = { apiVersion: string; kind: string; metadata: { name: string }; spec?: any; data?: Record<string, string> };

const docs: (Doc & { file: string })[] = readdirSync(DIR)
  .filter((f) => f.endsWith('.yaml'))
  .flatMap((file) =>
    parseAllDocuments(readFileSync(path.join(DIR, file), 'utf8')).map((d) => {
      if (d.errors.length) throw new Error(`${file}: ${d.errors[0]!.message}`);
      return { ...(d.toJS() as Doc), file };
    }),
  );
const one = (kind: string, name: string) => {
  const d = docs.find((x) => x.kind === kind && x.metadata.name === name);
  if (!d) throw new Error(`no ${kind} ${name}`);
  return d;
};

describe('deploy/kubernetes example', () => {
  it('every manifest is a kind the example knows and is valid against its schema', () => {
    expect(docs.length).toBeGreaterThan(8);
    for (const d of docs) {
      const Model = MODELS[`${d.apiVersion}/${d.kind}`];
      expect(`${d.file}: ${d.apiVersion}/${d.kind} ${Model ? 'known' : 'unknown'}`).toBe(`${d.file}: ${d.apiVersion}/${d.kind} known`);
      expect(() => new Model!(d as never).validate()).not.toThrow();
    }
  });

  it('the schema check has teeth: a wrong type is refused', () => {
    const bad = structuredClone(one('ScaledObject', 'ads-gateway-worker'));
    bad.spec.triggers[0].metadata.threshold = 40;
    expect(() => new ScaledObject(bad as never).validate()).toThrow(/threshold/);
  });

  it('the settings are the gateway’s own variables, valid together, and replicas never migrate', () => {
    const data = one('ConfigMap', 'ads-gateway').data!;
    const known = new Set(Object.keys(configSchema.innerType().shape));
    expect(Object.keys(data).filter((k) => !known.has(k))).toEqual([]);
    const parsed = configSchema.safeParse({ ...data, JWT_SECRET: 'x'.repeat(40), ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}` });
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(parsed.data).toMatchObject({ MIGRATE_ON_START: false, DB_PREPARED_STATEMENTS: false });
  });

  it('both Deployments give a stopping pod longer than its drain (SHUTDOWN_TIMEOUT_MS) and run their role', () => {
    const drainMs = Number(one('ConfigMap', 'ads-gateway').data!.SHUTDOWN_TIMEOUT_MS);
    for (const [name, role] of [['ads-gateway-api', 'api'], ['ads-gateway-worker', 'worker']] as const) {
      const pod = one('Deployment', name).spec.template.spec;
      expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThanOrEqual(drainMs + 10_000);
      expect(pod.containers[0].env).toContainEqual({ name: 'ROLE', value: role });
    }
  });

  it('the HPA, the ScaledObject and the disruption budgets point at the Deployments that exist', () => {
    const labels = (name: string) => one('Deployment', name).spec.template.metadata.labels;
    expect(one('HorizontalPodAutoscaler', 'ads-gateway-api').spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'ads-gateway-api' });
    expect(one('ScaledObject', 'ads-gateway-worker').spec.scaleTargetRef.name).toBe('ads-gateway-worker');
    expect(one('Deployment', 'ads-gateway-worker').spec.replicas).toBeUndefined();
    for (const name of ['ads-gateway-api', 'ads-gateway-worker']) expect(labels(name)).toMatchObject(one('PodDisruptionBudget', name).spec.selector.matchLabels);
  });

  it('the KEDA triggers query metrics a worker really exports, over pods by max (each worker reports the same queues)', async () => {
    const exported = new Set((await new Metrics().registry.getMetricsAsJSON()).map((m) => m.name));
    const triggers = one('ScaledObject', 'ads-gateway-worker').spec.triggers as { metadata: { query: string } }[];
    expect(triggers.length).toBeGreaterThanOrEqual(2);
    for (const t of triggers) {
      const names = t.metadata.query.match(/\b[a-z_]+(?=\{)/g) ?? [];
      expect(names.length).toBeGreaterThan(0);
      for (const n of names) expect(exported).toContain(n);
      expect(t.metadata.query).toMatch(/^(sum\(max by|max\()/);
    }
  });
});
