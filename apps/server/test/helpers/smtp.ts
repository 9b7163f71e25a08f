import net from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

/**
 * A real SMTP peer on 127.0.0.1 that keeps what it receives; `refuse` names recipients it answers
 * with a permanent error (550), as a server does for an address it does not know.
 */
export async function startSmtpServer(
  port = 0,
  options: { refuse?: (to: string) => boolean } = {},
) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    onRcptTo(address, _session, callback) {
      if (options.refuse?.(address.address)) {
        const refused = new Error(`Mailbox ${address.address} unavailable`) as Error & {
          responseCode: number;
        };
        refused.responseCode = 550;
        callback(refused);
        return;
      }
      callback();
    },
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // Closing drops the connections a sender keeps open (nodemailer's pool) at once, as a
    // server going down would; smtp-server's default waits 30 s for them.
    closeTimeout: 100,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          ...parseMessage(raw),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address() as net.AddressInfo;
  return {
    port: address.port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A port nothing listens on (yet). */
export async function findFreePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

// ----------------------------------------------------------- just enough MIME for assertions

function decodeQuotedPrintable(body: string): string {
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

function decodeBody(headers: string, body: string): string {
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64')
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=\s*/gi, (_m, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

function splitHead(part: string): [string, string] {
  const index = part.search(/\r?\n\r?\n/);
  return [part.slice(0, index), part.slice(index).replace(/^\r?\n\r?\n/, '')];
}

function parseMessage(raw: string): { subject: string; text: string; html: string } {
  const [head, body] = splitHead(raw);
  const unfolded = head.replace(/\r?\n[ \t]+/g, ' ');
  const subject = decodeWords(/^subject:\s*(.*)$/im.exec(unfolded)?.[1] ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(unfolded)?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  let text = '';
  let html = '';
  for (const part of parts) {
    const [partHead, partBody] = splitHead(part.replace(/^\r?\n/, ''));
    const decoded = decodeBody(partHead, partBody).replace(/\r\n/g, '\n');
    if (/content-type:\s*text\/plain/i.test(partHead)) text = decoded;
    if (/content-type:\s*text\/html/i.test(partHead)) html = decoded;
  }
  return { subject, text, html };
}
