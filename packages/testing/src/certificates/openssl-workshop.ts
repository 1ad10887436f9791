import { execFile } from 'node:child_process';
import { randomBytes, X509Certificate } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { TestCertificate, TestCertificateAuthority } from './test-certificate.js';
import { TestCertificatesError } from './test-certificates-error.js';

const run = promisify(execFile);

/** An authority as the workshop knows it: the public record plus the chain to present above what it issues. */
export interface WorkshopAuthority extends TestCertificateAuthority {
  /** PEM of the intermediates between this authority and its root, this one first; empty for a root. */
  readonly intermediatesPem: string;
}

/** Makes keys and certificates with the `openssl` CLI in one folder; every PKCS#12 bundle and encrypted key uses `password`. */
export interface OpensslWorkshop {
  /** A self-signed root CA. */
  rootCa(name: string, subject: string): Promise<WorkshopAuthority>;
  /** An intermediate CA (may issue end certificates only) signed by `issuer`. */
  intermediateCa(name: string, issuer: WorkshopAuthority, subject: string): Promise<WorkshopAuthority>;
  /** An end certificate signed by `issuer` with the given `openssl x509 -extfile` extensions. */
  issue(name: string, issuer: WorkshopAuthority, subject: string, extensions: string): Promise<TestCertificate>;
  /** An end certificate signed by `issuer` that expired in January 2020. */
  issueExpired(name: string, issuer: WorkshopAuthority, subject: string, extensions: string): Promise<TestCertificate>;
}

const keyArgs = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

/** Keys are ECDSA P-256, which is quick to make. */
export function createOpensslWorkshop(directory: string, password: string, days: string): OpensslWorkshop {
  const path = (name: string) => join(directory, name);
  const openssl = async (step: string, args: string[]) => {
    try {
      await run('openssl', args, { cwd: directory });
    } catch (error) {
      throw new TestCertificatesError(step, error);
    }
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

  const sign = (name: string, issuer: WorkshopAuthority) =>
    openssl(`${name} certificate`, [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      issuer.certPath,
      '-CAkey',
      issuer.keyPath,
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

  const authority = async (name: string, intermediatesPem: string): Promise<WorkshopAuthority> => {
    const certPem = await readFile(path(`${name}.crt`), 'utf8');
    return {
      certPem,
      certPath: path(`${name}.crt`),
      keyPath: path(`${name}.key`),
      thumbprint: thumbprintOf(certPem),
      intermediatesPem,
    };
  };

  /** The PEM, encrypted PEM and PKCS#12 forms of a signed certificate, each carrying its intermediates. */
  const finish = async (name: string, issuer: WorkshopAuthority): Promise<TestCertificate> => {
    const certPem = await readFile(path(`${name}.crt`), 'utf8');
    const keyPem = await readFile(path(`${name}.key`), 'utf8');
    const chainPem = `${certPem.trimEnd()}\n${issuer.intermediatesPem}`;
    await writeFile(path(`${name}.pem`), `${chainPem}${keyPem}`);
    await writeFile(path(`${name}.intermediates.crt`), issuer.intermediatesPem);
    const chainArgs = issuer.intermediatesPem === '' ? [] : ['-certfile', `${name}.intermediates.crt`];
    await openssl(`${name} bundle`, [
      'pkcs12',
      '-export',
      '-inkey',
      `${name}.key`,
      '-in',
      `${name}.crt`,
      ...chainArgs,
      '-out',
      `${name}.p12`,
      '-passout',
      `pass:${password}`,
    ]);
    await openssl(`${name} encrypted key`, [
      'pkey',
      '-in',
      `${name}.key`,
      '-aes256',
      '-passout',
      `pass:${password}`,
      '-out',
      `${name}.encrypted.key`,
    ]);
    const encryptedKeyPem = await readFile(path(`${name}.encrypted.key`), 'utf8');
    await writeFile(path(`${name}.encrypted.pem`), `${chainPem}${encryptedKeyPem}`);
    return {
      certPem,
      chainPem,
      keyPem,
      certPath: path(`${name}.crt`),
      keyPath: path(`${name}.key`),
      pemPath: path(`${name}.pem`),
      encryptedPemPath: path(`${name}.encrypted.pem`),
      pfxPath: path(`${name}.p12`),
      pfx: await readFile(path(`${name}.p12`)),
      thumbprint: thumbprintOf(certPem),
    };
  };

  return {
    async rootCa(name, subject) {
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
      return authority(name, '');
    },

    async intermediateCa(name, issuer, subject) {
      await request(
        name,
        subject,
        'basicConstraints=critical,CA:TRUE,pathlen:0\nkeyUsage=critical,keyCertSign,cRLSign\nsubjectKeyIdentifier=hash\nauthorityKeyIdentifier=keyid\n',
      );
      await sign(name, issuer);
      const certPem = await readFile(path(`${name}.crt`), 'utf8');
      return authority(name, `${certPem.trimEnd()}\n${issuer.intermediatesPem}`);
    },

    async issue(name, issuer, subject, extensions) {
      await request(name, subject, extensions);
      await sign(name, issuer);
      return finish(name, issuer);
    },

    /**
     * OpenSSL 3.0 has no `x509 -not_before`, so the expired certificate is signed with
     * `openssl ca`, which takes explicit start and end dates, using a throw-away CA database.
     */
    async issueExpired(name, issuer, subject, extensions) {
      const database = path(`${name}-database`);
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
      await request(name, subject, extensions);
      await openssl(`${name} certificate`, [
        'ca',
        '-batch',
        '-notext',
        '-config',
        join(database, 'ca.cnf'),
        '-cert',
        issuer.certPath,
        '-keyfile',
        issuer.keyPath,
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
      return finish(name, issuer);
    },
  };
}

function thumbprintOf(pem: string): string {
  return new X509Certificate(pem).fingerprint256.replaceAll(':', '').toUpperCase();
}
