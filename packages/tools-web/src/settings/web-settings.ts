import { bindSettingsInCode, defineSettingsSection, parseAllowedHost, parseAllowedRange } from '@orkeon/core';
import { z } from 'zod';

const allowedHost = z.string().superRefine((entry, context) => {
  const parsed = parseAllowedHost(entry);
  if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
});

const allowedRange = z.string().superRefine((entry, context) => {
  const parsed = parseAllowedRange(entry);
  if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
});

/** `Svc:Tools:Web`: what the web tools may reach, how long they wait and how much they keep. */
export const webSettings = defineSettingsSection(
  'Svc:Tools:Web',
  z.object({
    AllowedHosts: z
      .array(allowedHost)
      .default([])
      .describe(
        "Hosts the tools may reach whatever they resolve to, also loopback and private ones: 'intranet.example.com', '*.example.com' (subdomains), 'localhost:8080' (one port), '[::1]:9000'. Empty: public addresses only.",
      ),
    AllowedRanges: z
      .array(allowedRange)
      .default([])
      .describe(
        "Address ranges the tools may reach although the guard would refuse them: '10.0.0.0/8', 'fd00::/8', or one address. Empty: none.",
      ),
    TimeoutSeconds: z
      .number()
      .min(1)
      .max(600)
      .default(30)
      .describe('Time limit of one request, redirects included; the request is cancelled then.'),
    MaxResponseBytes: z
      .number()
      .int()
      .min(1_024)
      .max(1_000_000_000)
      .default(5_000_000)
      .describe('Bytes of a response body kept (after decompression); the rest is not read and the answer says so.'),
    MaxRedirects: z
      .number()
      .int()
      .min(0)
      .max(20)
      .default(5)
      .describe('Redirects followed, each checked by the guard like the first URL; 0 answers the redirect itself.'),
    MaxResultCharacters: z
      .number()
      .int()
      .min(500)
      .max(1_000_000)
      .default(20_000)
      .describe('Characters of page text or response body a tool answers; longer text is cut with a note.'),
    UserAgent: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[\x20-\x7e]+$/, 'printable ASCII only')
      .default('Orkeon-Web-Tools/0.1')
      .describe('The User-Agent header of every request (a request may set its own).'),
    CacheMaxCharacters: z
      .number()
      .int()
      .min(1_000)
      .max(100_000_000)
      .default(2_000_000)
      .describe('Characters of fetched page text kept in memory for cache_search; the oldest pages go first.'),
    CacheMaxPages: z
      .number()
      .int()
      .min(1)
      .max(10_000)
      .default(200)
      .describe('Pages kept in memory for cache_search; the oldest go first.'),
  }),
  { description: 'The web tools: the network guard (allowed hosts and ranges), time and size limits, the page cache.' },
);

/** The bound `Svc:Tools:Web` settings, defaults applied. */
export type WebSettings = z.output<typeof webSettings.schema>;

/** The settings as written: every key optional. */
export type WebSettingsInput = z.input<typeof webSettings.schema>;

/** Applies the defaults and checks the values; a bad one throws a `ConfigurationError` naming the key. */
export function bindWebSettings(settings: WebSettingsInput = {}): WebSettings {
  return bindSettingsInCode(webSettings, settings);
}
