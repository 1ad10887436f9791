// Joins what every `orkeon` start loads (main.js, the verbs' definitions, commander) into one
// file, packages/cli/dist/start.js, which bin.js imports: reading and linking some twenty
// modules costs more than the code in them (docs/benchmarks.md, start-up). The verbs'
// implementations stay where tsc put them and load with import() when a verb runs, so each
// module still exists once in a process. Runs after `tsc -b` in `npm run build`.
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dist = fileURLToPath(new URL('../packages/cli/dist/', import.meta.url));
const outfile = resolve(dist, 'start.js');

/** Leaves each import() out of the bundle, its path rewritten to hold from start.js. */
const dynamicImportsStayOut = {
  name: 'dynamic-imports-stay-out',
  setup(bundle) {
    bundle.onResolve({ filter: /.*/ }, (args) => {
      if (args.kind !== 'dynamic-import') return undefined;
      if (!args.path.startsWith('.')) return { path: args.path, external: true };
      const target = relative(dirname(outfile), resolve(args.resolveDir, args.path));
      return { path: `./${target}`, external: true };
    });
  },
};

/**
 * commander loads node:child_process for subcommands that are programs of their own, which `orkeon`
 * has none of; Node compiles that module (and net, dgram, …) at every start. Inside commander it
 * becomes a stand-in that loads the real module on first use, so the behaviour is unchanged.
 */
const childProcessOnFirstUse = {
  name: 'child-process-on-first-use',
  setup(bundle) {
    bundle.onResolve({ filter: /^(node:)?child_process$/ }, (args) =>
      args.importer.includes('/node_modules/commander/')
        ? { path: 'child_process', namespace: 'on-first-use' }
        : undefined,
    );
    bundle.onLoad({ filter: /.*/, namespace: 'on-first-use' }, () => ({
      contents: [
        "import { createRequire } from 'node:module';",
        'const load = () => createRequire(import.meta.url)("node:child_process");',
        'export default new Proxy({}, { get: (_, key) => load()[key] });',
      ].join('\n'),
      loader: 'js',
    }));
  },
};

await build({
  entryPoints: [resolve(dist, 'main.js')],
  outfile,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node22',
  // Our own packages load on first use from their installed copies; only commander joins the file.
  external: ['@orkeon/*'],
  sourcemap: true,
  logLevel: 'warning',
  plugins: [dynamicImportsStayOut, childProcessOnFirstUse],
});
