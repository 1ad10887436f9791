import { randomUUID } from 'node:crypto';
import {
  AuditRecorderService,
  type AuditTrail,
  AuditTrailService,
  type Configuration,
  type ServiceResolver,
  serviceToken,
} from '@orkeon/core';
import { readAuditSummary } from './audit-summary.js';
import type { ComplianceFacts } from './compliance-facts.js';
import { complianceScore } from './compliance-score.js';
import { controlCatalogue } from './controls/control-catalogue.js';
import type { ControlInput } from './controls/control-definition.js';
import type {
  ComplianceFinding,
  ComplianceRecommendation,
  ComplianceScore,
  ControlAssessment,
  FindingSeverity,
  NistComplianceReport,
} from './nist-compliance-report.js';
import { nistComplianceSettings } from './nist-compliance-settings.js';
import type { PackageSettings } from './package-settings.js';
import { runtimeFacts } from './runtime-facts.js';
import { settingsFacts } from './settings-facts.js';

/** @experimental SVCEXP007 */
export interface NistComplianceReporterOptions {
  /** The settings the runtime (or `orkeon run`) works with. */
  readonly configuration: Configuration;
  /**
   * The runtime's container: what it registered (a gate, the Guardian, the audit recorder and
   * trail, the mounts, …) is judged as it is. Without it, the settings are judged as `orkeon run`
   * applies them.
   */
  readonly services?: ServiceResolver;
  /** Settings of the packages this one does not depend on (A2A, MCP, DLP, shell). */
  readonly packageSettings?: PackageSettings;
  /**
   * The audit trail to read, and how to describe it (`sqlite .orkeon/state.db`). Default: the
   * container's `AuditTrailService`.
   */
  readonly auditTrail?: { readonly trail: AuditTrail; readonly description: string; readonly durable: boolean };
  /** Where `OTEL_EXPORTER_OTLP_ENDPOINT` is read; default `process.env`. */
  readonly environment?: Readonly<Record<string, string | undefined>>;
  readonly clock?: () => Date;
  readonly idGenerator?: () => string;
}

/** @experimental SVCEXP007 */
export interface GenerateReportOptions {
  /** The start of the audit period; default `Svc:Compliance:PeriodDays` before now. */
  readonly since?: Date;
}

const day = 24 * 60 * 60 * 1000;
const severities: readonly FindingSeverity[] = ['High', 'Medium', 'Low'];

/**
 * Builds NIST SP 800-53 reports: the 25 controls of the catalogue, each judged from the
 * running configuration and the audit trail's records of the period, with the evidence,
 * the score, the findings and the settings to change. Every call reads afresh.
 *
 * @experimental SVCEXP007
 */
export class NistComplianceReporter {
  readonly #options: NistComplianceReporterOptions;

  constructor(options: NistComplianceReporterOptions) {
    this.#options = options;
  }

  async generateReport(options: GenerateReportOptions = {}): Promise<NistComplianceReport> {
    const now = (this.#options.clock ?? (() => new Date()))();
    const settings = this.#options.configuration.get(nistComplianceSettings);
    const facts = this.#facts();
    const services = this.#options.services;
    const trail = this.#options.auditTrail?.trail ?? services?.tryGet(AuditTrailService);
    const recorder = services?.tryGet(AuditRecorderService);
    const audit = await readAuditSummary({
      trail,
      ...(recorder === undefined ? {} : { flush: () => recorder.flush() }),
      description: trail === undefined ? 'none' : (this.#options.auditTrail?.description ?? facts.audit.trail),
      since: options.since ?? new Date(now.getTime() - settings.PeriodDays * day),
      now,
      limit: settings.MaxRecords,
      retentionDays: facts.audit.retentionDays,
    });
    const input: ControlInput = { facts, audit, settings };
    const controls = controlCatalogue.map((definition): ControlAssessment => {
      const { recommendation, ...judgement } = definition.assess(input);
      const applies = judgement.status !== 'Implemented' && judgement.status !== 'NotApplicable';
      return {
        id: definition.id,
        family: definition.family,
        title: definition.title,
        description: definition.description,
        ...judgement,
        ...(applies && recommendation !== undefined
          ? { recommendation: { controlId: definition.id, ...recommendation } }
          : {}),
      };
    });
    const findings: ComplianceFinding[] = controlCatalogue.flatMap((definition, index) => {
      const control = controls[index] as ControlAssessment;
      if (control.status === 'Implemented' || control.status === 'NotApplicable') return [];
      const severity = control.status === 'NotImplemented' ? definition.severity : lower(definition.severity);
      return [{ controlId: control.id, severity, message: `${control.id} ${control.title}: ${control.rationale}` }];
    });
    if (audit.byOutcome.Blocked > 0)
      findings.push({
        controlId: 'IR-5',
        severity: 'Low',
        message: `${audit.byOutcome.Blocked} blocked action(s) in the period (Guardian ${audit.blockedByKind.guardian}, permission gate ${audit.blockedByKind.permission}, tools ${audit.blockedByKind.tool}): review them with orkeon audit --outcome blocked.`,
      });
    if (audit.period.truncated)
      findings.push({
        controlId: 'AU-12',
        severity: 'Low',
        message: `The period holds more audit records than Svc:Compliance:MaxRecords (${settings.MaxRecords}): the counts cover the newest ${audit.period.records}.`,
      });
    findings.sort((left, right) => severities.indexOf(left.severity) - severities.indexOf(right.severity));
    return {
      reportId: (this.#options.idGenerator ?? (() => `nist-${randomUUID()}`))(),
      generatedAt: now.toISOString(),
      basis: facts.basis,
      auditPeriod: audit.period,
      score: complianceScore(controls),
      controls,
      findings,
      recommendations: controls.flatMap((control): ComplianceRecommendation[] =>
        control.recommendation === undefined ? [] : [control.recommendation],
      ),
    };
  }

  /** The score of a report built now. */
  async getComplianceScore(options: GenerateReportOptions = {}): Promise<ComplianceScore> {
    return (await this.generateReport(options)).score;
  }

  #facts(): ComplianceFacts {
    const { configuration, services, packageSettings, auditTrail } = this.#options;
    const fromSettings = settingsFacts(configuration, {
      environment: this.#options.environment ?? process.env,
      ...(packageSettings === undefined ? {} : { packageSettings }),
      ...(auditTrail === undefined
        ? {}
        : { auditTrail: { description: auditTrail.description, durable: auditTrail.durable } }),
    });
    return services === undefined ? fromSettings : runtimeFacts(services, fromSettings);
  }
}

function lower(severity: FindingSeverity): FindingSeverity {
  return severity === 'High' ? 'Medium' : 'Low';
}

/** The runtime's reporter, registered by `addSvcNistCompliance`. @experimental SVCEXP007 */
export const NistComplianceReporterService = serviceToken<NistComplianceReporter>('NistComplianceReporter');
