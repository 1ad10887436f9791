import { randomBytes } from 'node:crypto';
import { createTemporaryDirectory } from '../temporary-directory.js';
import { createOpensslWorkshop } from './openssl-workshop.js';
import type { TestCertificates } from './test-certificate.js';

export { TestCertificatesError } from './test-certificates-error.js';

export interface CreateTestCertificatesOptions {
  /** Days the valid certificates last; default 2. */
  days?: number;
}

/**
 * A fresh set of test certificates made with the `openssl` CLI in a temporary folder:
 * a trusted root CA with an intermediate CA, a rogue CA with an impostor intermediate,
 * server certificates (right and wrong host name), and client certificates (good,
 * issued by the intermediate, rogue, rogue chain, expired), each in PEM, encrypted PEM
 * and PKCS#12 forms with its SHA-256 thumbprint.
 */
export async function createTestCertificates(options: CreateTestCertificatesOptions = {}): Promise<TestCertificates> {
  const temporary = await createTemporaryDirectory('orkeon-certs-');
  const directory = temporary.path;
  const password = randomBytes(12).toString('hex');
  const workshop = createOpensslWorkshop(directory, password, String(options.days ?? 2));
  try {
    const ca = await workshop.rootCa('ca', '/CN=Orkeon Test CA');
    const rogueCa = await workshop.rootCa('rogue-ca', '/CN=Rogue CA');
    const intermediateCa = await workshop.intermediateCa('intermediate-ca', ca, '/CN=Orkeon Test Intermediate CA');
    // The impostor copies the real intermediate's name, so only signatures tell them apart.
    const rogueIntermediateCa = await workshop.intermediateCa(
      'rogue-intermediate-ca',
      rogueCa,
      '/CN=Orkeon Test Intermediate CA',
    );
    const serverExtensions = (names: string) => `subjectAltName=${names}\nextendedKeyUsage=serverAuth\n`;
    const clientExtensions = 'extendedKeyUsage=clientAuth\n';
    const server = await workshop.issue('server', ca, '/CN=localhost', serverExtensions('DNS:localhost,IP:127.0.0.1'));
    const wrongHostServer = await workshop.issue(
      'wrong-host',
      ca,
      '/CN=wrong-host.test',
      serverExtensions('DNS:wrong-host.test'),
    );
    const rogueServer = await workshop.issue(
      'rogue-server',
      rogueCa,
      '/CN=localhost',
      serverExtensions('DNS:localhost,IP:127.0.0.1'),
    );
    const client = await workshop.issue('client', ca, '/CN=agent-007/O=Orkeon Tests', clientExtensions);
    const intermediateClient = await workshop.issue(
      'intermediate-client',
      intermediateCa,
      '/CN=agent-008/O=Orkeon Tests',
      clientExtensions,
    );
    const rogueClient = await workshop.issue('rogue-client', rogueCa, '/CN=rogue-agent', clientExtensions);
    const rogueChainClient = await workshop.issue(
      'rogue-chain-client',
      rogueIntermediateCa,
      '/CN=agent-008/O=Orkeon Tests',
      clientExtensions,
    );
    const expiredClient = await workshop.issueExpired('expired-client', ca, '/CN=expired-agent', clientExtensions);
    return {
      directory,
      password,
      ca,
      intermediateCa,
      rogueCa,
      rogueIntermediateCa,
      server,
      wrongHostServer,
      rogueServer,
      client,
      intermediateClient,
      rogueClient,
      rogueChainClient,
      expiredClient,
      remove: temporary.remove,
      [Symbol.asyncDispose]: temporary.remove,
    };
  } catch (error) {
    await temporary.remove();
    throw error;
  }
}
