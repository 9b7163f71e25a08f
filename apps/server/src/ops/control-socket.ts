// The embedded database belongs to one process (db/lock.ts): while the server runs on PGlite,
// the operator's commands reach it through a Unix socket in DATA_DIR, readable only by the
// server's own user (who can read the database files anyway). Never a web address.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

export const CONTROL_SOCKET_NAME = 'control.sock';

export interface ControlRequest {
  command: string;
  args: string[];
}
export interface ControlAnswer {
  code: number;
  message: string;
}
export type ControlHandler = (request: ControlRequest) => Promise<ControlAnswer>;

/** Listens on DATA_DIR/control.sock; returns the function that closes it and removes the file. */
export async function listenForCommands(
  dataDir: string,
  handle: ControlHandler,
): Promise<() => Promise<void>> {
  const socketPath = path.join(dataDir, CONTROL_SOCKET_NAME);
  fs.rmSync(socketPath, { force: true });
  const server = net.createServer((socket) => {
    let input = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      input += chunk;
      if (input.length > 10_000) socket.destroy();
      if (!input.includes('\n')) return;
      let request: ControlRequest;
      try {
        request = JSON.parse(input.slice(0, input.indexOf('\n'))) as ControlRequest;
      } catch {
        socket.end(`${JSON.stringify({ code: 2, message: 'Comando inválido.' })}\n`);
        return;
      }
      handle(request).then(
        (answer) => socket.end(`${JSON.stringify(answer)}\n`),
        (error: unknown) => {
          const message = error instanceof Error ? error.message : String(error);
          socket.end(`${JSON.stringify({ code: 1, message })}\n`);
        },
      );
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  fs.chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      fs.rmSync(socketPath, { force: true });
    });
}

/** Sends one command to the running server; undefined when no server listens there. */
export async function sendCommand(
  dataDir: string,
  request: ControlRequest,
): Promise<ControlAnswer | undefined> {
  const socketPath = path.join(dataDir, CONTROL_SOCKET_NAME);
  if (!fs.existsSync(socketPath)) return undefined;
  return new Promise((resolve) => {
    const socket = net.createConnection(socketPath);
    let output = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      output += chunk;
    });
    socket.on('end', () => {
      try {
        resolve(JSON.parse(output) as ControlAnswer);
      } catch {
        resolve(undefined);
      }
    });
    socket.on('error', () => resolve(undefined));
  });
}
