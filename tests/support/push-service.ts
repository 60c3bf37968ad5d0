// A push service on this machine for the web push tests: devices made here
// have their own P-256 key pair and auth secret (as a browser makes them); a
// POST to a device's endpoint is decrypted with them (RFC 8291 aes128gcm, by
// http_ece, the encryption library web-push itself uses) and its VAPID
// signature (RFC 8292: an ES256 JWT in `Authorization: vapid t=…, k=…`) is
// checked against the key it names. Each device answers 201 unless told
// otherwise (410 Gone, 500, or never).
import { createECDH, createPublicKey, randomBytes, verify, type ECDH } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import ece from 'http_ece';

export interface ReceivedPush {
  device: string;
  /** The decrypted payload, parsed. */
  payload: { title: string; body: string; url: string; tag: string };
  headers: http.IncomingHttpHeaders;
  /** The VAPID JWT's claims, its signature checked against `vapidKey`. */
  claims: { aud: string; exp: number; sub: string };
  /** The `k=` of the Authorization header: the server's public key. */
  vapidKey: string;
}

export interface TestDevice {
  name: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
}

/** Checks an ES256 JWT against an uncompressed P-256 point (base64url); answers its claims or throws. */
function verifyVapidJwt(jwt: string, publicKey: string): { aud: string; exp: number; sub: string } {
  const [header, claims, signature] = jwt.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: point.subarray(1, 33).toString('base64url'), y: point.subarray(33, 65).toString('base64url') },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!signed) throw new Error('VAPID signature does not verify');
  const head = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg: string };
  if (head.alg !== 'ES256') throw new Error(`VAPID JWT alg ${head.alg}`);
  return JSON.parse(Buffer.from(claims, 'base64url').toString()) as { aud: string; exp: number; sub: string };
}

export class TestPushService {
  readonly received: ReceivedPush[] = [];
  /** Pushes that did not decrypt or verify (the tests expect none). */
  readonly errors: string[] = [];
  /** What each device's endpoint answers (default 201); 'hang' never answers. */
  readonly answers = new Map<string, number | 'hang'>();
  private readonly keys = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private held: http.ServerResponse[] = [];
  url = '';

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    for (const res of this.held) res.destroy();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** A device as a browser subscribes it: an endpoint here, a P-256 key pair and an auth secret of its own. */
  device(name: string): TestDevice {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16);
    this.keys.set(name, { ecdh, auth });
    return {
      name,
      subscription: {
        endpoint: `${this.url}/push/${name}`,
        keys: { p256dh: ecdh.getPublicKey('base64url'), auth: auth.toString('base64url') },
      },
    };
  }

  to(name: string): ReceivedPush[] {
    return this.received.filter((push) => push.device === name);
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const name = decodeURIComponent(req.url?.replace(/^\/push\//, '') ?? '');
    const answer = this.answers.get(name) ?? 201;
    if (answer === 'hang') {
      this.held.push(res);
      return;
    }
    const keys = this.keys.get(name);
    if (answer === 201 && keys) {
      try {
        const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(req.headers.authorization ?? '');
        if (!match) throw new Error(`no VAPID Authorization header: ${req.headers.authorization}`);
        const claims = verifyVapidJwt(match[1], match[2]);
        const plain = ece.decrypt(Buffer.concat(chunks), { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth });
        this.received.push({ device: name, payload: JSON.parse(plain.toString('utf8')), headers: req.headers, claims, vapidKey: match[2] });
      } catch (error) {
        this.errors.push(String(error));
        res.writeHead(400).end();
        return;
      }
    }
    res.writeHead(answer === 201 && !keys ? 404 : answer).end();
  }
}
