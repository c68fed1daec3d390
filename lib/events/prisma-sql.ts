// recordEvent's `query` on a Prisma interactive transaction, for changes made through Prisma.
import type { SqlClient } from '../db/connect';

type RawCapable = { $queryRawUnsafe<T = unknown>(query: string, ...values: unknown[]): Promise<T> };

export function prismaSql(tx: RawCapable): Pick<SqlClient, 'query'> {
  return {
    query: <Row>(text: string, values: unknown[] = []) => tx.$queryRawUnsafe<Row[]>(text, ...values),
  };
}
