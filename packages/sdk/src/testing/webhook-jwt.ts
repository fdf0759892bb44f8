import { createHmac, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';

/**
 * Webhook deliveries signed by hand, as the platform signs them (docs/blog-wire.md §C.2): an RSA key
 * pair, a JWT whose `data` claim is the envelope as JSON text, whose `data` is the domain event as
 * JSON text. Also the forgeries the tests expect refused. Used by the unit tests and conformance.
 */
export interface TestSigner {
  /** The public key as SPKI PEM text, for `AppStrategy({ publicKey })`. */
  publicKeyPem: string;
  publicKey: KeyObject;
  privateKey: KeyObject;
  /** A compact JWS of `claims`, signed RS256 unless `header.alg` says otherwise (HS256 with `secret`). */
  jwt(claims: object, options?: { header?: object; secret?: string | Buffer }): string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

export function testSigner(): TestSigner {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    publicKey,
    privateKey,
    jwt(claims, { header = { alg: 'RS256', typ: 'JWT' }, secret } = {}) {
      const input = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(claims))}`;
      const alg = (header as { alg?: string }).alg;
      const signature =
        alg === 'none'
          ? ''
          : alg === 'HS256'
            ? createHmac('sha256', secret ?? '')
                .update(input)
                .digest()
            : sign('sha256', Buffer.from(input), privateKey);
      return `${input}.${base64url(signature)}`;
    },
  };
}

export interface EnvelopeOptions {
  instanceId?: string;
  identity?: object | string;
  accountInfo?: object;
  /** Extra claims beside `data` (`exp`, `nbf`, `iss`, `aud`, …). */
  claims?: object;
}

/** The claims of a delivery of `eventType` whose domain event is `inner`. */
export function deliveryClaims(eventType: string, inner: unknown, options: EnvelopeOptions = {}) {
  const { instanceId = 'inst-1', identity, accountInfo, claims } = options;
  const envelope = {
    eventType,
    instanceId,
    data: JSON.stringify(inner),
    ...(identity === undefined
      ? {}
      : { identity: typeof identity === 'string' ? identity : JSON.stringify(identity) }),
    ...(accountInfo === undefined ? {} : { accountInfo }),
  };
  return { data: JSON.stringify(envelope), ...claims };
}

/** A post as the server sends it in events (wire names). */
export const wirePost = {
  id: 'p1',
  title: 'Hello',
  createdDate: '2024-01-01T00:00:00.000Z',
  firstPublishedDate: '2024-01-02T00:00:00.000Z',
  url: { base: 'https://site.example', path: '/post/hello' },
};

/** A domain event carrying `body` (`{ createdEvent: … }`, …). */
export const domainEvent = (slug: string, body: object, entityId = 'p1') => ({
  id: 'evt-1',
  entityFqdn: 'wix.blog.v3.post',
  slug,
  entityId,
  eventTime: '2024-05-01T12:00:00.000Z',
  triggeredByAnonymizeRequest: false,
  entityEventSequence: '7',
  ...body,
});
