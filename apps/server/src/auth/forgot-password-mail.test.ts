import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authMessages } from '@vaultscope/core';
import { signupAndLogin, startTestApp, type TestApp } from '../test/test-app';

/**
 * A mail server on loopback that speaks just enough SMTP for nodemailer, and holds its greeting
 * until the test opens the gate: while it is shut, anything that waits for the mail waits.
 */
class GatedSmtpServer {
  readonly received: string[] = [];
  connections = 0;
  private readonly waiting: (() => void)[] = [];
  private open = false;
  private readonly server = net.createServer((socket) => {
    this.connections += 1;
    const greet = () => socket.write('220 test ESMTP\r\n');
    if (this.open) greet();
    else this.waiting.push(greet);
    let buffer = '';
    let inData = false;
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          this.received.push(buffer.slice(0, end));
          buffer = buffer.slice(end + 5);
          inData = false;
          socket.write('250 queued\r\n');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline).toUpperCase();
        buffer = buffer.slice(newline + 2);
        if (line.startsWith('EHLO') || line.startsWith('HELO')) socket.write('250 test\r\n');
        else if (line.startsWith('DATA')) {
          inData = true;
          socket.write('354 go on\r\n');
        } else if (line.startsWith('QUIT')) socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
    socket.on('error', () => {});
  });

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  openGate(): void {
    this.open = true;
    for (const greet of this.waiting.splice(0)) greet();
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

const smtp = new GatedSmtpServer();
let t: TestApp;
beforeAll(async () => {
  const port = await smtp.listen();
  t = await startTestApp({ MAIL_TRANSPORT: 'smtp', SMTP_URL: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  smtp.openGate();
  await t.close();
  await smtp.close();
});

const forgot = (email: string, ip: string) =>
  t.request({
    method: 'POST',
    url: '/api/user/forgot-password',
    payload: { email },
    remoteAddress: ip,
  });

/** Resolves with the answer, or with 'still waiting' when it takes longer than two seconds. */
const within2s = <T>(answer: Promise<T>) =>
  Promise.race([
    answer,
    new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 2_000)),
  ]);

describe('forgot-password does the same work before answering, whoever the email belongs to', () => {
  it('answers a known email before its mail is sent, so the mail cannot show in the timing', async () => {
    const user = await signupAndLogin(t);
    // The mail server has not even greeted: an answer that waited for the mail would not come.
    const answer = await within2s(forgot(user.email, '10.30.0.1'));
    expect(answer).not.toBe('still waiting');
    if (answer === 'still waiting') return;
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: authMessages.resetCodeSent });
    expect(smtp.received).toHaveLength(0);

    // The code is still mailed, after the answer.
    smtp.openGate();
    await t.app.services.passwordReset.settled();
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain(user.email);
    expect(smtp.received[0]).toMatch(/code is \d{4}/);
  });

  it('answers an unknown email with the same words and mails nobody', async () => {
    const before = { connections: smtp.connections, received: smtp.received.length };
    const answer = await forgot('nobody-at-all@example.com', '10.30.0.2');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ message: authMessages.resetCodeSent });
    await t.app.services.passwordReset.settled();
    expect(smtp.connections).toBe(before.connections);
    expect(smtp.received).toHaveLength(before.received);
  });
});
