import {
  audit,
  type ControlDefinition,
  guardianEvidence,
  implemented,
  missing,
  partial,
  runtime,
  setting,
} from './control-definition.js';

/** A count by a key the trail may not know (a kind added by a later release reads 0). */
function countOf(counts: Readonly<Record<string, number>>, key: string): number {
  return counts[key] ?? 0;
}

/** SI: what enters an agent (prompts, tool results), what leaves it (personal data), and monitoring. */
export const systemIntegrityControls: readonly ControlDefinition[] = [
  {
    id: 'SI-3',
    family: 'SI',
    title: 'Malicious Code Protection',
    description:
      'Malicious content is caught where it enters. For agents that is instructions hidden in tool results (web pages, files, API answers): the Guardian hands results to the model as data and scans them for injection.',
    severity: 'Medium',
    assess({ facts, audit: trail }) {
      const evidence = [
        guardianEvidence(facts),
        setting('Svc:Security:ToolResults:Policy', facts.guardian.toolResultPolicy),
        setting('Svc:Security:ToolResults:TrustedTools', facts.guardian.trustedTools),
        audit('tool results blocked', trail.guardianBlocksByPhase.ToolResult ?? 0),
      ];
      if (!facts.guardian.on || facts.guardian.toolResultPolicy === 'Off')
        return {
          status: missing,
          rationale: 'Tool results reach the model as they are, unscanned.',
          evidence,
          recommendation: facts.guardian.on
            ? {
                setting: 'Svc:Security:ToolResults:Policy',
                value: '"Block"',
                action: 'Scan tool results and withhold injected ones.',
              }
            : { setting: 'Svc:Guardian:Enabled', value: 'true', action: 'Turn the Guardian back on.' },
        };
      if (facts.guardian.toolResultPolicy === 'Warn')
        return {
          status: partial,
          rationale: 'Tool results are wrapped as data and scanned, but an injected one is only logged, not withheld.',
          evidence,
          recommendation: {
            setting: 'Svc:Security:ToolResults:Policy',
            value: '"Block"',
            action: 'Withhold tool results with a High or Critical injection finding.',
          },
        };
      return {
        status: implemented,
        rationale: 'Tool results are scanned, and those with a High or Critical injection finding are withheld.',
        evidence,
      };
    },
  },
  {
    id: 'SI-4',
    family: 'SI',
    title: 'System Monitoring',
    description:
      'The system is watched from outside itself. Orkeon emits OpenTelemetry spans and metrics for every agent turn, model call and tool execution; they are monitoring once exported to a collector.',
    severity: 'Medium',
    assess({ facts }) {
      const destinations = facts.telemetry.destinations;
      const evidence = [
        ...(facts.telemetry.exporterRegistered === undefined
          ? []
          : [runtime('telemetry exporter', facts.telemetry.exporterRegistered ? 'registered' : 'none')]),
        setting('telemetry destinations', destinations.join(', ') || 'none'),
      ];
      const exportTo = {
        setting: 'Telemetry:OtlpEndpoint',
        value: '"https://collector.example.com:4318"',
        action:
          'Export spans and metrics to an OpenTelemetry collector (Telemetry:OtlpEndpoint or OTEL_EXPORTER_OTLP_ENDPOINT; a host also calls addSvcTelemetry).',
      };
      if (facts.telemetry.exporterRegistered === false)
        return {
          status: missing,
          rationale: 'No telemetry exporter is registered: spans and metrics go nowhere.',
          evidence,
          recommendation: exportTo,
        };
      if (destinations.some((destination) => destination.startsWith('otlp ')))
        return { status: implemented, rationale: 'Spans and metrics are exported over OTLP.', evidence };
      if (destinations.length > 0)
        return {
          status: partial,
          rationale: 'Spans and metrics are written to the console only.',
          evidence,
          recommendation: exportTo,
        };
      return { status: missing, rationale: 'Spans and metrics are not exported.', evidence, recommendation: exportTo };
    },
  },
  {
    id: 'SI-10',
    family: 'SI',
    title: 'Information Input Validation',
    description:
      'Input is checked before it is used. Orkeon refuses unknown or bad settings at start, validates tool arguments against their schemas, and screens each task’s prompt for injection (Svc:Security:Prompt:Policy).',
    severity: 'High',
    assess({ facts, audit: trail }) {
      const evidence = [
        guardianEvidence(facts),
        setting('Svc:Security:Prompt:Policy', facts.guardian.promptPolicy),
        audit('prompts blocked', trail.guardianBlocksByPhase.Input ?? 0),
      ];
      if (!facts.guardian.on || facts.guardian.promptPolicy === 'Off')
        return {
          status: missing,
          rationale: 'Prompts are not screened for injection.',
          evidence,
          recommendation: facts.guardian.on
            ? { setting: 'Svc:Security:Prompt:Policy', value: '"Block"', action: 'Screen prompts and block injection.' }
            : { setting: 'Svc:Guardian:Enabled', value: 'true', action: 'Turn the Guardian back on.' },
        };
      if (facts.guardian.promptPolicy === 'Warn')
        return {
          status: partial,
          rationale: 'Prompts are screened, but an injection is only logged; the task runs.',
          evidence,
          recommendation: {
            setting: 'Svc:Security:Prompt:Policy',
            value: '"Block"',
            action: 'Let a High or Critical injection fail the task.',
          },
        };
      return {
        status: implemented,
        rationale: 'Prompts are screened and a High or Critical injection fails the task.',
        evidence,
      };
    },
  },
  {
    id: 'SI-15',
    family: 'SI',
    title: 'Information Output Filtering',
    description:
      'Output is checked before it leaves. Data-loss prevention finds personal data (e-mail, phone, SSN, card, IBAN, passport, IP): its channel policies mask, block or record it in tool results, delegation, logs, memories and answers to other agents, and tasks that declare `outputValidation.forbiddenPii` refuse it.',
    severity: 'Medium',
    assess({ facts, audit: trail }) {
      const evidence = [
        facts.basis === 'runtime'
          ? runtime('PII detector', facts.piiDetector ? 'registered' : 'none')
          : setting('Svc:Dlp', facts.piiDetector ? 'present' : 'absent or disabled'),
        setting('Svc:Dlp:ApplyInPipeline', facts.dlpInPipeline),
        audit('DLP records', countOf(trail.byKind, 'dlp')),
      ];
      if (facts.piiDetector && facts.dlpInPipeline)
        return {
          status: implemented,
          rationale:
            'The DLP channel policies are applied to tool results, delegation, logs, memories and answers to other agents.',
          evidence,
        };
      if (facts.piiDetector)
        return {
          status: partial,
          rationale:
            'A PII detector is registered, so tasks that declare forbiddenPii refuse personal data; the channel policies are left to the host.',
          evidence,
          recommendation: {
            setting: 'Svc:Dlp:ApplyInPipeline',
            value: 'true',
            action: 'Apply the DLP channel policies in the runtime itself.',
          },
        };
      return {
        status: missing,
        rationale: 'No PII detector is registered: no output is checked for personal data.',
        evidence,
        recommendation: {
          setting: 'Svc:Dlp:ApplyInPipeline',
          value: 'true',
          action:
            'Enable data-loss prevention applied in the pipeline: "Svc": { "Dlp": { "ApplyInPipeline": true } } for orkeon run, or addSvcDlp in code.',
        },
      };
    },
  },
];
