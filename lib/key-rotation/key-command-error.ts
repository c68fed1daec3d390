// The errors of the key commands: their message is what the operator reads (the CLI prints it as is).
export class KeyCommandError extends Error {}

/** A stored row that does not open stops a key command, naming the row and what to do. */
export function unreadableRow(options: { table: string; id: string; column: string; resumable?: boolean }): KeyCommandError {
  return new KeyCommandError(
    `cannot open ${options.table} row ${options.id} (${options.column}) with the configured master key: the row was changed or damaged outside the vault. ` +
      (options.resumable
        ? 'The rows before it are done; restore that row from a backup (or delete it if it is no longer needed), then run the same command again: it goes on from there.'
        : 'Nothing was changed; restore that row from a backup (or delete it if it is no longer needed), then run the same command again.'),
  );
}
