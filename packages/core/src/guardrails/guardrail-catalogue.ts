import type { AgentDefinition } from '../crew/agent-definition.js';
import type { CrewDefinition } from '../crew/crew-definition.js';
import type { CoreErrorCode } from '../errors/error-codes.js';
import { OrkeonError } from '../errors/orkeon-error.js';
import type { ServiceCollection } from '../services/service-collection.js';
import { serviceToken } from '../services/service-token.js';
import { defineGuardrail, type Guardrail } from './guardrail.js';

/** Guardrails a crew or agent may name (`guardrails: [name]`); registered, they apply only where named. */
export const GuardrailService = serviceToken<Guardrail>('Guardrail');

/** Registers a guardrail by name, for YAML crews and agents to name under `guardrails:`. */
export function addGuardrail(services: ServiceCollection, guardrail: Guardrail): ServiceCollection {
  return services.addInstance(GuardrailService, defineGuardrail(guardrail));
}

/**
 * The guardrails of a runtime: those on every agent (`createRuntime({ guardrails })`) and
 * those registered by name. An agent's guardrails are the runtime's, then its crew's, then
 * its own, each once.
 */
export class GuardrailCatalogue {
  readonly #everywhere: readonly Guardrail[];
  readonly #byName = new Map<string, Guardrail>();

  constructor(everywhere: readonly Guardrail[], registered: readonly Guardrail[]) {
    this.#everywhere = everywhere;
    for (const guardrail of [...everywhere, ...registered]) {
      const known = this.#byName.get(guardrail.name);
      if (known !== undefined && known !== guardrail)
        throw new OrkeonError<CoreErrorCode>(
          'GUARDRAIL_INVALID',
          `Two different guardrails are named '${guardrail.name}'; give each its own name.`,
        );
      this.#byName.set(guardrail.name, guardrail);
    }
  }

  get isEmpty(): boolean {
    return this.#byName.size === 0 && this.#everywhere.length === 0;
  }

  /** The guardrails on `agent` in `crew`; throws `GUARDRAIL_UNKNOWN` for a name nothing answers to. */
  for(agent: AgentDefinition | undefined, crew: CrewDefinition | undefined): Guardrail[] {
    const found = new Set(this.#everywhere);
    if (crew !== undefined)
      for (const guardrail of this.#named(crew.guardrails, crew.ownGuardrails, `crew '${crew.name}'`))
        found.add(guardrail);
    if (agent !== undefined)
      for (const guardrail of this.#named(agent.guardrails, agent.ownGuardrails, `agent '${agent.id}'`))
        found.add(guardrail);
    return [...found];
  }

  /** Throws `GUARDRAIL_UNKNOWN` when the crew or one of its agents names a guardrail nothing answers to. */
  check(crew: CrewDefinition): void {
    for (const agent of crew.agents) this.for(agent, crew);
  }

  #named(names: readonly string[] | undefined, own: readonly Guardrail[] | undefined, whose: string): Guardrail[] {
    return (names ?? []).map((name) => {
      const guardrail = own?.find((candidate) => candidate.name === name) ?? this.#byName.get(name);
      if (guardrail === undefined)
        throw new OrkeonError<CoreErrorCode>(
          'GUARDRAIL_UNKNOWN',
          `The ${whose} names guardrail '${name}', which is not registered. Known guardrails: ${[...this.#byName.keys()].join(', ') || '(none)'}. Register it with createRuntime({ guardrails }) or addGuardrail(services, guardrail), or fix the name.`,
        );
      return guardrail;
    });
  }
}
