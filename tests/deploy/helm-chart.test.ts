// deploy/helm/vault, rendered without helm (tests/helpers/helm-template.ts) with its defaults and with every
// option on: each object is valid against the Kubernetes schemas of its apiVersion/kind (kubernetes-models:
// apps/v1 Deployment, autoscaling/v2 HPA, policy/v1 PDB, v1 Service/Secret/ConfigMap, and the Prometheus
// Operator's monitoring.coreos.com/v1 ServiceMonitor), says what the vault needs (probes on /ready and
// /health, non-root, read-only root filesystem, /tmp and the data folder writable, the master key from a
// Secret), and sets only variables lib/config.ts reads. Every secret lives in the Secret, never in the
// ConfigMap, and a NetworkPolicy (networking.k8s.io/v1) lets only monitoring pods reach the metrics port.
import { join } from 'node:path';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, parseConfig } from '../../lib/config';
import { unknownVariables } from '../helpers/config-variables';
import { readDockerfile, stageEnv } from '../helpers/dockerfile';
import { renderChart } from '../helpers/helm-template';

const chartDir = join(__dirname, '..', '..', 'deploy', 'helm', 'vault');
const MASTER_KEY = Buffer.alloc(32, 7).toString('base64');
const secrets = { VAULT_MASTER_KEY: MASTER_KEY, DATABASE_URL: 'postgresql://vault:pw@db:5432/vault', REDIS_URL: 'redis://:pw@redis:6379' };

const MODELS: Record<string, { new (data: any): { validate(): void } }> = {
  'apps/v1 Deployment': Deployment,
  'autoscaling/v2 HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1 PodDisruptionBudget': PodDisruptionBudget,
  'v1 ConfigMap': ConfigMap,
  'v1 Secret': Secret,
  'v1 Service': Service,
  'monitoring.coreos.com/v1 ServiceMonitor': ServiceMonitor,
  'networking.k8s.io/v1 NetworkPolicy': NetworkPolicy,
};

const render = (values: Record<string, unknown>) => renderChart({ chartDir, release: 'payments', namespace: 'vault', values }).objects;
const kinds = (objects: Record<string, any>[]) => objects.map((object) => `${object.apiVersion} ${object.kind}`).sort();
const find = (objects: Record<string, any>[], kind: string) => {
  const found = objects.filter((object) => object.kind === kind);
  expect(found, kind).toHaveLength(1);
  return found[0]!;
};

/** Every setting that is a credential: the chart keeps each in its Secret, never in the ConfigMap. */
const SECRET_NAMES = ['VAULT_MASTER_KEY', 'DATABASE_URL', 'DATABASE_DIRECT_URL', 'REDIS_URL', 'REDIS_PASSWORD', 'REDIS_SENTINEL_PASSWORD', 'SMTP_URL', 'METRICS_TOKEN', 'VAULT_ADMIN_PASSWORD'];
const allSecrets = {
  ...secrets,
  DATABASE_DIRECT_URL: 'postgresql://vault:pw@db-direct:5432/vault',
  REDIS_PASSWORD: 'redis-data-password',
  REDIS_SENTINEL_PASSWORD: 'redis-sentinel-password',
  SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465',
  METRICS_TOKEN: 'metrics-token-0123456789',
  VAULT_ADMIN_PASSWORD: 'first-Owner-passw0rd',
};

const defaults = render({ secret: secrets });
const everything = render({ secret: secrets, metrics: { enabled: true, serviceMonitor: { enabled: true } } });

