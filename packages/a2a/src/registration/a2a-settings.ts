import { defineSettingsSection, type SectionSettings, serviceToken } from '@orkeon/core';
import { z } from 'zod';

/**
 * The `A2A` settings section (the security section `A2A:Security` is defined apart).
 *
 * @experimental SVCEXP001
 */
export const a2aSettings = defineSettingsSection(
  'A2A',
  z.object({
    EnableServer: z
      .boolean()
      .default(false)
      .describe('Register the A2A HTTP server (A2AServer). Without it only the router and the agent directory exist.'),
    Host: z.string().min(1).default('localhost').describe('The host name or address the server listens on.'),
    Port: z
      .number()
      .int()
      .min(0)
      .max(65535)
      .default(5002)
      .describe('The TCP port the server listens on; 0 picks a free port.'),
    GrpcPort: z
      .number()
      .int()
      .min(0)
      .max(65535)
      .optional()
      .describe(
        'The TCP port of the gRPC binding of A2A v1.0 (lf.a2a.v1.A2AService), on the same Host; 0 picks a free port. Absent: no gRPC.',
      ),
    CertificatePath: z
      .string()
      .min(1)
      .optional()
      .describe('PEM certificate (chain) of the server: with CertificateKeyPath, the server listens on HTTPS.'),
    CertificateKeyPath: z.string().min(1).optional().describe('PEM private key of the server certificate.'),
    Peers: z
      .array(
        z.string().refine((text) => URL.canParse(text) && /^https?:$/.test(new URL(text).protocol), {
          message: 'it must be an absolute http:// or https:// URL',
        }),
      )
      .default([])
      .describe('Other A2A servers whose cards `orkeon serve` reads at start: their skills are routed to them.'),
    PeerCardKeys: z
      .record(z.string().min(1), z.string().min(1))
      .default({})
      .describe(
        'Public keys the cards of A2A:Peers must be signed with, by key id (PeerCardKeys:<kid> = a PEM public key file). Empty: peer cards are taken unsigned.',
      ),
    Name: z.string().min(1).default('Orkeon').describe('The agent name published in the agent card.'),
    Description: z.string().default('Orkeon A2A Agent').describe('The agent description published in the agent card.'),
    Version: z.string().min(1).default('1.0.0').describe('The agent version published in the agent card.'),
    BodyLimitBytes: z
      .number()
      .int()
      .positive()
      .default(1024 * 1024)
      .describe('The largest request body accepted; a larger one is answered 413.'),
    RequestTimeoutSeconds: z
      .number()
      .positive()
      .default(300)
      .describe('How long one task may run before it is answered Failed (timed out) and its signal is aborted.'),
    SpecificationRevision: z
      .enum(['1.0.1', '1.0.0'])
      .default('1.0.1')
      .describe(
        'The A2A v1.0 revision the HTTP+JSON binding answers by: 1.0.1 (application/a2a+json; 400 for a task that cannot be cancelled and an unsupported media type) or 1.0.0 (application/json; 409 and 415), which the official TCK checks.',
      ),
    ServeV03: z
      .boolean()
      .default(true)
      .describe(
        'Serve A2A 0.3 beside 1.0: the JSON-RPC binding takes the 0.3 methods (message/send, …) from requests with A2A-Version 0.3 or none, the card lists that interface, and a card request naming no version gets the 0.3 card. False: a request without A2A-Version is VersionNotSupported.',
      ),
    MaxTasksInMemory: z
      .int()
      .min(1)
      .max(10_000_000)
      .default(10_000)
      .describe(
        'Without task persistence: how many A2A v1.0 tasks the server keeps in memory for GetTask, ListTasks and SubscribeToTask; past it the oldest ended ones are forgotten. Tasks still working or waiting for input are always kept, even past it.',
      ),
    ShutdownGraceSeconds: z
      .number()
      .min(0)
      .default(10)
      .describe('On stop, how long running tasks are awaited before their signals are aborted.'),
    ExtendedCard: z
      .object({
        Enabled: z
          .boolean()
          .default(false)
          .describe(
            'Serve the extended agent card (GetExtendedAgentCard) to authenticated callers; needs A2A:Security credentials or mutual TLS.',
          ),
        Description: z.string().optional().describe('The extended card’s description; absent: the public one.'),
        PrivateSkills: z
          .array(z.string().min(1))
          .default([])
          .describe('Skill ids left out of the public card and listed in the extended card only.'),
      })
      .default({ Enabled: false, PrivateSkills: [] })
      .describe('The extended agent card of A2A v1.0, for authenticated callers.'),
    CardSigning: z
      .object({
        KeyPath: z
          .string()
          .min(1)
          .optional()
          .describe(
            'PEM private key (PKCS#8, or SEC1/PKCS#1) that signs the A2A v1.0 agent cards (JWS over the card in RFC 8785 form); absent: cards are not signed.',
          ),
        KeyId: z
          .string()
          .min(1)
          .optional()
          .describe(
            "The key's id (`kid`) in each signature, as verifiers look the public key up; required with KeyPath.",
          ),
        Algorithm: z
          .enum(['ES256', 'ES384', 'ES512', 'EdDSA', 'RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'])
          .optional()
          .describe(
            'The JWS algorithm; absent: the one the key implies (ES256 for P-256, EdDSA for Ed25519, RS256 for RSA).',
          ),
        JwksUrl: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe('Where the public key is published as a JWK Set: given as `jku` in each signature.'),
      })
      .prefault({})
      .refine((signing) => (signing.KeyPath === undefined) === (signing.KeyId === undefined), {
        message: 'KeyPath and KeyId go together: give both to sign the cards, or neither',
      })
      .describe('Signatures of the A2A v1.0 agent cards (public and extended).'),
    PushNotifications: z
      .object({
        Enabled: z
          .boolean()
          .default(true)
          .describe(
            'A2A v1.0 push notifications: the four config operations, webhook delivery and `capabilities.pushNotifications` in the card. False refuses them with PushNotificationNotSupported.',
          ),
        AllowedHosts: z
          .array(z.string().min(1))
          .default([])
          .describe(
            'Webhook host names (or addresses) let through although they are, or resolve to, private, loopback, link-local or metadata addresses. Empty: public addresses only.',
          ),
        TimeoutSeconds: z
          .number()
          .positive()
          .default(10)
          .describe('How long one webhook delivery attempt may take, answer included.'),
        MaxAttempts: z
          .int()
          .min(1)
          .max(100)
          .default(5)
          .describe(
            'Attempts per event and webhook, the first included; retried on network errors, time-outs, 408, 429 and 5xx.',
          ),
        RetryBaseDelaySeconds: z
          .number()
          .positive()
          .default(1)
          .describe('The wait after the first failed attempt; it doubles after each further one.'),
        RetryMaxDelaySeconds: z
          .number()
          .positive()
          .default(30)
          .describe('The longest wait between two attempts (a `Retry-After` answer included).'),
      })
      .prefault({})
      .describe('Webhooks of A2A v1.0 push notifications.'),
    Directory: z
      .object({
        Shared: z
          .boolean()
          .default(false)
          .describe(
            "Keep this server's agents in the shared directory of the document store (collection a2a-agents) beside those of every instance on the same store, and send a task for a skill only another instance serves to that instance. Needs a DocumentStore (orkeon serve: its state store).",
          ),
        PublicUrl: z
          .url({ protocol: /^https?$/ })
          .optional()
          .describe(
            'The address the other instances reach this server at, written in the shared directory; absent: the address it listens on (which must then be reachable from them).',
          ),
      })
      .prefault({})
      .describe('The agent directory shared by the instances on one store (several instances, R5).'),
  }),
  {
    description:
      'Agent-to-agent (A2A) server, experimental (SVCEXP001): the REST 0.x dialect plus SSE, and A2A v1.0 (JSON-RPC and HTTP+JSON, and gRPC when GrpcPort is set).',
  },
);

/** @experimental SVCEXP001 */
export type A2ASettings = SectionSettings<typeof a2aSettings>;

/** The settings as the host may write them in code: every key optional, defaults applied. */
export type A2ASettingsInput = z.input<(typeof a2aSettings)['schema']>;

/** The bound A2A settings, registered by `addSvcA2A`. */
export const A2ASettingsService = serviceToken<A2ASettings>('A2ASettings');
