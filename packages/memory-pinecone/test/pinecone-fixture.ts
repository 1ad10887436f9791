import tls from 'node:tls';
import { createTestCertificates, type TestCertificates } from '@orkeon/testing';
import type { PineconeContractIndexDefinition } from './contract/pinecone-contract-index.js';
import { type PineconeContractServer, startPineconeContractServer } from './contract/pinecone-contract-server.js';

export interface PineconeFixture {
  readonly server: PineconeContractServer;
  readonly apiKey: string;
  readonly certificates: TestCertificates;
  /** Another server with the same certificates (its own indexes); closed with the fixture. */
  startServer(indexes: readonly PineconeContractIndexDefinition[]): Promise<PineconeContractServer>;
  close(): Promise<void>;
}

/**
 * The contract server over HTTPS, as the client reaches an index host (it adds https:// to
 * the bare host describe_index gives), with this process trusting the test CA until `close`.
 */
export async function startPineconeFixture(
  indexes?: readonly PineconeContractIndexDefinition[],
): Promise<PineconeFixture> {
  const apiKey = 'pcsk_contract_test_key_7Hq2';
  const certificates = await createTestCertificates();
  const trusted = tls.getCACertificates('default');
  tls.setDefaultCACertificates([...trusted, certificates.ca.certPem]);
  const tlsOptions = { cert: certificates.server.chainPem, key: certificates.server.keyPem };
  const servers: PineconeContractServer[] = [];
  const startServer = async (definitions?: readonly PineconeContractIndexDefinition[]) => {
    const started = await startPineconeContractServer({
      apiKey,
      tls: tlsOptions,
      ...(definitions === undefined ? {} : { indexes: definitions }),
    });
    servers.push(started);
    return started;
  };
  const server = await startServer(indexes);
  return {
    server,
    apiKey,
    certificates,
    startServer,
    close: async () => {
      for (const started of servers) await started.close();
      tls.setDefaultCACertificates(trusted);
      await certificates.remove();
    },
  };
}
