/** One certificate made by `createTestCertificates`, in PEM, encrypted PEM and PKCS#12 forms. */
export interface TestCertificate {
  /** The certificate alone, PEM. */
  readonly certPem: string;
  /** The certificate followed by the intermediate CA certificates above it (the root excluded), PEM. */
  readonly chainPem: string;
  /** Its private key, PEM (PKCS#8, unencrypted). */
  readonly keyPem: string;
  readonly certPath: string;
  readonly keyPath: string;
  /** One PEM file holding the chain (`chainPem`) followed by the key. */
  readonly pemPath: string;
  /** One PEM file holding the chain followed by the key encrypted (PKCS#8, AES-256) with the set's `password`. */
  readonly encryptedPemPath: string;
  /** PKCS#12 bundle of the certificate, its intermediates and key, protected by the set's `password`. */
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
  /** Password of every PKCS#12 bundle and encrypted PEM key. */
  readonly password: string;
  /** The trusted test root CA ("Orkeon Test CA"). */
  readonly ca: TestCertificateAuthority;
  /** An intermediate CA signed by `ca`; it may issue end certificates only. */
  readonly intermediateCa: TestCertificateAuthority;
  /** Another, untrusted root CA ("Rogue CA"). */
  readonly rogueCa: TestCertificateAuthority;
  /** An impostor intermediate signed by `rogueCa` that carries the same subject name as `intermediateCa`. */
  readonly rogueIntermediateCa: TestCertificateAuthority;
  /** Server certificate signed by `ca` for `localhost` and `127.0.0.1` (subject alternative names). */
  readonly server: TestCertificate;
  /** Server certificate signed by `ca` for `wrong-host.test` only. */
  readonly wrongHostServer: TestCertificate;
  /** Server certificate for `localhost` and `127.0.0.1` signed by `rogueCa`: an impostor of `server`. */
  readonly rogueServer: TestCertificate;
  /** Client certificate signed by `ca`, valid now. */
  readonly client: TestCertificate;
  /** Client certificate signed by `intermediateCa`; its chain, PEM files and bundle carry the intermediate. */
  readonly intermediateClient: TestCertificate;
  /** Client certificate signed by `rogueCa`, valid now. */
  readonly rogueClient: TestCertificate;
  /** Client certificate signed by `rogueIntermediateCa`, presented with that impostor intermediate. */
  readonly rogueChainClient: TestCertificate;
  /** Client certificate signed by `ca` that expired in January 2020. */
  readonly expiredClient: TestCertificate;
  remove(): Promise<void>;
}
