import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** What the local receiver got: one entry per POST. */
export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on this machine. `answers` are the statuses of the next POSTs in turn; then
 * `answer` picks the status for each POST (200 unless
 * told); while `hold()` is on, answers wait until `release()`. It counts how many POSTs it was
 * answering at once.
 */
export async function startReceiver() {
  const received: Received[] = [];
  /** Statuses to answer in turn, before `answer` decides (200 unless told). */
  const answers: number[] = [];
  let answer: (body: string) => number = () => 200;
  let held: Promise<void> | null = null;
  let release = () => {};
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body });
      void (held ?? Promise.resolve()).then(() => {
        const status = answers.shift() ?? answer(body);
        inFlight -= 1;
        response.writeHead(status, { 'content-type': 'text/plain' });
        response.end(status === 200 ? 'thanks' : 'receiver is down');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answers,
    answerWith(pick: (body: string) => number) {
      answer = pick;
    },
    hold() {
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
    },
    release: () => release(),
    get maxInFlight() {
      return maxInFlight;
    },
    reset() {
      received.length = 0;
      answers.length = 0;
      answer = () => 200;
      maxInFlight = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
