import { execFile } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { OrkeonError } from '@orkeon/core';
import { createTemporaryDirectory } from '../temporary-directory.js';
import type { TestCertificate, TestCertificateAuthority, TestCertificates } from './test-certificate.js';

const run = promisify(execFile);

/** The `openssl` program failed or is missing, so no test certificates can be made. */
export class TestCertificatesError extends OrkeonError {
  constructor(step: string, cause: unknown) {
    const output = typeof cause === 'object' && cause !== null && 'stderr' in cause ? String(cause.stderr) : '';
    super(
      'TEST_CERTIFICATES_FAILED',
      `Making test certificates failed at '${step}'. The tests need the openssl command-line program (Debian package 'openssl', version 3).${output.length > 0 ? `\n${output.trim()}` : ''}`,
      { cause },
    );
  }
}

export interface CreateTestCertificatesOptions {
  /** Days the valid certificates last; default 2. */
  days?: number;
}

/**
 * A fresh set of test certificates made with the `openssl` CLI in a temporary folder:
 * a trusted CA and a rogue CA, server certificates (right and wrong host name), and
 * client certificates (good, rogue, expired), each in PEM and PKCS#12 forms with its
 * SHA-256 thumbprint. Keys are ECDSA P-256, which is quick to make.
 */
export async function createTestCertificates(options: CreateTestCertificatesOptions = {}): Promise<TestCertificates> {
  const days = String(options.days ?? 2);
  const temporary = await createTemporaryDirectory('orkeon-certs-');
  const directory = temporary.path;
  const password = randomBytes(12).toString('hex');
  const path = (name: string) => join(directory, name);

  const openssl = async (step: string, args: string[]) => {
    try {
      await run('openssl', args, { cwd: directory });
    } catch (error) {
      throw new TestCertificatesError(step, error);
    }
  };
  const keyArgs = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

  const makeCa = async (name: string, subject: string): Promise<TestCertificateAuthority> => {
    await openssl(`${name} authority`, [
      'req',
      '-x509',
      ...keyArgs,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-days',
      days,
      '-subj',
      subject,
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    const certPem = await readFile(path(`${name}.crt`), 'utf8');
    return { certPem, certPath: path(`${name}.crt`), keyPath: path(`${name}.key`), thumbprint: thumbprintOf(certPem) };
  };

  const finish = async (name: string): Promise<TestCertificate> => {
    await openssl(`${name} bundle`, [
      'pkcs12',
      '-export',
      '-inkey',
      `${name}.key`,
      '-in',
      `${name}.crt`,
      '-out',
      `${name}.p12`,
      '-passout',
      `pass:${password}`,
    ]);
    const certPem = await readFile(path(`${name}.crt`), 'utf8');
    const keyPem = await readFile(path(`${name}.key`), 'utf8');
    await writeFile(path(`${name}.pem`), `${certPem.trimEnd()}\n${keyPem}`);
    return {
      certPem,
      keyPem,
      certPath: path(`${name}.crt`),
      keyPath: path(`${name}.key`),
      pemPath: path(`${name}.pem`),
      pfxPath: path(`${name}.p12`),
      pfx: await readFile(path(`${name}.p12`)),
      thumbprint: thumbprintOf(certPem),
    };
  };

  const request = async (name: string, subject: string, extensions: string) => {
    await openssl(`${name} request`, [
      'req',
      ...keyArgs,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.csr`,
      '-subj',
      subject,
    ]);
    await writeFile(path(`${name}.ext`), extensions);
  };

  const issue = async (name: string, authority: TestCertificateAuthority, subject: string, extensions: string) => {
    await request(name, subject, extensions);
    await openssl(`${name} certificate`, [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      authority.certPath,
      '-CAkey',
      authority.keyPath,
      '-set_serial',
      `0x${randomBytes(8).toString('hex')}`,
      '-out',
      `${name}.crt`,
      '-days',
      days,
      '-sha256',
      '-extfile',
      `${name}.ext`,
    ]);
    return finish(name);
  };

  /**
   * OpenSSL 3.0 has no `x509 -not_before`, so the expired certificate is signed with
   * `openssl ca`, which takes explicit start and end dates, using a throw-away CA database.
   */
  const issueExpired = async (authority: TestCertificateAuthority, extensions: string): Promise<TestCertificate> => {
    const name = 'expired-client';
    const database = join(directory, 'ca-database');
    await mkdir(database, { recursive: true });
    await writeFile(join(database, 'index.txt'), '');
    await writeFile(join(database, 'serial'), `${randomBytes(8).toString('hex').toUpperCase()}\n`);
    await writeFile(
      join(database, 'ca.cnf'),
      [
        '[ ca ]',
        'default_ca = test_ca',
        '[ test_ca ]',
        `database = ${join(database, 'index.txt')}`,
        `new_certs_dir = ${database}`,
        `serial = ${join(database, 'serial')}`,
        'default_md = sha256',
        'policy = any_policy',
        'unique_subject = no',
        '[ any_policy ]',
        'commonName = supplied',
        '',
      ].join('\n'),
    );
    await request(name, '/CN=expired-agent', extensions);
    await openssl(`${name} certificate`, [
      'ca',
      '-batch',
      '-notext',
      '-config',
      join(database, 'ca.cnf'),
      '-cert',
      authority.certPath,
      '-keyfile',
      authority.keyPath,
      '-in',
      `${name}.csr`,
      '-out',
      `${name}.crt`,
      '-startdate',
      '20200101000000Z',
      '-enddate',
      '20200102000000Z',
      '-extfile',
      `${name}.ext`,
    ]);
    return finish(name);
  };

  try {
    const ca = await makeCa('ca', '/CN=Orkeon Test CA');
    const rogueCa = await makeCa('rogue-ca', '/CN=Rogue CA');
    const serverExtensions = (names: string) => `subjectAltName=${names}\nextendedKeyUsage=serverAuth\n`;
    const clientExtensions = 'extendedKeyUsage=clientAuth\n';
    const server = await issue('server', ca, '/CN=localhost', serverExtensions('DNS:localhost,IP:127.0.0.1'));
    const wrongHostServer = await issue(
      'wrong-host',
      ca,
      '/CN=wrong-host.test',
      serverExtensions('DNS:wrong-host.test'),
    );
    const client = await issue('client', ca, '/CN=agent-007/O=Orkeon Tests', clientExtensions);
    const rogueClient = await issue('rogue-client', rogueCa, '/CN=rogue-agent', clientExtensions);
    const expiredClient = await issueExpired(ca, clientExtensions);
    return {
      directory,
      password,
      ca,
      rogueCa,
      server,
      wrongHostServer,
      client,
      rogueClient,
      expiredClient,
      remove: temporary.remove,
      [Symbol.asyncDispose]: temporary.remove,
    };
  } catch (error) {
    await temporary.remove();
    throw error;
  }
}

function thumbprintOf(pem: string): string {
  return new X509Certificate(pem).fingerprint256.replaceAll(':', '').toUpperCase();
}
