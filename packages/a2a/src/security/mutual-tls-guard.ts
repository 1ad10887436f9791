import { X509Certificate } from 'node:crypto';
import type { DetailedPeerCertificate, TLSSocket } from 'node:tls';
import type { Logger } from '@orkeon/core';
import { certificateIdentity, identifyCaller } from './caller-identity.js';
import type { ClientCertificateVerdict } from './client-certificate-verifier.js';
import { type A2ARequestGuard, isPublicPath, refuse } from './request-guard.js';

/**
 * The client certificate chain of a TLS connection as the client sent it, leaf first;
 * empty when none was presented. Complete only when the server's TLS options trust no CA
 * (`ca: []`): once Node has verified a chain against a trusted CA it reports the leaf alone.
 */
export function peerCertificateChain(socket: TLSSocket): X509Certificate[] {
  const chain: X509Certificate[] = [];
  let current: DetailedPeerCertificate | undefined = socket.getPeerCertificate(true);
  while (current?.raw !== undefined && chain.length < 10) {
    chain.push(new X509Certificate(current.raw));
    const issuer: DetailedPeerCertificate | undefined = current.issuerCertificate;
    // A self-signed certificate is its own issuer; stop there.
    if (issuer === undefined || issuer === current || issuer.fingerprint256 === current.fingerprint256) break;
    current = issuer;
  }
  return chain;
}

function isTlsSocket(socket: unknown): socket is TLSSocket {
  return (
    typeof socket === 'object' &&
    socket !== null &&
    (socket as { encrypted?: unknown }).encrypted === true &&
    typeof (socket as { getPeerCertificate?: unknown }).getPeerCertificate === 'function'
  );
}

/**
 * The mutual-TLS guard: 403 unless the connection is TLS and its client certificate, with
 * the intermediates the client sent, is accepted by `verify`. The TLS layer's own verdict
 * (`socket.authorized`) is not relied on: the server asks for a certificate without
 * rejecting at the handshake, so that a refusal is a JSON 403.
 */
export function createMutualTlsGuard(
  verify: (chain: readonly X509Certificate[]) => ClientCertificateVerdict,
  logger: Logger,
): A2ARequestGuard {
  return async (request, reply) => {
    if (isPublicPath(request.url)) return;
    const socket = request.raw.socket;
    if (!isTlsSocket(socket)) {
      logger.warn({ url: request.url }, 'A2A request refused: mutual TLS is required and the connection is not TLS');
      await refuse(reply, 403, 'A client certificate is required (mutual TLS).');
      return;
    }
    let verdict: ClientCertificateVerdict;
    try {
      verdict = verify(peerCertificateChain(socket));
    } catch (error) {
      logger.warn({ err: error }, 'A2A request refused: the client certificate could not be read');
      verdict = { accepted: false, reason: 'the client certificate could not be read' };
    }
    if (!verdict.accepted) {
      logger.warn(
        { url: request.url, reason: verdict.reason, thumbprint: verdict.thumbprint },
        'A2A request refused by mutual TLS',
      );
      await refuse(reply, 403, `Client certificate refused: ${verdict.reason}.`);
      return;
    }
    logger.debug({ thumbprint: verdict.thumbprint, by: verdict.by }, 'A2A client certificate accepted');
    // A credential checked after this names the caller instead (the credentials guard runs later).
    identifyCaller(request.raw, certificateIdentity(verdict.thumbprint));
  };
}
