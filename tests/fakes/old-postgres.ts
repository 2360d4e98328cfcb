import net from 'node:net';

/**
 * A stand-in PostgreSQL server that speaks just enough of the wire protocol for the install wizard's
 * database check (src/server/install/database-check.ts): it lets anyone in and answers every query with
 * one row saying it is `version` (e.g. 14.11), an empty database. The test machine's PostgreSQL is
 * newer than the wizard's minimum, so "too old" is played here.
 */
const message = (type: string, body: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeInt32BE(body.length + 4);
  return Buffer.concat([Buffer.from(type), length, body]);
};
const int16 = (n: number) => {
  const b = Buffer.alloc(2);
  b.writeInt16BE(n);
  return b;
};
const int32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n);
  return b;
};
const cstr = (s: string) => Buffer.from(`${s}\0`);

/** The answer to one Parse/Describe/Bind/Execute/Sync round: the row the check reads. */
function answer(version: string): Buffer {
  const [major, minor = '0'] = version.split('.');
  const num = String(Number(major) * 10_000 + Number(minor));
  // name, type oid (int4 23, text 25, bool 16): server_version_num, server_version, tables, ours.
  const columns: [string, number, string][] = [
    ['num', 23, num],
    ['version', 25, version],
    ['tables', 23, '0'],
    ['ours', 16, 'f'],
  ];
  const description = Buffer.concat([
    int16(columns.length),
    ...columns.map(([name, oid]) => Buffer.concat([cstr(name), int32(0), int16(0), int32(oid), int16(-1), int32(-1), int16(0)])),
  ]);
  const row = Buffer.concat([
    int16(columns.length),
    ...columns.map(([, , v]) => Buffer.concat([int32(Buffer.byteLength(v)), Buffer.from(v)])),
  ]);
  return Buffer.concat([
    message('1', Buffer.alloc(0)),
    message('t', int16(0)),
    message('T', description),
    message('2', Buffer.alloc(0)),
    message('D', row),
    message('C', cstr('SELECT 1')),
    message('Z', Buffer.from('I')),
  ]);
}

/** Starts the stand-in on a free port of 127.0.0.1; `close()` stops it. */
export async function startOldPostgres(version = '14.11'): Promise<{ port: number; close: () => void }> {
  const server = net.createServer((socket) => {
    let buffer = Buffer.alloc(0);
    let started = false;
    socket.on('error', () => {});
    socket.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          if (buffer.length < 4) return;
          const length = buffer.readInt32BE(0);
          if (buffer.length < length) return;
          buffer = buffer.subarray(length);
          started = true;
          // AuthenticationOk, then ready for queries.
          socket.write(Buffer.concat([message('R', int32(0)), message('Z', Buffer.from('I'))]));
          continue;
        }
        if (buffer.length < 5) return;
        const type = String.fromCharCode(buffer[0]!);
        const length = buffer.readInt32BE(1);
        if (buffer.length < length + 1) return;
        buffer = buffer.subarray(length + 1);
        if (type === 'S') socket.write(answer(version));
        if (type === 'X') return void socket.end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { port: (server.address() as net.AddressInfo).port, close: () => server.close() };
}
