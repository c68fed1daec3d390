// vault/testing — built from testing/src/ by scripts/build-testing.mjs; do not edit.
async function post(vaultUrl, path, headers, body) {
  const response = await fetch(`${vaultUrl.replace(/\/+$/, "")}${path}`, {
    method: "POST",
    headers: { accept: "application/json", "content-type": "application/json", ...headers },
    body: JSON.stringify(body)
  });
  const text = await response.text();
  if (response.status !== 201) throw new Error(`POST ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text);
}
async function createTestCollectSession(vaultUrl, apiKey, parentOrigin, options = {}) {
  const body = {
    parent_origin: parentOrigin,
    ...options.fields ? { fields: options.fields } : {},
    ...options.expiresInSeconds === void 0 ? {} : { expires_in_seconds: options.expiresInSeconds },
    ...options.metadata ? { metadata: options.metadata } : {},
    ...options.merchantId ? { merchant_id: options.merchantId } : {}
  };
  const headers = { "x-api-key": apiKey, ...options.pubKey ? { "x-pub-key": options.pubKey } : {} };
  return await post(vaultUrl, "/collect-sessions", headers, body);
}
async function createTestCheckoutSession(vaultUrl, request) {
  const { apiKey, serviceKey, ...body } = request;
  return await post(vaultUrl, "/api/sessions/create", { "x-api-key": apiKey, "x-service-api-key": serviceKey }, body);
}
export {
  createTestCheckoutSession,
  createTestCollectSession
};
