// The test renderer for the Helm chart (tests/helpers/helm-template.ts) renders the Go-template subset the
// way Helm does, and refuses what it does not support instead of rendering it wrongly.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mergeValues, renderChart } from '../helpers/helm-template';

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A throwaway chart with these templates and values. */
function chart(templates: Record<string, string>, values = 'a: {}\n'): string {
  const dir = mkdtempSync(join(tmpdir(), 'vault-helm-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'templates'));
  writeFileSync(join(dir, 'Chart.yaml'), 'apiVersion: v2\nname: demo\nversion: 1.2.3\nappVersion: "4.5"\n');
  writeFileSync(join(dir, 'values.yaml'), values);
  for (const [name, text] of Object.entries(templates)) writeFileSync(join(dir, 'templates', name), text);
  return dir;
}

const renderOne = (template: string, values?: string, overrides?: Record<string, unknown>) =>
  renderChart({ chartDir: chart({ 'x.yaml': template }, values), release: 'rel', values: overrides }).files.get('x.yaml');

describe('helm-template', () => {
  it('prints values, release and chart fields; trims whitespace beside {{- and -}}', () => {
    expect(renderOne('name: {{ .Release.Name }}-{{ .Chart.Name }}\nv: {{ .Chart.AppVersion | quote }}\n  {{- /* gone */}}\nport: {{ .Values.p }}\n', 'p: 3000\n')).toBe(
      'name: rel-demo\nv: "4.5"\nport: 3000\n',
    );
    expect(renderOne('a: [\n  {{- " x " -}}\n]')).toBe('a: [ x ]');
  });

  it('if / else / end with Go truth, and, or, not', () => {
    const template = '{{- if .Values.on }}on{{ else }}off{{ end }} {{ if and .Values.on .Values.n }}both{{ end }}{{ if or .Values.n .Values.s }}|any{{ end }}{{ if not .Values.list }}|empty{{ end }}';
    expect(renderOne(template, 'on: true\nn: 0\ns: ""\nlist: []\n')).toBe('on |empty');
    expect(renderOne(template, 'on: false\nn: 2\ns: x\nlist: [1]\n')).toBe('off |any');
  });

  it('define + include, toYaml (keys sorted) | nindent, default, trunc, required', () => {
    const dir = chart(
      {
        '_h.tpl': '{{- define "labels" -}}\nname: {{ .Values.name | default .Release.Name | trunc 3 }}\n{{- end }}',
        'x.yaml': 'labels:\n  {{- include "labels" . | nindent 2 }}\nres:\n  {{- toYaml .Values.res | nindent 2 }}\nk: {{ required "k is required" .Values.k }}\n',
      },
      'name: ""\nres: {limits: {memory: 1Gi}, requests: {cpu: 500m}}\nk: v\n',
    );
    expect(renderChart({ chartDir: dir, release: 'release' }).files.get('x.yaml')).toBe(
      'labels:\n  name: rel\nres:\n  limits:\n    memory: 1Gi\n  requests:\n    cpu: 500m\nk: v\n',
    );
    expect(() => renderChart({ chartDir: dir, release: 'r', values: { k: '' } })).toThrow('templates/x.yaml: k is required');
    // The parsed objects come with the text.
    expect(renderChart({ chartDir: dir, release: 'release' }).objects).toEqual([{ labels: { name: 'rel' }, res: { limits: { memory: '1Gi' }, requests: { cpu: '500m' } }, k: 'v' }]);
  });

  it('parenthesised pipelines as arguments, int, gt and fail (Go refuses gt on a float and an int: `int` first)', () => {
    const template = '{{- if or .Values.on (gt (int .Values.n) 1) }}many{{ else }}one{{ end }}';
    expect(renderOne(template, 'on: false\nn: 1\n')).toBe('one');
    expect(renderOne(template, 'on: false\nn: 3\n')).toBe('many');
    expect(renderOne(template, 'on: true\nn: 1\n')).toBe('many');
    expect(() => renderOne('{{- if .Values.on }}{{ fail "on is not allowed" }}{{ end }}', 'on: true\n')).toThrow('templates/x.yaml: on is not allowed');
    expect(renderOne('{{- if .Values.on }}{{ fail "on is not allowed" }}{{ end }}ok', 'on: false\n')).toBe('ok');
  });

  it('is stricter than Helm: a value that is not set cannot be printed', () => {
    expect(() => renderOne('x: {{ .Values.typo }}')).toThrow('{{ .Values.typo }}: value is not set');
    expect(() => renderOne('x: {{ .Values.a.b.c }}')).toThrow('nil pointer evaluating .c');
    expect(() => renderOne('x: {{ .Values.a }}', 'a: {b: 1}\n')).toThrow('prints a map or list: use toYaml');
  });

  it('refuses syntax outside the subset', () => {
    for (const action of ['{{ range .Values.a }}{{ end }}', '{{ with .Values.a }}{{ end }}', '{{ $x := 1 }}', '{{ .Values.a | upper }}', '{{ if .Values.a }}', '{{ end }}']) {
      expect(() => renderOne(action), action).toThrow();
    }
  });

  it('merges overrides into values like Helm: maps key by key, the rest replaced', () => {
    expect(mergeValues({ a: { b: 1, c: [1, 2] }, d: 'x' }, { a: { c: [3] }, e: true })).toEqual({ a: { b: 1, c: [3] }, d: 'x', e: true });
  });
});
