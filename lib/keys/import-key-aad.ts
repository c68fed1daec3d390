// The AAD an import key's private key is wrapped under (issue 26): bound to its row, so a wrapped key
// copied to another row does not open. Here, with the other wrapped keys, because key rotation re-wraps it.
export const importKeyAad = (importKeyId: string) => `import-key:${importKeyId}`;