describe('Chart.yaml', () => {
  it('is a Helm 3 application chart with SemVer versions', () => {
    const chart = parseYaml(readFileSync(join(chartDir, 'Chart.yaml'), 'utf8'));
    expect(chart).toMatchObject({ apiVersion: 'v2', name: 'vault', type: 'application' });
    expect(chart.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(chart.appVersion).toBe(JSON.parse(readFileSync(join(__dirname, '..', '..', 'package.json'), 'utf8')).version);
  });
});

describe('rendered objects', () => {
  it('defaults: Deployment, Service, HPA, PDB, NetworkPolicy, ConfigMap, Secret; the ServiceMonitor only with metrics on', () => {
    expect(kinds(defaults)).toEqual(['apps/v1 Deployment', 'autoscaling/v2 HorizontalPodAutoscaler', 'networking.k8s.io/v1 NetworkPolicy', 'policy/v1 PodDisruptionBudget', 'v1 ConfigMap', 'v1 Secret', 'v1 Service']);
    expect(kinds(everything)).toEqual([...kinds(defaults), 'monitoring.coreos.com/v1 ServiceMonitor'].sort());
  });

  it.each([
    ['defaults', defaults],
    ['everything on', everything],
    ['fixed replicas, no PDB, existing Secret', render({ autoscaling: { enabled: false }, podDisruptionBudget: { enabled: false }, secret: { existingSecret: 'vault-secrets' } })],
    ['every secret set, metrics from another namespace', render({ secret: allSecrets, metrics: { enabled: true }, networkPolicy: { metrics: { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } } } })],
  ])('%s: every object is valid for its apiVersion and kind', (_name, objects) => {
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion} ${object.kind}`];
      expect(Model, `${object.apiVersion} ${object.kind}`).toBeDefined();
      expect(() => new Model!(object).validate(), `${object.kind}`).not.toThrow();
      expect(object.metadata.name).toBe('payments');
      expect(object.metadata.labels).toMatchObject({ 'app.kubernetes.io/name': 'vault', 'app.kubernetes.io/instance': 'payments' });
    }
  });

  it('the schema check itself refuses a broken object', () => {
    const broken = structuredClone(find(defaults, 'Deployment'));
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'http';
    expect(() => new Deployment(broken).validate()).toThrow(/containerPort must be integer/);
  });
});

describe('Deployment', () => {
  const deployment = find(defaults, 'Deployment');
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];

  it('runs the image as a non-root user on a read-only root filesystem, /tmp and the data folder writable', () => {
    expect(container.image).toBe('vault:0.1.0');
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001 });
    expect(container.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
    expect(container.volumeMounts).toEqual([
      { name: 'tmp', mountPath: '/tmp' },
      { name: 'data', mountPath: '/data' },
    ]);
    expect(pod.volumes).toEqual([
      { name: 'tmp', emptyDir: {} },
      { name: 'data', emptyDir: {} },
    ]);
    expect(container.env).toContainEqual({ name: 'VAULT_DATA_DIR', value: '/data' });
  });

  it('readiness on /ready, liveness (after a startup probe) on /health, on the container port', () => {
    expect(container.ports).toEqual([{ name: 'http', containerPort: 3000 }]);
    expect(container.env).toContainEqual({ name: 'PORT', value: '3000' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    // Longer than the server's 25 s drain (lib/server/main.ts) plus the preStop pause.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(25 + 5);
  });

  it('takes its settings from the ConfigMap and the Secret', () => {
    expect(container.envFrom).toEqual([{ configMapRef: { name: 'payments' } }, { secretRef: { name: 'payments' } }]);
    expect(find(defaults, 'Secret').stringData).toEqual(secrets);
    const existing = render({ secret: { existingSecret: 'vault-secrets' } });
    expect(kinds(existing)).not.toContain('v1 Secret');
    expect(find(existing, 'Deployment').spec.template.spec.containers[0].envFrom[1]).toEqual({ secretRef: { name: 'vault-secrets' } });
  });

  it('replicas belong to the HPA when autoscaling is on, to the value otherwise', () => {
    expect(deployment.spec.replicas).toBeUndefined();
    expect(find(render({ secret: secrets, autoscaling: { enabled: false }, replicaCount: 3 }), 'Deployment').spec.replicas).toBe(3);
  });

  // Several pods each with its own in-process store: a CVC session made on one is unknown on the others, an
  // Idempotency-Key retry landing on another pod makes a second token or charge, and rate limits multiply.
  it('refuses several pods without a shared Redis; one pod, Sentinel/Cluster settings or an existing Secret are fine', () => {
    const { REDIS_URL: _redis, ...noRedis } = secrets;
    const message = /secret\.REDIS_URL is required with more than one pod/;
    expect(() => render({ secret: noRedis })).toThrow(message);
    expect(() => render({ secret: noRedis, autoscaling: { enabled: false } })).toThrow(message);
    expect(() => render({ secret: noRedis, autoscaling: { enabled: false }, replicaCount: 3 })).toThrow(message);
    expect(kinds(render({ secret: noRedis, autoscaling: { enabled: false }, replicaCount: 1 }))).toContain('apps/v1 Deployment');
    expect(kinds(render({ secret: noRedis, env: { REDIS_SENTINELS: 'sentinel-0:26379', REDIS_SENTINEL_NAME: 'vault' } }))).toContain('apps/v1 Deployment');
    expect(kinds(render({ secret: noRedis, env: { REDIS_CLUSTER_NODES: 'redis-0:6379' } }))).toContain('apps/v1 Deployment');
    expect(kinds(render({ secret: { existingSecret: 'vault-secrets' } }))).toContain('apps/v1 Deployment');
  });

  it('refuses to render without the master key or the database (like `helm install` without them)', () => {
    expect(() => render({})).toThrow(/secret\.VAULT_MASTER_KEY is required/);
    expect(() => render({ secret: { VAULT_MASTER_KEY: MASTER_KEY } })).toThrow(/secret\.DATABASE_URL is required/);
  });
});

describe('HPA, PDB, Service, ServiceMonitor', () => {
  it('HPA scales the Deployment on CPU', () => {
    expect(find(defaults, 'HorizontalPodAutoscaler').spec).toEqual({
      scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name: 'payments' },
      minReplicas: 2,
      maxReplicas: 10,
      metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
    });
  });

  it('PDB keeps one pod of this release', () => {
    expect(find(defaults, 'PodDisruptionBudget').spec).toEqual({ minAvailable: 1, selector: { matchLabels: { 'app.kubernetes.io/name': 'vault', 'app.kubernetes.io/instance': 'payments' } } });
  });

  it('metrics: a `metrics` port on the pod and the Service, METRICS_PORT set, scraped at /metrics', () => {
    const container = find(everything, 'Deployment').spec.template.spec.containers[0];
    expect(container.ports).toContainEqual({ name: 'metrics', containerPort: 9464 });
    expect(container.env).toContainEqual({ name: 'METRICS_PORT', value: '9464' });
    const service = find(everything, 'Service');
    expect(service.spec.ports).toContainEqual({ name: 'metrics', port: 9464, targetPort: 'metrics' });
    const monitor = find(everything, 'ServiceMonitor');
    expect(monitor.spec.endpoints).toEqual([{ port: 'metrics', path: '/metrics', interval: '30s' }]);
    expect(monitor.spec.selector.matchLabels).toEqual(service.spec.selector);
    // Off by default: neither the port nor the variable.
    expect(find(defaults, 'Service').spec.ports).toEqual([{ name: 'http', port: 80, targetPort: 'http' }]);
    expect(find(defaults, 'Deployment').spec.template.spec.containers[0].env.map((entry: { name: string }) => entry.name)).not.toContain('METRICS_PORT');
  });
});

describe('secrets', () => {
  const configMapKeys = (objects: Record<string, any>[]) => Object.keys(find(objects, 'ConfigMap').data ?? {});

  it('every secret given in `secret` is in the Secret and in no ConfigMap', () => {
    const combinations = [
      { secret: allSecrets },
      { secret: allSecrets, metrics: { enabled: true, serviceMonitor: { enabled: true } }, env: { REDIS_SENTINELS: 'sentinel-0:26379', REDIS_SENTINEL_NAME: 'vault' } },
      ...SECRET_NAMES.filter((name) => !(name in secrets)).map((name) => ({ secret: { ...secrets, [name]: allSecrets[name as keyof typeof allSecrets] } })),
    ];
    for (const values of combinations) {
      const objects = render(values);
      const stringData = find(objects, 'Secret').stringData;
      for (const [name, value] of Object.entries(values.secret)) expect(stringData[name], name).toBe(value);
      for (const configMap of objects.filter((object) => object.kind === 'ConfigMap')) {
        expect(Object.keys(configMap.data ?? {}).filter((key) => SECRET_NAMES.includes(key))).toEqual([]);
        const text = JSON.stringify(configMap);
        for (const value of Object.values(values.secret)) expect(text.includes(value), `a secret value in ConfigMap ${configMap.metadata.name}`).toBe(false);
      }
    }
    // Unset secrets are not written as empty strings (an empty VAULT_ADMIN_PASSWORD would fail the config check).
    expect(Object.keys(find(defaults, 'Secret').stringData).sort()).toEqual(Object.keys(secrets).sort());
  });

  it.each(SECRET_NAMES)('refuses %s in env (the ConfigMap): it belongs in secret', (name) => {
    expect(() => render({ secret: secrets, env: { [name]: allSecrets[name as keyof typeof allSecrets] } })).toThrow(`env.${name} is a secret: set secret.${name} (or put it in secret.existingSecret), never in the ConfigMap`);
  });

  it('a plain setting in env stays in the ConfigMap', () => {
    expect(configMapKeys(render({ secret: secrets, env: { REDIS_KEY_PREFIX: 'pay:' } }))).toContain('REDIS_KEY_PREFIX');
  });
});

describe('NetworkPolicy', () => {
  const selector = { matchLabels: { 'app.kubernetes.io/name': 'vault', 'app.kubernetes.io/instance': 'payments' } };

  it('metrics on: the metrics port only from the namespace\'s monitoring pods, the HTTP port from anywhere', () => {
    expect(find(everything, 'NetworkPolicy').spec).toEqual({
      podSelector: selector,
      policyTypes: ['Ingress'],
      ingress: [
        { ports: [{ port: 'http', protocol: 'TCP' }] },
        { from: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } } }], ports: [{ port: 'metrics', protocol: 'TCP' }] },
      ],
    });
  });

  it('metrics off: only the HTTP port is open', () => {
    expect(find(defaults, 'NetworkPolicy').spec).toEqual({ podSelector: selector, policyTypes: ['Ingress'], ingress: [{ ports: [{ port: 'http', protocol: 'TCP' }] }] });
  });

  it('values choose the monitoring pods\' labels and namespace, or turn the policy off', () => {
    const otherNamespace = render({
      secret: secrets,
      metrics: { enabled: true },
      networkPolicy: { metrics: { podSelector: { matchLabels: { 'app.kubernetes.io/name': 'vmagent' } }, namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } } } },
    });
    expect(find(otherNamespace, 'NetworkPolicy').spec.ingress[1]).toEqual({
      // One `from` entry with both selectors: pods with those labels in namespaces with those labels.
      from: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'vmagent' } } }],
      ports: [{ port: 'metrics', protocol: 'TCP' }],
    });
    expect(kinds(render({ secret: secrets, metrics: { enabled: true }, networkPolicy: { enabled: false } }))).not.toContain('networking.k8s.io/v1 NetworkPolicy');
  });
});

describe('written to the configuration the tests use', () => {
  it('every variable the chart gives the vault is one lib/config.ts reads', () => {
    for (const objects of [defaults, everything, render({ secret: allSecrets })]) {
      const container = find(objects, 'Deployment').spec.template.spec.containers[0];
      const names = [
        ...container.env.map((entry: { name: string }) => entry.name),
        ...Object.keys(find(objects, 'ConfigMap').data),
        ...Object.keys(find(objects, 'Secret').stringData),
      ];
      expect(unknownVariables(names)).toEqual([]);
    }
  });

  it('over the image\'s defaults, the chart\'s settings are a configuration the vault accepts', () => {
    const dockerfile = readDockerfile(join(chartDir, '..', '..', '..', 'Dockerfile'));
    const imageEnv = stageEnv(dockerfile, Math.max(...dockerfile.map((instruction) => instruction.stage)));
    const container = find(defaults, 'Deployment').spec.template.spec.containers[0];
    const env = {
      ...imageEnv,
      ...Object.fromEntries(container.env.map((entry: { name: string; value: string }) => [entry.name, entry.value])),
      ...find(defaults, 'ConfigMap').data,
      ...find(defaults, 'Secret').stringData,
    };
    expect(parseConfig(env)).toMatchObject({ embedded: false, NODE_ENV: 'production', PORT: 3000, HOST: '0.0.0.0', VAULT_DATA_DIR: '/data', APP_URL: 'https://vault.example.com', TRUST_PROXY: { hops: 1 }, VAULT_MASTER_KEY: MASTER_KEY });
  });
});
