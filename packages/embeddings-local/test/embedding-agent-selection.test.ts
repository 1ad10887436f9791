import { createRuntime, defineCrew, ServiceCollection } from '@orkeon/core';
import { captureLogger } from '@orkeon/testing';
import { describe, expect, it } from 'vitest';
import { addSvcLocalEmbeddings } from '../src/index.js';

describe('agentSelection Embedding with the bundled local model', () => {
  it('gives each task the agent whose role and goal mean the nearest thing, with few words in common', async () => {
    const services = addSvcLocalEmbeddings(new ServiceCollection());
    // The echo model answers every task: what is tested is who gets it.
    await using runtime = await createRuntime({ services, logger: captureLogger().logger });
    const crew = defineCrew({
      name: 'front-desk',
      agentSelection: 'Embedding',
      agents: [
        { id: 'chef', role: 'Chef', goal: 'Cooks meals and invents recipes for a restaurant' },
        { id: 'accountant', role: 'Accountant', goal: 'Keeps the books, pays the taxes and sends invoices' },
        { id: 'vet', role: 'Veterinarian', goal: 'Treats sick animals and pets' },
      ],
      tasks: [
        {
          id: 'limp',
          description: 'My dog has been limping since yesterday; what should I do?',
          expectedOutput: 'Advice',
        },
        { id: 'dinner', description: 'Prepare a dinner menu for twelve guests', expectedOutput: 'A menu' },
        { id: 'vat', description: 'File the quarterly VAT return', expectedOutput: 'The filed return' },
        { id: 'cat', description: 'Our cat will not eat anything', expectedOutput: 'Advice' },
        { id: 'cake', description: 'Bake a chocolate cake', expectedOutput: 'A recipe' },
      ],
    });
    const result = await runtime.run(crew);
    expect(result.success).toBe(true);
    expect(result.tasks.map((task) => `${task.id}:${task.agent}`)).toEqual([
      'limp:vet',
      'dinner:chef',
      'vat:accountant',
      'cat:vet',
      'cake:chef',
    ]);
  });
});
