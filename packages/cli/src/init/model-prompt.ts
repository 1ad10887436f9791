import { type ProviderDescription, providerCatalogue } from '@orkeon/providers';
import { UsageError } from '../usage-error.js';
import { visibleText } from '../visible-text.js';
import {
  baseUrlProblem,
  echoProviderName,
  findProvider,
  type ModelChoice,
  modelIdProblem,
  providerModel,
} from './model-choice.js';

/** Asks one question and resolves with the answer, or `undefined` when no more answers will come (input ended). */
export type AskQuestion = (question: string) => Promise<string | undefined>;

/**
 * Asks which model a new project runs on: the offline echo model first (the default), then each
 * provider of the catalogue; then the model id (the provider's default on Enter) and, for a
 * provider with no default endpoint (Azure), the endpoint. A wrong answer is explained and the
 * question asked again; input that ends throws a `UsageError` naming the flags that avoid the questions.
 */
export async function askModelChoice(ask: AskQuestion, write: (text: string) => void): Promise<ModelChoice> {
  const required = async (question: string): Promise<string> => {
    const answer = await ask(question);
    if (answer === undefined)
      throw new UsageError(
        'orkeon init got no answer (the input ended): answer its questions on a terminal, or give the model with --provider <name> [--model <id>].',
      );
    return answer.trim();
  };
  write(`Which model should the crew run on? You can change it later in appsettings.json.\n${choiceList()}`);
  const provider = await chooseProvider(required, write);
  if (provider === echoProviderName) return { kind: 'echo' };
  let baseUrl = provider.defaultBaseUrl;
  for (;;) {
    if (provider.defaultBaseUrl === undefined) baseUrl = await askBaseUrl(required, write);
    const model = await askModel(provider, required, write);
    const result = providerModel(provider, { model, baseUrl });
    if ('choice' in result) return result.choice;
    write(`${visibleText(result.problem)}.\n`);
  }
}

function choiceList(): string {
  const width = Math.max(...providerCatalogue.map((provider) => provider.key.length));
  const lines = [
    `${echoProviderName.padEnd(width)}  offline, no key: repeats its input, never calls tools`,
    ...providerCatalogue.map((provider) => {
      const model = provider.defaultModel ?? 'your deployment';
      const key = provider.requiresApiKey ? '' : ', no key';
      return `${provider.key.padEnd(width)}  ${provider.vendor}: ${model}${key}`;
    }),
  ];
  const number = String(lines.length).length;
  return `${lines.map((line, index) => `  ${String(index + 1).padStart(number)}) ${line}`).join('\n')}\n`;
}

async function chooseProvider(
  required: (question: string) => Promise<string>,
  write: (text: string) => void,
): Promise<ProviderDescription | typeof echoProviderName> {
  const count = providerCatalogue.length + 1;
  for (;;) {
    const answer = await required(`Model provider, 1 to ${count} or a name [1]: `);
    if (answer === '') return echoProviderName;
    if (/^\d+$/.test(answer)) {
      const index = Number(answer);
      if (index === 1) return echoProviderName;
      const provider = providerCatalogue[index - 2];
      if (provider !== undefined) return provider;
    } else {
      const provider = findProvider(answer);
      if (provider !== undefined) return provider;
    }
    write(`'${visibleText(answer)}' is not one of the choices: answer a number from 1 to ${count}, or a name.\n`);
  }
}

async function askBaseUrl(
  required: (question: string) => Promise<string>,
  write: (text: string) => void,
): Promise<string> {
  for (;;) {
    const answer = await required('Endpoint (Llm:BaseUrl), e.g. https://<resource>.openai.azure.com: ');
    const problem = baseUrlProblem(answer);
    if (problem === undefined) return answer;
    write(`The endpoint '${visibleText(answer)}' ${problem}.\n`);
  }
}

async function askModel(
  provider: ProviderDescription,
  required: (question: string) => Promise<string>,
  write: (text: string) => void,
): Promise<string> {
  for (;;) {
    const answer = await required(
      provider.defaultModel === undefined
        ? 'Deployment name (Llm:Model): '
        : `Model id (Llm:Model) [${provider.defaultModel}]: `,
    );
    if (answer === '' && provider.defaultModel !== undefined) return provider.defaultModel;
    const problem = modelIdProblem(answer);
    if (problem === undefined) return answer;
    write(`The model id '${visibleText(answer)}' ${problem}.\n`);
  }
}
