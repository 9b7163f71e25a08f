// @ts-check
// ESLint rule: no import cycles among the project's own modules. A cycle means two modules can
// be neither understood nor loaded one without the other (decision 010).
//
// A kept plugin (eslint-plugin-import-x) does this too, but it depends on unrs-resolver, whose
// native bindings for other platforms are missing from the registry these machines reach, so
// `npm ci` refuses the lock file. This rule builds the graph once per ESLint run with the
// TypeScript compiler's own import scanner and resolver (TypeScript is already a dependency).
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

/** @param {string} dir @returns {string[]} */
function listSources(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    if (!entry.isFile() || !EXTENSIONS.some((ext) => entry.name.endsWith(ext))) return [];
    const file = path.join(entry.parentPath, entry.name);
    return file.includes(`${path.sep}node_modules${path.sep}`) ? [] : [file];
  });
}

/**
 * The modules a file imports or re-exports at run time. `import type` and `export type` are left
 * out: they vanish on compilation and cannot make a loading cycle.
 * @param {string} file
 * @returns {string[]}
 */
function listValueImports(file) {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const specifiers = [];
  for (const statement of source.statements) {
    if (ts.isImportDeclaration(statement)) {
      if (statement.importClause?.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier))
        specifiers.push(statement.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(statement) && statement.moduleSpecifier) {
      if (statement.isTypeOnly) continue;
      if (ts.isStringLiteral(statement.moduleSpecifier))
        specifiers.push(statement.moduleSpecifier.text);
    }
  }
  return specifiers;
}

/**
 * The project's import graph as it is on disk: file → the files it imports at run time.
 * @param {{ root: string, sourceDirs: string[], paths?: Record<string, string[]> }} options
 * @returns {Map<string, string[]>}
 */
function buildGraph(options) {
  const files = options.sourceDirs.flatMap((dir) => listSources(path.join(options.root, dir)));
  const known = new Set(files);
  const resolve = createResolver(options);
  /** @type {Map<string, string[]>} */
  const edges = new Map();
  for (const file of files) {
    const targets = listValueImports(file)
      .map((specifier) => resolve(specifier, file))
      .filter((target) => target !== undefined && known.has(target));
    edges.set(file, /** @type {string[]} */ (targets));
  }
  return edges;
}

/** @param {{ root: string, paths?: Record<string, string[]> }} options */
function createResolver({ root, paths }) {
  const compilerOptions = {
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    module: ts.ModuleKind.ESNext,
    allowJs: true,
    baseUrl: root,
    paths,
  };
  const host = ts.createCompilerHost(compilerOptions);
  /** @param {string} specifier @param {string} from */
  return (specifier, from) => {
    const resolved = ts.resolveModuleName(specifier, from, compilerOptions, host).resolvedModule;
    return resolved ? path.resolve(resolved.resolvedFileName) : undefined;
  };
}

/**
 * A path of imports from `start` back to `file`, or undefined. `file`'s own edges on disk are
 * not followed: what it imports now is what the linted text says.
 * @param {Map<string, string[]>} edges @param {string} start @param {string} file
 */
function findPathBack(edges, start, file) {
  /** @type {Map<string, string | undefined>} */
  const cameFrom = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = /** @type {string} */ (queue.shift());
    if (node === file) {
      const route = [];
      for (let at = /** @type {string | undefined} */ (node); at; at = cameFrom.get(at))
        route.unshift(at);
      return route;
    }
    for (const next of edges.get(node) ?? []) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, node);
      queue.push(next);
    }
  }
  return undefined;
}

/** @type {Map<string, Map<string, string[]>>} */
const graphs = new Map();

/** @type {import('eslint').Rule.RuleModule} */
export const noImportCycles = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbid import cycles among the project’s own modules.' },
    schema: [{ type: 'object', additionalProperties: true }],
  },
  create(context) {
    const options = context.options[0];
    const key = JSON.stringify(options);
    if (!graphs.has(key)) graphs.set(key, buildGraph(options));
    const edges = /** @type {Map<string, string[]>} */ (graphs.get(key));
    const file = path.resolve(context.filename);
    const resolve = createResolver(options);
    /** @param {import('estree').Node & { source?: any, importKind?: string, exportKind?: string }} node */
    function check(node) {
      if (node.importKind === 'type' || node.exportKind === 'type') return;
      const specifier = node.source?.value;
      if (typeof specifier !== 'string') return;
      const target = resolve(specifier, file);
      if (!target || !edges.has(target)) return;
      const route = target === file ? [file] : findPathBack(edges, target, file);
      if (!route) return;
      const chain = [file, ...route].map((at) => path.relative(options.root, at)).join(' → ');
      context.report({
        node,
        message: `Import cycle: ${chain}. A cycle means these modules can be neither understood nor loaded one without the other; move what both need into a third module (decision 010).`,
      });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
    };
  },
};
