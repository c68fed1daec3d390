// Group commit: rows that arrive while earlier writes are in flight wait and go together in the next
// statement (one round trip, one commit, one WAL flush for many). Every caller still waits until its own
// row is committed: nothing is acknowledged before it is durable. At low load a row is written at once.
// A batch refused for its data (a constraint or a value, SQLSTATE classes 22 and 23) is retried row by row, so
// one bad row fails only its own caller; any other failure (time-out, lost connection) is the whole batch's
// (and, with `failWaitingOnOutage`, also that of the rows waiting for the next statement).

/** An error of one row's data: PostgreSQL's data exception (22xxx) or integrity constraint violation (23xxx). */
export function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23][0-9A-Z]{3}$/.test(code);
}

type Waiting<T> = { item: T; resolve: () => void; reject: (error: unknown) => void };

export type GroupCommitOptions = {
  /** Rows per statement at most. */
  maxBatch: number;
  /** Statements in flight at once (each holds a pool connection). */
  maxInFlight: number;
  /**
   * When a statement fails for another reason than its data (the database is not answering), fail the
   * items waiting for the next statement too, rather than each waiting out a time-out of its own. For
   * writes whose callers answer 503 and may retry; not for audit rows, which get their own attempt.
   */
  failWaitingOnOutage?: boolean;
  /**
   * Let the event loop run once before each statement, so the requests that arrived meanwhile join it. For a
   * database in this thread (PGlite): its statements run synchronously, so without a turn of the loop between
   * them no request is read while one runs, and every statement would carry one row.
   */
  gatherEachTurn?: boolean;
};

export class GroupCommit<T> {
  private readonly queue: Waiting<T>[] = [];
  private inFlight = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly options: GroupCommitOptions,
  ) {}

  /** Resolves once the item is committed; rejects with the error of its own (last) attempt. */
  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.inFlight < this.options.maxInFlight) void this.drain();
    });
  }

  private async drain(): Promise<void> {
    this.inFlight++;
    try {
      while (this.queue.length) {
        if (this.options.gatherEachTurn) await new Promise((resolve) => setImmediate(resolve));
        await this.commit(this.queue.splice(0, this.options.maxBatch));
      }
    } finally {
      this.inFlight--;
    }
  }

  private async commit(batch: Waiting<T>[]): Promise<void> {
    try {
      await this.write(batch.map((waiting) => waiting.item));
      for (const waiting of batch) waiting.resolve();
    } catch (error) {
      if (!isRowError(error)) {
        const waiting = this.options.failWaitingOnOutage ? this.queue.splice(0) : [];
        for (const failed of [...batch, ...waiting]) failed.reject(error);
        return;
      }
      if (batch.length === 1) return batch[0]!.reject(error);
      // The statement wrote nothing (it is atomic): each row is tried alone and answers for itself.
      await Promise.all(batch.map((waiting) => this.commit([waiting])));
    }
  }
}
