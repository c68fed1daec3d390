// Named prepared statements on PGlite. Its own `query()` sends every statement unnamed, in five protocol
// exchanges with the WebAssembly backend (Parse, Describe, Bind, Describe, Execute, then Sync), so each call
// parses and plans anew: planning the token insert alone took 1.5 ms of a 2.4 ms request (EXPLAIN ANALYZE,
// issue 23). Here a statement is parsed and described once per database, then each call is one exchange
// (Bind, Execute, Sync) on its generic or cached plan. Values and rows go through PGlite's own serializers
// and parsers, so results are the same as `query()`'s.
// The module comes from the caller (connect.ts imports PGlite only when it is the database).
import type { PGlite, parse as Parse, protocol as Protocol } from '@electric-sql/pglite';

export type PgliteModule = { parse: typeof Parse; protocol: typeof Protocol };

type Field = { name: string; dataTypeID: number };
type Statement = { parameterTypes: number[]; fields: Field[] };
type BackendMessage = { name: string; fields?: Field[] };

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export type PreparedQuery = <Row>(text: string, values: unknown[] | undefined, name: string, options: { inTransaction: boolean }) => Promise<Row[]>;

/**
 * Runs named statements on `pglite`. A name stands for one constant text (as on PostgreSQL, SqlClient.query).
 * Outside a transaction a call takes PGlite's transaction lock too, so it never runs inside another caller's
 * open transaction; inside one (the caller holds that lock) it takes only the statement lock.
 */
export function preparedStatements(pglite: PGlite, { parse, protocol }: PgliteModule): PreparedQuery {
  const statements = new Map<string, Statement>();
  const { serialize } = protocol;

  const exchange = async (messages: Uint8Array[], syncToFs: boolean) =>
    (await pglite.execProtocolStream(concat([...messages, serialize.sync()]), { syncToFs })) as BackendMessage[];

  async function prepare(name: string, text: string): Promise<Statement> {
    // A Close first: a statement whose earlier Parse failed half-way never holds the name (closing an unknown
    // name is not an error).
    const messages = await exchange([serialize.close({ type: 'S', name }), serialize.parse({ name, text }), serialize.describe({ type: 'S', name })], false);
    const statement = {
      parameterTypes: parse.parseDescribeStatementResults(messages as never),
      fields: messages.find((message) => message.name === 'rowDescription')?.fields ?? [],
    };
    statements.set(name, statement);
    return statement;
  }

  async function run<Row>(text: string, values: unknown[], name: string, syncToFs: boolean): Promise<Row[]> {
    const statement = statements.get(name) ?? (await prepare(name, text));
    const serializers = pglite.serializers as Record<number, (value: unknown) => string>;
    const parameters = values.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = serializers[statement.parameterTypes[index]!];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await exchange([serialize.bind({ statement: name, values: parameters }), serialize.execute({})], syncToFs);
    // The row description came with the statement's Describe; a Bind + Execute answers with data rows only.
    const [result] = parse.parseResults([{ name: 'rowDescription', fields: statement.fields }, ...messages] as never, pglite.parsers);
    return (result?.rows ?? []) as Row[];
  }

  return <Row>(text: string, values: unknown[] = [], name: string, { inTransaction }: { inTransaction: boolean }) => {
    const statementLocked = () => pglite.runExclusive(() => run<Row>(text, values, name, !inTransaction));
    return inTransaction ? statementLocked() : pglite._runExclusiveTransaction(statementLocked);
  };
}
