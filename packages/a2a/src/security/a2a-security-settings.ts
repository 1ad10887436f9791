import { defineSettingsSection, type SectionSettings } from '@orkeon/core';
import { z } from 'zod';

/** The credential schemes a server can require in `AllowedAuthSchemes`. */
export const a2aAuthSchemes = ['Bearer', 'ApiKey'] as const;

/** @experimental SVCEXP001 */
export type A2AAuthScheme = (typeof a2aAuthSchemes)[number];

/** The header an API key is read from (and sent in) when `ApiKey:HeaderName` is not set. */
export const defaultApiKeyHeaderName = 'X-API-Key';

const nonEmpty = z.string().min(1);

/**
 * `A2A:Security`: mutual TLS and credentials of the A2A server, and the certificate
 * and credentials the A2A client presents. Secret values (`ApiKey:Keys`, tokens,
 * passwords) are never logged.
 *
 * @experimental SVCEXP001
 */
export const a2aSecuritySettings = defineSettingsSection(
  'A2A:Security',
  z.object({
    RequireMutualTls: z
      .boolean()
      .default(false)
      .describe(
        'Server: accept only client certificates that chain to a trusted CA or match a pinned thumbprint; others get 403. Needs at least one trust anchor, or the server refuses to start.',
      ),
    TrustedCertificateAuthorities: z
      .array(nonEmpty)
      .default([])
      .describe(
        'PEM files of CA certificates. Server: anchors client certificates chain to. Client: extra roots a private or self-signed server chain may chain to (the system roots stay trusted).',
      ),
    TrustedClientCertificateThumbprints: z
      .array(z.string().regex(/^[0-9A-Fa-f]{2}(:?[0-9A-Fa-f]{2}){31}$/, 'must be a SHA-256 thumbprint (64 hex digits)'))
      .default([])
      .describe('Server: pinned client certificates, SHA-256 hex (case-insensitive, colons allowed).'),
    AllowedAuthSchemes: z
      .array(z.enum(a2aAuthSchemes))
      .default([])
      .describe('Server: when not empty, a request without one of these schemes gets 401. Empty means open.'),
    Bearer: z
      .object({
        Issuer: nonEmpty.optional().describe('Required `iss` of a bearer JWT.'),
        Audience: nonEmpty.optional().describe('Required `aud` of a bearer JWT.'),
        JwksUrl: nonEmpty
          .optional()
          .describe('JWKS address the JWT signing keys are read from (https, or http on loopback).'),
        PublicKeyPath: nonEmpty
          .optional()
          .describe('PEM file of the public key (or certificate) JWTs are signed with, instead of `JwksUrl`.'),
        Tokens: z.array(nonEmpty).default([]).describe('Accepted opaque bearer tokens. Secret.'),
      })
      .default({ Tokens: [] })
      .describe('Server: how `Authorization: Bearer <token>` is checked.'),
    ApiKey: z
      .object({
        HeaderName: nonEmpty
          .default(defaultApiKeyHeaderName)
          .describe('Header carrying the key; `Authorization: ApiKey <key>` is accepted too.'),
        Keys: z.array(nonEmpty).default([]).describe('Accepted API keys, read on every request. Secret.'),
      })
      .default({ HeaderName: defaultApiKeyHeaderName, Keys: [] })
      .describe('Server: how API keys are checked. Client: `HeaderName` is the header `ClientApiKey` is sent in.'),
    ClientCertificatePath: nonEmpty
      .optional()
      .describe('Client: certificate the client presents, a PEM file (certificate and key) or a PKCS#12 bundle.'),
    ClientCertificatePassword: nonEmpty.optional().describe('Client: password of the PKCS#12 bundle or encrypted key.'),
    ClientBearerToken: nonEmpty.optional().describe('Client: sent as `Authorization: Bearer <token>` on task calls.'),
    ClientApiKey: nonEmpty.optional().describe('Client: sent in the `ApiKey:HeaderName` header on task calls.'),
  }),
  { description: 'Mutual TLS and credentials of the A2A server and client.' },
);

/** @experimental SVCEXP001 */
export type A2ASecuritySettings = SectionSettings<typeof a2aSecuritySettings>;

/** The settings as written by a program: every key optional, defaults filled in by `resolveA2ASecuritySettings`. */
export type A2ASecuritySettingsInput = z.input<typeof a2aSecuritySettings.schema>;

/** Validates settings written in code and fills in the defaults; throws a zod error on a bad value. */
export function resolveA2ASecuritySettings(input: A2ASecuritySettingsInput = {}): A2ASecuritySettings {
  return a2aSecuritySettings.schema.parse(input);
}
