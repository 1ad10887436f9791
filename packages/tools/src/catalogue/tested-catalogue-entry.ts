import type { ToolCatalogueEntry } from '@orkeon/core';

/**
 * A catalogue entry that also says how the tool is tested, for the generated
 * catalogue in docs/tools.md. A family whose entries lack `tested` is shown with a
 * link to its own page instead.
 */
export interface TestedToolCatalogueEntry extends ToolCatalogueEntry {
  /** One line: what the tests run the tool against ("a real crew run on the scripted model server"). */
  readonly tested?: string;
}
