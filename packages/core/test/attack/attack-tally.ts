/** Attempts and escapes per attack class, printed at the end of the suite (docs/security.md quotes them). */
export class AttackTally {
  readonly #rows = new Map<string, { attempts: number; escapes: string[] }>();

  record(attackClass: string, escaped: string | undefined): void {
    const row = this.#rows.get(attackClass) ?? { attempts: 0, escapes: [] };
    row.attempts++;
    if (escaped !== undefined) row.escapes.push(escaped);
    this.#rows.set(attackClass, row);
  }

  attempts(attackClass: string): number {
    return this.#rows.get(attackClass)?.attempts ?? 0;
  }

  escapes(attackClass: string): string[] {
    return this.#rows.get(attackClass)?.escapes ?? [];
  }

  report(): string {
    const lines = [...this.#rows].map(([name, row]) => `| ${name} | ${row.attempts} | ${row.escapes.length} |`);
    return ['| Class | Attempts | Escapes |', '| --- | --- | --- |', ...lines].join('\n');
  }
}
