// The ready-to-paste /tokenize call the applications page teaches (empty state, key-once dialog): a
// published test card, the key from the environment, and X-Pub-Key for a production project.
export function tokenizeCurl(baseUrl: string, options: { production: boolean; apiKey?: string }): string {
  const key = options.apiKey ?? '$VAULT_API_KEY';
  return [
    `curl -s -X POST ${baseUrl}/tokenize \\`,
    `  -H 'Content-Type: application/json' -H "X-API-Key: ${key}" \\`,
    ...(options.production ? ['  -H "X-Pub-Key: $VAULT_PUB_KEY" \\'] : []),
    `  -d '{"type":"card","data":{"cardNumber":"4242424242424242","expirationMonth":"12","expirationYear":"2030","cvv":"123"}}'`,
  ].join('\n');
}
