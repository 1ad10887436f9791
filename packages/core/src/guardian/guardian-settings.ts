import { z } from 'zod';
import { defineSettingsSection } from '../config/settings-section.js';
import { parseAllowedHost, parseAllowedRange } from '../network/network-allowlist.js';

export const guardianSettings = defineSettingsSection(
  'Svc:Guardian',
  z.object({
    Enabled: z
      .boolean()
      .default(true)
      .describe(
        'The Guardian screens prompts, tool calls and tool results. false turns every phase off (one warning at start).',
      ),
  }),
  { description: 'The Guardian: prompt screening, tool-call checks, tool results as data.' },
);

export const promptPolicies = ['Block', 'Warn', 'Off'] as const;
export type PromptPolicy = (typeof promptPolicies)[number];

export const promptSecuritySettings = defineSettingsSection(
  'Svc:Security:Prompt',
  z.object({
    Policy: z
      .enum(promptPolicies)
      .default('Block')
      .describe(
        'What a High or Critical injection finding in a prompt does: Block fails the task (GuardianBlocked), Warn logs it and runs the task, Off skips the screen.',
      ),
  }),
  { description: 'The Guardian input phase: the composed prompt of each task screened for prompt injection.' },
);

export const toolResultPolicies = ['Warn', 'Block', 'Off'] as const;
export type ToolResultPolicy = (typeof toolResultPolicies)[number];

export const toolResultSecuritySettings = defineSettingsSection(
  'Svc:Security:ToolResults',
  z.object({
    Policy: z
      .enum(toolResultPolicies)
      .default('Warn')
      .describe(
        'Tool results reach the model inside a data envelope: Warn logs injection found in them, Block also withholds a result with a High or Critical finding, Off hands results over as they are.',
      ),
    TrustedTools: z
      .array(z.string().trim().min(1))
      .default(['email_*', 'human_input'])
      .describe(
        "Tools whose results are handed over without screening or envelope: names, or a prefix and '*' ('email_*'). human_input answers come from the person running the work.",
      ),
  }),
  { description: 'Tool results as data: the envelope and the injection screen of tool results.' },
);

/** The ports of services reached by their own protocols, never by a URL an agent writes (the original's list). */
export const defaultBlockedPorts = [22, 23, 25, 110, 143, 445, 3306, 5432, 6379, 27017] as const;

export const urlSecuritySettings = defineSettingsSection(
  'Svc:Security:Url',
  z.object({
    BlockedPorts: z
      .array(z.int().min(1).max(65_535))
      .default([...defaultBlockedPorts])
      .describe(
        'Ports no URL in a tool call may name (SSH, Telnet, SMTP, POP3, IMAP, SMB, MySQL, PostgreSQL, Redis, MongoDB).',
      ),
    BlockedDomains: z
      .array(
        z
          .string()
          .trim()
          .min(1)
          .regex(/^(?:\*\.)?[a-z0-9.-]+$/i, 'a domain such as example.com'),
      )
      .default([])
      .describe('Domains no URL in a tool call may reach, each with its subdomains.'),
    AllowedHosts: z
      .array(
        z.string().superRefine((entry, context) => {
          const parsed = parseAllowedHost(entry);
          if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
        }),
      )
      .default([])
      .describe(
        "Hosts tool calls may name although they are loopback or private ('intranet.example.com', 'localhost:8080').",
      ),
    AllowedRanges: z
      .array(
        z.string().superRefine((entry, context) => {
          const parsed = parseAllowedRange(entry);
          if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
        }),
      )
      .default([])
      .describe("Address ranges tool calls may name although the rules refuse them ('10.0.0.0/8')."),
  }),
  {
    description:
      'The URL rules of the Guardian tool phase: http and https only, no private, loopback, link-local or metadata address, no blocked port or domain.',
  },
);
