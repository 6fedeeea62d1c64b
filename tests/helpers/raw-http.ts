/** A raw HTTP/1.1 exchange, for what fetch and supertest cannot send (bodies on a GET, chunked bodies, stalls, several requests on one connection). */
import net from 'net';

/** Writes `request` to a new connection to `port` and gives every byte answered until the server closes it (fails after `timeoutMs` without a close). */
export function rawExchange(port: number, request: string | Buffer, { endAfterWrite = false, timeoutMs = 5000 } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => resolve(answer));
    socket.setTimeout(timeoutMs, () => {
      socket.destroy();
      reject(new Error(`no close within ${timeoutMs} ms; got: ${answer.slice(0, 200)}`));
    });
    socket.write(request);
    if (endAfterWrite) socket.end();
  });
}
