/** One certificate made by `createTestCertificates`, in PEM and PKCS#12 forms. */
export interface TestCertificate {
  /** The certificate, PEM. */
  readonly certPem: string;
  /** Its private key, PEM (PKCS#8, unencrypted). */
  readonly keyPem: string;
  readonly certPath: string;
  readonly keyPath: string;
  /** One PEM file holding the certificate followed by its key. */
  readonly pemPath: string;
  /** PKCS#12 bundle of the certificate and key, protected by the set's `password`. */
  readonly pfxPath: string;
  readonly pfx: Buffer;
  /** SHA-256 thumbprint: uppercase hex without colons. Compare case-insensitively. */
  readonly thumbprint: string;
}

/** A certificate authority made by `createTestCertificates`. */
export interface TestCertificateAuthority {
  readonly certPem: string;
  readonly certPath: string;
  readonly keyPath: string;
  readonly thumbprint: string;
}

/** Everything `createTestCertificates` made, in a temporary folder removed on `remove()`. */
export interface TestCertificates extends AsyncDisposable {
  readonly directory: string;
  /** Password of every PKCS#12 bundle. */
  readonly password: string;
  /** The trusted test CA ("Test CA"). */
  readonly ca: TestCertificateAuthority;
  /** Another, untrusted CA ("Rogue CA"). */
  readonly rogueCa: TestCertificateAuthority;
  /** Server certificate signed by `ca` for `localhost` and `127.0.0.1` (subject alternative names). */
  readonly server: TestCertificate;
  /** Server certificate signed by `ca` for `wrong-host.test` only. */
  readonly wrongHostServer: TestCertificate;
  /** Client certificate signed by `ca`, valid now. */
  readonly client: TestCertificate;
  /** Client certificate signed by `rogueCa`, valid now. */
  readonly rogueClient: TestCertificate;
  /** Client certificate signed by `ca` that expired in January 2020. */
  readonly expiredClient: TestCertificate;
  remove(): Promise<void>;
}
