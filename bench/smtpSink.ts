/**
 * A minimal SMTP sink for the e-paper bench: a test double that speaks real SMTP (RFC 5321: greeting, EHLO/HELO, MAIL,
 * RCPT, DATA with its dot-terminated body and dot-stuffing, RSET, NOOP, QUIT; PIPELINING advertised, RFC 2920) and
 * records every message it accepts: per recipient, the number of mails and their Message-IDs. It does no parsing
 * beyond finding the Message-ID header in the message's head, which is what makes it cheaper than smtp-server.
 */
import { createServer, type Server, type Socket } from 'node:net';

export interface SinkRecord {
  /** Mails accepted (after DATA's 250), one per recipient. */
  total: number;
  received: Map<string, number>;
  messageIds: Map<string, Set<string>>;
}

const CRLF = Buffer.from('\r\n');
const END = Buffer.from('\r\n.\r\n');

export function smtpSink(): { server: Server; record: SinkRecord } {
  const record: SinkRecord = { total: 0, received: new Map(), messageIds: new Map() };
  const accept = (rcpts: string[], head: string) => {
    const id = head.match(/^Message-ID:[ \t]*(\S+)/im)?.[1] ?? '';
    for (const to of rcpts) {
      record.received.set(to, (record.received.get(to) ?? 0) + 1);
      const ids = record.messageIds.get(to) ?? new Set<string>();
      ids.add(id);
      record.messageIds.set(to, ids);
      record.total++;
    }
  };
  const server = createServer((socket: Socket) => {
    socket.setNoDelay(true);
    let buf: Buffer = Buffer.alloc(0);
    let inData = false;
    let from: string | null = null;
    let rcpts: string[] = [];
    socket.on('error', () => {});
    socket.write('220 sink ESMTP ready\r\n');
    const command = (line: string): string | null => {
      const verb = line.slice(0, 4).toUpperCase();
      switch (verb) {
        case 'EHLO':
          return '250-sink\r\n250-PIPELINING\r\n250-8BITMIME\r\n250-SMTPUTF8\r\n250 SIZE 10485760';
        case 'HELO':
          return '250 sink';
        case 'MAIL': {
          const m = line.match(/^MAIL FROM:\s*<([^>]*)>/i);
          if (!m) return '501 5.5.4 Syntax: MAIL FROM:<address>';
          from = m[1];
          rcpts = [];
          return '250 2.1.0 OK';
        }
        case 'RCPT': {
          const m = line.match(/^RCPT TO:\s*<([^>]+)>/i);
          if (from === null) return '503 5.5.1 MAIL first';
          if (!m) return '501 5.5.4 Syntax: RCPT TO:<address>';
          rcpts.push(m[1].toLowerCase());
          return '250 2.1.5 OK';
        }
        case 'DATA':
          if (!rcpts.length) return '503 5.5.1 RCPT first';
          inData = true;
          return '354 End data with <CR><LF>.<CR><LF>';
        case 'RSET':
          from = null;
          rcpts = [];
          return '250 2.0.0 OK';
        case 'NOOP':
          return '250 2.0.0 OK';
        case 'QUIT':
          socket.end('221 2.0.0 Bye\r\n');
          return null;
        default:
          return '502 5.5.2 Command not implemented';
      }
    };
    socket.on('data', (chunk: Buffer) => {
      buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
      let out = '';
      for (;;) {
        if (inData) {
          // The body ends at CRLF.CRLF (the DATA command's own CRLF counts for a body that is empty).
          const at =
            buf.length >= 3 && buf[0] === 0x2e && buf[1] === 0x0d && buf[2] === 0x0a ? -2 : buf.indexOf(END);
          if (at === -1) break;
          const headEnd = at === -2 ? 0 : Math.min(at, 4096);
          accept(rcpts, buf.subarray(0, headEnd).toString('latin1'));
          buf = buf.subarray(at === -2 ? 3 : at + END.length);
          inData = false;
          from = null;
          rcpts = [];
          out += '250 2.0.0 OK queued\r\n';
          continue;
        }
        const eol = buf.indexOf(CRLF);
        if (eol === -1) break;
        const line = buf.subarray(0, eol).toString('latin1');
        buf = buf.subarray(eol + 2);
        const reply = command(line);
        if (reply === null) return;
        out += `${reply}\r\n`;
      }
      if (out) socket.write(out);
    });
  });
  return { server, record };
}
