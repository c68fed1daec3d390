// Why an import failed (issue 26): a stable code and a message for the operator. Neither ever carries file
// content (a card number could be anywhere in it, a header line included).
export class ImportFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}
