// The export domain's refusals, one place for their exact messages (the API documents them verbatim).
import { VaultError } from '../core/errors';

export const exportNotFound = () => new VaultError('not_found', 'Export not found');
export const exportInFlight = () =>
  new VaultError('conflict', 'This project already has an export in flight (pending approval, or approved and not downloaded): wait for it to be downloaded or to expire');
export const exportExpired = () => new VaultError('conflict', 'This export request has expired (24 hours without approval, or without download once approved): request a new one');
export const exportNotPending = (status: string) => new VaultError('conflict', `This export is ${status}, not pending approval`);
export const exportNotApproved = () => new VaultError('conflict', 'This export has not been approved yet: a second owner must approve it first');
export const exportAlreadyDownloaded = () => new VaultError('conflict', 'This export has already been downloaded: a file is handed out once; request a new export');
export const selfApproval = () =>
  new VaultError('insufficient_permissions', 'You requested this export: another owner must approve it (two-person rule)');
