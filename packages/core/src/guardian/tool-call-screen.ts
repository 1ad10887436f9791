import type { NetworkGuard } from '../network/network-guard.js';

/** One string of a tool call's arguments, with where it sits (`path`, `files[2].name`). */
interface ArgumentText {
  readonly name: string;
  readonly text: string;
}

/** Enough of a call to judge it: deeper nesting and longer lists are unusual for tool arguments. */
const maxDepth = 6;
const maxStrings = 500;

function argumentTexts(input: unknown): ArgumentText[] {
  const found: ArgumentText[] = [];
  const visit = (value: unknown, name: string, depth: number) => {
    if (found.length >= maxStrings || depth > maxDepth) return;
    if (typeof value === 'string') found.push({ name: name || 'input', text: value });
    else if (Array.isArray(value))
      for (const [index, item] of value.entries()) visit(item, `${name}[${index}]`, depth + 1);
    else if (value !== null && typeof value === 'object')
      for (const [key, item] of Object.entries(value)) visit(item, name === '' ? key : `${name}.${key}`, depth + 1);
  };
  visit(input, '', 0);
  return found;
}

/** `..` as a path segment, as written or percent-encoded (once or twice), and NUL bytes that cut a path short. */
const traversal =
  /(?:^|[\\/])\.\.(?:[\\/]|$)|(?:%2e|%252e)(?:%2e|%252e|\.)|\.(?:%2e|%252e)|(?:%2e%2e|\.\.)(?:%2f|%5c|%252f)|\0|%00/i;

/** Arguments that hold a path by their name; any other argument is judged when its whole value looks like a path. */
const pathName =
  /(?:^|[._[])(?:path|paths|file|files|filename|filepath|dir|directory|folder|source|src|destination|dest|target|location|root|cwd|from|to|glob|pattern|mount)(?:$|[\]._])/i;
const pathLike = /^[^\s]*[\\/][^\s]*$/;

/** Text that names a URL: a scheme and `//`. */
const urlLike = /^\s*[a-z][a-z0-9+.-]{1,15}:\/\//i;

/**
 * SQL that breaks out of a quoted string: a quote followed by a tautology, a second
 * statement, a comment that cuts the rest, or a UNION. SQL written as SQL (a migration in
 * a file) has no such break, and the `*_query` tools, whose input is SQL, are not judged.
 */
const sqlInjection = [
  /['"`]\s*(?:or|and)\s+['"`(]?\s*[\w'"]+['"`]?\s*(?:=|like|<>|!=)\s*['"`(]?\s*[\w'"]+/i,
  /['"`]\s*\)?\s*;\s*(?:drop|delete|truncate|alter|insert|update|create|exec|execute|shutdown|grant|revoke)\s/i,
  /['"`]\s*\)?\s*(?:--|\/\*)/,
  /['"`]\s*\)?\s*union\s+(?:all\s+)?select\b/i,
  /\b(?:xp_cmdshell|sp_executesql|pg_sleep\s*\(|waitfor\s+delay\s+')/i,
];

/** SQL injection rides in short values (a name, an id, a search term); long or multi-line text is content, such as code. */
const maxSqlJudgedLength = 1_000;

/** The rules of the tool phase. */
export type ToolCallRule = 'path-traversal' | 'url' | 'sql-injection';

/** Why a call may not run: the rule, and the reason in words for the model. */
export interface ToolCallRefusal {
  readonly rule: ToolCallRule;
  readonly reason: string;
}

/**
 * The Guardian tool phase: why a tool call may not run, or undefined when it may. Every
 * string of the arguments is judged: a path that climbs out of its folder, a URL the URL
 * rules refuse (scheme, credentials, loopback / private / link-local / metadata address,
 * blocked port or domain; names are resolved and judged again when a tool connects), and,
 * outside the `*_query` tools, SQL that breaks out of a quoted string in a short value.
 * The reason names the argument and the rule, never the argument's whole value.
 */
export function screenToolCall(
  tool: string,
  input: unknown,
  urls: NetworkGuard,
  /** Top-level arguments the tool declares as identifiers it never fetches: not judged as URLs. */
  identifiers: readonly string[] = [],
): ToolCallRefusal | undefined {
  const judgesSql = !tool.toLowerCase().endsWith('_query');
  for (const { name, text } of argumentTexts(input)) {
    if ((pathName.test(name) || pathLike.test(text)) && traversal.test(text))
      return {
        rule: 'path-traversal',
        reason: `path traversal in argument '${name}': a path may not climb out of its folder ('..').`,
      };
    if (urlLike.test(text) && !identifiers.includes(name)) {
      const check = urls.checkUrl(text.trim());
      if (!check.ok)
        return { rule: 'url', reason: `the URL in argument '${name}' is refused (${check.code}): ${check.message}` };
      // A name every resolver answers with loopback (RFC 6761) is refused here, before any lookup.
      const host = check.value.url.hostname.toLowerCase().replace(/\.$/, '');
      if (!check.value.hostAllowed && (host === 'localhost' || host.endsWith('.localhost')))
        return {
          rule: 'url',
          reason: `the URL in argument '${name}' is refused (NETWORK_ADDRESS_BLOCKED): ${host} is this machine (loopback), which agents may not reach. An operator can allow it with an allowed host.`,
        };
    }
    if (
      judgesSql &&
      text.length <= maxSqlJudgedLength &&
      !text.includes('\n') &&
      sqlInjection.some((pattern) => pattern.test(text))
    )
      return {
        rule: 'sql-injection',
        reason: `SQL injection in argument '${name}': the text breaks out of a quoted SQL string.`,
      };
  }
  return undefined;
}
