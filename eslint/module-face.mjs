// One face per API module (docs/architecture.md "Modules by domain"): code outside a module reaches it
// only through its `index.ts`. Inside a module its files import each other freely.
import path from 'node:path';

const MODULES = `${path.sep}api${path.sep}src${path.sep}modules${path.sep}`;

/** The module a file belongs to (`catalog` for api/src/modules/catalog/admin/x.ts), or undefined. */
function moduleOf(file) {
  const at = file.lastIndexOf(MODULES);
  if (at < 0) return undefined;
  return file.slice(at + MODULES.length).split(path.sep)[0];
}

/** @type {import('eslint').Rule.RuleModule} */
export const moduleFace = {
  meta: {
    type: 'problem',
    docs: { description: "Import another API module only through its index.ts" },
    schema: [],
    messages: {
      face: "'{{source}}' reaches inside the {{module}} module: import what it offers from '{{index}}' (docs/architecture.md \"Modules by domain\").",
    },
  },
  create(context) {
    const file = context.filename;
    const own = moduleOf(file);
    function check(node) {
      const source = node.source && node.source.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = path.resolve(path.dirname(file), source);
      const module = moduleOf(target);
      if (!module || module === own) return;
      const rest = target.slice(target.lastIndexOf(MODULES) + MODULES.length).split(path.sep).slice(1).join('/');
      if (rest === '' || /^index(\.js|\.ts)?$/.test(rest)) return;
      // a schema file's foreign keys name the tables they point at
      // (and db/schema/index.ts gathers every schema file for Drizzle)
      const gathersTables = file.endsWith('.tables.ts') || file.endsWith(`${path.sep}db${path.sep}schema${path.sep}index.ts`);
      if (gathersTables && /\.tables(\.js|\.ts)?$/.test(rest)) return;
      const index = path.relative(path.dirname(file), target.slice(0, target.lastIndexOf(MODULES) + MODULES.length) + module + '/index.js');
      context.report({ node: node.source, messageId: 'face', data: { source, module, index: index.startsWith('.') ? index : `./${index}` } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: (node) => check({ source: node.source }) };
  },
};

export default { rules: { 'module-face': moduleFace } };
