// US bank account rules (ACH): ABA routing number checksum, account number shape, display mask.

/** ABA routing number shape; the checksum is `abaRoutingValid`. */
export const routingNumberPattern = /^\d{9}$/;

/** ACH (NACHA) DFI account numbers: 4 to 17 digits. Leading zeros are significant, so it stays a string. */
export const accountNumberPattern = /^\d{4,17}$/;

/** 9 digits with the ABA checksum 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function abaRoutingValid(routing: string): boolean {
  if (!routingNumberPattern.test(routing)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    sum += (routing.charCodeAt(i) - 48) * (weights[i] ?? 0);
  }
  return sum % 10 === 0;
}

export function accountNumberValid(accountNumber: string): boolean {
  return accountNumberPattern.test(accountNumber);
}

/**
 * `*` for all but the last 4, same length. An account number of 4 digits or fewer is masked
 * completely: showing its last 4 would show all of it.
 */
export function maskAccount(accountNumber: string): string {
  const visible = visibleAccountDigits(accountNumber);
  return '*'.repeat(accountNumber.length - visible.length) + visible;
}

/** The digits that may be shown (`last4` of a bank token): the last 4, or none for a 4-digit account. */
export function visibleAccountDigits(accountNumber: string): string {
  return accountNumber.length <= 4 ? '' : accountNumber.slice(-4);
}

