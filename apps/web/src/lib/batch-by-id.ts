/**
 * Turns asks for one row by id into one request per render: a page of cards, each asking for
 * its own row, sends a single `?ids=a,b,c` request. Rows the server leaves out answer null.
 */
export function createIdBatcher<Row>(
  fetchRows: (ids: string[]) => Promise<Row[]>,
  idOf: (row: Row) => string,
): (id: string) => Promise<Row | null> {
  let waiting: {
    id: string;
    resolve: (row: Row | null) => void;
    reject: (error: unknown) => void;
  }[] = [];

  function flush() {
    const batch = waiting;
    waiting = [];
    const ids = [...new Set(batch.map((entry) => entry.id))];
    fetchRows(ids).then(
      (rows) => {
        const byId = new Map(rows.map((row) => [idOf(row), row]));
        for (const entry of batch) entry.resolve(byId.get(entry.id) ?? null);
      },
      (error: unknown) => {
        for (const entry of batch) entry.reject(error);
      },
    );
  }

  return (id) =>
    new Promise((resolve, reject) => {
      waiting.push({ id, resolve, reject });
      // The first ask of a render waits for the others of the same render.
      if (waiting.length === 1) setTimeout(flush, 0);
    });
}
