{{/* Names and labels shared by every object of the release. */}}
{{- define "vault.fullname" -}}
{{- .Values.fullnameOverride | default .Release.Name | trunc 63 -}}
{{- end }}

{{- define "vault.selectorLabels" -}}
app.kubernetes.io/name: vault
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end }}

{{- define "vault.labels" -}}
{{ include "vault.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ .Chart.Name }}-{{ .Chart.Version }}
{{- end }}

{{- define "vault.secretName" -}}
{{- if .Values.secret.existingSecret }}{{ .Values.secret.existingSecret }}{{ else }}{{ include "vault.fullname" . }}{{ end -}}
{{- end }}
