// A real SMTP peer on a free port, for the tests that send mail: what it received, where it
// listens, and its end.
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  to: string[];
  raw: string;
}

export interface SmtpPeerOptions {
  /** Answers the nth connection with 421 while this says so. */
  refuse?: (n: number) => boolean;
  /** How a message's bytes are read as text (latin1 keeps an attachment's bytes one to one). */
  encoding?: BufferEncoding;
}

export async function smtpPeer({ refuse = () => false, encoding = 'utf8' }: SmtpPeerOptions = {}) {
  const received: Received[] = [];
  let connections = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, done) {
      if (!refuse(++connections)) return done();
      done(Object.assign(new Error('Service not available, try later'), { responseCode: 421 }));
    },
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString(encoding)));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        done();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}

export type SmtpPeer = Awaited<ReturnType<typeof smtpPeer>>;
