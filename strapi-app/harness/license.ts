/**
 * Enterprise features (review workflows, content releases, audit logs...) run only under a valid
 * license. Strapi verifies a license with an RSA-SHA256 signature against the public key it reads
 * from `@strapi/core/resources/key.pub` when `dist/ee/license.js` loads
 * (packages/core/core/src/ee/license.ts). The harness generates a key pair for the run, signs a
 * "gold" license with the private key, and answers that one file read with its own public key.
 * Everything else (parsing, signature check, features, expiry, the offline mode that
 * `STRAPI_DISABLE_LICENSE_PING=true` gives a gold license) is Strapi's own code.
 *
 * Must run before `@strapi/strapi` is first required in the process.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

let installed = false;

export interface TestLicense {
  type: 'gold';
  expireAt: string;
  licenseKey: string;
  seats?: number;
  features?: Array<{ name: string; options?: Record<string, unknown> }>;
}

export function installTestLicense(overrides: Partial<TestLicense> = {}): TestLicense {
  if (installed) throw new Error('installTestLicense() runs once per process');
  installed = true;
  const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicPem = publicKey.export({ type: 'spki', format: 'pem' });

  const realReadFileSync = fs.readFileSync;
  const keyFile = `${path.sep}@strapi${path.sep}core${path.sep}resources${path.sep}key.pub`;
  // The public key Strapi reads at module load, and nothing else, comes from this run's pair.
  fs.readFileSync = function patchedReadFileSync(this: unknown, file: fs.PathOrFileDescriptor, ...rest: unknown[]) {
    if (typeof file === 'string' && file.endsWith(keyFile)) return Buffer.from(publicPem);
    return (realReadFileSync as (...a: unknown[]) => unknown).call(this, file, ...rest);
  } as typeof fs.readFileSync;

  const info: TestLicense = {
    type: 'gold',
    expireAt: new Date(Date.now() + 365 * 24 * 3600 * 1000).toISOString(),
    licenseKey: 'docs-claims-test-license',
    ...overrides,
  };
  const content = JSON.stringify(info);
  const signature = crypto.createSign('RSA-SHA256').update(content).end().sign(privateKey, 'base64');
  process.env.STRAPI_LICENSE = Buffer.from(`${signature}\n${Buffer.from(content).toString('base64')}`).toString('base64');
  // A gold license with this variable is checked offline: no request to the license registry.
  process.env.STRAPI_DISABLE_LICENSE_PING = 'true';
  return info;
}
