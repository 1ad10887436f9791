import {
  audit,
  type ControlDefinition,
  guardianEvidence,
  implemented,
  missing,
  partial,
  setting,
} from './control-definition.js';

/** RA: the screening of everything that enters or leaves an agent for known attack patterns. */
export const riskAssessmentControls: readonly ControlDefinition[] = [
  {
    id: 'RA-5',
    family: 'RA',
    title: 'Vulnerability Monitoring and Scanning',
    description:
      'Known weaknesses are looked for continuously. For agents they are attack patterns: the Guardian scans each prompt for injection, checks each tool call (path traversal, private and metadata addresses, blocked ports) and scans each tool result.',
    severity: 'Medium',
    assess({ facts, audit: trail }) {
      const phases = trail.guardianBlocksByPhase;
      const evidence = [
        guardianEvidence(facts),
        setting('Svc:Security:Prompt:Policy', facts.guardian.promptPolicy),
        setting('Svc:Security:ToolResults:Policy', facts.guardian.toolResultPolicy),
        ...Object.entries(phases).map(([phase, count]) => audit(`Guardian blocks, ${phase}`, count)),
      ];
      if (!facts.guardian.on)
        return {
          status: missing,
          rationale: 'The Guardian is off: nothing is scanned.',
          evidence,
          recommendation: { setting: 'Svc:Guardian:Enabled', value: 'true', action: 'Turn the Guardian back on.' },
        };
      const unscanned = [
        ...(facts.guardian.promptPolicy === 'Off' ? ['prompts'] : []),
        ...(facts.guardian.toolResultPolicy === 'Off' ? ['tool results'] : []),
      ];
      if (unscanned.length > 0)
        return {
          status: partial,
          rationale: `Tool calls are checked, but ${unscanned.join(' and ')} are not scanned.`,
          evidence,
          recommendation:
            facts.guardian.promptPolicy === 'Off'
              ? { setting: 'Svc:Security:Prompt:Policy', value: '"Block"', action: 'Scan prompts for injection.' }
              : { setting: 'Svc:Security:ToolResults:Policy', value: '"Warn"', action: 'Scan tool results.' },
        };
      return {
        status: implemented,
        rationale: 'Prompts, tool calls and tool results are all scanned.',
        evidence,
      };
    },
  },
];
