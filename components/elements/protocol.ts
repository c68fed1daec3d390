// The messages between the Vault Elements SDK (the merchant's page), the field frames (the checkout origin)
// and the frames among themselves. Parent ↔ frame messages go through postMessage with exact target
// origins and source checks on both sides; frame ↔ frame messages through a BroadcastChannel of the
// checkout origin named by the session and the SDK instance, which the parent page cannot join. No
// message to the parent ever carries a field's value.
import { ELEMENT_FIELDS, type ElementType } from '@/lib/elements/field-options';
import type { ElementsStyle } from '@/lib/elements/style-rules';

export const MESSAGE_TYPE = 'vault-elements';

export type ElementsErrorShape = { code: string; message: string; field?: string };
export type SubmitResult = { token: string; cvc_session_id?: string; brand: string | null; last4: string; exp_month: string; exp_year: string };
export type ChangeDetail = { complete: boolean; empty: boolean; brand: string | null; error?: { code: 'incomplete' | 'invalid'; message: string } };

/** Parent → frame. */
export type ParentCommand =
  | { action: 'update'; style: ElementsStyle }
  | { action: 'clear' }
  | { action: 'focus' }
  | { action: 'submit'; clientSecret: string; requestId: string };

/** Frame → parent. */
export type FrameEvent =
  | { event: 'ready'; height: number }
  | { event: 'resize'; height: number }
  | { event: 'change'; detail: ChangeDetail }
  | { event: 'focus' }
  | { event: 'blur' }
  | { event: 'escape' }
  | { event: 'result'; requestId: string; ok: true; result: SubmitResult }
  | { event: 'result'; requestId: string; ok: false; error: ElementsErrorShape };

/** Frame ↔ frame. */
export type ChannelMessage =
  | { kind: 'brand'; brand: string | null; cvcLength: number | null }
  | { kind: 'collect'; id: string }
  | { kind: 'value'; id: string; field: string; value: string }
  | { kind: 'show-error'; field: string };

export const channelName = (sessionId: string, instance: string) => `${MESSAGE_TYPE}:${sessionId}:${instance}`;

/** The SDK's element type of a field (frame), as errors name it. */
export const typeOfField = (field: string): ElementType | undefined => (Object.keys(ELEMENT_FIELDS) as ElementType[]).find((type) => ELEMENT_FIELDS[type] === field);
