// Structured JSON logs. Logs carry ids, never payloads; the redact list is a second line of defence
// in case a card field ever reaches a log call by path.
import pino, { type Logger } from 'pino';

const sensitiveKeys = [
  'cardNumber', 'card_number', 'pan', 'number', 'cvv', 'cvc', 'cvv2', 'securityCode', 'security_code',
  'expirationMonth', 'expirationYear', 'accountNumber', 'account_number', 'routingNumber', 'routing_number',
  'password', 'new_password', 'current_password', 'apiKey', 'api_key', 'pubKey', 'pub_key', 'data', 'request_data',
  'body',
];

export const redactPaths = [
  ...sensitiveKeys,
  ...sensitiveKeys.map((key) => `*.${key}`),
  ...sensitiveKeys.map((key) => `*.*.${key}`),
  'req.headers["x-api-key"]',
  'req.headers["x-pub-key"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'headers["x-api-key"]',
  'headers["x-pub-key"]',
  'headers.authorization',
];

export function createLogger(options: { level: string; destination?: pino.DestinationStream }): Logger {
  return pino(
    {
      level: options.level,
      base: { service: 'vault' },
      redact: { paths: redactPaths, censor: '[redacted]' },
      timestamp: pino.stdTimeFunctions.isoTime,
    },
    options.destination,
  );
}

export type { Logger };
