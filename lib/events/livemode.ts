// Stripe's `livemode` for the events of a project: true only in production projects, so a receiver can
// drop test traffic with one check. Checkout events use the session's own flag instead (`!testMode`),
// which is the project's environment when the session was made.
export const isLivemode = (environment: 'test' | 'production'): boolean => environment === 'production';
