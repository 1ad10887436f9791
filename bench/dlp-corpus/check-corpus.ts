// Checker for the DLP (PII detector) test corpus: validates development.jsonl and held-out.jsonl, prints counts, exits 1 on any problem.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const files = ['development.jsonl', 'held-out.jsonl'];
const kinds = ['positive', 'lookalike'] as const;
const types = ['Email', 'Phone', 'Ssn', 'CreditCard', 'Iban', 'Passport', 'IpAddress'] as const;
const MIN_PER_KIND = 130;
const MIN_PER_TYPE = 15;

interface Item {
  type: string;
  value: string;
}
interface Entry {
  id: string;
  kind: string;
  family: string;
  text: string;
  pii: Item[];
}

const problems: string[] = [];
const problem = (where: string, message: string): false => {
  problems.push(`${where}: ${message}`);
  return false;
};
const out = (text: string) => process.stdout.write(`${text}\n`);

function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let n = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

function ibanValid(value: string): boolean {
  const compact = value.replace(/ /g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(compact)) return false;
  const rearranged = compact.slice(4) + compact.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const chunk = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of chunk) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

function ssnValid(value: string): boolean {
  if (!/^\d{3}[- ]?\d{2}[- ]?\d{4}$/.test(value)) return false;
  const digits = value.replace(/\D/g, '');
  const area = Number(digits.slice(0, 3));
  const group = Number(digits.slice(3, 5));
  const serial = Number(digits.slice(5));
  return area !== 0 && area !== 666 && area < 900 && group !== 0 && serial !== 0;
}

function checkItem(where: string, item: Item, text: string): boolean {
  if (typeof item !== 'object' || item === null) return problem(where, 'pii item is not an object');
  if (!(types as readonly string[]).includes(item.type)) problem(where, `unknown type ${item.type}`);
  if (typeof item.value !== 'string' || item.value.length === 0) return problem(where, 'empty value');
  if (!text.includes(item.value)) problem(where, `value not in text: ${item.value}`);
  if (item.type === 'CreditCard') {
    const digits = item.value.replace(/[ -]/g, '');
    if (!/^\d{13,19}$/.test(digits)) problem(where, `card is not 13-19 digits: ${item.value}`);
    else if (!luhnValid(digits)) problem(where, `card fails Luhn: ${item.value}`);
  }
  if (item.type === 'Iban' && !ibanValid(item.value)) problem(where, `IBAN fails mod-97: ${item.value}`);
  if (item.type === 'Ssn' && !ssnValid(item.value)) problem(where, `SSN not in a valid range: ${item.value}`);
  return true;
}

const tally = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const allIds = new Map<string, string>();

for (const file of files) {
  const lines = readFileSync(join(here, file), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
  const byKind = new Map<string, number>();
  const byType = new Map<string, number>();
  const byFamily = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    let where = `${file}:${index + 1}`;
    let entry: Entry;
    try {
      entry = JSON.parse(line) as Entry;
    } catch (error) {
      problem(where, `invalid JSON (${(error as Error).message})`);
      continue;
    }
    if (typeof entry.id !== 'string' || entry.id === '') {
      problem(where, 'missing id');
      continue;
    }
    where = `${file}:${index + 1} ${entry.id}`;
    if (allIds.has(entry.id)) problem(where, `duplicate id (also in ${allIds.get(entry.id)})`);
    allIds.set(entry.id, file);
    const keys = Object.keys(entry).sort().join(',');
    if (keys !== 'family,id,kind,pii,text') problem(where, `unexpected fields: ${keys}`);
    if (!(kinds as readonly string[]).includes(entry.kind)) problem(where, `unknown kind ${entry.kind}`);
    if (typeof entry.family !== 'string' || entry.family === '') problem(where, 'missing family');
    if (typeof entry.text !== 'string' || entry.text === '' || !Array.isArray(entry.pii)) {
      problem(where, 'text missing or pii not an array');
      continue;
    }
    if (entry.kind === 'positive' && entry.pii.length === 0) problem(where, 'positive without pii items');
    if (entry.kind === 'lookalike' && entry.pii.length > 0) problem(where, 'lookalike with pii items');
    for (const item of entry.pii) checkItem(where, item, entry.text);
    tally(byKind, entry.kind);
    tally(byFamily, `${entry.kind}/${entry.family}`);
    for (const type of new Set(entry.pii.map((item) => item.type))) tally(byType, type);
  }
  for (const kind of kinds) {
    if ((byKind.get(kind) ?? 0) < MIN_PER_KIND)
      problem(file, `only ${byKind.get(kind) ?? 0} ${kind} texts (need ${MIN_PER_KIND})`);
  }
  for (const type of types) {
    if ((byType.get(type) ?? 0) < MIN_PER_TYPE)
      problem(file, `only ${byType.get(type) ?? 0} texts with ${type} (need ${MIN_PER_TYPE})`);
  }
  const show = (map: Map<string, number>) => [...map].map(([k, v]) => `  ${k.padEnd(34)} ${v}`).join('\n');
  out(`\n== ${file}: ${lines.length} lines`);
  out(`per kind:\n${show(byKind)}`);
  out(`texts per type:\n${show(byType)}`);
  out(`per family:\n${show(new Map([...byFamily].sort()))}`);
}

if (problems.length > 0) {
  process.stderr.write(`\n${problems.length} problem(s):\n${problems.map((p) => `  ${p}\n`).join('')}`);
  process.exit(1);
}
out('\nAll checks passed.');
